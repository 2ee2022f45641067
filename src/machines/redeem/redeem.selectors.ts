import type { SnapshotFrom } from 'xstate';
import type { redeemMachine } from './redeem.machine';
import type { ChosenReward, RedeemFailure, Redemption } from './redeem.types';

type RedeemSnapshot = SnapshotFrom<typeof redeemMachine>;

/** What the confirmation dialog shows, or null when it is closed. */
export type RedeemDialog =
  | { step: 'confirm'; reward: ChosenReward; busy: boolean }
  /** A large redemption: the code mailed for it is asked for (the step-up child's form). */
  | { step: 'stepUp'; reward: ChosenReward }
  | { step: 'failed'; reward: ChosenReward; failure: RedeemFailure; canRetry: boolean };

export function selectRedeemDialog(snapshot: RedeemSnapshot): RedeemDialog | null {
  const { reward, failure } = snapshot.context;
  if (!reward) return null;
  if (snapshot.matches('confirming')) return { step: 'confirm', reward, busy: false };
  if (snapshot.matches('buying')) return { step: 'confirm', reward, busy: true };
  if (snapshot.matches('provingMailbox')) return { step: 'stepUp', reward };
  if (snapshot.matches('failed') && failure) return { step: 'failed', reward, failure, canRetry: failure === 'failed' };
  return null;
}

/** The step-up child while a large redemption asks for its code. */
export const selectStepUpChild = (snapshot: RedeemSnapshot) => snapshot.children.stepUp;

/** The purchase just made, shown above the catalogue until it is dismissed or another reward is chosen. */
export const selectRedemption = (snapshot: RedeemSnapshot): Redemption | null => (snapshot.matches('bought') ? snapshot.context.redemption : null);
