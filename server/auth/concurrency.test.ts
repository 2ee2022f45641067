import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, LoginResponseSchema } from '../../src/contract/auth';
import { ErrorBodySchema } from '../../src/contract/errors';
import { useTestDatabase } from '../../test/bff/database';
import { oneTimeCodes } from '../db/schema';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../db/seed/members';
import { type AuthTestApp, createAuthTestApp } from './testing';

/*
 * Check-then-act under concurrency: single use must hold when requests race. Meaningful on PostgreSQL
 * (DATABASE_URL), where the requests run on separate connections; PGlite runs them one after another.
 */

const database = useTestDatabase();
let t: AuthTestApp;

beforeAll(() => {
  t = createAuthTestApp(database.db);
});

describe('racing requests', () => {
  it('accepts a one-time code once when ten sign-ins race with it', async () => {
    await t.post(AUTH_PATHS.otpCode, { email: DEMO_MEMBERS.codeOnly, locale: 'en' }, { from: '198.51.100.1' });
    const code = await t.lastCode(DEMO_MEMBERS.codeOnly);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        t.post(AUTH_PATHS.otpLogin, { email: DEMO_MEMBERS.codeOnly, code }, { from: `198.51.100.${10 + index}` }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(9);
  });

  it('counts at most five wrong tries when wrong codes race, and the code is dead after them', async () => {
    const email = 'racing.guesses@example.com';
    await t.post(AUTH_PATHS.otpCode, { email, locale: 'en' }, { from: '198.51.100.2' });
    const code = await t.lastCode(email);
    const wrong = code === '000000' ? '000001' : '000000';
    await Promise.all(
      Array.from({ length: 12 }, (_, index) => t.post(AUTH_PATHS.otpLogin, { email, code: wrong }, { from: `198.51.100.${30 + index}` })),
    );
    const [row] = await database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, email));
    expect(row?.attempts).toBe(5);
    expect((await t.post(AUTH_PATHS.otpLogin, { email, code }, { from: '198.51.100.3' })).status).toBe(401);
  });

  it('checks at most 10 of 60 racing wrong passwords for one email; the owner still signs in with a one-time code', async () => {
    const email = DEMO_MEMBERS.withPassword;
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        t.post(AUTH_PATHS.passwordLogin, { email, password: `wrong-guess-${index}` }, { from: `203.0.113.${index + 1}` }),
      ),
    );
    // 401 means the password was checked (and was wrong); the rest were refused before any check.
    expect(answers.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(10);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(50);
    for (const answer of refused) expect(v.parse(ErrorBodySchema, answer.body).error.code).toBe('otp_required');

    // The owner's right password is not checked either: the answer sends them to a one-time code...
    const owner = '198.51.100.200';
    const withPassword = await t.post(AUTH_PATHS.passwordLogin, { email, password: DEMO_PASSWORD }, { from: owner });
    expect(v.parse(ErrorBodySchema, withPassword.body).error.code).toBe('otp_required');
    // ...which works, password step included: the guesses of others do not lock the owner out.
    await t.post(AUTH_PATHS.otpCode, { email, locale: 'en' }, { from: owner });
    const code = await t.lastCode(email);
    const step = v.parse(LoginResponseSchema, (await t.post(AUTH_PATHS.otpLogin, { email, code }, { from: owner })).body).data;
    expect(step.result).toBe('PasswordRequired');
    const confirmed = await t.post(AUTH_PATHS.confirmPassword, { email, code, password: DEMO_PASSWORD }, { from: owner });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(v.parse(LoginResponseSchema, confirmed.body).data.result).toBe('Authenticated');
  });

  it('rotates a refresh token once when ten refreshes race with it', async () => {
    await t.post(AUTH_PATHS.otpCode, { email: DEMO_MEMBERS.codeOnly, locale: 'en' }, { from: '198.51.100.4' });
    const login = v.parse(
      LoginResponseSchema,
      (
        await t.post(
          AUTH_PATHS.otpLogin,
          { email: DEMO_MEMBERS.codeOnly, code: await t.lastCode(DEMO_MEMBERS.codeOnly) },
          { from: '198.51.100.4' },
        )
      ).body,
    ).data;
    if (login.result !== 'Authenticated') throw new Error(login.result);
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.post(AUTH_PATHS.refresh, { refresh_token: login.refresh_token })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
  });
});
