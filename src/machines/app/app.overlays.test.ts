import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromCallback, fromPromise, setup } from 'xstate';
import { targetedMessage } from '../../services/content/targeted-messages.fixtures';
import { googlePromptMachine } from '../google-prompt/google-prompt.machine';
import type { GooglePromptEvent, PromptCheck } from '../google-prompt/google-prompt.types';
import { sessionMachine } from '../session/session.machine';
import type { SessionMember } from '../session/session.types';
import { appMachine } from './app.machine';
import { isResultsPath, withWaiting } from './app.overlays';
import { selectOverlayMayShow } from './app.selectors';
import type { AppInput, BannerStart, CartLogic, LoginLogic, ModificationLogic, TargetedLogic } from './app.types';

/*
 * One overlay at a time (docs/decisions/0032-one-overlay-at-a-time.md): the app lets a targeted message or
 * the Google prompt show only once the visitor has seen search results, and then one at a time, the
 * others waiting their turn. The flows here are a stand-in for the targeted messages (a popup comes up and
 * is closed, as the real flow's tags say) and the real Google prompt's machine with its checks answered.
 */

const never = <T,>() => new Promise<T>(() => undefined);

/** The targeted flow as the app sees it: a message on screen is its `current` with the `popup` tag. */
const targetedStandIn = setup({ types: { context: {} as { current: ReturnType<typeof targetedMessage> | null; locale: 'en' }, events: {} as { type: 'show' } | { type: 'close' } } }).createMachine({
  context: { current: null, locale: 'en' },
  initial: 'hidden',
  states: {
    hidden: { on: { show: { target: 'popup', actions: assign({ current: targetedMessage(7) }) } } },
    popup: { tags: ['popup'], on: { close: { target: 'hidden', actions: assign({ current: null }) } } },
  },
});

function startApp(pathname = '/en/') {
  const logic = appMachine.provide({
    actors: {
      session: sessionMachine.provide({
        actors: { loadMember: fromPromise(() => never<SessionMember>()), refreshToken: fromPromise(() => never<string>()), logout: fromPromise(() => never<null>()) },
      }),
      loadLogin: fromPromise(() => never<LoginLogic>()),
      loadCart: fromPromise(() => never<CartLogic>()),
      loadTargeted: fromPromise(async () => targetedStandIn as unknown as TargetedLogic),
      loadModification: fromPromise(() => never<ModificationLogic>()),
      loadBannerMessages: fromPromise(() => never<BannerStart[]>()),
    },
  });
  const input: AppInput = {
    locale: 'en',
    pathname,
    hash: '',
    storage: { readToken: () => null, readCartId: () => null, writeToken: () => undefined, writeMember: () => undefined, clear: () => undefined },
    now: () => Date.UTC(2027, 2, 10),
    report: () => undefined,
    newKey: () => 'key',
    // A development host: the messages run without a consent choice (spec section 4).
    targetedAllowed: () => true,
    flagOn: () => true,
  };
  const app = createActor(logic, { input, systemId: 'app' });
  app.start();
  return app;
}

/** The real Google prompt's machine, with a signed-out visitor who consented and every check passing. */
function startPrompt() {
  const conditions = { pathname: '/en/', search: {}, signedOut: true, consented: true, googleFlag: true, inSignInPopup: false };
  const check: PromptCheck = { googleAvailable: true, shownRecently: false, overlayOpen: false, consented: true };
  const logic = googlePromptMachine.provide({
    actors: {
      watchConditions: fromCallback<GooglePromptEvent, null>(({ sendBack }) => sendBack({ type: 'conditions.changed', conditions })),
      checkPrompt: fromPromise(async () => check),
      prepareSignIn: fromPromise(() => never<null>()),
    },
  });
  return createActor(logic).start();
}

const onScreen = (app: ReturnType<typeof startApp>) => app.getSnapshot().context.overlayOnScreen;
const go = (app: ReturnType<typeof startApp>, pathname: string) => app.send({ type: 'route.changed', pathname, hash: '', locale: 'en' });

async function targetedRunning(app: ReturnType<typeof startApp>) {
  app.send({ type: 'app.started' });
  await vi.waitFor(() => expect(app.getSnapshot().context.targeted).not.toBeNull());
  return app.getSnapshot().context.targeted as unknown as { send(event: { type: 'show' } | { type: 'close' }): void };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('overlays: one at a time, none before results', () => {
  it('knows the pages of search results', () => {
    expect(isResultsPath('/en/find-a-hotel')).toBe(true);
    expect(isResultsPath('/de/find-a-hotel/')).toBe(true);
    expect(isResultsPath('/en/booking/select-room-rate')).toBe(true);
    expect(isResultsPath('/en/')).toBe(false);
    expect(isResultsPath('/en/hotels/JAZB')).toBe(false);
    expect(isResultsPath('/en/booking/check-out')).toBe(false);
  });

  it('keeps waiting overlays once each, in priority order', () => {
    expect(withWaiting(['googlePrompt'], 'targeted')).toEqual(['targeted', 'googlePrompt']);
    expect(withWaiting(['targeted'], 'targeted')).toEqual(['targeted']);
  });

  it('holds a targeted popup until the visitor has seen results, then shows it', async () => {
    const app = startApp();
    const targeted = await targetedRunning(app);
    targeted.send({ type: 'show' });
    expect(onScreen(app)).toBeNull();
    expect(selectOverlayMayShow('targeted')(app.getSnapshot())).toBe(false);
    // Another page that is not results: still held.
    go(app, '/en/hotels/JAZB');
    expect(onScreen(app)).toBeNull();
    go(app, '/en/find-a-hotel');
    expect(onScreen(app)).toBe('targeted');
    // Results seen once is enough for the visit: back on the home page it stays.
    go(app, '/en/');
    expect(onScreen(app)).toBe('targeted');
    targeted.send({ type: 'close' });
    expect(onScreen(app)).toBeNull();
    app.stop();
  });

  it('shows the Google prompt only after the targeted message on screen has gone', async () => {
    const app = startApp('/en/find-a-hotel');
    const targeted = await targetedRunning(app);
    targeted.send({ type: 'show' });
    expect(onScreen(app)).toBe('targeted');
    const prompt = startPrompt();
    app.send({ type: 'overlay.follow', overlay: 'googlePrompt', actor: prompt });
    // The prompt's 500 ms, then its checks: it is up in its flow, and waits for the screen.
    await vi.advanceTimersByTimeAsync(500);
    await vi.waitFor(() => expect(prompt.getSnapshot().matches('shown')).toBe(true));
    expect(onScreen(app)).toBe('targeted');
    expect(app.getSnapshot().context.overlaysWaiting).toEqual(['googlePrompt']);
    targeted.send({ type: 'close' });
    expect(onScreen(app)).toBe('googlePrompt');
    // A targeted message that comes up now waits for the prompt.
    targeted.send({ type: 'show' });
    expect(onScreen(app)).toBe('googlePrompt');
    prompt.send({ type: 'prompt.dismiss' });
    expect(onScreen(app)).toBe('targeted');
    app.stop();
    prompt.stop();
  });

  it('lets the next overlay up when the prompt’s flow stops, and forgets a waiting overlay that went', async () => {
    const app = startApp('/en/find-a-hotel');
    const targeted = await targetedRunning(app);
    const prompt = startPrompt();
    app.send({ type: 'overlay.follow', overlay: 'googlePrompt', actor: prompt });
    await vi.advanceTimersByTimeAsync(500);
    await vi.waitFor(() => expect(onScreen(app)).toBe('googlePrompt'));
    targeted.send({ type: 'show' });
    targeted.send({ type: 'close' });
    expect(app.getSnapshot().context.overlaysWaiting).toEqual([]);
    targeted.send({ type: 'show' });
    app.send({ type: 'overlay.unfollow', overlay: 'googlePrompt' });
    expect(onScreen(app)).toBe('targeted');
    app.stop();
    prompt.stop();
  });
});
