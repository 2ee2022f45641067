import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { FeatureFlag } from '../../contract/features';
import type { Locale } from '../../contract/locales';
import type { SessionPersistence } from '../../services/account/persisted-values';
import type { cartMachine } from '../cart/cart.machine';
import type { favouritesMachine } from '../favourites/favourites.machine';
import type { CartInput, MemberPrefill } from '../cart/cart.types';
import type { loginMachine } from '../login/login.machine';
import type { LoginEntryMode } from '../login/login.types';
import type { serviceBannerMachine } from '../banners/banners.machine';
import type { modificationMachine } from '../modification/modification.machine';
import type { ModificationStart } from '../modification/modification.types';
import type { searchMachine } from '../search/search.machine';
import type { sessionMachine } from '../session/session.machine';
import type { targetedMessagesMachine } from '../targeted/targeted.machine';
import type { SessionEndReason, SessionMember } from '../session/session.types';
import type { OverlayId } from './app.overlays';

/** The flows' machines, as the app spawns them (their code is loaded when a page first needs them). */
export type SessionLogic = typeof sessionMachine;
export type LoginLogic = typeof loginMachine;
export type CartLogic = typeof cartMachine;
export type SessionRef = ActorRefFrom<SessionLogic>;
export type LoginRef = ActorRefFrom<LoginLogic>;
export type CartRef = ActorRefFrom<CartLogic>;
export type TargetedLogic = typeof targetedMessagesMachine;
export type TargetedRef = ActorRefFrom<TargetedLogic>;
export type SearchRef = ActorRefFrom<typeof searchMachine>;
export type ModificationLogic = typeof modificationMachine;
export type ModificationRef = ActorRefFrom<ModificationLogic>;
export type BannerRef = ActorRefFrom<typeof serviceBannerMachine>;
export type FavouritesRef = ActorRefFrom<typeof favouritesMachine>;

/** A service message as its banner starts: its id (the key of its kept open state) and the editors' default. */
export interface BannerStart {
  messageId: number;
  isOpenedByDefault: boolean;
}

/** What the app reads from the browser's storage when it starts a flow (tests pass an in-memory one). */
export interface AppStorage extends SessionPersistence {
  readToken(): string | null;
  /** The cart a member had open on this browser (kept for members only, see the check-out page). */
  readCartId(): string | null;
}

export interface AppInput {
  locale: Locale;
  pathname: string;
  hash: string;
  storage: AppStorage;
  /** Milliseconds since the epoch (token expiry); tests pass a fixed clock. */
  now: () => number;
  report: (error: unknown, context?: string) => void;
  /** Idempotency keys for payments (crypto.randomUUID in the browser). */
  newKey: () => string;
  /**
   * Whether targeted messages may run for this visitor: with consent to them, or on a development host
   * (spec section 4). Read when the page is taken over and when consent changes.
   */
  targetedAllowed: () => boolean;
  /** Whether a feature flag is on now (the defaults on the server and before the flags have loaded). */
  flagOn: (flag: FeatureFlag) => boolean;
}

/**
 * What the check-out page's route knows when it opens: its search (already parsed by the route) turned
 * into the cart the guest asks for, the cart id in the address, and the provider's answer on return.
 */
export interface CheckoutStart {
  locale: Locale;
  request: CartInput['request'];
  urlCartId: string | null;
  returning: CartInput['returning'];
}

/** The input, kept (the route's parts change as the visitor moves on), and the children. */
export interface AppContext extends AppInput {
  session: SessionRef;
  login: LoginRef | null;
  /** How the dialog should open once the sign-in code is there (a request made while it loads). */
  pendingLoginOpen: { mode?: LoginEntryMode } | null;
  cart: CartRef | null;
  /** The cart machine once its code has loaded (kept for the next check-out page of the visit). */
  cartLogic: CartLogic | null;
  /** The check-out page is open and waits for the session to be known before its cart starts. */
  checkout: CheckoutStart | null;
  /** A member signed in while the cart was open: the cart hears of it once their profile is in. */
  signInDuringCheckout: boolean;
  /** The page last counted as a page view (its language and path): one view per page, however often the router settles. */
  viewedPage: string | null;
  /** The targeted-message flow (`targeted`), loaded once the visitor may be shown messages. */
  targeted: TargetedRef | null;
  /** A member signed in: the targeted messages hear it (their onLogin trigger) once the profile is in. */
  signInForTargeted: boolean;
  /** The search of the page that shows one (home, results, rooms), as `search`; none elsewhere. */
  search: SearchRef | null;
  /** The modify page's flow (`modification`), once the session is known and its code is there. */
  modification: ModificationRef | null;
  /** The modification machine once its code has loaded (kept for the visit). */
  modificationLogic: ModificationLogic | null;
  /** The modify page is open on this reservation and waits for the session before its flow starts. */
  modifying: ModificationStart | null;
  /** One banner per service message of the page's language (`banner.<id>`), kept for the visit. */
  banners: Readonly<Record<number, BannerRef>>;
  /** The language whose service messages the banners were started for. */
  bannerLocale: Locale | null;
  /** The overlay on screen (one at a time; the consent banner is not one of them), if any. */
  overlayOnScreen: OverlayId | null;
  /** Overlays whose flows asked to show, in the order they come up (app.overlays.ts). */
  overlaysWaiting: readonly OverlayId[];
  /** The member's favourite hotels and the hearts (`favourites`), for the whole visit. */
  favourites: FavouritesRef;
}

export type AppEvent =
  /** The browser has taken the server's page over: the stored session can be read now. */
  | { type: 'app.started' }
  /** The router settled on a page (also its language). */
  | { type: 'route.changed'; pathname: string; hash: string; locale: Locale }
  /** Another tab wrote or removed the session token (the storage event). */
  | { type: 'storage.tokenChanged'; token: string | null }
  /** An authenticated request renewed the access token after a 401 (the HTTP client's channel). */
  | { type: 'auth.tokenRefreshed'; token: string }
  /** An authenticated request was refused even after a refresh. */
  | { type: 'auth.unauthorized' }
  /** Open the sign-in dialog (header button, #open-login-popup links, a member rate...). */
  | { type: 'login.open'; mode?: LoginEntryMode }
  /** A link to #open-login-popup was clicked: the dialog opens where it may (spec section 2). */
  | { type: 'login.linkClicked' }
  /** Load the sign-in code without opening the dialog (the login page, the Google prompt). */
  | { type: 'login.load' }
  /** From the sign-in flow: a member signed in with this token. */
  | { type: 'login.succeeded'; token: string }
  /** From the sign-in flow: a social sign-in of someone without an account. */
  | { type: 'registration.required'; registrationToken: string }
  /** From the session: a valid token is held. */
  | { type: 'session.signedIn' }
  /** From the session: the member's profile loaded (null: it could not be loaded). */
  | { type: 'session.memberKnown'; member: SessionMember | null }
  /** From the session: its data was cleared. */
  | { type: 'session.ended'; reason: SessionEndReason }
  /** The check-out page opened (or its search changed): its cart starts once the session is known. */
  | { type: 'checkout.opened'; start: CheckoutStart }
  /** The guest left the check-out page. */
  | { type: 'checkout.closed' }
  /** The check-out code could not be loaded: try again. */
  | { type: 'checkout.retry' }
  /** The visitor changed their consent (this tab or another). */
  | { type: 'consent.changed' }
  /** A page that shows a search opened (home, results, rooms), with the search its address holds (URL query). */
  | {
      type: 'search.opened';
      query: Record<string, unknown>;
      /** A hotel's page: its opening date (spec section 4: a stay there starts on it at the earliest). */
      openingDate?: string | null;
    }
  /** The visitor left the page that showed a search. */
  | { type: 'search.closed' }
  /** The modify page opened on a reservation (or its address moved to another one). */
  | { type: 'modification.opened'; start: ModificationStart }
  /** The visitor left the modify page. */
  | { type: 'modification.closed' }
  /** The modify page's code could not be loaded: try again. */
  | { type: 'modification.retry' }
  /** Raised by the app: the visitor moved to another language, whose service messages may differ. */
  | { type: 'banners.localeChanged' }
  /** From a flow's follower: the flow has its overlay up (a targeted message, the Google prompt) and asks to show it. */
  | { type: 'overlay.requested'; overlay: OverlayId }
  /** From a flow's follower: the flow's overlay is gone (closed, dismissed, no longer applies). */
  | { type: 'overlay.released'; overlay: OverlayId }
  /** A flow that runs outside the app (the Google prompt's, started by its view) is there: the app follows its overlay. */
  | { type: 'overlay.follow'; overlay: OverlayId; actor: AnyActorRef }
  /** That flow stopped. */
  | { type: 'overlay.unfollow'; overlay: OverlayId };

/** The effects the app's edge provides (navigation, caches): named here, bound in src/app-actor.ts. */
export interface AppEffects {
  goToRegistration: (params: { locale: Locale; registrationToken: string }) => void;
  goHome: (params: { locale: Locale }) => void;
  forgetMemberQueries: () => void;
}

export type { MemberPrefill, ModificationStart, OverlayId };
