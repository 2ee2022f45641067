import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, expectFullCoverage, generatePaths, generateTransitionCover } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import type { Passkey } from '../../contract/passkeys';
import { StepUpRequiredError } from '../../services/account/errors';
import { PasskeyAlreadyOnDevice, PasskeyPromptDismissed } from '../../services/account/passkeys';
import { HttpError } from '../../services/bff/client';
import { stepUpMachine } from '../step-up/step-up.machine';
import type { StepUpOutput } from '../step-up/step-up.types';
import { passkeyRegistrationMachine } from './passkey-registration.machine';
import { selectAdded, selectFailure, selectStep } from './passkey-registration.selectors';
import type { PasskeyRegistrationEvent } from './passkey-registration.types';

/*
 * The passkey registration machine, walked with the harness: names typed (or none), the step-up child's
 * outcomes (a token, or the member gave up) and the registration's answers fed as events (added, prompt
 * dismissed, passkey already on the device, step-up token refused, 500). Each path is replayed on a real
 * actor whose registration records what it was asked: nothing is registered without a token from the
 * step-up that ran for this attempt, a token is used once, and the list is read again after every passkey
 * added and never otherwise.
 */

const never = <T,>() => new Promise<T>(() => undefined);
const PASSKEY: Passkey = { id: '0b5a2c4e-7f1d-4a59-9b8e-3c2d1e0f9a8b', name: 'My laptop', createdAt: '2026-11-27T10:00:00.000Z', lastUsedAt: null };

const recorded = { registrations: [] as { stepUpToken: string; name: string }[], listReads: 0 };
const machine = passkeyRegistrationMachine.provide({
  actors: {
    // The step-up child is its own machine (step-up.model.test.ts); here only its outcome matters.
    stepUp: stepUpMachine.provide({ actors: { sendCode: fromPromise(() => never()), verifyCode: fromPromise(() => never()) } }),
    registerPasskey: fromPromise<Passkey, { stepUpToken: string; name: string }>(({ input }) => {
      recorded.registrations.push(input);
      return never();
    }),
  },
  actions: { passkeyAdded: () => void (recorded.listReads += 1) },
});
type Snapshot = SnapshotFrom<typeof machine>;
type Path = MachinePath<typeof machine>;

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as PasskeyRegistrationEvent;
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as PasskeyRegistrationEvent;
const VERIFIED: StepUpOutput = { outcome: 'verified', token: 'step-up-token', expiresInSeconds: 600 };
const ERRORS = {
  dismissed: new PasskeyPromptDismissed(),
  alreadyOnDevice: new PasskeyAlreadyOnDevice(),
  stepUpRequired: new StepUpRequiredError(),
  unavailable: new HttpError(500),
} as const;

const EVENTS: PasskeyRegistrationEvent[] = [
  { type: 'passkey.add', name: '  My laptop ' },
  { type: 'passkey.add', name: '' },
  { type: 'passkey.dismiss' },
  done('stepUp', VERIFIED),
  done('stepUp', { outcome: 'cancelled' } satisfies StepUpOutput),
  done('registerPasskey', PASSKEY),
  ...Object.values(ERRORS).map((error) => failed('registerPasskey', error)),
];

const serializeState = (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context]);
const options = { events: EVENTS, serializeState, input: undefined as never };
const paths = [...generatePaths(machine, options), ...generateTransitionCover(machine, options)];
const recorder = new CoverageRecorder(machine);

function label(event: { type: string; name?: string; output?: unknown; error?: unknown }): string {
  if (event.type === 'passkey.add') return `add(${JSON.stringify(event.name)})`;
  if (event.type === 'xstate.done.actor.stepUp') return `stepUp(${(event.output as StepUpOutput).outcome})`;
  if (event.type === 'xstate.done.actor.registerPasskey') return 'registered';
  if (event.type.startsWith('xstate.error.actor.')) return `error(${(event.error as Error).name}${event.error instanceof HttpError ? ` ${event.error.status}` : ''})`;
  return event.type;
}
const nameOf = (path: Path) => {
  const steps = path.steps.map((step) => step.event as Parameters<typeof label>[0]).filter((event) => event.type !== 'xstate.init');
  return `${steps.length ? steps.map(label).join(' → ') : 'start'} ⇒ ${JSON.stringify(path.state.value)}`;
};

describe('passkey registration machine, model-based', () => {
  it('keeps the generated paths few', () => {
    console.info(`passkey registration model paths: ${paths.length}`);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.length).toBeLessThan(1500);
  });

  it.each(paths.map((path) => [nameOf(path), path] as const))('%s', (_name, path) => {
    Object.assign(recorded, { registrations: [], listReads: 0 });
    const actor = createActor(machine, { inspect: recorder.inspect });
    actor.start();
    let tokensGiven = 0;
    let added = 0;
    for (const step of path.steps) {
      const event = step.event as { type: string; name?: string; output?: unknown; error?: unknown };
      if (event.type === 'xstate.init') continue;
      const before = actor.getSnapshot();
      actor.send(step.event);
      const after = actor.getSnapshot();
      expect(after.value, `after ${label(event)}`).toEqual(step.state.value);
      if (event.type === 'xstate.done.actor.stepUp' && after.matches('registering')) tokensGiven += 1;
      if (event.type === 'xstate.done.actor.registerPasskey') added += 1;
      // One registration per token the step-up gave, with that token and the name as typed, trimmed.
      expect(recorded.registrations.length).toBe(tokensGiven);
      if (after.matches('registering')) expect(recorded.registrations.at(-1)).toEqual({ stepUpToken: VERIFIED.token, name: after.context.name });
      // The token is forgotten once an attempt ends: the next one asks for a new code.
      if (!after.matches('registering')) expect(after.context.stepUpToken).toBeNull();
      // The list is read again after every passkey added, never otherwise.
      expect(recorded.listReads).toBe(added);
      checkView(before, after, event);
    }
    actor.stop();
  });

  it('covers every state and transition of the machine', () => {
    expectFullCoverage(recorder, 'passkeyRegistration');
  });
});

function checkView(before: Snapshot, after: Snapshot, event: { type: string; name?: string; error?: unknown }) {
  if (event.type === 'passkey.add') {
    expect(selectStep(after)).toBe('provingMailbox');
    expect(after.context.name).toBe((event.name ?? '').trim());
    expect(selectFailure(after)).toBeNull();
  }
  if (after.matches('added')) expect(selectAdded(after)).toEqual(PASSKEY);
  if (after.matches('failed') && before.matches('registering')) {
    const error = event.error;
    expect(selectFailure(after)).toBe(error instanceof PasskeyPromptDismissed ? 'dismissed' : error instanceof PasskeyAlreadyOnDevice ? 'alreadyOnDevice' : 'failed');
  }
  // A refused token sends the member back to a new code, not to a failure.
  if (event.error instanceof StepUpRequiredError) expect(selectStep(after)).toBe('provingMailbox');
  if (after.matches('idle')) expect(after.context).toEqual({ name: '', stepUpToken: null, added: null, failure: null });
}
