import { randomBytes } from 'node:crypto';
import { argon2id, argon2Verify } from 'hash-wasm';

/**
 * Passwords: argon2id with OWASP's minimum (19 MiB memory, 2 passes, 1 lane), a random 16-byte salt,
 * kept as the encoded string, which carries its own parameters (so they can be raised later and old
 * hashes still verify).
 */
export const ARGON2_PARAMETERS = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

export function hashPassword(password: string, salt: Uint8Array = randomBytes(16)): Promise<string> {
  return argon2id({ password, salt, ...ARGON2_PARAMETERS, outputType: 'encoded' });
}

let dummyHash: Promise<string> | undefined;

/**
 * Whether the password matches. Without a hash (unknown email, account without a password) it verifies
 * against a hash of a random password all the same, so every failure takes as long as a real check.
 */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
    await argon2Verify({ password, hash: await dummyHash });
    return false;
  }
  try {
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}
