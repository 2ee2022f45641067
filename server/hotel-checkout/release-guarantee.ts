import { and, eq, isNotNull } from 'drizzle-orm';
import { onlineCheckins } from '../db/schema';
import type { HotelCheckoutDeps } from './context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Releases the guarantee the online check-in held for the stay (a card's or PayPal's pre-authorisation)
 * once the bill is paid and the guest checked out: the hotel took its money through the bill, so the
 * held amount is given back to the guest's limit at once instead of when the authorisation expires.
 * Called by the one check-out call that won; the provider's cancel is idempotent, so a repeat is harmless.
 * A provider that does not answer never fails the check-out: the hold then runs out by itself, and the
 * log says which one is left.
 */
export async function releaseCheckinGuarantee(deps: Pick<HotelCheckoutDeps, 'db' | 'logger' | 'payments'>, stayId: string): Promise<void> {
  // Check-ins key stays by the hotel system's uuid; another system's id has no check-in to look up.
  if (!UUID.test(stayId)) return;
  const [guarantee] = await deps.db
    .select({ checkinId: onlineCheckins.id, paymentId: onlineCheckins.authorizedPaymentId })
    .from(onlineCheckins)
    .where(and(eq(onlineCheckins.stayId, stayId), eq(onlineCheckins.status, 'completed'), isNotNull(onlineCheckins.authorizedPaymentId)));
  if (!guarantee?.paymentId) return;
  if (!deps.payments) {
    deps.logger.log('error', 'check-in guarantee not released: no payment provider', { checkinId: guarantee.checkinId });
    return;
  }
  try {
    await deps.payments.cancel(guarantee.paymentId);
  } catch (error) {
    deps.logger.log('error', 'check-in guarantee not released', { checkinId: guarantee.checkinId, error });
  }
}
