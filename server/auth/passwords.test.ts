import type * as HashWasm from 'hash-wasm';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS } from '../../src/contract/auth';
import { useTestDatabase } from '../../test/bff/database';
import { DEMO_MEMBERS } from '../db/seed/members';

/*
 * A wrong password for a known email and any password for an unknown one cost the same: one argon2id
 * verification with the same parameters. Counted, not timed, so the test does not depend on the
 * machine's speed.
 */

vi.mock('hash-wasm', async (importOriginal) => {
  const real = await importOriginal<typeof HashWasm>();
  return { ...real, argon2Verify: vi.fn(real.argon2Verify) };
});

const database = useTestDatabase();

/**
 * The auth app with the counted verifier. Test files share their worker's modules (vite.config.ts), so an
 * earlier file may have loaded the password module with the real library: it is loaded afresh here.
 */
async function withCountedVerifier() {
  vi.resetModules();
  const { argon2Verify } = await import('hash-wasm');
  const { createAuthTestApp } = await import('./testing');
  return { verify: vi.mocked(argon2Verify), createAuthTestApp };
}
/** The parameters every stored hash and the stand-in hash share (passwords.ts). */
const PARAMETERS = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

describe('password sign-in', () => {
  it('verifies one argon2id hash, with the same parameters, for an unknown email as for a wrong password', async () => {
    const { verify, createAuthTestApp } = await withCountedVerifier();
    const t = createAuthTestApp(database.db);
    const verifications = async (email: string, from: string) => {
      verify.mockClear();
      const answer = await t.post(AUTH_PATHS.passwordLogin, { email, password: 'wrong-password-2' }, { from });
      expect(answer.status).toBe(401);
      return verify.mock.calls.map(([options]) => options.hash.match(PARAMETERS)?.[0]);
    };
    const known = await verifications(DEMO_MEMBERS.withPassword, '198.51.100.31');
    const unknown = await verifications('unknown.timing@example.com', '198.51.100.32');
    expect(known).toEqual([expect.stringMatching(PARAMETERS)]);
    expect(unknown).toEqual(known);
  });
});
