import { fromPromise } from 'xstate';
import type { Locale } from '../../contract/locales';
import { buyReward } from '../../services/loyalty/api';
import type { AuthAccess } from '../../services/account/requests';
import { redeemMachine } from './redeem.machine';

/** What redeeming needs from the page it runs on. */
export interface RedeemEdge {
  /** The access as it is when a purchase starts (a renewed token must not restart the machine). */
  access(): AuthAccess;
  locale: Locale;
  /** Reads the member's points again everywhere: the page's loyalty queries and the header's balance. */
  refreshBalance(): void;
}

/** The machine with the BFF's purchase (voucher names in the page's locale) and the page's refresh. */
export function createLiveRedeemLogic({ access, locale, refreshBalance }: RedeemEdge) {
  return redeemMachine.provide({
    actors: { buyReward: fromPromise(({ input, signal }) => buyReward(access(), input.rewardId, locale, { signal })) },
    actions: { refreshBalance: () => refreshBalance() },
  });
}
