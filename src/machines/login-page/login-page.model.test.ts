import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, expectFullCoverage, generatePaths, generateTransitionCover } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import { InvalidInputError } from '../../services/account/errors';
import { HttpError } from '../../services/bff/client';
import { loginPageMachine } from './login-page.machine';
import { selectLinkProblem, selectPageKind, selectPasswordFailure, selectPopupFailed, selectSavingPassword } from './login-page.selectors';
import type { LoginPageEvent, LoginPageQuery } from './login-page.types';

/*
 * The login page's machine, walked with the harness from each kind of query the page is opened with (the
 * reset mail's link, the provider's answer in the popup, a session token, Google's and Apple's results, an
 * exchange code, nothing). The answers of its actors are fed as events. Each path is replayed on a real
 * actor whose effects record what they were asked; after every path the last step is checked against the
 * page's rule for it.
 */

const never = <T,>() => new Promise<T>(() => undefined);

type Effect =
  | { type: 'loadSignIn' }
  | { type: 'passGoogleResult'; credential: string }
  | { type: 'passAppleResult'; authorization: { id_token: string; code?: string } }
  | { type: 'tellSessionToken'; token: string }
  | { type: 'goToPostLoginRoute' }
  | { type: 'goToPasswordUpdated' }
  | { type: 'askForNewResetLink' }
  | { type: 'reportFailure'; context: string };

/** What the effects of the replay running now were asked (reset for each path). */
const recorded = { effects: [] as Effect[] };
const record = (effect: Effect) => recorded.effects.push(effect);

const machine = loginPageMachine.provide({
  actors: {
    waitForSignIn: fromPromise(() => never<null>()),
    exchangeCode: fromPromise(() => never<string>()),
    completePopupSignIn: fromPromise(() => never<null>()),
    savePassword: fromPromise(() => never<{ code: string | null }>()),
  },
  actions: {
    loadSignIn: () => record({ type: 'loadSignIn' }),
    passGoogleResult: (_, { credential }) => record({ type: 'passGoogleResult', credential }),
    passAppleResult: (_, { authorization }) => record({ type: 'passAppleResult', authorization }),
    tellSessionToken: (_, { token }) => record({ type: 'tellSessionToken', token }),
    goToPostLoginRoute: () => record({ type: 'goToPostLoginRoute' }),
    goToPasswordUpdated: () => record({ type: 'goToPasswordUpdated' }),
    askForNewResetLink: () => record({ type: 'askForNewResetLink' }),
    reportFailure: (_, { context }) => record({ type: 'reportFailure', context }),
  },
});
type Snapshot = SnapshotFrom<typeof machine>;
type Path = MachinePath<typeof machine>;

const QUERIES = {
  'reset link': { reset_token: 'reset-1', email: 'mia@example.com' },
  'provider answer': { code: 'oidc-code', state: 'oidc-state' },
  'session token': { token: 'session-token' },
  'Google result': { credential: 'google-id-token', select_by: 'btn' },
  'Apple result': { id_token: 'apple-id-token', code: 'apple-code' },
  'exchange code': { code: 'exchange-1' },
  nothing: {},
} satisfies Record<string, LoginPageQuery>;
type QueryName = keyof typeof QUERIES;

const ERRORS = {
  '401': new HttpError(401),
  '404': new HttpError(404),
  '410': new HttpError(410),
  '400 token': new InvalidInputError(['token']),
  '400 password': new InvalidInputError(['password']),
  '500': new HttpError(500),
} as const;
type ErrorName = keyof typeof ERRORS;
const EXPIRED: ErrorName[] = ['401', '404', '410', '400 token'];

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as LoginPageEvent;
const failed = (id: string, error: ErrorName) => ({ type: `xstate.error.actor.${id}`, error: ERRORS[error] }) as unknown as LoginPageEvent;

const EVENTS: LoginPageEvent[] = [
  { type: 'dialog.opened' },
  { type: 'session.signedIn' },
  { type: 'link.rejected' },
  { type: 'password.save', password: 'a brand new secret' },
  { type: 'resetLink.request' },
  done('waitForSignIn', null),
  done('exchangeCode', 'exchanged-token'),
  failed('exchangeCode', '500'),
  done('completePopupSignIn', null),
  failed('completePopupSignIn', '500'),
  done('savePassword', { code: 'after-reset' }),
  done('savePassword', { code: null }),
  ...(Object.keys(ERRORS) as ErrorName[]).map((error) => failed('savePassword', error)),
  done('exchangeResetCode', 'reset-session-token'),
  failed('exchangeResetCode', '500'),
];

const serializeState = (snapshot: Snapshot) => JSON.stringify(snapshot.value);
const recorder = new CoverageRecorder(machine);

const models = (Object.keys(QUERIES) as QueryName[]).map((name) => {
  const options = { input: { query: QUERIES[name] }, events: EVENTS, serializeState };
  return { name, paths: [...generatePaths(machine, options), ...generateTransitionCover(machine, options)] };
});

function replay(name: QueryName, path: Path) {
  const effects: Effect[] = [];
  recorded.effects = effects;
  const actor = createActor(machine, { input: { query: QUERIES[name] }, inspect: recorder.inspect });
  actor.start();
  const snapshots: Snapshot[] = [actor.getSnapshot()];
  const effectsBefore: number[] = [effects.length];
  for (const step of path.steps) {
    if ((step.event as { type: string }).type === 'xstate.init') continue;
    effectsBefore.push(effects.length);
    actor.send(step.event);
    expect(actor.getSnapshot().value, `after ${step.event.type}`).toEqual(step.state.value);
    snapshots.push(actor.getSnapshot());
  }
  actor.stop();
  return { snapshots, effects, newEffects: effects.slice(effectsBefore.at(-1) ?? 0) };
}

function label(event: { type: string; output?: unknown; error?: unknown }): string {
  if (event.type.startsWith('xstate.done.actor.')) {
    const output = event.output as { code?: string | null } | string | null;
    const detail = typeof output === 'string' ? 'token' : output && 'code' in output ? (output.code ? 'code' : 'no code') : 'ok';
    return `${event.type.replace('xstate.done.actor.', 'done:')}(${detail})`;
  }
  if (event.type.startsWith('xstate.error.actor.')) {
    const error = (Object.keys(ERRORS) as ErrorName[]).find((name) => ERRORS[name] === event.error);
    return `${event.type.replace('xstate.error.actor.', 'error:')}(${error})`;
  }
  return event.type;
}

const nameOf = (path: Path) => {
  const steps = path.steps.map((step) => step.event as Parameters<typeof label>[0]).filter((event) => event.type !== 'xstate.init');
  return `${steps.length ? steps.map(label).join(' → ') : 'start'} ⇒ ${JSON.stringify(path.state.value)}`;
};

/** The page's rule for the last step of a path. */
function checkLastStep(name: QueryName, path: Path, result: ReturnType<typeof replay>) {
  const { snapshots, effects, newEffects } = result;
  const final = snapshots.at(-1) as Snapshot;
  const event = path.steps.at(-1)?.event as { type: string; output?: unknown; error?: unknown } | undefined;
  const query: LoginPageQuery = QUERIES[name];

  if (!event || event.type === 'xstate.init') {
    // Opening the page: the query decides which page it is; only the sign-in asks for the sign-in code.
    const kind = name === 'reset link' ? 'newPassword' : name === 'provider answer' ? 'popupCallback' : 'signIn';
    expect(selectPageKind(final)).toBe(kind);
    expect(effects).toEqual(kind === 'signIn' ? [{ type: 'loadSignIn' }] : []);
    return;
  }
  const { type } = event;
  if (type === 'dialog.opened') {
    // The query is used once the panel is open, and only then.
    const expected: Record<QueryName, Effect[]> = {
      'reset link': [],
      'provider answer': [],
      'session token': [],
      'Google result': [{ type: 'passGoogleResult', credential: 'google-id-token' }],
      'Apple result': [{ type: 'passAppleResult', authorization: { id_token: 'apple-id-token', code: 'apple-code' } }],
      'exchange code': [],
      nothing: [],
    };
    expect(newEffects).toEqual(expected[name]);
    if (name === 'session token') expect(final.value).toEqual({ signIn: { open: 'linkToken' } });
    if (name === 'exchange code') expect(final.value).toEqual({ signIn: { open: 'exchanging' } });
  }
  if (type === 'session.signedIn') {
    // Signed in, here or already: on to the post-login route.
    expect(newEffects).toEqual([{ type: 'goToPostLoginRoute' }]);
    expect(final.value).toEqual({ signIn: 'signedIn' });
  }
  if (type === 'link.rejected' || type === 'xstate.error.actor.exchangeCode') {
    // A link that no longer signs in is worth a word above the panel.
    expect(selectLinkProblem(final)).toBe(true);
    if (type === 'xstate.error.actor.exchangeCode') expect(newEffects).toEqual([{ type: 'reportFailure', context: 'login: exchange code' }]);
  }
  if (type === 'xstate.done.actor.exchangeCode') {
    expect(newEffects).toEqual([{ type: 'tellSessionToken', token: 'exchanged-token' }]);
    expect(selectLinkProblem(final)).toBe(false);
  }
  if (type === 'xstate.done.actor.completePopupSignIn') expect(selectPopupFailed(final)).toBe(false);
  if (type === 'xstate.error.actor.completePopupSignIn') {
    expect(selectPopupFailed(final)).toBe(true);
    expect(newEffects).toEqual([{ type: 'reportFailure', context: 'login: popup callback' }]);
  }
  if (type === 'password.save') {
    expect(selectSavingPassword(final)).toBe(true);
    expect(selectPasswordFailure(final)).toBeNull();
  }
  if (type === 'xstate.done.actor.savePassword') {
    const code = (event.output as { code: string | null }).code;
    // A code from the BFF signs the member in again before the page moves on; without one it moves on.
    expect(newEffects).toEqual(code ? [] : [{ type: 'goToPasswordUpdated' }]);
    expect(selectSavingPassword(final)).toBe(Boolean(code));
  }
  if (type === 'xstate.done.actor.exchangeResetCode') expect(newEffects).toEqual([{ type: 'tellSessionToken', token: 'reset-session-token' }, { type: 'goToPasswordUpdated' }]);
  if (type === 'xstate.error.actor.exchangeResetCode') {
    // The password is saved all the same.
    expect(newEffects).toEqual([{ type: 'reportFailure', context: 'login: exchange code after password update' }, { type: 'goToPasswordUpdated' }]);
  }
  if (type === 'xstate.error.actor.savePassword') {
    const error = (Object.keys(ERRORS) as ErrorName[]).find((errorName) => ERRORS[errorName] === event.error) as ErrorName;
    expect(selectPasswordFailure(final)).toBe(EXPIRED.includes(error) ? 'linkExpired' : 'failed');
    expect(newEffects).toEqual([]);
  }
  if (type === 'resetLink.request') expect(newEffects).toEqual([{ type: 'askForNewResetLink' }]);
  // Nothing but the reset page saves, nothing but the sign-in passes provider results on.
  if (!query.reset_token) expect(effects.filter((effect) => effect.type === 'goToPasswordUpdated')).toEqual([]);
}

describe('login page machine, model-based', () => {
  it('keeps the generated paths few', () => {
    const total = models.reduce((sum, model) => sum + model.paths.length, 0);
    console.info(`login page model paths: ${total}`);
    expect(total).toBeLessThan(600);
  });

  describe.each(models.map((model) => [model.name, model] as const))('opened with %s', (name, model) => {
    it.each(model.paths.map((path) => [nameOf(path), path] as const))('%s', (_label, path) => {
      checkLastStep(name, path, replay(name, path));
    });
  });

  it('covers every state and transition of the machine', () => {
    // `choosing` only reads the query as the actor starts: never a state the actor rests in, so never in
    // a snapshot. Every start passes it, and its transitions are counted from the start's microsteps.
    recorder.reachedStates.add('loginPage.choosing');
    expectFullCoverage(recorder, 'loginPage');
  });
});
