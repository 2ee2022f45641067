import { describe, expect, it } from 'vitest';
import { createOrderAccessTokens } from '../ecommerce/order-access';
import { createStayAccessTokens, STAY_ACCESS_KEY_LIFETIME_MS } from './stay-access';

/*
 * A stay's tokens: a link token is only a link token and an access key only an access key; an altered,
 * expired or foreign token (an order's, another server's) names no stay.
 */

const STAY = '3f1b3c2e-8c55-4a0e-9d1b-2f9a7f0c1d11';
const secret = Buffer.alloc(32, 7);
const start = new Date('2026-05-04T10:00:00Z');

function tokensAt(clock: { now: Date }, key = secret) {
  return createStayAccessTokens({ hmacKey: async () => key, now: () => clock.now });
}

const altered = (token: string) => {
  const [body = '', signature = ''] = token.split('.');
  const last = signature.at(-1) === 'A' ? 'B' : 'A';
  return `${body}.${signature.slice(0, -1)}${last}`;
};

describe('stay access tokens', () => {
  it('an access key names its stay for 24 hours, then nothing', async () => {
    const clock = { now: start };
    const tokens = tokensAt(clock);
    const key = await tokens.accessKey(STAY);
    expect(await tokens.verifyAccessKey(key)).toBe(STAY);
    clock.now = new Date(start.getTime() + STAY_ACCESS_KEY_LIFETIME_MS - 1000);
    expect(await tokens.verifyAccessKey(key)).toBe(STAY);
    clock.now = new Date(start.getTime() + STAY_ACCESS_KEY_LIFETIME_MS);
    expect(await tokens.verifyAccessKey(key)).toBeNull();
  });

  it('a link token names its stay until its expiry', async () => {
    const clock = { now: start };
    const tokens = tokensAt(clock);
    const expiresAt = new Date('2026-05-10T00:00:00Z');
    const link = await tokens.linkToken(STAY, expiresAt);
    expect(await tokens.verifyLinkToken(link)).toBe(STAY);
    clock.now = expiresAt;
    expect(await tokens.verifyLinkToken(link)).toBeNull();
  });

  it('refuses a token of the other purpose: a link is never an access key, nor the other way round', async () => {
    const tokens = tokensAt({ now: start });
    const link = await tokens.linkToken(STAY, new Date('2026-05-10T00:00:00Z'));
    const key = await tokens.accessKey(STAY);
    expect(await tokens.verifyAccessKey(link)).toBeNull();
    expect(await tokens.verifyLinkToken(key)).toBeNull();
  });

  it('refuses an altered token, a changed body, garbage and nothing', async () => {
    const tokens = tokensAt({ now: start });
    const key = await tokens.accessKey(STAY);
    expect(await tokens.verifyAccessKey(altered(key))).toBeNull();
    const other = '00000000-0000-4000-8000-000000000000';
    const [, signature] = key.split('.');
    const forged = `${Buffer.from(`${other}:${Math.floor(start.getTime() / 1000) + 3600}`).toString('base64url')}.${signature}`;
    expect(await tokens.verifyAccessKey(forged)).toBeNull();
    expect(await tokens.verifyAccessKey('not-a-token')).toBeNull();
    expect(await tokens.verifyAccessKey('')).toBeNull();
    expect(await tokens.verifyAccessKey(undefined)).toBeNull();
  });

  it("refuses another server's token and an order's token for the same id", async () => {
    const tokens = tokensAt({ now: start });
    const elsewhere = tokensAt({ now: start }, Buffer.alloc(32, 8));
    expect(await tokens.verifyAccessKey(await elsewhere.accessKey(STAY))).toBeNull();
    const orders = createOrderAccessTokens({ hmacKey: async () => secret, now: () => start });
    expect(await tokens.verifyAccessKey(await orders.accessKey(STAY))).toBeNull();
    expect(await tokens.verifyLinkToken(await orders.linkToken(STAY, new Date('2026-05-10T00:00:00Z')))).toBeNull();
    expect(await orders.verifyAccessKey(await tokens.accessKey(STAY))).toBeNull();
  });
});
