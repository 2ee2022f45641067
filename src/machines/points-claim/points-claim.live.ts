import { fromPromise } from 'xstate';
import { requestPoints } from '../../services/loyalty/api';
import type { AuthAccess } from '../../services/account/requests';
import { pointsClaimMachine } from './points-claim.machine';

/** What asking for points needs from the page it runs on. */
export interface PointsClaimEdge {
  /** The access as it is when a request starts. */
  access(): AuthAccess;
  /** Reads the member's points, requests and stays without points again (and the header's balance). */
  refreshClaims(): void;
}

export function createLivePointsClaimLogic({ access, refreshClaims }: PointsClaimEdge) {
  return pointsClaimMachine.provide({
    actors: { sendClaim: fromPromise(({ input, signal }) => requestPoints(access(), input, { signal })) },
    actions: { refreshClaims: () => refreshClaims() },
  });
}
