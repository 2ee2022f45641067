import { assign, enqueueActions, fromCallback, fromPromise, raise, sendTo, setup } from 'xstate';
import type { ActorRefFromLogic, AnyActorLogic, AnyActorRef, InputFrom } from 'xstate';
import type { MemberProfile } from '../../contract/auth';
import { isAccountPath, isLoginPagePath, isMemberOnlyPath, mayOpenLoginDialog } from '../../services/account/dialog-rules';
import { tokenSubject } from '../../services/account/token';
import { todayInBerlin } from '../../contract/calendar-dates';
import type { Locale } from '../../contract/locales';
import { ANCHORS } from '../../services/navigation/paths';
import { serviceBannerMachine } from '../banners/banners.machine';
import { favouritesMachine } from '../favourites/favourites.machine';
import { searchMachine } from '../search/search.machine';
import { sessionMachine } from '../session/session.machine';
import type { SessionEndReason } from '../session/session.types';
import type { AppContext, AppEvent, AppInput, BannerStart, CartLogic, LoginLogic, MemberPrefill, ModificationLogic, TargetedLogic } from './app.types';
import { notProvided } from '../shared/shared.actors';
import { OVERLAY_SHOWN, isResultsPath, withWaiting } from './app.overlays';
import type { OverlayId } from './app.overlays';

const noEffect = () => undefined;

/** A session that ended this way was a member's: their personal data leaves the screen. */
const MEMBER_LEFT: readonly SessionEndReason[] = ['logout', 'unauthorized', 'expired'];

/** The member's details that prefill the first room's traveller on the check-out page. */
export function memberPrefillOf(profile: MemberProfile | null | undefined): MemberPrefill | null {
  if (!profile) return null;
  return {
    salutation: profile.salutation ?? '',
    first_name: profile.firstName,
    last_name: profile.lastName,
    email: profile.email,
    country_code: profile.address?.countryCode ?? '',
  };
}

/**
 * Spawns a flow whose logic arrived at run time (its code loads when first needed) under its system id,
 * so other actors can reach it. XState's types allow a system id only for logic named in `setup`; the
 * runtime takes one for any logic, hence the one cast here.
 */
function spawnFlow<TLogic extends AnyActorLogic>(spawn: unknown, logic: TLogic, options: { id: string; systemId: string; input: InputFrom<TLogic> }): ActorRefFromLogic<TLogic> {
  return (spawn as (logic: AnyActorLogic, options: object) => AnyActorRef)(logic, options) as ActorRefFromLogic<TLogic>;
}

/** What the targeted messages start from: the page on screen and the session as it is. */
function targetedInputOf(context: AppContext) {
  return { pathname: context.pathname, locale: context.locale, now: context.now };
}

const sessionSnapshotOf = (context: AppContext) => context.session.getSnapshot();
/** The session is known: signed out, or signed in with the member's profile loaded (or failed). */
function isSessionSettled(context: AppContext): boolean {
  const session = sessionSnapshotOf(context);
  return !session.hasTag('restoring') && !session.hasTag('memberLoading') && !session.matches('idle');
}

const isSignedIn = (context: AppContext) => sessionSnapshotOf(context).hasTag('signedIn');

/** The page's address ends in #open-login-popup, the session is known, and the dialog may open here. */
function hashOpensLogin(context: AppContext): boolean {
  const session = sessionSnapshotOf(context);
  if (session.hasTag('restoring') || `#${context.hash.replace(/^#/, '')}` !== ANCHORS.openLoginPopup) return false;
  return mayOpenLoginDialog(context.pathname, session.hasTag('signedIn'));
}

/**
 * A visitor on a page of the member area (a member's own data) is asked to sign in there, once the
 * session is known: the dialog keeps them on the page, which then shows what they came for.
 */
function memberPageAsksForLogin(context: AppContext): boolean {
  const session = sessionSnapshotOf(context);
  if (session.hasTag('restoring') || session.hasTag('signedIn') || !isMemberOnlyPath(context.pathname)) return false;
  return mayOpenLoginDialog(context.pathname, false);
}

/**
 * Follows a flow's overlay: asks the app to show it when the flow brings it up, and says when it is gone.
 * It reads the flow's snapshots only (what the flow's own views select), never writes to it.
 */
const followOverlay = fromCallback<AppEvent, { overlay: OverlayId; actor: AnyActorRef }>(({ input, sendBack }) => {
  const shows = OVERLAY_SHOWN[input.overlay] as (snapshot: unknown) => boolean;
  let shown = false;
  const check = (snapshot: unknown) => {
    const now = shows(snapshot);
    if (now === shown) return;
    shown = now;
    sendBack({ type: now ? 'overlay.requested' : 'overlay.released', overlay: input.overlay });
  };
  check(input.actor.getSnapshot());
  const subscription = input.actor.subscribe(check);
  return () => subscription.unsubscribe();
});

const overlayOf = (event: AppEvent): OverlayId | null => ('overlay' in event ? event.overlay : null);

/**
 * The whole app as one actor system (design: "One actor system"). It owns the session and starts every
 * other flow as a child with a system id: the sign-in dialog (`login`), the check-out page's cart
 * (`cart`). What one flow means for another is decided here, by guards, and carried by events:
 * - a sign-in closes the dialog and, on the check-out page, moves the booking to the member once their
 *   profile is in; a sign-out (here or in another tab) resets the dialog, clears the member's data from
 *   the cart and leaves account pages;
 * - tokens from the sign-in flow, from other tabs (storage events) and from the HTTP client's refresh
 *   reach the session, which checks them.
 * Flows whose code is not part of the first page load are loaded by actors the edge provides, then
 * spawned; effects (navigation, caches) are named actions bound at the edge (src/app-actor.ts).
 */
export const appMachine = setup({
  types: { context: {} as AppContext, events: {} as AppEvent, input: {} as AppInput, tags: {} as 'loginLoadFailed' | 'checkoutLoadFailed' | 'modificationLoadFailed' },
  actors: {
    session: sessionMachine,
    /** The search of the pages that show one; part of the first load, so the server renders its form. */
    search: searchMachine,
    /** One service banner; its open state is read in the browser only. */
    banner: serviceBannerMachine,
    /** The favourite hotels for the whole visit; it follows the session and the sign-in dialog itself. */
    favourites: favouritesMachine,
    /** The modify page's machine with its services bound (the modify page's chunk). */
    loadModification: fromPromise<ModificationLogic>(notProvided('loadModification')),
    /** The service messages of a language, for their banners. */
    loadBannerMessages: fromPromise<BannerStart[], { locale: Locale }>(notProvided('loadBannerMessages')),
    /** The sign-in machine with its services bound (its own chunk). */
    loadLogin: fromPromise<LoginLogic>(notProvided('loadLogin')),
    /** The cart machine with its services and effects bound (the check-out page's chunk). */
    loadCart: fromPromise<CartLogic>(notProvided('loadCart')),
    /** The targeted-message machine with its services bound (its own chunk). */
    loadTargeted: fromPromise<TargetedLogic>(notProvided('loadTargeted')),
    /** Turns a flow's overlay coming up and going into `overlay.requested` and `overlay.released`. */
    followOverlay,
  },
  guards: {
    /** The session is known: signed out, or signed in with the member's profile loaded (or failed). */
    isSessionSettled: ({ context }) => isSessionSettled(context),
    /** Changing bookings online is on, the session is known and the modification's code is there: it can start. */
    canStartModification: ({ context }) => context.modificationLogic !== null && isSessionSettled(context) && context.flagOn('modify-booking-enabled'),
    /** The session is known and changing bookings online is on: the modification's code may load. */
    mayLoadModification: ({ context }) => isSessionSettled(context) && context.flagOn('modify-booking-enabled'),
    /** The modify page's address still names the reservation whose change runs (the router calls onStay often). */
    sameReservation: ({ context, event }) =>
      event.type === 'modification.opened' && context.modifying?.orderId === event.start.orderId && context.modifying.reservationNumber === event.start.reservationNumber,
    /** The cart's code is there and the session is known: the cart can start. */
    canStartCart: ({ context }) => context.cartLogic !== null && isSessionSettled(context),
    memberLeft: ({ event }) => event.type === 'session.ended' && MEMBER_LEFT.includes(event.reason),
    /** A member left while on an account page: the page is theirs only, so the visitor goes home. */
    leftAccountPage: ({ context, event }) => event.type === 'session.ended' && MEMBER_LEFT.includes(event.reason) && isAccountPath(context.pathname),
    signedInDuringCheckout: ({ context }) => context.signInDuringCheckout,
    targetedAllowed: ({ context }) => context.targetedAllowed(),
    targetedForbidden: ({ context }) => !context.targetedAllowed(),
    /** The visitor has a page of search results on screen: from now on, overlays may show (one at a time). */
    onResultsPage: ({ context }) => isResultsPath(context.pathname),
    /** An overlay waits to come up. */
    overlayWaiting: ({ context }) => context.overlaysWaiting.length > 0,
    /** The overlay that went is the one on screen. */
    isOverlayOnScreen: ({ context, event }) => context.overlayOnScreen !== null && overlayOf(event) === context.overlayOnScreen,
    /** Another page (path or language), not only its query: a page view, and the flows hear of it. */
    isNewPage: ({ context, event }) => event.type === 'route.changed' && context.viewedPage !== `${event.locale} ${event.pathname}`,
    signedInForTargeted: ({ context }) => context.signInForTargeted,
    /** Another tab removed the token while this one is signed in: that tab signed out. */
    otherTabSignedOut: ({ context, event }) => event.type === 'storage.tokenChanged' && event.token === null && isSignedIn(context),
    /** Another tab renewed the same member's token. */
    otherTabRenewed: ({ context, event }) =>
      event.type === 'storage.tokenChanged' && event.token !== null && isSignedIn(context) && tokenSubject(event.token) === tokenSubject(sessionSnapshotOf(context).context.token),
    /** Another tab signed in (or in as someone else): the session checks the token. */
    otherTabSignedIn: ({ context, event }) => event.type === 'storage.tokenChanged' && event.token !== null && event.token !== sessionSnapshotOf(context).context.token,
    hashOpensLogin: ({ context }) => hashOpensLogin(context),
    /** The sign-in dialog may open on this page for this visitor (not over the login page; see dialog-rules). */
    dialogMayOpenHere: ({ context }) => mayOpenLoginDialog(context.pathname, isSignedIn(context)),
  },
  actions: {
    restoreSession: sendTo(
      ({ context }) => context.session,
      ({ context }) => ({ type: 'session.restore' as const, token: context.storage.readToken() }),
    ),
    setRoute: assign(({ event }) => (event.type === 'route.changed' ? { pathname: event.pathname, hash: event.hash, locale: event.locale } : {})),
    /** Leaving the page closes the dialog (a link inside it, or back and forward), except onto the login page. */
    closeLoginOnLeave: enqueueActions(({ context, event, enqueue }) => {
      if (!context.login || event.type !== 'route.changed' || event.pathname === context.pathname || isLoginPagePath(event.pathname)) return;
      enqueue.sendTo(context.login, { type: 'dialog.close' });
    }),
    askForLogin: raise({ type: 'login.open' }),
    /** A page whose address ends in #open-login-popup, or a page of the member area opened by a visitor, opens the dialog once the session is known. */
    openLoginWhereAsked: enqueueActions(({ context, enqueue }) => {
      if (hashOpensLogin(context) || memberPageAsksForLogin(context)) enqueue.raise({ type: 'login.open' });
    }),
    tellLoginLocale: enqueueActions(({ context, event, enqueue }) => {
      if (context.login && event.type === 'route.changed') enqueue.sendTo(context.login, { type: 'locale.changed', locale: event.locale });
    }),
    tellSessionSignedOutElsewhere: sendTo(({ context }) => context.session, { type: 'session.unauthorized' as const }),
    tellSessionRenewed: sendTo(
      ({ context }) => context.session,
      ({ event }) => ({ type: 'token.refreshed' as const, token: 'token' in event && typeof event.token === 'string' ? event.token : '' }),
    ),
    tellSessionToken: sendTo(
      ({ context }) => context.session,
      ({ event }) => ({ type: 'token.received' as const, token: 'token' in event && typeof event.token === 'string' ? event.token : '' }),
    ),
    rememberLoginOpen: assign(({ event }) => ({ pendingLoginOpen: event.type === 'login.open' && event.mode ? { mode: event.mode } : {} })),
    spawnLogin: assign(({ context, event, spawn }) => {
      if (!('output' in event)) return {};
      return { login: spawnFlow(spawn, event.output as LoginLogic, { id: 'login', systemId: 'login', input: { locale: context.locale, report: context.report } }) };
    }),
    openLogin: enqueueActions(({ context, event, enqueue }) => {
      const request = event.type === 'login.open' ? (event.mode ? { mode: event.mode } : {}) : context.pendingLoginOpen;
      if (!context.login || !request) return;
      enqueue.sendTo(context.login, request.mode ? { type: 'dialog.open', mode: request.mode } : { type: 'dialog.open' });
      enqueue.assign({ pendingLoginOpen: null });
    }),
    closeLogin: enqueueActions(({ context, enqueue }) => {
      if (context.login) enqueue.sendTo(context.login, { type: 'dialog.close' });
    }),
    resetLogin: enqueueActions(({ context, enqueue }) => {
      if (context.login) enqueue.sendTo(context.login, { type: 'login.reset' });
    }),
    reportLoginLoadFailure: ({ context, event }) => context.report('error' in event ? event.error : event, 'app: loading the sign-in'),
    reportCartLoadFailure: ({ context, event }) => context.report('error' in event ? event.error : event, 'app: loading the check-out'),
    reportTargetedLoadFailure: ({ context, event }) => context.report('error' in event ? event.error : event, 'app: loading targeted messages'),
    // Effects bound at the edge (src/app-actor.ts); no-ops here, so tests and the server's render need none.
    /** The registration page, with the social sign-in's registration token (the event's). */
    goToRegistration: noEffect,
    /** The home page in the page's language. */
    goHome: noEffect,
    /** Cached answers of member-only requests go with the session (spec section 4). */
    forgetMemberQueries: noEffect,
    /** Adds the member's reservations made by phone or at the hotel to the account; its failures are swallowed (spec section 8). */
    addReservationsFromReservationSystem: noEffect,
    /** Spec section 7: reservations of the reservation system are added when a member is signed in and the flag is on. */
    addReservationsWhereOn: enqueueActions(({ context, enqueue }) => {
      if (context.flagOn('add-reservations-from-crs-enabled')) enqueue('addReservationsFromReservationSystem');
    }),
    /** A page view for analytics (hotel pages with the hotel's parameters); bound at the edge. */
    trackPageView: noEffect,
    notePageViewed: assign(({ event }) => (event.type === 'route.changed' ? { viewedPage: `${event.locale} ${event.pathname}` } : {})),
    rememberCheckout: assign(({ event }) => (event.type === 'checkout.opened' ? { checkout: event.start } : {})),
    forgetCheckout: assign({ checkout: null }),
    keepCartLogic: assign(({ event }) => ('output' in event ? { cartLogic: event.output as CartLogic } : {})),
    spawnCart: assign(({ context, spawn }) => {
      if (!context.cartLogic || !context.checkout) return {};
      const session = sessionSnapshotOf(context);
      const signedIn = session.hasTag('signedIn');
      const start = context.checkout;
      const cart = spawnFlow(spawn, context.cartLogic, {
        id: 'cart',
        systemId: 'cart',
        input: {
          locale: start.locale,
          request: start.request,
          // Only a member's cart id is kept in storage: a guest's lives in the address (spec section 4).
          knownCartId: start.urlCartId ?? (signedIn ? context.storage.readCartId() : null),
          returning: start.returning,
          member: signedIn ? memberPrefillOf(session.context.member?.profile) : null,
          newKey: context.newKey,
        },
      });
      return { cart, signInDuringCheckout: false };
    }),
    stopCart: enqueueActions(({ context, enqueue }) => {
      if (context.cart) enqueue.stopChild(context.cart);
      enqueue.assign({ cart: null, signInDuringCheckout: false });
    }),
    noteSignInDuringCheckout: assign({ signInDuringCheckout: true }),
    spawnTargeted: assign(({ context, event, spawn }) => {
      if (!('output' in event)) return {};
      return { targeted: spawnFlow(spawn, event.output as TargetedLogic, { id: 'targeted', systemId: 'targeted', input: targetedInputOf(context) }), signInForTargeted: false };
    }),
    stopTargeted: enqueueActions(({ context, enqueue }) => {
      if (context.targeted) enqueue.stopChild(context.targeted);
      enqueue.assign({ targeted: null, signInForTargeted: false });
    }),
    /** Seen message ids are kept only with consent: a withdrawal forgets them (bound at the edge). */
    forgetSeenMessages: noEffect,
    noteSignInForTargeted: assign({ signInForTargeted: true }),
    /** A sign-in is the onLogin trigger, once the member's facts can be judged (their profile is in). */
    tellTargetedSignedIn: enqueueActions(({ context, enqueue }) => {
      if (context.targeted) enqueue.sendTo(context.targeted, { type: 'session.signedIn' });
      enqueue.assign({ signInForTargeted: false });
    }),
    tellTargetedSessionChanged: enqueueActions(({ context, enqueue }) => {
      if (context.targeted) enqueue.sendTo(context.targeted, { type: 'session.changed' });
    }),
    tellTargetedRoute: enqueueActions(({ context, enqueue }) => {
      if (context.targeted) enqueue.sendTo(context.targeted, { type: 'route.changed', pathname: context.pathname, locale: context.locale });
    }),
    tellCartSignedIn: enqueueActions(({ context, event, enqueue }) => {
      if (!context.cart || event.type !== 'session.memberKnown') return;
      enqueue.sendTo(context.cart, { type: 'member.signedIn', member: memberPrefillOf(event.member?.profile) });
      enqueue.assign({ signInDuringCheckout: false });
    }),
    /** A page that shows a search: its own search starts from the address (synchronously, so the server renders it). */
    spawnSearch: assign(({ context, event, spawn }) => {
      if (event.type !== 'search.opened') return {};
      const input = { now: () => new Date(context.now()), query: event.query, payWithPointsEnabled: context.flagOn('pay-with-points-enabled'), openingDate: event.openingDate ?? null };
      return { search: spawn('search', { id: 'search', systemId: 'search', input }) };
    }),
    stopSearch: enqueueActions(({ context, enqueue }) => {
      if (context.search) enqueue.stopChild(context.search);
      enqueue.assign({ search: null });
    }),
    rememberModification: assign(({ event }) => (event.type === 'modification.opened' ? { modifying: event.start } : {})),
    forgetModification: assign({ modifying: null }),
    keepModificationLogic: assign(({ event }) => ('output' in event ? { modificationLogic: event.output as ModificationLogic } : {})),
    spawnModification: assign(({ context, spawn }) => {
      if (!context.modificationLogic || !context.modifying) return {};
      const input = { ...context.modifying, today: todayInBerlin(new Date(context.now())) };
      return { modification: spawnFlow(spawn, context.modificationLogic, { id: 'modification', systemId: 'modification', input }) };
    }),
    stopModification: enqueueActions(({ context, enqueue }) => {
      if (context.modification) enqueue.stopChild(context.modification);
      enqueue.assign({ modification: null });
    }),
    tellModificationSignedOut: enqueueActions(({ context, enqueue }) => {
      if (context.modification) enqueue.sendTo(context.modification, { type: 'member.signedOut' });
    }),
    reportModificationLoadFailure: ({ context, event }) => context.report('error' in event ? event.error : event, 'app: loading the modification'),
    /** One banner per service message not yet shown in this visit (`banner.<id>`); their state stays across pages. */
    spawnBanners: assign(({ context, event, spawn }) => {
      if (!('output' in event)) return {};
      const banners = { ...context.banners };
      for (const start of event.output as BannerStart[]) {
        if (banners[start.messageId]) continue;
        banners[start.messageId] = spawn('banner', { id: `banner.${start.messageId}`, systemId: `banner.${start.messageId}`, input: start });
      }
      return { banners, bannerLocale: context.locale };
    }),
    reportBannersLoadFailure: ({ context, event }) => context.report('error' in event ? event.error : event, 'app: loading the service messages'),
    /** Another language may have other service messages: their banners load too. */
    askForBannersOfLocale: enqueueActions(({ context, event, enqueue }) => {
      if (event.type === 'route.changed' && context.bannerLocale !== null && event.locale !== context.bannerLocale) enqueue.raise({ type: 'banners.localeChanged' });
    }),
    /** An overlay asks to show: it waits its turn (unless it is on screen already). */
    queueOverlay: assign(({ context, event }) => {
      const overlay = overlayOf(event);
      if (overlay === null || overlay === context.overlayOnScreen) return {};
      return { overlaysWaiting: withWaiting(context.overlaysWaiting, overlay) };
    }),
    /** An overlay that went before its turn no longer waits. */
    dropWaitingOverlay: assign(({ context, event }) => ({ overlaysWaiting: context.overlaysWaiting.filter((overlay) => overlay !== overlayOf(event)) })),
    /** The first waiting overlay comes up. */
    bringUpNextOverlay: assign(({ context }) => ({ overlayOnScreen: context.overlaysWaiting[0] ?? null, overlaysWaiting: context.overlaysWaiting.slice(1) })),
    clearOverlayOnScreen: assign({ overlayOnScreen: null }),
    /** A flow outside the app (the Google prompt) is there: its overlay is followed (`follow.<overlay>`). */
    followFlowOverlay: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'overlay.follow') return;
      enqueue.stopChild(`follow.${event.overlay}`);
      enqueue.spawnChild('followOverlay', { id: `follow.${event.overlay}`, input: { overlay: event.overlay, actor: event.actor } });
    }),
    /** That flow stopped: its overlay is no longer followed, and gone. */
    unfollowFlowOverlay: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'overlay.unfollow') return;
      enqueue.stopChild(`follow.${event.overlay}`);
      enqueue.raise({ type: 'overlay.released', overlay: event.overlay });
    }),
    /** The targeted messages stopped (consent withdrawn): their overlay is gone. */
    releaseTargetedOverlay: raise({ type: 'overlay.released', overlay: 'targeted' } as const),
    tellCartSignedOut: enqueueActions(({ context, enqueue }) => {
      if (context.cart) enqueue.sendTo(context.cart, { type: 'member.signedOut' });
      enqueue.assign({ signInDuringCheckout: false });
    }),
  },
}).createMachine({
  id: 'app',
  description: 'The site in the browser: the session, the sign-in dialog and the check-out page’s cart, and the rules between them.',
  context: ({ input, spawn }) => ({
    ...input,
    session: spawn('session', { id: 'session', systemId: 'session', input: { store: input.storage, now: input.now, report: input.report } }),
    login: null,
    pendingLoginOpen: null,
    cart: null,
    cartLogic: null,
    checkout: null,
    signInDuringCheckout: false,
    targeted: null,
    signInForTargeted: false,
    viewedPage: null,
    search: null,
    modification: null,
    modificationLogic: null,
    modifying: null,
    banners: {},
    bannerLocale: null,
    overlayOnScreen: null,
    overlaysWaiting: [],
    favourites: spawn('favourites', { id: 'favourites', systemId: 'favourites' }),
  }),
  type: 'parallel',
  on: {
    'route.changed': [
      {
        guard: 'isNewPage',
        actions: ['closeLoginOnLeave', 'askForBannersOfLocale', 'setRoute', 'tellLoginLocale', 'openLoginWhereAsked', 'tellTargetedRoute', 'trackPageView', 'notePageViewed'],
      },
      { actions: ['setRoute'] },
    ],
    // Each page that shows a search has its own, started from its address; its route says when.
    'search.opened': { actions: ['stopSearch', 'spawnSearch'] },
    'search.closed': { actions: 'stopSearch' },
    'storage.tokenChanged': [
      { guard: 'otherTabSignedOut', actions: 'tellSessionSignedOutElsewhere' },
      { guard: 'otherTabRenewed', actions: 'tellSessionRenewed' },
      { guard: 'otherTabSignedIn', actions: 'tellSessionToken' },
    ],
    'login.linkClicked': { guard: 'dialogMayOpenHere', actions: 'askForLogin' },
    'auth.tokenRefreshed': { actions: 'tellSessionRenewed' },
    'auth.unauthorized': { actions: 'tellSessionSignedOutElsewhere' },
    'login.succeeded': { actions: 'tellSessionToken' },
    'registration.required': { actions: 'goToRegistration' },
    'overlay.follow': { actions: 'followFlowOverlay' },
    'overlay.unfollow': { actions: 'unfollowFlowOverlay' },
  },
  states: {
    page: {
      description: 'Whether the browser has taken the page over (only then is storage read).',
      initial: 'rendered',
      states: {
        rendered: {
          description: 'Rendered on the server, or in the browser before it took the page over: shown signed out.',
          on: { 'app.started': { target: 'restoring', actions: 'restoreSession' } },
        },
        restoring: {
          description: 'The stored session is being read (and renewed if it expired): its outcome decides a #open-login-popup address.',
          on: {
            'session.signedIn': { target: 'started', actions: ['closeLogin', 'openLoginWhereAsked', 'addReservationsWhereOn'] },
            'session.ended': { target: 'started', actions: ['forgetMemberQueries', 'openLoginWhereAsked'] },
          },
        },
        started: {
          description: 'The page is the browser’s and the session known: sign-ins and sign-outs reach the other flows.',
          on: {
            'session.signedIn': { actions: ['closeLogin', 'addReservationsWhereOn'] },
            'session.ended': [
              // Once the page is started, only a member's session ends (logout, another tab, refusal, expiry).
              { guard: 'leftAccountPage', actions: ['forgetMemberQueries', 'resetLogin', 'goHome'] },
              { actions: ['forgetMemberQueries', 'resetLogin'] },
            ],
          },
        },
      },
    },
    login: {
      description: 'The sign-in dialog’s flow, loaded the first time someone asks to sign in.',
      initial: 'notLoaded',
      states: {
        notLoaded: {
          description: 'Nobody asked to sign in yet: the sign-in code is not loaded.',
          on: { 'login.open': { target: 'loading', actions: 'rememberLoginOpen' }, 'login.load': 'loading' },
        },
        loading: {
          description: 'The sign-in code loads; a request to open the dialog waits for it.',
          invoke: {
            id: 'loadLogin',
            src: 'loadLogin',
            onDone: { target: 'ready', actions: ['spawnLogin', 'openLogin'] },
            onError: { target: 'failed', actions: 'reportLoginLoadFailure' },
          },
          on: { 'login.open': { actions: 'rememberLoginOpen' } },
        },
        failed: {
          description: 'The sign-in code could not be loaded (offline?): asking again tries again.',
          tags: ['loginLoadFailed'],
          on: { 'login.open': { target: 'loading', actions: 'rememberLoginOpen' }, 'login.load': 'loading' },
        },
        ready: { description: 'The sign-in flow runs (as `login`) for the rest of the visit.', on: { 'login.open': { actions: 'openLogin' } } },
      },
    },
    targeted: {
      description: 'Targeted messages (spec section 4): loaded once the page is the browser’s and the visitor may be shown them.',
      initial: 'off',
      states: {
        off: {
          description: 'No consent to targeted messages (and not a development host), or the page is not taken over yet.',
          on: { 'app.started': { guard: 'targetedAllowed', target: 'loading' }, 'consent.changed': { guard: 'targetedAllowed', target: 'loading' } },
        },
        loading: {
          description: 'The targeted-message code loads.',
          invoke: {
            id: 'loadTargeted',
            src: 'loadTargeted',
            onDone: { target: 'running', actions: 'spawnTargeted' },
            onError: { target: 'off', actions: 'reportTargetedLoadFailure' },
          },
          // Consent withdrawn while the code loads: nothing starts, and the seen ids are forgotten.
          on: { 'consent.changed': { guard: 'targetedForbidden', target: 'off', actions: 'forgetSeenMessages' } },
        },
        running: {
          description: 'The flow runs (as `targeted`): the page, sign-ins and sign-outs reach it as events; its message on screen asks to be the overlay.',
          invoke: { id: 'followTargetedOverlay', src: 'followOverlay', input: ({ context }) => ({ overlay: 'targeted' as const, actor: context.targeted as AnyActorRef }) },
          exit: 'releaseTargetedOverlay',
          on: {
            'consent.changed': { guard: 'targetedForbidden', target: 'off', actions: ['stopTargeted', 'forgetSeenMessages'] },
            'session.signedIn': { actions: 'noteSignInForTargeted' },
            'session.memberKnown': [{ guard: 'signedInForTargeted', actions: 'tellTargetedSignedIn' }, { actions: 'tellTargetedSessionChanged' }],
            'session.ended': { actions: 'tellTargetedSessionChanged' },
          },
        },
      },
    },
    checkout: {
      description: 'The check-out page’s cart: started once the session is known, told of sign-ins and sign-outs.',
      initial: 'closed',
      on: {
        'checkout.opened': { target: '.waiting', actions: ['stopCart', 'rememberCheckout'] },
        'checkout.closed': { target: '.closed', actions: ['stopCart', 'forgetCheckout'] },
      },
      states: {
        closed: { description: 'Not on the check-out page: no cart runs.' },
        waiting: {
          description: 'Waits until the session is known, so the cart is made for the member who is signed in (never on the server).',
          always: [
            { guard: 'canStartCart', target: 'open' },
            { guard: 'isSessionSettled', target: 'loading' },
          ],
        },
        loading: {
          description: 'The cart’s code loads; then the session is checked again (a sign-in may have begun meanwhile).',
          invoke: { id: 'loadCart', src: 'loadCart', onDone: { target: 'waiting', actions: 'keepCartLogic' }, onError: { target: 'failed', actions: 'reportCartLoadFailure' } },
        },
        failed: { description: 'The check-out code could not be loaded; the guest can try again.', tags: ['checkoutLoadFailed'], on: { 'checkout.retry': 'loading' } },
        open: {
          description: 'The cart runs (as `cart`); sign-ins and sign-outs reach it as events.',
          entry: 'spawnCart',
          on: {
            'session.signedIn': { actions: 'noteSignInDuringCheckout' },
            'session.memberKnown': { guard: 'signedInDuringCheckout', actions: 'tellCartSignedIn' },
            'session.ended': { guard: 'memberLeft', actions: 'tellCartSignedOut' },
          },
        },
      },
    },
    modification: {
      description: 'The modify page’s flow: started once the session is known (a member’s booking needs their token), told of sign-outs.',
      initial: 'closed',
      on: {
        'modification.opened': [{ guard: 'sameReservation' }, { target: '.waiting', actions: ['stopModification', 'rememberModification'] }],
        'modification.closed': { target: '.closed', actions: ['stopModification', 'forgetModification'] },
      },
      states: {
        closed: { description: 'Not on the modify page: no modification runs.' },
        waiting: {
          description:
            'Waits until the session is known, so the booking is read with the member’s token if there is one (never on the server); with changes online switched off (modify-booking-enabled) nothing starts.',
          always: [
            { guard: 'canStartModification', target: 'open' },
            { guard: 'mayLoadModification', target: 'loading' },
          ],
        },
        loading: {
          description: 'The modification’s code loads.',
          invoke: {
            id: 'loadModification',
            src: 'loadModification',
            onDone: { target: 'waiting', actions: 'keepModificationLogic' },
            onError: { target: 'failed', actions: 'reportModificationLoadFailure' },
          },
        },
        failed: { description: 'The modify page’s code could not be loaded; the guest can try again.', tags: ['modificationLoadFailed'], on: { 'modification.retry': 'loading' } },
        open: {
          description: 'The modification runs (as `modification`); a member’s sign-out ends it.',
          entry: 'spawnModification',
          on: { 'session.ended': { guard: 'memberLeft', actions: 'tellModificationSignedOut' } },
        },
      },
    },
    banners: {
      description: 'The service banners (spec section 4): one actor per message, started in the browser once the page is taken over.',
      initial: 'off',
      states: {
        off: { description: 'Rendered on the server or before the browser took the page over: the banners’ kept state cannot be read yet.', on: { 'app.started': 'loading' } },
        loading: {
          description: 'The service messages of the page’s language load.',
          invoke: {
            id: 'loadBannerMessages',
            src: 'loadBannerMessages',
            input: ({ context }) => ({ locale: context.locale }),
            onDone: { target: 'shown', actions: 'spawnBanners' },
            onError: { target: 'shown', actions: 'reportBannersLoadFailure' },
          },
        },
        shown: { description: 'A banner runs (as `banner.<id>`) for each message; another language loads its messages too.', on: { 'banners.localeChanged': 'loading' } },
      },
    },
    overlays: {
      description:
        'What floats over the page besides the consent banner (a targeted message, the Google prompt): none before the visitor has seen search results, then one at a time, the others waiting their turn by priority.',
      initial: 'held',
      states: {
        held: {
          description: 'No search results seen yet in this visit: overlays that ask wait (the consent banner alone shows).',
          always: { guard: 'onResultsPage', target: 'open' },
          on: { 'overlay.requested': { actions: 'queueOverlay' }, 'overlay.released': { actions: 'dropWaitingOverlay' } },
        },
        open: {
          description: 'Results were seen: one overlay at a time may show.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Nothing over the page: the first overlay waiting comes up.',
              always: { guard: 'overlayWaiting', target: 'showing', actions: 'bringUpNextOverlay' },
              on: { 'overlay.requested': { actions: 'queueOverlay' }, 'overlay.released': { actions: 'dropWaitingOverlay' } },
            },
            showing: {
              description: 'One overlay is on screen; others that ask wait until it has gone.',
              on: {
                'overlay.requested': { actions: 'queueOverlay' },
                'overlay.released': [{ guard: 'isOverlayOnScreen', target: 'idle', actions: 'clearOverlayOnScreen' }, { actions: 'dropWaitingOverlay' }],
              },
            },
          },
        },
      },
    },
  },
});

export type AppMachine = typeof appMachine;
