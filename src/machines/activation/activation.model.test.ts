import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, expectFullCoverage, generatePaths, generateTransitionCover } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import type { ActivateRequest } from '../../contract/auth';
import { InvalidInputError } from '../../services/account/errors';
import { HttpError } from '../../services/bff/client';
import { activationMachine } from './activation.machine';
import { selectIsActivating, selectPage, selectPasswordQuestion } from './activation.selectors';
import type { ActivationAnswer, ActivationEvent, ActivationInput } from './activation.types';

/*
 * The activation machine, walked with the harness from three links: one without a code, one opened in a
 * browser that keeps no registration proof, one in the browser that registered. The BFF's answers are fed
 * as events (every outcome, a failed request; for the password question also a wrong password and too many
 * of them). Each path is replayed on a real actor whose actors and effects record what they were asked;
 * after every path the last step is checked against its rule.
 */

const never = <T,>() => new Promise<T>(() => undefined);

type Effect = { type: 'forgetProof'; proof: string | null } | { type: 'signIn'; token: string | null } | { type: 'showActivated' };

/** What the actors and effects of the replay running now were asked (reset for each path). */
const recorded = { requests: [] as ActivateRequest[], effects: [] as Effect[] };

/** The machine with recording actors and effects; the requests never answer (the path's events do). */
const machine = activationMachine.provide({
  actors: {
    activate: fromPromise<ActivationAnswer, ActivateRequest>(({ input }) => {
      recorded.requests.push(input);
      return never();
    }),
  },
  actions: {
    forgetProof: (_, { proof }) => recorded.effects.push({ type: 'forgetProof', proof }),
    signIn: (_, { token }) => recorded.effects.push({ type: 'signIn', token }),
    showActivated: () => recorded.effects.push({ type: 'showActivated' }),
  },
});
type Snapshot = SnapshotFrom<typeof machine>;
type Path = MachinePath<typeof machine>;

const LINKS = {
  'no code': { token: null, readProofs: () => [] },
  'another browser': { token: 'code-1', readProofs: () => [] },
  'the registering browser': { token: 'code-1', readProofs: () => ['proof-1'] },
} satisfies Record<string, ActivationInput>;

const ANSWERS = {
  activated: { outcome: 'activated', token: 'session-token', registration_proof: 'proof-1' },
  'activated, no proof': { outcome: 'activated', token: 'session-token' },
  code_not_found: { outcome: 'code_not_found' },
  already_activated: { outcome: 'already_activated' },
  profile_fetch_error: { outcome: 'profile_fetch_error' },
  password_confirmation_needed: { outcome: 'password_confirmation_needed' },
} satisfies Record<string, ActivationAnswer>;

const ERRORS = {
  'wrong password': new InvalidInputError(['password']),
  '429': new HttpError(429),
  '500': new HttpError(500),
} as const;

const done = (id: string, answer: keyof typeof ANSWERS) => ({ type: `xstate.done.actor.${id}`, output: ANSWERS[answer] }) as unknown as ActivationEvent;
const failed = (id: string, error: keyof typeof ERRORS) => ({ type: `xstate.error.actor.${id}`, error: ERRORS[error] }) as unknown as ActivationEvent;

const EVENTS: ActivationEvent[] = [
  { type: 'activation.retry' },
  { type: 'password.submit', password: '' },
  { type: 'password.submit', password: 'chosen at registration' },
  { type: 'password.skip' },
  ...(Object.keys(ANSWERS) as (keyof typeof ANSWERS)[]).flatMap((answer) => [done('activate', answer), done('confirmActivation', answer)]),
  failed('activate', '500'),
  ...(Object.keys(ERRORS) as (keyof typeof ERRORS)[]).map((error) => failed('confirmActivation', error)),
];

// States differ by where the machine is and by what the next request or message depends on.
const serializeState = (snapshot: Snapshot) => {
  const { retried, typed, emptyPassword, passwordFailure, wrongPasswords } = snapshot.context;
  return JSON.stringify([snapshot.value, retried, typed, emptyPassword, passwordFailure, Math.min(wrongPasswords, 2)]);
};

const recorder = new CoverageRecorder(machine);

const modelsOf = (Object.keys(LINKS) as (keyof typeof LINKS)[]).map((link) => {
  const options = { input: LINKS[link], events: EVENTS, serializeState };
  return { link, paths: [...generatePaths(machine, options), ...generateTransitionCover(machine, options)] };
});

function replay(link: keyof typeof LINKS, path: Path) {
  const requests: ActivateRequest[] = [];
  const effects: Effect[] = [];
  Object.assign(recorded, { requests, effects });
  const actor = createActor(machine, { input: LINKS[link], inspect: recorder.inspect });
  actor.start();
  const snapshots: Snapshot[] = [actor.getSnapshot()];
  const requestsBefore: number[] = [requests.length];
  for (const step of path.steps) {
    if ((step.event as { type: string }).type === 'xstate.init') continue;
    actor.send(step.event);
    expect(actor.getSnapshot().value, `after ${step.event.type}`).toEqual(step.state.value);
    snapshots.push(actor.getSnapshot());
    requestsBefore.push(requests.length);
  }
  actor.stop();
  return { snapshots, requests, effects, requestsBefore };
}

function label(event: { type: string; output?: ActivationAnswer; error?: unknown; password?: string }): string {
  if (event.type.startsWith('xstate.done.actor.')) {
    const answer = (Object.keys(ANSWERS) as (keyof typeof ANSWERS)[]).find((name) => ANSWERS[name] === event.output);
    return `${event.type.replace('xstate.done.actor.', 'done:')}(${answer})`;
  }
  if (event.type.startsWith('xstate.error.actor.')) {
    const error = (Object.keys(ERRORS) as (keyof typeof ERRORS)[]).find((name) => ERRORS[name] === event.error);
    return `${event.type.replace('xstate.error.actor.', 'error:')}(${error})`;
  }
  if (event.type === 'password.submit') return `${event.type}(${event.password ? 'typed' : 'empty'})`;
  return event.type;
}

const nameOf = (path: Path) => {
  const steps = path.steps.map((step) => step.event as Parameters<typeof label>[0]).filter((event) => event.type !== 'xstate.init');
  return `${steps.length ? steps.map(label).join(' → ') : 'start'} ⇒ ${JSON.stringify(path.state.value)}`;
};

/** The rule for the last step of a path. */
function checkLastStep(link: keyof typeof LINKS, path: Path, result: ReturnType<typeof replay>) {
  const { snapshots, requests, effects, requestsBefore } = result;
  const final = snapshots.at(-1) as Snapshot;
  const before = snapshots.at(-2);
  const event = path.steps.at(-1)?.event as { type: string; output?: ActivationAnswer; error?: unknown; password?: string } | undefined;
  const newRequest = requests.length > (requestsBefore.at(-2) ?? 0) ? requests.at(-1) : undefined;

  if (!event || event.type === 'xstate.init') {
    // Opening the link: a link without a code sends nothing; otherwise the code goes out once, with the
    // proofs only when the browser keeps some.
    if (link === 'no code') {
      expect(selectPage(final)).toBe('linkBroken');
      expect(requests).toEqual([]);
    } else {
      expect(selectIsActivating(final)).toBe(true);
      expect(requests).toEqual([link === 'the registering browser' ? { token: 'code-1', registration_proofs: ['proof-1'] } : { token: 'code-1' }]);
    }
    return;
  }
  const { type } = event;
  if (type === 'activation.retry') {
    // A retry always sends the proofs this browser keeps, even none.
    expect(newRequest).toEqual({ token: 'code-1', registration_proofs: LINKS[link].readProofs() });
    expect(selectIsActivating(final)).toBe(true);
  }
  if (type === 'password.submit') {
    if (event.password) {
      expect(newRequest).toEqual({ token: 'code-1', password: event.password });
      expect(selectPasswordQuestion(final)).toMatchObject({ confirming: true, typed: true, emptyPassword: false, failure: null });
    } else {
      expect(newRequest).toBeUndefined();
      expect(selectPasswordQuestion(final)).toMatchObject({ confirming: false, emptyPassword: true });
    }
  }
  if (type === 'password.skip') {
    expect(newRequest).toEqual({ token: 'code-1', without_password: true });
    expect(selectPasswordQuestion(final)).toMatchObject({ confirming: true, typed: false, failure: null });
  }
  if (type.startsWith('xstate.done.actor.') && event.output) {
    const expected = {
      activated: 'activating',
      code_not_found: 'linkBroken',
      already_activated: 'alreadyActive',
      profile_fetch_error: 'profileUnavailable',
      password_confirmation_needed: 'passwordQuestion',
    } as const;
    expect(selectPage(final)).toBe(expected[event.output.outcome]);
    if (event.output.outcome === 'activated') {
      expect(final.value).toBe('activated');
      expect(final.status).toBe('done');
      // The proof is used up, the member signed in, and only then the page moves on.
      expect(effects).toEqual([
        { type: 'forgetProof', proof: event.output.registration_proof ?? null },
        { type: 'signIn', token: 'session-token' },
        { type: 'showActivated' },
      ]);
    } else {
      expect(effects).toEqual([]);
    }
  }
  if (type === 'xstate.error.actor.activate') {
    expect(selectPage(final)).toBe('failed');
    expect(selectIsActivating(final)).toBe(false);
  }
  if (type === 'xstate.error.actor.confirmActivation' && before) {
    const question = selectPasswordQuestion(final);
    expect(question.confirming).toBe(false);
    const wrong = event.error === ERRORS['wrong password'] && before.context.typed;
    expect(question.failure).toBe(wrong ? 'wrongPassword' : event.error === ERRORS['429'] ? 'tooManyAttempts' : 'failed');
    // Each wrong password counts, so the view moves the focus back to the field.
    expect(question.wrongPasswords).toBe(before.context.wrongPasswords + (wrong ? 1 : 0));
  }
}

describe('activation machine, model-based', () => {
  it('keeps the generated paths few', () => {
    const total = modelsOf.reduce((sum, model) => sum + model.paths.length, 0);
    console.info(`activation model paths: ${total}`);
    expect(total).toBeLessThan(1500);
  });

  describe.each(modelsOf.map((model) => [model.link, model] as const))('link from %s', (_, { link, paths }) => {
    it.each(paths.map((path) => [nameOf(path), path] as const))('%s', (_name, path) => {
      const result = replay(link, path);
      for (const snapshot of result.snapshots) {
        // The page is busy only while the link's code is on its way, and the password form only while an answer is.
        if (selectIsActivating(snapshot)) expect(selectPage(snapshot)).toBe('activating');
        if (selectPasswordQuestion(snapshot).confirming) expect(selectPage(snapshot)).toBe('passwordQuestion');
      }
      // No request ever goes out for a link without a code.
      if (link === 'no code') expect(result.requests).toEqual([]);
      checkLastStep(link, path, result);
    });
  });

  it('covers every state and transition of the machine', () => {
    expectFullCoverage(recorder, 'activation');
  });
});
