import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, expectFullCoverage, generatePaths, generateTransitionCover } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import { MEMBER_PROFILE } from '../../../test/auth/members';
import { AUTH_LIMITS } from '../../contract/auth';
import { InvalidInputError, RateLimitedError, StepUpRequiredError } from '../../services/account/errors';
import { HttpError } from '../../services/bff/client';
import { stepUpMachine } from '../step-up/step-up.machine';
import { CODE_LIFETIME_MS, isCodeFormat } from '../step-up/step-up.rules';
import type { StepUpOutput } from '../step-up/step-up.types';
import { emailChangeMachine } from './email-change.machine';
import { emailProblem } from './email-change.rules';
import { selectEmailChangeView } from './email-change.selectors';
import type { EmailChanged, EmailChangeEvent } from './email-change.types';

/*
 * The email change, walked with the harness: the step-up child's outcomes (verified, cancelled), new
 * addresses typed right, as the current one, malformed and empty, codes typed right and too short, new
 * codes, another address, giving up, the code's ten minutes on a simulated clock, and the BFF's answers
 * fed as events (the request: mailed, step-up required, address refused, 429, 500; the confirmation: done,
 * code refused, taken meanwhile, 429, 500; a new code: mailed, no change pending, 429, 500). Each path is
 * replayed on a real actor whose calls record what they were asked: an address goes out only when it
 * passes the checks, always with a step-up token from a verified step-up, never one a request took; a code
 * is checked only when it has six digits; the session adopts the new token exactly once, after the
 * confirmation, and never otherwise.
 */

const CURRENT = 'anna@example.com';
const never = <T,>() => new Promise<T>(() => undefined);

const EMAILS = { new: 'Anna.New@example.com ', current: ' ANNA@example.com', malformed: 'anna@', empty: '' } as const;
const CODES = { right: '654 321', short: '12' } as const;
const VERIFIED: StepUpOutput = { outcome: 'verified', token: 'step-up-token', expiresInSeconds: 300 };
const CANCELLED: StepUpOutput = { outcome: 'cancelled' };
const CHANGED: EmailChanged = { profile: { ...MEMBER_PROFILE, email: 'anna.new@example.com' }, token: 'new-session-token' };

const REQUEST_ERRORS = { stepUp: new StepUpRequiredError(), refused: new InvalidInputError(['email']), limited: new RateLimitedError(600), unavailable: new HttpError(500) } as const;
const CONFIRM_ERRORS = { rejected: new InvalidInputError(['code']), taken: new HttpError(409), limited: new RateLimitedError(60), unavailable: new HttpError(500) } as const;
const RESEND_ERRORS = { noRequest: new HttpError(409), limited: new RateLimitedError(300), unavailable: new HttpError(500) } as const;

const recorded = { requests: [] as { email: string; stepUpToken: string | null }[], confirmations: [] as string[], resends: 0, adopted: [] as EmailChanged[] };
const machine = emailChangeMachine.provide({
  actors: {
    // The real step-up, whose calls never answer: its outcome is fed to the parent as an event.
    stepUp: stepUpMachine.provide({ actors: { sendCode: fromPromise(() => never<unknown>()), verifyCode: fromPromise(() => never()) } }),
    requestChange: fromPromise<unknown, { email: string; stepUpToken: string | null }>(({ input }) => {
      recorded.requests.push(input);
      return never();
    }),
    resendCode: fromPromise<unknown, undefined>(() => {
      recorded.resends += 1;
      return never();
    }),
    confirmChange: fromPromise<EmailChanged, { code: string }>(({ input }) => {
      recorded.confirmations.push(input.code);
      return never();
    }),
  },
  actions: { adoptSession: (_, { changed }) => void recorded.adopted.push(changed) },
});
type Snapshot = SnapshotFrom<typeof machine>;
type Path = MachinePath<typeof machine>;

const LIFETIME = { type: 'xstate.after.codeLifetime.emailChange.confirming' } as unknown as EmailChangeEvent;
const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as EmailChangeEvent;
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as EmailChangeEvent;

const EVENTS: EmailChangeEvent[] = [
  { type: 'change.open' },
  { type: 'change.cancel' },
  { type: 'change.close' },
  ...Object.values(EMAILS).map((email) => ({ type: 'email.submit' as const, email })),
  { type: 'email.edit' },
  ...Object.values(CODES).map((code) => ({ type: 'code.submit' as const, code })),
  { type: 'code.resend' },
  LIFETIME,
  done('stepUp', VERIFIED),
  done('stepUp', CANCELLED),
  done('requestChange'),
  ...Object.values(REQUEST_ERRORS).map((error) => failed('requestChange', error)),
  done('confirmChange', CHANGED),
  ...Object.values(CONFIRM_ERRORS).map((error) => failed('confirmChange', error)),
  done('resendCode'),
  ...Object.values(RESEND_ERRORS).map((error) => failed('resendCode', error)),
];

const serializeState = (snapshot: Snapshot) => {
  const { context } = snapshot;
  return JSON.stringify([
    snapshot.value,
    context.emailProblem,
    context.codeProblem,
    context.failure,
    context.rejections,
    context.stepUpToken !== null,
    context.sendAfterStepUp,
    context.expiredBy,
  ]);
};
const options = { events: EVENTS, serializeState, input: { currentEmail: CURRENT } };
const paths = [...generatePaths(machine, options), ...generateTransitionCover(machine, options)];
const recorder = new CoverageRecorder(machine);

const nameIn = (record: Record<string, unknown>, value: unknown) => Object.keys(record).find((key) => record[key] === value) ?? String(value);
function label(event: { type: string; email?: string; code?: string; output?: unknown; error?: unknown }): string {
  if (event.type === 'email.submit') return `email(${nameIn(EMAILS, event.email)})`;
  if (event.type === 'code.submit') return `code(${nameIn(CODES, event.code)})`;
  if (event.type === LIFETIME.type) return '10 minutes pass';
  if (event.type === 'xstate.done.actor.stepUp') return `step-up ${(event.output as StepUpOutput).outcome}`;
  if (event.type.startsWith('xstate.done.actor.')) return `${event.type.slice('xstate.done.actor.'.length)} done`;
  if (event.type.startsWith('xstate.error.actor.')) {
    const id = event.type.slice('xstate.error.actor.'.length);
    const errors = id === 'requestChange' ? REQUEST_ERRORS : id === 'confirmChange' ? CONFIRM_ERRORS : RESEND_ERRORS;
    return `${id} ${nameIn(errors, event.error)}`;
  }
  return event.type;
}
const nameOf = (path: Path) => {
  const steps = path.steps.map((step) => step.event as Parameters<typeof label>[0]).filter((event) => event.type !== 'xstate.init');
  return `${steps.length ? steps.map(label).join(' → ') : 'start'} ⇒ ${JSON.stringify(path.state.value)}`;
};

describe('the check of a new address', () => {
  it('names an empty, a malformed and the current address; takes another in any case', () => {
    expect(emailProblem(EMAILS.empty, CURRENT)).toBe('required');
    expect(emailProblem(EMAILS.malformed, CURRENT)).toBe('format');
    expect(emailProblem(EMAILS.current, CURRENT)).toBe('same');
    expect(emailProblem(EMAILS.new, CURRENT)).toBeNull();
  });
});

describe('email change machine, model-based', () => {
  it('keeps the generated paths few', () => {
    console.info(`email-change model paths: ${paths.length}`);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.length).toBeLessThan(3000);
  });

  it.each(paths.map((path) => [nameOf(path), path] as const))('%s', (_name, path) => {
    Object.assign(recorded, { requests: [], confirmations: [], resends: 0, adopted: [] });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { input: { currentEmail: CURRENT }, inspect: recorder.inspect, clock });
    actor.start();
    // A token taken by a request is spent; one whose request failed may go again (the BFF answers 403 if not).
    let tokenSpent = true;
    const expected = { requests: 0, confirmations: 0, resends: 0, adopted: 0 };
    for (const step of path.steps) {
      const event = step.event as { type: string; email?: string; code?: string; output?: unknown; error?: unknown };
      if (event.type === 'xstate.init') continue;
      const before = actor.getSnapshot();
      if (event.type === LIFETIME.type) clock.increment(CODE_LIFETIME_MS);
      else actor.send(step.event);
      const after = actor.getSnapshot();
      expect(after.value, `after ${label(event)}`).toEqual(step.state.value);
      if (event.type === 'xstate.done.actor.stepUp' && (event.output as StepUpOutput).outcome === 'verified') tokenSpent = false;
      if (before.matches('requesting') && event.type === 'xstate.done.actor.requestChange') tokenSpent = true;

      if (!before.matches('requesting') && after.matches('requesting')) {
        expected.requests += 1;
        const request = recorded.requests.at(-1);
        // The address as checked (trimmed), sent with a verified step-up's token not spent yet.
        expect(request?.email).toBe(after.context.newEmail);
        expect(emailProblem(request?.email ?? '', CURRENT)).toBeNull();
        expect(request?.stepUpToken).toBe(VERIFIED.token);
        expect(tokenSpent).toBe(false);
      }
      if (!before.matches({ confirming: 'verifying' }) && after.matches({ confirming: 'verifying' })) {
        expected.confirmations += 1;
        expect(isCodeFormat(event.code ?? '')).toBe(true);
        expect(recorded.confirmations.at(-1)).toBe('654321');
      }
      if (!before.matches({ confirming: 'resending' }) && after.matches({ confirming: 'resending' })) expected.resends += 1;
      if (before.matches({ confirming: 'verifying' }) && event.type === 'xstate.done.actor.confirmChange') expected.adopted += 1;
      expect(recorded.requests.length).toBe(expected.requests);
      expect(recorded.confirmations.length).toBe(expected.confirmations);
      expect(recorded.resends).toBe(expected.resends);
      expect(recorded.adopted.length, 'the session adopts the new token only after the confirmation').toBe(expected.adopted);
      if (expected.adopted) expect(recorded.adopted.at(-1)).toBe(CHANGED);
      checkView(before, after, event);
    }
    actor.stop();
  });

  it('covers every state and transition of the machine', () => {
    expectFullCoverage(recorder, 'email-change');
  });
});

function checkView(before: Snapshot, after: Snapshot, event: { type: string; email?: string; code?: string; output?: unknown; error?: unknown }) {
  const view = selectEmailChangeView(after);
  if (after.matches('idle')) expect(view).toEqual({ step: 'closed' });
  if (after.matches('provingIdentity')) {
    // The view renders the running step-up child.
    expect(view.step).toBe('stepUp');
    expect(view.step === 'stepUp' && view.stepUp?.getSnapshot().value).toBeTruthy();
  }
  if (event.type === 'email.submit' && after.matches('editing')) {
    // Refused at the field, kept as typed, nothing sent.
    expect(view).toMatchObject({ step: 'email', busy: false, email: event.email, problem: emailProblem(event.email ?? '', CURRENT) });
  }
  if (before.matches('requesting') && after.matches('editing')) {
    if (event.error === REQUEST_ERRORS.refused) expect(view).toMatchObject({ problem: 'format', failure: null });
    else expect(view).toMatchObject({ problem: null, failure: event.error === REQUEST_ERRORS.limited ? 'tooMany' : 'failed', retryAfterSeconds: event.error === REQUEST_ERRORS.limited ? 600 : null });
    // What was typed is still there.
    expect(after.context.newEmail).toBe(before.context.newEmail);
  }
  if (before.matches('requesting') && after.matches('confirming')) {
    expect(view).toMatchObject({ step: 'code', email: EMAILS.new.trim(), problem: null, failure: null, resent: false });
    expect(after.context.stepUpToken).toBeNull();
  }
  if (before.matches({ confirming: 'verifying' }) && event.type.startsWith('xstate.error.actor.')) {
    if (after.matches('codeExpired')) {
      expect(before.context.rejections).toBe(AUTH_LIMITS.otpMaxAttempts - 1);
      expect(view).toEqual({ step: 'expired', email: EMAILS.new.trim(), expiredBy: 'attempts' });
    } else if (event.error === CONFIRM_ERRORS.rejected) expect(view).toMatchObject({ step: 'code', problem: 'rejected', code: '654321' });
    else if (event.error === CONFIRM_ERRORS.taken) expect(view).toMatchObject({ step: 'email', failure: 'taken', email: EMAILS.new.trim() });
    else expect(view).toMatchObject({ step: 'code', problem: null, failure: event.error === CONFIRM_ERRORS.limited ? 'tooMany' : 'failed' });
  }
  if (before.matches({ confirming: 'resending' }) && event.type === 'xstate.done.actor.resendCode') expect(view).toMatchObject({ step: 'code', resent: true, problem: null });
  if (before.matches({ confirming: 'resending' }) && event.error === RESEND_ERRORS.noRequest) expect(view).toMatchObject({ step: 'email', failure: 'noRequest' });
  if (event.type === LIFETIME.type && before.matches('confirming')) expect(view).toMatchObject({ step: 'expired', expiredBy: 'time' });
  if (after.matches('changed')) {
    expect(view).toEqual({ step: 'changed', email: CHANGED.profile.email });
    expect(after.context.currentEmail).toBe(CHANGED.profile.email);
  }
}

describe('the email change after its step-up token was spent', () => {
  it('proves the mailbox again before another address is sent, then sends it without a second click', () => {
    Object.assign(recorded, { requests: [], confirmations: [], resends: 0, adopted: [] });
    const actor = createActor(machine, { input: { currentEmail: CURRENT } });
    actor.start();
    actor.send({ type: 'change.open' });
    actor.send(done('stepUp', VERIFIED));
    actor.send({ type: 'email.submit', email: 'first@example.com' });
    actor.send(done('requestChange'));
    actor.send({ type: 'email.edit' });
    actor.send({ type: 'email.submit', email: 'second@example.com' });
    expect(actor.getSnapshot().value).toBe('provingIdentity');
    actor.send(done('stepUp', { ...VERIFIED, token: 'second-token' }));
    expect(actor.getSnapshot().value).toBe('requesting');
    expect(recorded.requests).toEqual([
      { email: 'first@example.com', stepUpToken: VERIFIED.token },
      { email: 'second@example.com', stepUpToken: 'second-token' },
    ]);
    actor.stop();
  });
});
