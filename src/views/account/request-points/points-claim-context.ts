import { createActorContext } from '@xstate/react';
import { pointsClaimMachine } from '../../../machines/points-claim/points-claim.machine';

/** The request-points actor starts with the page's provider, never at module scope. */
export const PointsClaimActorContext = createActorContext(pointsClaimMachine);
