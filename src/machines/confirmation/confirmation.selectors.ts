import type { SnapshotFrom } from 'xstate';
import type { confirmationMachine } from './confirmation.machine';

type ConfirmationSnapshot = Pick<SnapshotFrom<typeof confirmationMachine>, 'hasTag'>;

/** The mail link's token is being traded for access: the page waits before loading the order. */
export const selectLinkPending = (snapshot: ConfirmationSnapshot): boolean => snapshot.hasTag('linkPending');
