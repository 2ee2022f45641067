import type { RateLimitRule } from '../auth/rate-limit';
import { createSignedIdTokens } from '../lib/signed-tokens';

/**
 * The second secret of a booking (decision record 0024). An order is read, cancelled or changed by its
 * member (bearer token) or by whoever holds an order access key: a token the server signs (HMAC-SHA256
 * under a key of its own, derived from the server's HMAC secret) naming the order's cart and an expiry.
 * The browser gets one when it pays a guest cart, by exchanging the signed link of the confirmation mail,
 * or by looking the booking up with its reservation number and the guest's last name or email. It
 * travels only in the X-Order-Access request header (never in an address, so request logs never see
 * it). Nothing is stored: a key works from every device it was given to, a provider redirect or a paid
 * retry loses nothing, and it stops working when it expires (or when the server's secret is changed).
 */

/** An access key lives a day; the page asks for a new one through the mail link or the lookup. */
export const ACCESS_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A mail link works until 30 days after check-out (and at least 30 days). */
export const LINK_AFTER_STAY_MS = 30 * 24 * 60 * 60 * 1000;

/** What a token is for: a link token must be exchanged (it was in an address) and is never an access key. */
type Purpose = 'order-access' | 'order-link';

export interface OrderAccessTokens {
  /** An access key for the order of this cart, valid for ACCESS_KEY_LIFETIME_MS. */
  accessKey(cartId: string): Promise<string>;
  /** The token of a confirmation mail's link, valid until `expiresAt`. */
  linkToken(cartId: string, expiresAt: Date): Promise<string>;
  /** The cart an access key names, or null (absent, altered, expired, or a link token). */
  verifyAccessKey(key: string | undefined): Promise<string | null>;
  /** The cart a mail link token names, or null. */
  verifyLinkToken(token: string): Promise<string | null>;
}

export function createOrderAccessTokens({ hmacKey, now }: { hmacKey: () => Promise<Buffer>; now: () => Date }): OrderAccessTokens {
  /** A key of its own, so nothing signed here can stand for a one-time code's MAC or the other way round. */
  const tokens = createSignedIdTokens<Purpose>({ hmacKey, label: 'order-access-tokens/v1', now });
  return {
    accessKey: (cartId) => tokens.sign('order-access', cartId, new Date(now().getTime() + ACCESS_KEY_LIFETIME_MS)),
    linkToken: (cartId, expiresAt) => tokens.sign('order-link', cartId, expiresAt),
    verifyAccessKey: (token) => tokens.verify('order-access', token),
    verifyLinkToken: (token) => tokens.verify('order-link', token),
  };
}

/** When a confirmation mail's link stops working: 30 days after the last check-out, and not sooner than 30 days from now. */
export function linkExpiry(checkOutDates: readonly string[], now: Date): Date {
  const lastCheckOut = Math.max(0, ...checkOutDates.map((date) => Date.parse(`${date}T00:00:00Z`)).filter(Number.isFinite));
  return new Date(Math.max(lastCheckOut, now.getTime()) + LINK_AFTER_STAY_MS);
}

/** How often the booking lookup may be tried (per 15 minutes), counted before each check. */
export const ORDER_LOOKUP_LIMITS = {
  perAddress: { name: 'order-lookup:address', limit: 20, windowSeconds: 15 * 60 },
  /** An owner locked out here still has the mail's link; a guesser gets five tries per number. */
  perReservation: { name: 'order-lookup:reservation', limit: 5, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;
