import { tokenSubject } from '../../services/account/token';
import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { AnyActorRef } from 'xstate';
import { CoverageRecorder, formatCoverage } from '../../../test/model-based/harness';
import { MEMBER_PROFILE, SESSION_MEMBER } from '../../../test/auth/members';
import { validToken } from '../../../test/auth/tokens';
import { cartMachine } from '../cart/cart.machine';
import { loginMachine } from '../login/login.machine';
import { sessionMachine } from '../session/session.machine';
import type { SessionMember } from '../session/session.types';
import { appMachine, memberPrefillOf } from './app.machine';
import { OVERLAY_PRIORITY, isResultsPath } from './app.overlays';
import type { OverlayId } from './app.overlays';
import type { AppEvent, AppInput, AppStorage, BannerStart, CartLogic, CheckoutStart, LoginLogic, ModificationLogic, ModificationStart, TargetedLogic } from './app.types';

/*
 * The app's actor system, walked as a model: the root machine with its real session child, and stand-ins
 * for the sign-in and cart flows that record what they are told. The world's moves (a page opening, the
 * session's answers, another tab, a sign-in, a sign-out, the check-out page) are explored breadth-first on
 * real actors, every path replayed from the start, so the rules *between* flows are walked the way the
 * flows meet: a member signs in during check-out, signs out on it, a second tab signs out, the dialog
 * opens from a link, a member leaves an account page. Each step checks the seams' rules; the coverage of
 * the app machine's states and transitions is printed and must be complete.
 */

const NOW = Date.UTC(2027, 2, 10, 9, 0, 0);
const TOKENS = { member: validToken(NOW, { sub: 'm1' }), renewed: validToken(NOW, { sub: 'm1', minutes: 30 }), other: validToken(NOW, { sub: 'm2' }) } as const;

const profile = MEMBER_PROFILE;
const MEMBER = SESSION_MEMBER;
const START: CheckoutStart = { locale: 'en', request: null, urlCartId: null, returning: null };
const RESERVATIONS: Record<'first' | 'second', ModificationStart> = { first: { orderId: 'o-1', reservationNumber: 'R1' }, second: { orderId: 'o-1', reservationNumber: 'R2' } };
const MESSAGES: BannerStart[] = [
  { messageId: 1, isOpenedByDefault: true },
  { messageId: 2, isOpenedByDefault: false },
];

/** A flow stand-in: records every event it is told, in order. */
const recordingFlow = setup({ types: { context: {} as { told: { type: string }[] }, events: {} as { type: string } } }).createMachine({
  context: { told: [] },
  on: { '*': { actions: assign({ told: ({ context, event }) => [...context.told, event] }) } },
});
const told = (ref: AnyActorRef | null): { type: string; [key: string]: unknown }[] => (ref ? (ref.getSnapshot() as { context: { told: { type: string }[] } }).context.told : []);
const lastMemberEvent = (ref: AnyActorRef | null) =>
  told(ref)
    .filter((event) => event.type.startsWith('member.'))
    .at(-1) ?? null;

const never = <T>() => new Promise<T>(() => undefined);

interface World {
  app: ReturnType<typeof startApp>['app'];
  effects: string[];
  storage: { token: string | null; consent: boolean };
  /** A results page was shown in this visit (kept by the test, from the pages the moves opened). */
  resultsSeen: boolean;
}

/** The effects the edge would bind, recorded per world (one world runs at a time). */
let effects: string[] = [];
const logic = appMachine.provide({
  actors: {
    session: sessionMachine.provide({
      actors: { loadMember: fromPromise(() => never<SessionMember>()), refreshToken: fromPromise(() => never<string>()), logout: fromPromise(() => never<null>()) },
    }),
    loadLogin: fromPromise(() => never<LoginLogic>()),
    loadCart: fromPromise(() => never<CartLogic>()),
    loadTargeted: fromPromise(() => never<TargetedLogic>()),
    loadModification: fromPromise(() => never<ModificationLogic>()),
    loadBannerMessages: fromPromise(() => never<BannerStart[]>()),
    // Stand-ins that record what they are told (the real search and banners have their own model tests).
    search: recordingFlow as never,
    banner: recordingFlow as unknown as never,
  },
  actions: {
    forgetSeenMessages: () => effects.push('forgetSeenMessages'),
    goHome: () => effects.push('goHome'),
    goToRegistration: () => effects.push('goToRegistration'),
    forgetMemberQueries: () => effects.push('forgetMemberQueries'),
    trackPageView: () => effects.push('trackPageView'),
    addReservationsFromReservationSystem: () => effects.push('addReservations'),
  },
});

function startApp(storedToken: string | null, recorder: CoverageRecorder, pathname = '/en/', flagOn: AppInput['flagOn'] = () => true) {
  const storage = { token: storedToken, consent: false };
  effects = [];
  const worldEffects = effects;
  const appStorage: AppStorage = {
    readToken: () => storage.token,
    readCartId: () => null,
    writeToken: (token) => {
      storage.token = token;
    },
    writeMember: () => undefined,
    clear: () => {
      storage.token = null;
    },
  };
  const input: AppInput = {
    locale: 'en',
    pathname,
    hash: '',
    storage: appStorage,
    now: () => NOW,
    report: () => undefined,
    newKey: () => 'key-1',
    targetedAllowed: () => storage.consent,
    flagOn,
  };
  const app = createActor(logic, { input, systemId: 'app', inspect: recorder.inspect });
  app.start();
  return { app, effects: worldEffects, storage, resultsSeen: isResultsPath(pathname) };
}

const session = (world: World) => world.app.getSnapshot().context.session;
const signedIn = (world: World) => session(world).getSnapshot().hasTag('signedIn');
/** A recording stand-in, as the loaders' answer (the real machines' types: the app spawns what it gets). */
const STAND_IN = recordingFlow as unknown as LoginLogic & CartLogic & TargetedLogic & ModificationLogic;

/** A move of the world: what a visitor, the browser, another tab or a server answer does. */
interface Move {
  name: string;
  can(world: World): boolean;
  run(world: World): void;
}

const sendApp = (event: AppEvent) => (world: World) => world.app.send(event);
const appIn = (world: World, state: string) => {
  const [region, child] = state.split('.');
  return world.app.getSnapshot().matches({ [region ?? '']: child } as never);
};
const sessionIn = (world: World, state: string) =>
  session(world)
    .getSnapshot()
    .matches(state as never);

const MOVES: Move[] = [
  { name: 'the page is taken over', can: (w) => appIn(w, 'page.rendered'), run: sendApp({ type: 'app.started' }) },
  {
    name: 'the profile loads',
    can: (w) => sessionIn(w, 'signedIn.member.loading'),
    run: (w) => session(w).send({ type: 'xstate.done.actor.loadMember', output: MEMBER } as never),
  },
  {
    name: 'the profile fails',
    can: (w) => sessionIn(w, 'signedIn.member.loading'),
    run: (w) => session(w).send({ type: 'xstate.error.actor.loadMember', error: new Error('500') } as never),
  },
  { name: 'sign-in is asked for', can: () => true, run: sendApp({ type: 'login.open' }) },
  { name: 'a link to the sign-in dialog is clicked', can: () => true, run: sendApp({ type: 'login.linkClicked' }) },
  { name: 'the login page loads the sign-in', can: (w) => appIn(w, 'login.notLoaded') || appIn(w, 'login.failed'), run: sendApp({ type: 'login.load' }) },
  { name: 'the sign-in code loads', can: (w) => appIn(w, 'login.loading'), run: (w) => w.app.send({ type: 'xstate.done.actor.loadLogin', output: STAND_IN } as never) },
  { name: 'the sign-in code fails', can: (w) => appIn(w, 'login.loading'), run: (w) => w.app.send({ type: 'xstate.error.actor.loadLogin', error: new Error('offline') } as never) },
  { name: 'a member signs in', can: (w) => !signedIn(w) && appIn(w, 'page.started'), run: sendApp({ type: 'login.succeeded', token: TOKENS.member }) },
  { name: 'the member signs out', can: (w) => sessionIn(w, 'signedIn'), run: (w) => session(w).send({ type: 'logout' }) },
  { name: 'the sign-out is done', can: (w) => sessionIn(w, 'signingOut'), run: (w) => session(w).send({ type: 'xstate.done.actor.logout', output: null } as never) },
  { name: 'another tab signs out', can: (w) => signedIn(w), run: sendApp({ type: 'storage.tokenChanged', token: null }) },
  { name: 'another tab renews the token', can: (w) => sessionIn(w, 'signedIn'), run: sendApp({ type: 'storage.tokenChanged', token: TOKENS.renewed }) },
  { name: 'another tab signs someone else in', can: (w) => appIn(w, 'page.started'), run: sendApp({ type: 'storage.tokenChanged', token: TOKENS.other }) },
  { name: 'a request is refused after a refresh', can: (w) => sessionIn(w, 'signedIn'), run: sendApp({ type: 'auth.unauthorized' }) },
  { name: 'a request renews the token', can: (w) => sessionIn(w, 'signedIn'), run: sendApp({ type: 'auth.tokenRefreshed', token: TOKENS.renewed }) },
  { name: 'the check-out page opens', can: (w) => appIn(w, 'checkout.closed'), run: sendApp({ type: 'checkout.opened', start: START }) },
  { name: 'the cart code loads', can: (w) => appIn(w, 'checkout.loading'), run: (w) => w.app.send({ type: 'xstate.done.actor.loadCart', output: STAND_IN } as never) },
  { name: 'the cart code fails', can: (w) => appIn(w, 'checkout.loading'), run: (w) => w.app.send({ type: 'xstate.error.actor.loadCart', error: new Error('offline') } as never) },
  { name: 'the guest retries the check-out', can: (w) => appIn(w, 'checkout.failed'), run: sendApp({ type: 'checkout.retry' }) },
  { name: 'the guest leaves the check-out page', can: (w) => !appIn(w, 'checkout.closed'), run: sendApp({ type: 'checkout.closed' }) },
  {
    name: 'an account page opens',
    can: (w) => !w.app.getSnapshot().context.pathname.includes('/account'),
    run: sendApp({ type: 'route.changed', pathname: '/en/account/overview', hash: '', locale: 'en' }),
  },
  {
    name: 'the page changes only its query',
    can: (w) => w.app.getSnapshot().context.viewedPage !== null,
    run: (w) => {
      const { pathname, hash, locale } = w.app.getSnapshot().context;
      w.app.send({ type: 'route.changed', pathname, hash, locale });
    },
  },
  {
    name: 'a link asks for the dialog',
    can: (w) => w.app.getSnapshot().context.hash === '',
    run: sendApp({ type: 'route.changed', pathname: '/de/', hash: '#open-login-popup', locale: 'de' }),
  },
  {
    name: 'the visitor consents to targeted messages',
    can: (w) => !w.storage.consent,
    run: (w) => {
      w.storage.consent = true;
      w.app.send({ type: 'consent.changed' });
    },
  },
  {
    name: 'the visitor withdraws consent',
    can: (w) => w.storage.consent,
    run: (w) => {
      w.storage.consent = false;
      w.app.send({ type: 'consent.changed' });
    },
  },
  { name: 'the targeted code loads', can: (w) => appIn(w, 'targeted.loading'), run: (w) => w.app.send({ type: 'xstate.done.actor.loadTargeted', output: STAND_IN } as never) },
  {
    name: 'the targeted code fails',
    can: (w) => appIn(w, 'targeted.loading'),
    run: (w) => w.app.send({ type: 'xstate.error.actor.loadTargeted', error: new Error('offline') } as never),
  },
  {
    name: 'a social sign-in needs a registration',
    can: (w) => w.app.getSnapshot().context.login !== null,
    run: sendApp({ type: 'registration.required', registrationToken: 'reg-1' }),
  },
];

/** The page flows the app starts from routes (search, modification) and for the visit (banners). */
const PAGE_FLOW_MOVES: Move[] = [
  { name: 'a page with a search opens', can: (w) => w.app.getSnapshot().context.search === null, run: sendApp({ type: 'search.opened', query: { location: 'Berlin' } }) },
  { name: 'the page with a search is left', can: (w) => w.app.getSnapshot().context.search !== null, run: sendApp({ type: 'search.closed' }) },
  { name: 'the modify page opens', can: (w) => appIn(w, 'modification.closed'), run: sendApp({ type: 'modification.opened', start: RESERVATIONS.first }) },
  {
    name: 'the modify page stays on its reservation',
    can: (w) => w.app.getSnapshot().context.modifying !== null,
    run: (w) => w.app.send({ type: 'modification.opened', start: { ...(w.app.getSnapshot().context.modifying as ModificationStart) } }),
  },
  {
    name: 'the modify page moves to another reservation',
    can: (w) => !appIn(w, 'modification.closed') && w.app.getSnapshot().context.modifying?.reservationNumber !== RESERVATIONS.second.reservationNumber,
    run: sendApp({ type: 'modification.opened', start: RESERVATIONS.second }),
  },
  {
    name: 'the modification code loads',
    can: (w) => appIn(w, 'modification.loading'),
    run: (w) => w.app.send({ type: 'xstate.done.actor.loadModification', output: STAND_IN } as never),
  },
  {
    name: 'the modification code fails',
    can: (w) => appIn(w, 'modification.loading'),
    run: (w) => w.app.send({ type: 'xstate.error.actor.loadModification', error: new Error('offline') } as never),
  },
  { name: 'the guest retries the modify page', can: (w) => appIn(w, 'modification.failed'), run: sendApp({ type: 'modification.retry' }) },
  { name: 'the guest leaves the modify page', can: (w) => !appIn(w, 'modification.closed'), run: sendApp({ type: 'modification.closed' }) },
  {
    name: 'the service messages load',
    can: (w) => appIn(w, 'banners.loading'),
    run: (w) => w.app.send({ type: 'xstate.done.actor.loadBannerMessages', output: MESSAGES } as never),
  },
  {
    name: 'the service messages fail',
    can: (w) => appIn(w, 'banners.loading'),
    run: (w) => w.app.send({ type: 'xstate.error.actor.loadBannerMessages', error: new Error('offline') } as never),
  },
];

/** Overlays over the page asking for the screen and going, the Google prompt's flow starting and stopping, and results seen. */
const overlayAsks = (overlay: OverlayId): Move => ({
  name: `the ${overlay} overlay asks to show`,
  can: (w) => w.app.getSnapshot().context.overlayOnScreen !== overlay && !w.app.getSnapshot().context.overlaysWaiting.includes(overlay),
  run: sendApp({ type: 'overlay.requested', overlay }),
});
const overlayGoes = (overlay: OverlayId): Move => ({
  name: `the ${overlay} overlay goes`,
  can: (w) => w.app.getSnapshot().context.overlayOnScreen === overlay || w.app.getSnapshot().context.overlaysWaiting.includes(overlay),
  run: sendApp({ type: 'overlay.released', overlay }),
});
const OVERLAY_MOVES: Move[] = [
  ...OVERLAY_PRIORITY.flatMap((overlay) => [overlayAsks(overlay), overlayGoes(overlay)]),
  {
    name: 'a results page opens',
    can: (w) => !isResultsPath(w.app.getSnapshot().context.pathname),
    run: sendApp({ type: 'route.changed', pathname: '/en/find-a-hotel', hash: '', locale: 'en' }),
  },
  {
    name: 'the Google prompt’s flow starts',
    can: (w) => w.app.getSnapshot().children['follow.googlePrompt'] === undefined,
    run: (w) => w.app.send({ type: 'overlay.follow', overlay: 'googlePrompt', actor: createActor(recordingFlow).start() }),
  },
  {
    name: 'the Google prompt’s flow stops',
    can: (w) => w.app.getSnapshot().children['follow.googlePrompt'] !== undefined,
    run: sendApp({ type: 'overlay.unfollow', overlay: 'googlePrompt' }),
  },
];

/** The moves of the session the page flows hear: the page taken over, sign-in, sign-out, another tab, a language. */
const SESSION_MOVE_NAMES = [
  'the page is taken over',
  'the profile loads',
  'the profile fails',
  'a member signs in',
  'the member signs out',
  'the sign-out is done',
  'another tab signs out',
  'a request is refused after a refresh',
  'a link asks for the dialog',
];
const SESSION_MOVES = MOVES.filter((move) => SESSION_MOVE_NAMES.includes(move.name));

/** What tells two worlds apart for the rules: the app's state, the session's, and what runs. */
function key(world: World): string {
  const snapshot = world.app.getSnapshot();
  const { context } = snapshot;
  return JSON.stringify([
    snapshot.value,
    session(world).getSnapshot().value,
    context.login !== null,
    context.cart !== null,
    context.cartLogic !== null,
    context.pendingLoginOpen !== null,
    context.signInDuringCheckout,
    context.pathname.includes('/account'),
    context.hash !== '',
    context.targeted !== null,
    context.signInForTargeted,
    world.storage.consent,
    context.search !== null,
    context.modification !== null,
    context.modificationLogic !== null,
    context.modifying?.reservationNumber ?? null,
    Object.keys(context.banners).length,
    context.locale,
    context.overlayOnScreen,
    context.overlaysWaiting,
    isResultsPath(context.pathname),
    snapshot.children['follow.googlePrompt'] !== undefined,
  ]);
}

/** The rules between flows, checked after every move. */
interface Before {
  signedIn: boolean;
  cart: AnyActorRef | null;
  login: AnyActorRef | null;
  onAccount: boolean;
  pageStarted: boolean;
  openAsked: boolean;
  targeted: AnyActorRef | null;
  signInForTargeted: boolean;
  views: number;
  targetedRunning: boolean;
  modification: AnyActorRef | null;
  banners: Readonly<Record<number, AnyActorRef>>;
  overlayOnScreen: OverlayId | null;
  overlaysWaiting: readonly OverlayId[];
  resultsSeen: boolean;
  /** Times the member's reservations were pulled from the reservation system. */
  pulls: number;
  /** Who the session's token names. */
  subject: string | null;
}

const pullsOf = (world: World) => world.effects.filter((effect) => effect === 'addReservations').length;

function checkRules(world: World, move: Move, before: Before) {
  const snapshot = world.app.getSnapshot();
  const { context } = snapshot;
  const sessionSnapshot = session(world).getSnapshot();
  const settled = !sessionSnapshot.hasTag('restoring') && !sessionSnapshot.hasTag('memberLoading') && !sessionSnapshot.matches('idle');
  // A cart runs only on the check-out page, and starts only once the session is known.
  if (context.cart) expect(snapshot.matches({ checkout: 'open' })).toBe(true);
  if (snapshot.matches({ checkout: 'open' }) && !before.cart) expect(settled).toBe(true);
  // A member who left (sign-out, another tab, a refused request): the cart hears it and forgets them;
  // the dialog goes back to its start; an account page is left for the home page.
  const left = before.signedIn && !sessionSnapshot.hasTag('signedIn') && sessionSnapshot.matches('signedOut');
  if (left && before.cart && context.cart === before.cart) expect(lastMemberEvent(context.cart)).toEqual({ type: 'member.signedOut' });
  if (left && before.login) expect(told(before.login).at(-1)).toEqual({ type: 'login.reset' });
  if (left) expect(world.effects.at(-1)).toBe(before.onAccount ? 'goHome' : 'forgetMemberQueries');
  // A member who arrived (signed in, or the stored session restored) has their reservations made by phone
  // or at the hotel pulled into the account, once (the flag is on in these worlds); a token of someone
  // else may pull again for them; nobody signed in pulls nothing.
  const nowSignedIn = sessionSnapshot.hasTag('signedIn') && !sessionSnapshot.hasTag('busy');
  const pulled = pullsOf(world) - before.pulls;
  if (!before.signedIn && nowSignedIn) expect(pulled).toBe(1);
  else if (!nowSignedIn || tokenSubject(sessionSnapshot.context.token) === before.subject) expect(pulled).toBe(0);
  else expect(pulled).toBeLessThanOrEqual(1);
  // A member who signed in during check-out: the cart hears it once their profile is in, with their details.
  if (move.name === 'the profile loads' && context.cart && before.cart === context.cart && context.cart && told(context.cart).length > 0) {
    const last = lastMemberEvent(context.cart);
    if (last?.type === 'member.signedIn') expect(last).toEqual({ type: 'member.signedIn', member: memberPrefillOf(profile) });
  }
  // A cart started for a signed-in member is not told of the sign-in again.
  if (context.cart && !before.cart) expect(told(context.cart)).toEqual([]);
  // A valid token closes the dialog (a restored session may open it from the address: see below).
  if (before.pageStarted && !before.signedIn && sessionSnapshot.hasTag('signedIn') && context.login) expect(told(context.login).at(-1)).toEqual({ type: 'dialog.close' });
  // The dialog opens when asked once its code is there (a request made while loading is kept).
  if (move.name === 'the sign-in code loads' && before.openAsked && context.login) expect(told(context.login).some((event) => event.type === 'dialog.open')).toBe(true);
  // An address ending in #open-login-popup opens the dialog once the session is known.
  if (move.name === 'the page is taken over' && context.hash !== '' && context.login && settled) expect(told(context.login).at(-1)).toEqual({ type: 'dialog.open' });
  // A click on a link to the dialog asks for it (this machine's pages are never the login page).
  if (move.name === 'a link to the sign-in dialog is clicked') {
    if (context.login) expect(told(context.login).at(-1)).toEqual({ type: 'dialog.open' });
    else expect(context.pendingLoginOpen).toEqual({});
  }
  // A visitor who opens a page of the member area (its own data) is asked to sign in there once the
  // session is known; a member is not, and neither is anyone before the page is the browser's.
  if (move.name === 'an account page opens') {
    const asked = context.login ? told(context.login).at(-1)?.type === 'dialog.open' : context.pendingLoginOpen !== null;
    const visitorWithKnownSession = snapshot.matches({ page: 'started' }) && !sessionSnapshot.hasTag('signedIn') && !sessionSnapshot.hasTag('restoring');
    if (visitorWithKnownSession) expect(asked).toBe(true);
    if (sessionSnapshot.hasTag('signedIn') && context.login) expect(told(context.login).at(-1)?.type).not.toBe('dialog.open');
  }
  // One page view per page: a change of the query alone is not one.
  if (move.name === 'the page changes only its query') expect(world.effects.filter((effect) => effect === 'trackPageView')).toHaveLength(before.views);
  if (move.name === 'an account page opens' || move.name === 'a link asks for the dialog')
    expect(world.effects.filter((effect) => effect === 'trackPageView')).toHaveLength(before.views + 1);
  if (move.name === 'a social sign-in needs a registration') expect(world.effects.at(-1)).toBe('goToRegistration');
  // Targeted messages run only with consent; a withdrawal stops them and forgets the seen ids.
  if (context.targeted) expect(world.storage.consent).toBe(true);
  if (move.name === 'the visitor withdraws consent' && before.targetedRunning) expect(world.effects.at(-1)).toBe('forgetSeenMessages');
  // A sign-in reaches them as the onLogin trigger once the profile is in, exactly once.
  if (context.targeted && before.targeted === context.targeted && (move.name === 'the profile loads' || move.name === 'the profile fails') && before.signInForTargeted)
    expect(told(context.targeted).at(-1)).toEqual({ type: 'session.signedIn' });
  if (context.targeted && before.targeted === context.targeted && move.name === 'a member signs in')
    expect(told(context.targeted).filter((event) => event.type === 'session.signedIn')).toHaveLength(
      told(before.targeted).filter((event) => event.type === 'session.signedIn').length,
    );
  // A search runs exactly while a page that shows one is open.
  if (move.name === 'a page with a search opens') expect(context.search?.getSnapshot().status).toBe('active');
  if (move.name === 'the page with a search is left') expect(context.search).toBeNull();
  // The modification runs only on the modify page, starts only once the session is known, for the reservation in the address.
  if (context.modification) expect(snapshot.matches({ modification: 'open' })).toBe(true);
  if (snapshot.matches({ modification: 'open' }) && !before.modification) expect(settled).toBe(true);
  if (context.modification && context.modification !== before.modification) expect(context.modification.getSnapshot().context).toMatchObject({ told: [] });
  if (move.name === 'the modify page stays on its reservation' && before.modification) expect(context.modification).toBe(before.modification);
  if (move.name === 'the modify page moves to another reservation') {
    expect(context.modifying).toEqual(RESERVATIONS.second);
    if (before.modification) expect(context.modification).not.toBe(before.modification);
  }
  // A member who left: their booking's change hears it (and drops their details).
  if (left && before.modification && context.modification === before.modification) expect(told(context.modification).at(-1)).toEqual({ type: 'member.signedOut' });
  // Banners start only in the browser, one per message, and keep their state across pages.
  if (Object.keys(context.banners).length > 0) expect(snapshot.matches({ page: 'rendered' })).toBe(false);
  if (move.name === 'the service messages load') {
    expect(Object.keys(context.banners).sort()).toEqual(['1', '2']);
    for (const id of Object.keys(before.banners)) expect(context.banners[Number(id)]).toBe(before.banners[Number(id)]);
  }
  // Overlays: none before results were seen; then one at a time, the others waiting in priority order.
  const resultsSeen = before.resultsSeen || isResultsPath(context.pathname);
  if (!resultsSeen) expect(context.overlayOnScreen).toBeNull();
  if (context.overlayOnScreen !== null) expect(context.overlaysWaiting).not.toContain(context.overlayOnScreen);
  expect(new Set(context.overlaysWaiting).size).toBe(context.overlaysWaiting.length);
  expect([...context.overlaysWaiting]).toEqual([...context.overlaysWaiting].sort((a, b) => OVERLAY_PRIORITY.indexOf(a) - OVERLAY_PRIORITY.indexOf(b)));
  // Nothing on screen while one waits, once results were seen; the one on screen stays until it goes.
  if (resultsSeen) expect(context.overlayOnScreen === null && context.overlaysWaiting.length > 0).toBe(false);
  if (before.overlayOnScreen !== null && !move.name.endsWith('overlay goes') && move.name !== 'the Google prompt’s flow stops' && move.name !== 'the visitor withdraws consent') expect(context.overlayOnScreen).toBe(before.overlayOnScreen);
  // When the one on screen goes, the first waiting comes up.
  if (before.overlayOnScreen !== null && context.overlayOnScreen !== before.overlayOnScreen) expect(context.overlayOnScreen).toBe(before.overlaysWaiting[0] ?? null);
  // The session only ever holds a token a move gave it.
  if (sessionSnapshot.context.token) expect(Object.values(TOKENS)).toContain(sessionSnapshot.context.token);
}

const MAX_DEPTH = 6;

/** Breadth-first over the moves; a move that leads to a world seen before ends its path. */
function explore(storedToken: string | null, moves: readonly Move[], recorder: CoverageRecorder): string[][] {
  const seen = new Set<string>();
  const paths: string[][] = [];
  let frontier: string[][] = [[]];
  for (let depth = 0; depth <= MAX_DEPTH && frontier.length > 0; depth += 1) {
    const next: string[][] = [];
    for (const path of frontier) {
      const world = replay(storedToken, path, recorder);
      const worldKey = key(world);
      world.app.stop();
      if (seen.has(worldKey)) continue;
      seen.add(worldKey);
      paths.push(path);
      const probe = replay(storedToken, path, recorder);
      for (const move of moves) if (move.can(probe)) next.push([...path, move.name]);
      probe.app.stop();
    }
    frontier = next;
  }
  return paths;
}

function replay(storedToken: string | null, path: string[], recorder: CoverageRecorder): World {
  const world = startApp(storedToken, recorder);
  for (const name of path) {
    const move = ALL_MOVES.find((candidate) => candidate.name === name);
    if (!move) throw new Error(`unknown move ${name}`);
    const context = world.app.getSnapshot().context;
    const before: Before = {
      signedIn: signedIn(world),
      cart: context.cart,
      login: context.login,
      onAccount: context.pathname.includes('/account'),
      pageStarted: world.app.getSnapshot().matches({ page: 'started' }),
      openAsked: context.pendingLoginOpen !== null,
      targeted: context.targeted,
      signInForTargeted: context.signInForTargeted,
      views: world.effects.filter((effect) => effect === 'trackPageView').length,
      // Loading or running: a withdrawal then forgets the seen ids.
      targetedRunning: !appIn(world, 'targeted.off'),
      modification: context.modification,
      banners: context.banners,
      overlayOnScreen: context.overlayOnScreen,
      overlaysWaiting: context.overlaysWaiting,
      resultsSeen: world.resultsSeen,
      pulls: pullsOf(world),
      subject: tokenSubject(session(world).getSnapshot().context.token),
    };
    move.run(world);
    world.resultsSeen ||= isResultsPath(world.app.getSnapshot().context.pathname);
    try {
      checkRules(world, move, before);
    } catch (error) {
      throw new Error(`${path.join(' → ')}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  return world;
}

const ALL_MOVES = [...MOVES, ...PAGE_FLOW_MOVES, ...OVERLAY_MOVES];
const recorder = new CoverageRecorder(logic);
// Two sets of moves, each explored for a guest and for a member: the flows between sign-in, check-out and
// targeted messages; and the page flows with the session's moves (together they would explode in number).
const models = [
  { name: 'a guest', token: null, moves: MOVES },
  { name: 'a member with a stored session', token: TOKENS.member, moves: MOVES },
  { name: 'a guest on the page flows', token: null, moves: [...SESSION_MOVES, ...PAGE_FLOW_MOVES] },
  { name: 'a member on the page flows', token: TOKENS.member, moves: [...SESSION_MOVES, ...PAGE_FLOW_MOVES] },
  // Overlays do not depend on the session; consent brings the targeted messages (and withdrawing it stops them).
  { name: 'a guest meeting overlays', token: null, moves: [...OVERLAY_MOVES, ...MOVES.filter((move) => ['the page is taken over', 'the visitor consents to targeted messages', 'the visitor withdraws consent', 'the targeted code loads'].includes(move.name))] },
] as const;
const plans = models.map((model) => ({ model, paths: explore(model.token, model.moves, recorder) }));

describe('app actor system, model-based', () => {
  it('explores a bounded number of worlds', () => {
    console.info(`app model paths: ${plans.map((plan) => `${plan.model.name} ${plan.paths.length}`).join(', ')}`);
    for (const plan of plans) expect(plan.paths.length).toBeLessThan(3000);
  });

  describe.each(plans.map((plan) => [plan.model.name, plan] as const))('%s', (_name, plan) => {
    // Hundreds of replays: a busy machine may take long, which is no failure (the rules are what is checked).
    it('keeps the rules between flows on every explored path', { timeout: 300_000 }, () => {
      // Replaying checks the rules after every move (see checkRules); a broken rule fails here.
      for (const path of plan.paths) replay(plan.model.token, path, recorder).app.stop();
    });
  });

  it('pulls no reservations from the reservation system while its flag is off', () => {
    const world = startApp(TOKENS.member, recorder, '/en/', (flag) => flag !== 'add-reservations-from-crs-enabled');
    world.app.send({ type: 'app.started' });
    expect(signedIn(world)).toBe(true);
    world.app.send({ type: 'login.succeeded', token: TOKENS.other });
    expect(world.effects).not.toContain('addReservations');
    world.app.stop();
  });

  it('signs a member out of the check-out page: the cart forgets them', () => {
    const world = replay(
      TOKENS.member,
      ['the page is taken over', 'the profile loads', 'the check-out page opens', 'the cart code loads', 'the member signs out', 'the sign-out is done'],
      recorder,
    );
    const cart = world.app.getSnapshot().context.cart;
    expect(told(cart)).toEqual([{ type: 'member.signedOut' }]);
    world.app.stop();
  });

  it('a second tab signs out: the check-out page hears it at once', () => {
    const world = replay(TOKENS.member, ['the page is taken over', 'the profile loads', 'the check-out page opens', 'the cart code loads', 'another tab signs out'], recorder);
    expect(told(world.app.getSnapshot().context.cart)).toEqual([{ type: 'member.signedOut' }]);
    expect(world.storage.token).toBeNull();
    world.app.stop();
  });

  it('a member signs out on the modify page: the change hears it and drops their booking', () => {
    const world = replay(
      TOKENS.member,
      ['the page is taken over', 'the profile loads', 'the modify page opens', 'the modification code loads', 'the member signs out', 'the sign-out is done'],
      recorder,
    );
    expect(told(world.app.getSnapshot().context.modification)).toEqual([{ type: 'member.signedOut' }]);
    world.app.stop();
  });

  it('with changes online switched off, the modify page starts nothing', () => {
    const world = startApp(null, recorder, '/en/booking/modify', (flag) => flag !== 'modify-booking-enabled');
    world.app.send({ type: 'app.started' });
    world.app.send({ type: 'modification.opened', start: RESERVATIONS.first });
    expect(world.app.getSnapshot().matches({ modification: 'waiting' })).toBe(true);
    expect(world.app.getSnapshot().context.modification).toBeNull();
    world.app.stop();
  });

  it('a guest signs in during check-out: the cart hears it once the profile is in, not before', () => {
    const world = replay(
      null,
      ['the page is taken over', 'the check-out page opens', 'the cart code loads', 'sign-in is asked for', 'the sign-in code loads', 'a member signs in'],
      recorder,
    );
    const cart = world.app.getSnapshot().context.cart;
    expect(told(cart)).toEqual([]);
    session(world).send({ type: 'xstate.done.actor.loadMember', output: MEMBER } as never);
    expect(told(cart)).toEqual([{ type: 'member.signedIn', member: memberPrefillOf(profile) }]);
    world.app.stop();
  });

  it('the check-out cart waits for a stored session to be known, then starts with the member', () => {
    const world = replay(TOKENS.member, ['the check-out page opens', 'the page is taken over'], recorder);
    expect(world.app.getSnapshot().matches({ checkout: 'waiting' })).toBe(true);
    session(world).send({ type: 'xstate.done.actor.loadMember', output: MEMBER } as never);
    expect(world.app.getSnapshot().matches({ checkout: 'loading' })).toBe(true);
    world.app.send({ type: 'xstate.done.actor.loadCart', output: cartMachine } as never);
    const cart = world.app.getSnapshot().context.cart;
    expect(cart?.getSnapshot().context.member).toEqual(memberPrefillOf(profile));
    world.app.stop();
  });

  it('the real sign-in flow closes its dialog when the session takes its token', () => {
    const world = replay(null, ['the page is taken over', 'sign-in is asked for'], recorder);
    world.app.send({ type: 'xstate.done.actor.loadLogin', output: loginMachine } as never);
    const login = world.app.getSnapshot().context.login;
    expect(login?.getSnapshot().matches('open')).toBe(true);
    world.app.send({ type: 'login.succeeded', token: TOKENS.member });
    expect(login?.getSnapshot().matches('open')).toBe(false);
    world.app.stop();
  });

  it('covers every state and transition of the app machine', () => {
    const report = recorder.report('app');
    console.info(formatCoverage(report));
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
