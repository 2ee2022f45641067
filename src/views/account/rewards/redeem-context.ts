import { createActorContext } from '@xstate/react';
import { redeemMachine } from '../../../machines/redeem/redeem.machine';

/** The redeem actor starts with the rewards page's provider, never at module scope. */
export const RedeemActorContext = createActorContext(redeemMachine);
