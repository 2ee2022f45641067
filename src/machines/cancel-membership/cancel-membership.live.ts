import { fromPromise } from 'xstate';
import { confirmMembershipCancellation, requestMembershipCancellation } from '../../services/account/account-api';
import type { AuthAccess } from '../../services/account/requests';
import { cancelMembershipMachine } from './cancel-membership.machine';

/** What leaving needs from the page it runs on. */
export interface CancelMembershipEdge {
  /** The access as it is when a call starts (a renewed token must not restart the machine). */
  access(): AuthAccess;
  /** Ends the session exactly as the header's Sign out does (the session's `logout`). */
  endSession(): void;
}

/** The machine with the BFF's two calls of leaving and the session's logout. */
export function createLiveCancelMembershipLogic({ access, endSession }: CancelMembershipEdge) {
  return cancelMembershipMachine.provide({
    actors: {
      requestCancellation: fromPromise(({ signal }) => requestMembershipCancellation(access(), { signal })),
      confirmCancellation: fromPromise(({ input, signal }) => confirmMembershipCancellation(access(), input, { signal })),
    },
    actions: { endSession: () => endSession() },
  });
}
