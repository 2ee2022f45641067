import { createHmac, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { UuidSchema } from '../../src/contract/ecommerce';

/**
 * Signed capabilities that name one record (a uuid) and an expiry: `base64url(id:expiresSeconds).base64url(mac)`,
 * HMAC-SHA256 under a key derived from the server's HMAC secret with a label of each use's own (so a token
 * of one kind never passes as another's, nor as a one-time code's MAC), and over a purpose (so a mail link
 * is never an access key). Nothing is stored: a token stops working when it expires or the secret changes.
 */
export interface SignedIdTokens<Purpose extends string> {
  sign(purpose: Purpose, id: string, expiresAt: Date): Promise<string>;
  /** The id the token names, or null (absent, malformed, altered, another purpose, expired). */
  verify(purpose: Purpose, token: string | undefined): Promise<string | null>;
}

const TOKEN_PATTERN = /^[\w-]{1,200}\.[\w-]{43}$/;

export function createSignedIdTokens<Purpose extends string>({
  hmacKey,
  label,
  now,
}: {
  hmacKey: () => Promise<Buffer>;
  /** Derives this use's own key from the server's secret, e.g. `order-access-tokens/v1`. */
  label: string;
  now: () => Date;
}): SignedIdTokens<Purpose> {
  let derived: Promise<Buffer> | undefined;
  const key = () => (derived ??= hmacKey().then((secret) => createHmac('sha256', secret).update(label).digest()));
  const mac = async (purpose: Purpose, body: string) => createHmac('sha256', await key()).update(`${purpose}\n${body}`).digest();

  return {
    async sign(purpose, id, expiresAt) {
      const body = `${id}:${Math.floor(expiresAt.getTime() / 1000)}`;
      return `${Buffer.from(body).toString('base64url')}.${(await mac(purpose, body)).toString('base64url')}`;
    },
    async verify(purpose, token) {
      if (token === undefined || !TOKEN_PATTERN.test(token)) return null;
      const [encoded = '', signature = ''] = token.split('.');
      const body = Buffer.from(encoded, 'base64url').toString();
      const expected = await mac(purpose, body);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const [id = '', expires = ''] = body.split(':');
      if (!v.is(UuidSchema, id) || !/^\d{1,12}$/.test(expires)) return null;
      return Number(expires) * 1000 > now().getTime() ? id : null;
    },
  };
}
