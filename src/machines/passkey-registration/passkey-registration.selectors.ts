import type { SnapshotFrom } from 'xstate';
import type { passkeyRegistrationMachine } from './passkey-registration.machine';

type Snapshot = SnapshotFrom<typeof passkeyRegistrationMachine>;

/** Which step the view shows. */
export function selectStep(snapshot: Snapshot): 'idle' | 'provingMailbox' | 'registering' | 'added' | 'failed' {
  return snapshot.value as ReturnType<typeof selectStep>;
}

export const selectAdded = (snapshot: Snapshot) => snapshot.context.added;
export const selectFailure = (snapshot: Snapshot) => snapshot.context.failure;
/** The step-up child while the code is asked for (its form renders it). */
export const selectStepUpChild = (snapshot: Snapshot) => snapshot.children.stepUp;
