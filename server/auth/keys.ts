import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as jose from 'jose';
import type { Database } from '../db/database';
import { serverSecrets } from '../db/schema';
import type { Logger } from '../logger';
import type { AuthSettings } from './settings';

export interface SigningKey {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The public half as published at /auth/jwks.json (kid, alg, use set). */
  publicJwk: jose.JWK;
  kid: string;
}

export interface KeyStore {
  signingKey(): Promise<SigningKey>;
  /** The key of the one-time-code HMAC. */
  hmacKey(): Promise<Buffer>;
}

const SIGNING_KEY_NAME = 'session-signing-key';
const HMAC_KEY_NAME = 'one-time-code-hmac-key';

/**
 * The token signing key and the code HMAC key: from the configuration (AUTH_SIGNING_KEY, AUTH_SECRET)
 * when set, else generated on first use and kept in the server_secrets table, so every process on the
 * database and every restart uses the same keys. Loaded lazily: building the app touches no database.
 */
export function createKeyStore({
  db,
  settings,
  logger,
  now,
}: {
  db: Database;
  settings: AuthSettings;
  logger: Logger;
  now: () => Date;
}): KeyStore {
  let signing: Promise<SigningKey> | undefined;
  let hmac: Promise<Buffer> | undefined;

  /** Inserts the value unless another process was first, then reads whichever won. */
  async function storedSecret(name: string, generate: () => Promise<string>): Promise<string> {
    const [existing] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
    if (existing) return existing.value;
    if (settings.production) {
      logger.log('warn', 'no key configured: generating one and keeping it in the database', { key: name });
    }
    await db
      .insert(serverSecrets)
      .values({ name, value: await generate(), createdAt: now() })
      .onConflictDoNothing();
    const [stored] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
    if (!stored) throw new Error(`The ${name} could not be stored`);
    return stored.value;
  }

  async function loadSigningKey(): Promise<SigningKey> {
    let privateJwk: jose.JWK;
    if (settings.signingKey) {
      const text = settings.signingKey.trim();
      privateJwk = text.startsWith('{')
        ? (JSON.parse(text) as jose.JWK)
        : await jose.exportJWK(await jose.importPKCS8(text, 'ES256', { extractable: true }));
    } else {
      const stored = await storedSecret(SIGNING_KEY_NAME, async () => {
        const { privateKey } = await jose.generateKeyPair('ES256', { extractable: true });
        return JSON.stringify(await jose.exportJWK(privateKey));
      });
      privateJwk = JSON.parse(stored) as jose.JWK;
    }
    if (privateJwk.kty !== 'EC' || privateJwk.crv !== 'P-256' || !privateJwk.d)
      throw new Error('The signing key must be a P-256 private key');
    const privateKey = (await jose.importJWK(privateJwk, 'ES256')) as CryptoKey;
    const { d: _d, ...publicPart } = privateJwk;
    const kid = await jose.calculateJwkThumbprint(publicPart);
    const publicJwk: jose.JWK = {
      kty: publicPart.kty,
      crv: publicPart.crv,
      x: publicPart.x,
      y: publicPart.y,
      kid,
      alg: 'ES256',
      use: 'sig',
    };
    const publicKey = (await jose.importJWK(publicJwk, 'ES256')) as CryptoKey;
    return { privateKey, publicKey, kid, publicJwk };
  }

  async function loadHmacKey(): Promise<Buffer> {
    if (settings.secret) return Buffer.from(settings.secret, 'utf8');
    return Buffer.from(await storedSecret(HMAC_KEY_NAME, async () => randomBytes(32).toString('base64url')), 'base64url');
  }

  return {
    signingKey() {
      signing ??= loadSigningKey();
      signing.catch(() => (signing = undefined));
      return signing;
    },
    hmacKey() {
      hmac ??= loadHmacKey();
      hmac.catch(() => (hmac = undefined));
      return hmac;
    },
  };
}
