import { useMemo } from 'react';
import type { ReactNode } from 'react';
import type { Locale } from '../../../contract/locales';
import { createLiveRedeemLogic } from '../../../machines/redeem/redeem.live';
import { useLoyaltyEdge } from '../member-area/use-loyalty-edge';
import { RedeemActorContext } from './redeem-context';

/**
 * Runs the redeem machine for the rewards page, with its effects bound: the purchase in the page's
 * locale, and after it the member's loyalty queries read again and the session's member (the header's
 * balance) reloaded. The actor starts in the browser with the page.
 */
export function RedeemProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const edge = useLoyaltyEdge();
  const logic = useMemo(() => createLiveRedeemLogic({ ...edge, locale }), [edge, locale]);
  return <RedeemActorContext.Provider logic={logic}>{children}</RedeemActorContext.Provider>;
}
