import type { Locale } from '../../contract/locales';

/**
 * Every page path of the site, without its locale segment (spec section 2).
 * Links are built from these constants only; a path is never written by hand elsewhere.
 * Pages not built yet resolve to the site's not-found page.
 */
export const ROUTES = {
  home: '/',
  brand: (brandCode: string) => `/brands/${encodeURIComponent(brandCode)}`,
  hotel: (hotelCode: string) => `/hotels/${encodeURIComponent(hotelCode)}`,
  account: {
    overview: '/account/overview',
    rewards: '/account/rewards',
    profile: '/account/profile',
    preferences: '/account/preferences',
    status: '/account/status',
    bookings: '/account/bookings',
    pointsHistory: '/account/points-history',
    booking: '/account/booking',
    requestPoints: '/account/request-points',
    registration: '/account/registration',
    completeRegistration: '/account/complete-registration',
    login: '/account/login',
    activate: '/account/activate',
    activated: '/account/activated',
    passwordUpdated: '/account/password-updated',
    specials: '/account/specials',
    /** Beyond the specification's list: the member's favourite hotels. */
    favourites: '/account/favourites',
  },
  /** Where a sign-in that started elsewhere (a social provider, a link with a token) comes back to. */
  loginCompletion: '/account/login/complete',
  enrolment: '/enroll',
  preferenceCenter: '/preference-center',
  findAHotel: '/find-a-hotel',
  booking: {
    selectRoomRate: '/booking/select-room-rate',
    checkOut: '/booking/check-out',
    modify: '/booking/modify',
    confirmation: '/booking/confirmation',
  },
  /** "Manage my booking" (beyond the specification's pages): find a booking by reservation number and last name or email. */
  manageBooking: '/booking/manage',
  checkin: { personalDetails: '/checkin/personal-details' },
  /** The hotel checkout: the room card's link resolves at `redirect`, the stay's bill is at `folio` (beyond the specification's list). */
  checkout: { redirect: '/checkout/redirect', folio: '/checkout/folio' },
} as const;

/** Fragment anchors that open dialogs or jump to sections (spec section 2). */
export const ANCHORS = {
  openLoginPopup: '#open-login-popup',
  loginPrefix: '#l-',
  paymentLegalAddressCompany: '#payment-legal-address-company',
  paymentLegalProvisions: '#payment-legal-provisions',
  openPrivacyModal: '#open-privacy-modal',
} as const;

/** Query parameter carrying a registration token to the registration page. */
export const REGISTRATION_TOKEN_PARAM = 'registration_token';

/** The registration page for someone whose email or social account is verified but who is no member yet. */
export function registrationHref(locale: Locale, registrationToken: string): string {
  return `${localizedPath(locale, ROUTES.account.registration)}?${new URLSearchParams({ [REGISTRATION_TOKEN_PARAM]: registrationToken }).toString()}`;
}

/** The path of a page in a locale: `/de/find-a-hotel`, `/ar/` for home. */
export function localizedPath(locale: Locale, path: string): string {
  if (path === '/' || path === '') return `/${locale}/`;
  return `/${locale}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The part of a localized path after its locale segment, always starting with `/`. */
export function pathWithoutLocale(pathname: string): string {
  const rest = pathname.replace(/^\/[^/]+/, '');
  return rest === '' ? '/' : rest;
}

/** Paths of the in-house guest flows, which switch to the in-house theme (spec section 2). */
export function isInHousePath(pathname: string): boolean {
  return pathname.includes('/checkin') || pathname.includes('/checkout');
}

/**
 * Where a sign-in on the login page leads: the account overview (the spec's default post-login route). A
 * sign-in in the dialog stays on the page where the dialog was opened.
 */
export const POST_LOGIN_ROUTE = ROUTES.account.overview;

/** Query parameters the login page reads (spec section 2) and the password-reset link carries. */
export const LOGIN_QUERY_PARAMS = {
  /** A session token. */
  token: 'token',
  /** Google's result. */
  credential: 'credential',
  selectBy: 'select_by',
  /** Apple's result (code and id_token); a lone code is an exchange code, code with state an OpenID Connect answer. */
  code: 'code',
  idToken: 'id_token',
  state: 'state',
  /** The password-reset link: the reset token and the account's email. */
  resetToken: 'reset_token',
  email: 'email',
} as const;

/** Query parameter of the activation link (/account/activate?token=...). */
export const ACTIVATION_TOKEN_PARAM = 'token';

/**
 * Once a token has been accepted, the login dialog does not open on paths containing these (spec section 2).
 */
export const LOGIN_DIALOG_EXCLUDED_PATH_PARTS = ['booking', 'activated', 'preference-center', 'guest-portal', 'enroll', 'account/refresh'] as const;
