import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, expectFullCoverage, generatePaths, generateTransitionCover } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import { AUTH_LIMITS } from '../../contract/auth';
import { InvalidInputError, StepUpRequiredError } from '../../services/account/errors';
import { HttpError } from '../../services/bff/client';
import { stepUpMachine } from '../step-up/step-up.machine';
import type { StepUpOutput } from '../step-up/step-up.types';
import { passwordChangeMachine } from './password-change.machine';
import { passwordProblems } from './password-change.rules';
import type { PasswordChangeEvent } from './password-change.types';

/*
 * The password change machine, walked with the harness: passwords that follow the rules, too short ones
 * and mismatched confirmations; the step-up child's outcomes (a token, or the member gave up); and the
 * BFF's answers fed as events (changed, token refused, 400 at the password, 500). Each path is replayed on
 * a real actor whose change records what it was sent: nothing is sent that breaks the rules, nothing
 * without a token from a step-up of this attempt, and what was typed survives every refusal.
 */

const never = <T,>() => new Promise<T>(() => undefined);
const GOOD = 'correct horse battery staple';
const SHORT = 'x'.repeat(AUTH_LIMITS.passwordMinLength - 1);

const recorded = { sent: [] as { password: string; confirmation: string; stepUpToken: string }[] };
const machine = passwordChangeMachine.provide({
  actors: {
    stepUp: stepUpMachine.provide({ actors: { sendCode: fromPromise(() => never()), verifyCode: fromPromise(() => never()) } }),
    changePassword: fromPromise<undefined, { password: string; confirmation: string; stepUpToken: string }>(({ input }) => {
      recorded.sent.push(input);
      return never();
    }),
  },
});
type Snapshot = SnapshotFrom<typeof machine>;
type Path = MachinePath<typeof machine>;

const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as PasswordChangeEvent;
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as PasswordChangeEvent;
const VERIFIED: StepUpOutput = { outcome: 'verified', token: 'step-up-token', expiresInSeconds: 600 };
const ERRORS = { stepUpRequired: new StepUpRequiredError(), passwordRefused: new InvalidInputError(['password']), unavailable: new HttpError(500) } as const;

const EVENTS: PasswordChangeEvent[] = [
  { type: 'password.start' },
  { type: 'password.submit', password: GOOD, confirmation: GOOD },
  { type: 'password.submit', password: SHORT, confirmation: SHORT },
  { type: 'password.submit', password: GOOD, confirmation: `${GOOD}!` },
  { type: 'password.cancel' },
  { type: 'password.dismiss' },
  done('stepUp', VERIFIED),
  done('stepUp', { outcome: 'cancelled' } satisfies StepUpOutput),
  done('changePassword'),
  ...Object.values(ERRORS).map((error) => failed('changePassword', error)),
];

const serializeState = (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context]);
const options = { events: EVENTS, serializeState, input: undefined as never };
const paths = [...generatePaths(machine, options), ...generateTransitionCover(machine, options)];
const recorder = new CoverageRecorder(machine);

function label(event: { type: string; password?: string; confirmation?: string; output?: unknown; error?: unknown }): string {
  if (event.type === 'password.submit') return `submit(${event.password === SHORT ? 'short' : event.confirmation === event.password ? 'good' : 'mismatch'})`;
  if (event.type === 'xstate.done.actor.stepUp') return `stepUp(${(event.output as StepUpOutput).outcome})`;
  if (event.type === 'xstate.done.actor.changePassword') return 'changed';
  if (event.type.startsWith('xstate.error.actor.')) return `error(${(event.error as Error).name} ${(event.error as HttpError).status})`;
  return event.type;
}
const nameOf = (path: Path) => {
  const steps = path.steps.map((step) => step.event as Parameters<typeof label>[0]).filter((event) => event.type !== 'xstate.init');
  return `${steps.length ? steps.map(label).join(' → ') : 'start'} ⇒ ${JSON.stringify(path.state.value)}`;
};

describe('password change machine, model-based', () => {
  it('keeps the generated paths few', () => {
    console.info(`password change model paths: ${paths.length}`);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.length).toBeLessThan(1500);
  });

  it.each(paths.map((path) => [nameOf(path), path] as const))('%s', (_name, path) => {
    recorded.sent = [];
    const actor = createActor(machine, { inspect: recorder.inspect });
    actor.start();
    let tokensGiven = 0;
    for (const step of path.steps) {
      const event = step.event as { type: string; password?: string; confirmation?: string; error?: unknown };
      if (event.type === 'xstate.init') continue;
      const before = actor.getSnapshot();
      actor.send(step.event);
      const after = actor.getSnapshot();
      expect(after.value, `after ${label(event)}`).toEqual(step.state.value);
      if (event.type === 'xstate.done.actor.stepUp' && after.matches('saving')) tokensGiven += 1;
      // One request per token, with the password as typed, never one that breaks the rules.
      expect(recorded.sent.length).toBe(tokensGiven);
      for (const sent of recorded.sent) {
        expect(passwordProblems(sent.password, sent.confirmation)).toEqual({});
        expect(sent.stepUpToken).toBe(VERIFIED.token);
      }
      if (!after.matches('saving')) expect(after.context.stepUpToken).toBeNull();
      // A submit that breaks a rule stays in the form with the problem named and the text kept.
      if (event.type === 'password.submit' && before.matches('editing')) {
        const problems = passwordProblems(event.password ?? '', event.confirmation ?? '');
        expect(after.context.problems).toEqual(problems);
        expect(after.context.password).toBe(event.password);
        expect(after.matches(Object.keys(problems).length ? 'editing' : 'provingMailbox')).toBe(true);
      }
      // Refusals keep what was typed.
      if (event.type.startsWith('xstate.error.actor.') && !(event.error instanceof StepUpRequiredError)) {
        expect(after.matches('editing')).toBe(true);
        expect(after.context.password).toBe(before.context.password);
        if (event.error instanceof InvalidInputError) expect(after.context.problems).toEqual({ password: 'rejected' });
        else expect(after.context.failed).toBe(true);
      }
      if (event.error instanceof StepUpRequiredError) expect(after.matches('provingMailbox')).toBe(true);
      // Once changed, or cancelled, nothing of the password stays in memory.
      if (after.matches('changed') || after.matches('idle')) expect(after.context.password).toBe('');
    }
    actor.stop();
  });

  it('covers every state and transition of the machine', () => {
    expectFullCoverage(recorder, 'passwordChange');
  });
});
