import { createSignedIdTokens } from '../lib/signed-tokens';

/**
 * The capabilities of a stay (decision record 0053), on the model of an order's access keys (0024): a guest
 * reaches the check-in and the hotel checkout of their stay by holding a token the server signed naming the
 * stay's id and an expiry. Link tokens travel in addresses (the pre-arrival mail, the QR code of the room's
 * card) and are only ever exchanged for an access key; the access key travels only in the X-Stay-Access
 * request header, so request logs never see it. Signed under a key of its own (derived from the server's
 * HMAC secret with its own label), so no order's token opens a stay and no stay's token opens an order.
 */

/** An access key lives a day; the page asks for a new one through the mail link, the room card or the lookup. */
export const STAY_ACCESS_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const STAY_ACCESS_HEADER = 'X-Stay-Access';

type Purpose = 'stay-access' | 'stay-link';

export interface StayAccessTokens {
  /** For mail links and the room's QR code (they are in URLs): must be exchanged, never an access key. */
  linkToken(stayId: string, expiresAt: Date): Promise<string>;
  /** The stay a link token names, or null (absent, altered, expired, or an access key). */
  verifyLinkToken(token: string): Promise<string | null>;
  /** For the X-Stay-Access request header; valid STAY_ACCESS_KEY_LIFETIME_MS (24 h). */
  accessKey(stayId: string): Promise<string>;
  /** The stay an access key names, or null (absent, altered, expired, or a link token). */
  verifyAccessKey(key: string | undefined): Promise<string | null>;
}

export function createStayAccessTokens({ hmacKey, now }: { hmacKey: () => Promise<Buffer>; now: () => Date }): StayAccessTokens {
  const tokens = createSignedIdTokens<Purpose>({ hmacKey, label: 'stay-access-tokens/v1', now });
  return {
    linkToken: (stayId, expiresAt) => tokens.sign('stay-link', stayId, expiresAt),
    verifyLinkToken: (token) => tokens.verify('stay-link', token),
    accessKey: (stayId) => tokens.sign('stay-access', stayId, new Date(now().getTime() + STAY_ACCESS_KEY_LIFETIME_MS)),
    verifyAccessKey: (key) => tokens.verify('stay-access', key),
  };
}

/** The stay tokens of an app: the same server secret and clock as its sign-in (pass the app's `auth`). */
export function stayAccessTokensOf(auth: { keys: { hmacKey(): Promise<Buffer> }; now: () => Date }): StayAccessTokens {
  return createStayAccessTokens({ hmacKey: () => auth.keys.hmacKey(), now: auth.now });
}
