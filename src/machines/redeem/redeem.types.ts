import type { BuyVoucherResponseSchema } from '../../contract/loyalty';
import type * as v from 'valibot';

/** The reward a member chose to buy, as the catalogue shows it. */
export interface ChosenReward {
  id: string;
  name: string;
  points: number;
}

/** What buying answered: the voucher, the reward and the balance left. */
export type Redemption = v.InferOutput<typeof BuyVoucherResponseSchema>['data'];

/**
 * Why a purchase failed; the view words it. `insufficientPoints`: the balance no longer covers the price
 * (spent elsewhere meanwhile), nothing was spent; `unknownReward`: the reward left the catalogue;
 * `failed`: no answer or an unexpected one (it can be tried again).
 */
export type RedeemFailure = 'insufficientPoints' | 'unknownReward' | 'failed';

export interface RedeemContext {
  /** The reward being confirmed, bought or just bought. */
  reward: ChosenReward | null;
  redemption: Redemption | null;
  failure: RedeemFailure | null;
  /** The step-up token of a large redemption (STEP_UP_POINTS_THRESHOLD), spent by one purchase. */
  stepUpToken: string | null;
}

export type RedeemEvent =
  /** "Redeem" on a reward of the catalogue: the confirmation opens. */
  | { type: 'reward.choose'; reward: ChosenReward }
  /** The confirmation's "Redeem … points" (or "Try again" after a failure). */
  | { type: 'redeem.confirm' }
  /** The confirmation closed without buying (Cancel, Escape). */
  | { type: 'redeem.cancel' }
  /** The message of a purchase closed. */
  | { type: 'redeem.dismiss' };

export interface RedeemActorTypes {
  buyReward: { input: { rewardId: string; stepUpToken: string | null }; output: Redemption };
}
