import { ANCHORS, LOGIN_DIALOG_EXCLUDED_PATH_PARTS, pathWithoutLocale, ROUTES } from '../navigation/paths';

/**
 * When the login dialog may open (spec section 2). It opens from a link to `#open-login-popup`, from the
 * Sign in button and from a page address ending in `#open-login-popup`. Once a token has been accepted
 * (the member is signed in) it does not open on paths containing booking, activated, preference-center,
 * guest-portal, enroll or account/refresh: those pages carry on with their own flow. It never opens over
 * the login page, which shows the same content in full.
 */
export function mayOpenLoginDialog(pathname: string, signedIn: boolean): boolean {
  if (isLoginPagePath(pathname)) return false;
  if (!signedIn) return true;
  return !LOGIN_DIALOG_EXCLUDED_PATH_PARTS.some((part) => pathname.includes(part));
}

/** Whether a link's address asks for the login dialog. */
export function opensLoginDialog(href: string | null): boolean {
  return href !== null && href.endsWith(ANCHORS.openLoginPopup);
}

export function isLoginPagePath(pathname: string): boolean {
  return pathWithoutLocale(pathname).replace(/\/+$/, '') === ROUTES.account.login;
}

/** Pages of the member area: logging out there leads to the home page (spec section 4). */
export function isAccountPath(pathname: string): boolean {
  return pathWithoutLocale(pathname).startsWith('/account/');
}

/**
 * Pages that show a member's own data (the member area proper): a visitor who opens one is asked to sign
 * in there. The account pages of signing up and in (login, registration, activation, password) are not.
 * A page joins the list when it is built (until then its address is the not-found page, which asks for
 * nothing).
 */
const MEMBER_ONLY_PAGES: readonly string[] = [
  ROUTES.account.overview,
  ROUTES.account.status,
  ROUTES.account.pointsHistory,
  ROUTES.account.bookings,
  ROUTES.account.rewards,
  ROUTES.account.requestPoints,
  ROUTES.account.booking,
  ROUTES.account.specials,
  ROUTES.account.profile,
  ROUTES.account.preferences,
  ROUTES.account.favourites,
];

export function isMemberOnlyPath(pathname: string): boolean {
  return MEMBER_ONLY_PAGES.includes(pathWithoutLocale(pathname).replace(/\/+$/, ''));
}

/** The member's account settings: their messages are a catalog of their own (lingui.config.ts). */
const ACCOUNT_SETTINGS_PAGES: readonly string[] = [ROUTES.account.profile, ROUTES.account.preferences, ROUTES.account.favourites];

export function isAccountSettingsPath(pathname: string): boolean {
  return ACCOUNT_SETTINGS_PAGES.includes(pathWithoutLocale(pathname).replace(/\/+$/, ''));
}

/** What decides whether the Google one-tap prompt may show (spec section 2). */
export interface GooglePromptConditions {
  pathname: string;
  /** The page's query, as parsed by the router. */
  search: Record<string, unknown>;
  /** The stored token has been read and no member is signed in. */
  signedOut: boolean;
  /** The Google Sign-In flag is on and the BFF offers Google. */
  googleAvailable: boolean;
  /** The prompt was shown in this browser within the login-shown lifetime (one day). */
  shownRecently: boolean;
  /** A modal overlay (the sign-in dialog, a menu or picker drawn as a modal) is open. */
  overlayOpen: boolean;
  /** The visitor has granted the socialSignIn consent category (services/consent). */
  consented: boolean;
}

/**
 * The Google prompt shows 500 ms after a page opens (AUTH_LIMITS.googlePromptDelayMs), for a signed-out
 * visitor with Google available who consented to social sign-in. It is suppressed on the login page, when
 * a registration_token is in the query (the visitor is finishing a registration), while an overlay is
 * open, and for a day once shown. Each rule has a name, so the prompt's machine can use them as guards.
 */
export const googlePromptRules = {
  consented: (conditions: Pick<GooglePromptConditions, 'consented'>) => conditions.consented,
  signedOut: (conditions: Pick<GooglePromptConditions, 'signedOut'>) => conditions.signedOut,
  googleAvailable: (conditions: Pick<GooglePromptConditions, 'googleAvailable'>) => conditions.googleAvailable,
  notShownRecently: (conditions: Pick<GooglePromptConditions, 'shownRecently'>) => !conditions.shownRecently,
  noOverlayOpen: (conditions: Pick<GooglePromptConditions, 'overlayOpen'>) => !conditions.overlayOpen,
  /** Not the login page, and no registration being finished. */
  promptPage: (conditions: Pick<GooglePromptConditions, 'pathname' | 'search'>) => !isLoginPagePath(conditions.pathname) && !conditions.search.registration_token,
} as const;

export function mayPromptGoogle(conditions: GooglePromptConditions): boolean {
  return Object.values(googlePromptRules).every((rule) => rule(conditions));
}
