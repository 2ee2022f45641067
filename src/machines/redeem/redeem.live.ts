import { fromPromise } from 'xstate';
import { buyReward } from '../../services/loyalty/api';
import { createLiveStepUpLogic, type StepUpEdge } from '../step-up/step-up.live';
import { redeemMachine } from './redeem.machine';

/** What redeeming needs from the page it runs on (the step-up's access and locale among it). */
export interface RedeemEdge extends StepUpEdge {
  /** Reads the member's points again everywhere: the page's loyalty queries and the header's balance. */
  refreshBalance(): void;
}

/** The machine with the step-up, the BFF's purchase (voucher names in the page's locale) and the page's refresh. */
export function createLiveRedeemLogic({ access, locale, refreshBalance }: RedeemEdge) {
  return redeemMachine.provide({
    actors: {
      stepUp: createLiveStepUpLogic({ access, locale }),
      buyReward: fromPromise(({ input, signal }) => buyReward(access(), input.rewardId, locale, input.stepUpToken, { signal })),
    },
    actions: { refreshBalance: () => refreshBalance() },
  });
}
