import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { todayInBerlin } from '../../../contract/calendar-dates';
import { createLivePointsClaimLogic } from '../../../machines/points-claim/points-claim.live';
import { useLoyaltyEdge } from '../member-area/use-loyalty-edge';
import { PointsClaimActorContext } from './points-claim-context';

/** Runs the request-points machine for the page: requests sent with the member's token, the points read again after one is taken. */
export function PointsClaimProvider({ children }: { children: ReactNode }) {
  const { access, refreshBalance } = useLoyaltyEdge();
  const logic = useMemo(() => createLivePointsClaimLogic({ access, refreshClaims: refreshBalance }), [access, refreshBalance]);
  // The day the page opened (Berlin): the checks of a stay's dates use it.
  const [input] = useState(() => ({ today: todayInBerlin() }));
  return (
    <PointsClaimActorContext.Provider logic={logic} options={{ input }}>
      {children}
    </PointsClaimActorContext.Provider>
  );
}
