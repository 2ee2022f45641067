import * as jose from 'jose';
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import type { Database } from '../db/database';
import { createKeyStore } from './keys';
import { defaultAuthSettings } from './settings';
import { createTokenService } from './tokens';

/** Configured keys: no database is touched (the stand-in throws if it were). */
const noDatabase = new Proxy(
  {},
  {
    get: () => {
      throw new Error('The database was used');
    },
  },
) as Database;
const now = () => new Date('2026-03-02T09:00:00Z');

async function storeWith(signingKey: string, secret?: string) {
  return createKeyStore({ db: noDatabase, settings: defaultAuthSettings({ signingKey, secret }), logger: createMemoryLogger(), now });
}

describe('configured keys (AUTH_SIGNING_KEY, AUTH_SECRET)', () => {
  it('signs with a PKCS#8 PEM key and publishes its public half', async () => {
    const { privateKey, publicKey } = await jose.generateKeyPair('ES256', { extractable: true });
    const keys = await storeWith(await jose.exportPKCS8(privateKey), 'k'.repeat(32));
    const tokens = createTokenService({ keys, issuer: 'test-issuer', now });
    const token = await tokens.accessToken({ memberGuid: 'member', sessionId: 'session', email: 'a@example.com' });
    await expect(jose.jwtVerify(token, publicKey, { currentDate: now() })).resolves.toBeTruthy();
    const { keys: published } = await tokens.jwks();
    expect(published[0]).toMatchObject({ ...(await jose.exportJWK(publicKey)), alg: 'ES256', use: 'sig' });
    expect(published[0]).not.toHaveProperty('d');
    expect((await keys.hmacKey()).toString()).toBe('k'.repeat(32));
  });

  it('takes a JWK as well, and refuses a key that is not P-256', async () => {
    const { privateKey } = await jose.generateKeyPair('ES256', { extractable: true });
    const keys = await storeWith(JSON.stringify(await jose.exportJWK(privateKey)));
    expect((await keys.signingKey()).publicJwk.crv).toBe('P-256');
    const rsa = await jose.generateKeyPair('RS256', { extractable: true });
    const wrong = await storeWith(JSON.stringify(await jose.exportJWK(rsa.privateKey)));
    await expect(wrong.signingKey()).rejects.toThrow(/P-256/);
  });
});
