import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, expectFullCoverage, generatePaths, generateTransitionCover } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import type { StepUp } from '../../contract/step-up';
import { AUTH_LIMITS } from '../../contract/auth';
import { InvalidInputError, RateLimitedError } from '../../services/account/errors';
import { HttpError } from '../../services/bff/client';
import { stepUpMachine } from './step-up.machine';
import { CODE_LIFETIME_MS, isCodeFormat, normalisedCode } from './step-up.rules';
import { selectStepUpView } from './step-up.selectors';
import type { StepUpEvent } from './step-up.types';

/*
 * The step-up machine, walked with the harness: codes typed right (with and without spaces), too short
 * and empty; new codes asked for; giving up; the code's ten minutes passing on a simulated clock; and the
 * BFF's answers fed as events (code mailed, limit with Retry-After, 500; token, code refused, 429, 500).
 * Each path is replayed on a real actor whose calls record what they were asked: a code is checked only
 * when it has six digits, without the spaces; a code is mailed on start, on every "new code" and after an
 * expiry, never otherwise; the output is the token exactly when the code was taken.
 */

const never = <T,>() => new Promise<T>(() => undefined);
const STEP_UP: StepUp = { step_up_token: 'step-up-1', expires_in: 300 };

const CODES = { right: '123456', spaced: '123 456', short: '12345', empty: '' } as const;
const ERRORS = {
  rejected: new InvalidInputError(['code']),
  limited: new RateLimitedError(120),
  unavailable: new HttpError(500),
} as const;

const recorded = { sent: 0, verified: [] as string[] };
const machine = stepUpMachine.provide({
  actors: {
    sendCode: fromPromise<unknown, undefined>(() => {
      recorded.sent += 1;
      return never();
    }),
    verifyCode: fromPromise<StepUp, { code: string }>(({ input }) => {
      recorded.verified.push(input.code);
      return never();
    }),
  },
});
type Snapshot = SnapshotFrom<typeof machine>;
type Path = MachinePath<typeof machine>;

const LIFETIME = { type: 'xstate.after.codeLifetime.stepUp.code' } as unknown as StepUpEvent;
const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as StepUpEvent;
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as StepUpEvent;

const EVENTS: StepUpEvent[] = [
  ...Object.values(CODES).map((code) => ({ type: 'stepUp.submit' as const, code })),
  { type: 'stepUp.resend' },
  { type: 'stepUp.cancel' },
  LIFETIME,
  done('sendCode'),
  failed('sendCode', ERRORS.limited),
  failed('sendCode', ERRORS.unavailable),
  done('verifyCode', STEP_UP),
  ...Object.values(ERRORS).map((error) => failed('verifyCode', error)),
  done('resendCode'),
  failed('resendCode', ERRORS.limited),
  failed('resendCode', ERRORS.unavailable),
];

// States differ by where the machine is, what it shows, and how many codes were refused in a row (the
// fifth ends the code).
const serializeState = (snapshot: Snapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.problem, snapshot.context.failure, snapshot.context.rejections, snapshot.context.expiredBy]);
const options = { events: EVENTS, serializeState, input: undefined as never };
const paths = [...generatePaths(machine, options), ...generateTransitionCover(machine, options)];
const recorder = new CoverageRecorder(machine);

function label(event: { type: string; code?: string; error?: unknown }): string {
  if (event.type === 'stepUp.submit') return `type(${(Object.keys(CODES) as (keyof typeof CODES)[]).find((name) => CODES[name] === event.code)})`;
  if (event.type === LIFETIME.type) return '10 minutes pass';
  if (event.type.startsWith('xstate.done.actor.')) return `${event.type.slice('xstate.done.actor.'.length)} done`;
  if (event.type.startsWith('xstate.error.actor.')) return `${event.type.slice('xstate.error.actor.'.length)} ${(event.error as HttpError).status}`;
  return event.type;
}
const nameOf = (path: Path) => {
  const steps = path.steps.map((step) => step.event as Parameters<typeof label>[0]).filter((event) => event.type !== 'xstate.init');
  return `${steps.length ? steps.map(label).join(' → ') : 'start'} ⇒ ${JSON.stringify(path.state.value)}`;
};

describe('step-up machine, model-based', () => {
  it('keeps the generated paths few', () => {
    console.info(`step-up model paths: ${paths.length}`);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.length).toBeLessThan(1500);
  });

  it.each(paths.map((path) => [nameOf(path), path] as const))('%s', (_name, path) => {
    Object.assign(recorded, { sent: 0, verified: [] });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { inspect: recorder.inspect, clock });
    actor.start();
    // A code is mailed as soon as the step-up starts.
    let expectedSent = 1;
    let expectedChecks = 0;
    expect(recorded.sent).toBe(1);
    for (const step of path.steps) {
      const event = step.event as { type: string; code?: string; error?: unknown };
      if (event.type === 'xstate.init') continue;
      const before = actor.getSnapshot();
      if (event.type === LIFETIME.type) clock.increment(CODE_LIFETIME_MS);
      else actor.send(step.event);
      const after = actor.getSnapshot();
      expect(after.value, `after ${label(event)}`).toEqual(step.state.value);
      const entered = (state: 'sending' | 'verifying' | 'resending') => {
        const at = (snapshot: Snapshot) => (state === 'sending' ? snapshot.matches('sending') : snapshot.matches({ code: state }));
        return !at(before) && at(after);
      };
      if (entered('sending') || entered('resending')) expectedSent += 1;
      if (entered('verifying')) {
        expectedChecks += 1;
        // Only six digits are checked, as typed without the spaces.
        expect(isCodeFormat(event.code ?? '')).toBe(true);
        expect(recorded.verified.at(-1)).toBe(normalisedCode(event.code ?? ''));
      }
      expect(recorded.sent, `codes mailed after ${label(event)}`).toBe(expectedSent);
      expect(recorded.verified.length).toBe(expectedChecks);
      checkView(before, after, event);
    }
    actor.stop();
  });

  it('covers every state and transition of the machine', () => {
    expectFullCoverage(recorder, 'step-up');
  });
});

function checkView(before: Snapshot, after: Snapshot, event: { type: string; code?: string; error?: unknown }) {
  const view = selectStepUpView(after);
  if (event.type === 'stepUp.submit' && after.matches({ code: 'entering' })) {
    // A code of the wrong shape is named at the field and kept as typed; nothing is sent.
    expect(view).toMatchObject({ step: 'code', problem: 'format', code: event.code, busy: null });
  }
  if (before.matches({ code: 'verifying' }) && event.type.startsWith('xstate.error.actor.')) {
    const error = event.error;
    if (after.matches('expired')) {
      expect(before.context.rejections).toBe(AUTH_LIMITS.otpMaxAttempts - 1);
      expect(view).toEqual({ step: 'expired', expiredBy: 'attempts' });
    } else if (error === ERRORS.rejected) {
      expect(view).toMatchObject({ step: 'code', problem: 'rejected', failure: null, code: before.context.code });
      expect(after.context.rejections).toBe(before.context.rejections + 1);
    } else {
      expect(view).toMatchObject({ step: 'code', problem: null, failure: error === ERRORS.limited ? 'tooMany' : 'failed' });
    }
  }
  if (event.type.startsWith('xstate.error.actor.') && error(event) === ERRORS.limited) expect(after.context.retryAfterSeconds).toBe(120);
  if (before.matches({ code: 'resending' }) && event.type === 'xstate.done.actor.resendCode') {
    expect(view).toMatchObject({ step: 'code', resent: true, problem: null, failure: null });
    expect(after.context.rejections).toBe(0);
  }
  if (event.type === LIFETIME.type && before.matches('code')) expect(view).toEqual({ step: 'expired', expiredBy: 'time' });
  if (after.status === 'done') {
    expect(view).toEqual({ step: 'done' });
    expect(after.output).toEqual(
      after.matches('verified') ? { outcome: 'verified', token: STEP_UP.step_up_token, expiresInSeconds: STEP_UP.expires_in } : { outcome: 'cancelled' },
    );
  }
}

const error = (event: { error?: unknown }) => event.error;

describe('the step-up code’s lifetime', () => {
  it('starts again with each new code, and ends the code when it is over', () => {
    Object.assign(recorded, { sent: 0, verified: [] });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock });
    actor.start();
    actor.send(done('sendCode'));
    clock.increment(CODE_LIFETIME_MS - 60_000);
    actor.send({ type: 'stepUp.resend' });
    actor.send(done('resendCode'));
    clock.increment(CODE_LIFETIME_MS - 60_000);
    expect(actor.getSnapshot().value).toEqual({ code: 'entering' });
    clock.increment(60_000);
    expect(actor.getSnapshot().value).toBe('expired');
    actor.send({ type: 'stepUp.resend' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(recorded.sent).toBe(3);
    actor.stop();
  });
});
