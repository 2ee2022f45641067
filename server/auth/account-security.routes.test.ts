import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_SECURITY_PATHS as P,
  MemberSessionsResponseSchema,
  rewardNeedsStepUp,
  sessionPath,
  STEP_UP_HEADER,
  STEP_UP_LIFETIME_SECONDS,
  STEP_UP_PATHS,
  STEP_UP_POINTS_THRESHOLD,
  StepUpResponseSchema,
} from '../../src/contract/account-security';
import { AUTH_LIMITS, AUTH_PATHS, LoginResponseSchema, MEMBER_PATHS, RegisterResponseSchema } from '../../src/contract/auth';
import type { Locale } from '../../src/contract/locales';
import { ErrorBodySchema } from '../../src/contract/errors';
import { buyVoucherPath } from '../../src/contract/loyalty';
import { MEMBER_PROFILE_PATHS } from '../../src/contract/member-profile';
import { TEST_TODAY, useTestDatabase } from '../../test/bff/database';
import { memberDevices, members, pointsLedger, sessions } from '../db/schema';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../db/seed/members';
import { REWARDS } from '../loyalty/rewards';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from './devices';
import { SESSION_TOUCH_INTERVAL_SECONDS } from './sessions';
import { stepUpHeader, stepUpToken } from './step-up.test-helper';
import { type Answer, type AuthTestApp, createAuthTestApp, refreshCookieOf } from './testing';

/*
 * Step-up codes and tokens, the password set from the account, the member's sessions, the new-device
 * mail, and the step-up the email change and large redemptions take; on PGlite, and on PostgreSQL with
 * DATABASE_URL.
 */

const database = useTestDatabase();
let t: AuthTestApp;
beforeAll(() => {
  t = createAuthTestApp(database.db, { settings: { publicUrl: 'https://www.example.com' } });
});

const BROWSERS = {
  chromeOnWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  safariOnIPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefoxOnLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
};

let addresses = 0;
/** Each sign-in from its own client address, so the sign-in limits never get in the way. */
const freshAddress = () => `203.0.113.${++addresses}`;

interface Browser {
  userAgent?: string;
  /** The Cookie header with the device cookie the browser got before. */
  deviceCookie?: string;
}

interface Signed {
  token: string;
  refreshToken: string;
  /** The device cookie the sign-in left in the browser (`device_id=...`). */
  deviceCookie: string;
  deviceCookieAttributes: string;
}

function signedIn(answer: Answer, token: string | undefined, refreshToken?: string): Signed {
  const refresh = refreshToken ?? refreshCookieOf(answer.headers)?.token;
  const line = answer.headers.getSetCookie().find((candidate) => candidate.startsWith(`${DEVICE_COOKIE}=`));
  if (!token || !refresh || !line) throw new Error(`Not signed in: ${JSON.stringify(answer.body)}`);
  const [pair = '', ...attributes] = line.split(';');
  return { token, refreshToken: refresh, deviceCookie: pair, deviceCookieAttributes: attributes.map((part) => part.trim()).join('; ') };
}

const browserHeaders = (browser: Browser): { headers: Record<string, string>; cookie?: string } => ({
  headers: browser.userAgent ? { 'user-agent': browser.userAgent } : {},
  ...(browser.deviceCookie ? { cookie: browser.deviceCookie } : {}),
});

/** A new active member through a code sign-in and registration, in this browser. */
async function newMember(email: string, browser: Browser = {}, locale: Locale = 'en'): Promise<Signed> {
  const from = freshAddress();
  await t.post(AUTH_PATHS.otpCode, { email, locale }, { from });
  const login = v.parse(LoginResponseSchema, (await t.post(AUTH_PATHS.otpLogin, { email, code: await t.lastCode(email) }, { from })).body).data;
  if (login.result !== 'RegistrationRequired') throw new Error(login.result);
  const answer = await t.post(
    MEMBER_PATHS.register,
    { email, firstName: 'Ada', lastName: 'Lovelace', locale, acceptTerms: true, registration_token: login.registration_token },
    { from, ...browserHeaders(browser) },
  );
  return signedIn(answer, v.parse(RegisterResponseSchema, answer.body).data.token);
}

/** Another session of a member without a password (the code signs in at once), in this browser. */
async function signIn(email: string, browser: Browser = {}): Promise<Signed> {
  const from = freshAddress();
  await t.post(AUTH_PATHS.otpCode, { email, locale: 'en' }, { from });
  const answer = await t.post(AUTH_PATHS.otpLogin, { email, code: await t.lastCode(email) }, { from, ...browserHeaders(browser) });
  const login = v.parse(LoginResponseSchema, answer.body).data;
  if (login.result !== 'Authenticated') throw new Error(login.result);
  return signedIn(answer, login.token, login.refresh_token);
}

async function passwordSignIn(email: string, password: string, browser: Browser = {}): Promise<Signed> {
  const answer = await t.post(AUTH_PATHS.passwordLogin, { email, password }, { from: freshAddress(), ...browserHeaders(browser) });
  const login = v.parse(LoginResponseSchema, answer.body).data;
  if (login.result !== 'Authenticated') throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
  return signedIn(answer, login.token, login.refresh_token);
}

const stepUp = (token: string, email: string) => stepUpToken(t.app, database.db, { token, email });
const errorOf = (answer: Answer) => v.parse(ErrorBodySchema, answer.body).error;
const profile = (token: string) => t.get(MEMBER_PATHS.profile, { token });
const sessionsOf = async (token: string) => {
  const answer = await t.get(P.sessions, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return v.parse(MemberSessionsResponseSchema, answer.body).data;
};
const newPassword = { password: 'a-brand-new-password', password_confirmation: 'a-brand-new-password' };
const expectStepUpRequired = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(403);
  expect(errorOf(answer).code).toBe('step_up_required');
};

describe('every route', () => {
  const routes: [string, string, unknown][] = [
    ['POST', STEP_UP_PATHS.code, { locale: 'xx' }],
    ['POST', STEP_UP_PATHS.verify, { code: '12' }],
    ['POST', P.password, { password: 'short', password_confirmation: 'other' }],
    ['GET', P.sessions, undefined],
    ['DELETE', sessionPath('not-a-session-id'), undefined],
    ['POST', P.signOutEverywhere, undefined],
    ['GET', P.dataExport, undefined],
  ];

  it('answers 401 without a token, and with a token that is not one, before it looks at the input', async () => {
    for (const [method, path, body] of routes) {
      for (const token of [undefined, 'not-a-token']) {
        const answer = await t.call(method, path, { body, ...(token ? { token } : {}) });
        expect(answer.status, `${method} ${path}`).toBe(401);
        expect(errorOf(answer).code).toBe('unauthorized');
      }
    }
  });

  it('answers 400 with issues for bad input once signed in', async () => {
    const { token } = await newMember('security.bad.input@example.com');
    const bad: [string, string, unknown, string][] = [
      ['POST', STEP_UP_PATHS.code, { locale: 'xx' }, 'locale'],
      ['POST', STEP_UP_PATHS.verify, { code: '12' }, 'code'],
      ['POST', P.password, { password: 'short', password_confirmation: 'short' }, 'password'],
      ['POST', P.password, { password: 'a-long-enough-password', password_confirmation: 'another-password' }, 'password_confirmation'],
      ['POST', P.password, { password: 'x'.repeat(AUTH_LIMITS.passwordMaxLength + 1), password_confirmation: 'x' }, 'password'],
      ['DELETE', sessionPath('not-a-session-id'), undefined, 'sessionId'],
    ];
    for (const [method, path, body, field] of bad) {
      const answer = await t.call(method, path, { body, token });
      expect(answer.status, `${method} ${path}`).toBe(400);
      expect(errorOf(answer).issues?.map((issue) => issue.path)).toContain(field);
    }
  });
});

describe('step-up', () => {
  it('mails a code to the member’s address and trades it for a token of this session, valid 10 minutes', async () => {
    const email = 'step.up@example.com';
    const { token } = await newMember(email);
    expect((await t.post(STEP_UP_PATHS.code, { locale: 'de' }, { token })).status).toBe(202);
    const mail = await t.lastMail(email);
    expect(mail).toMatchObject({ kind: 'otp', subject: 'Ihr H Rewards Sicherheitscode' });
    const answer = await t.post(STEP_UP_PATHS.verify, { code: await t.lastCode(email) }, { token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const data = v.parse(StepUpResponseSchema, answer.body).data;
    expect(data.expires_in).toBe(STEP_UP_LIFETIME_SECONDS);
    expect(STEP_UP_LIFETIME_SECONDS).toBe(600);
    // The code works once.
    expect((await t.post(STEP_UP_PATHS.verify, { code: await t.lastCode(email) }, { token })).status).toBe(400);
  });

  it(`counts wrong codes like other codes: after ${AUTH_LIMITS.otpMaxAttempts} the right one is dead too`, async () => {
    const email = 'step.up.guesses@example.com';
    const { token } = await newMember(email);
    await t.post(STEP_UP_PATHS.code, { locale: 'en' }, { token });
    const code = await t.lastCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < AUTH_LIMITS.otpMaxAttempts; i++) {
      const answer = await t.post(STEP_UP_PATHS.verify, { code: wrong }, { token });
      expect(answer.status).toBe(400);
      expect(errorOf(answer).issues?.map((issue) => issue.path)).toEqual(['code']);
    }
    expect((await t.post(STEP_UP_PATHS.verify, { code }, { token })).status).toBe(400);
  });

  it('binds the code to the session that asked for it, and the token to that session', async () => {
    const email = 'step.up.sessions@example.com';
    const first = await newMember(email);
    const second = await signIn(email);
    await t.post(STEP_UP_PATHS.code, { locale: 'en' }, { token: first.token });
    expect((await t.post(STEP_UP_PATHS.verify, { code: await t.lastCode(email) }, { token: second.token })).status).toBe(400);

    const firstStepUp = await stepUp(first.token, email);
    expectStepUpRequired(await t.post(P.password, newPassword, { token: second.token, headers: stepUpHeader(firstStepUp) }));
    expect((await t.post(P.password, newPassword, { token: first.token, headers: stepUpHeader(firstStepUp) })).status).toBe(204);
  });

  it('refuses a protected action without a token, with a made-up one, a spent one and an expired one (403 step_up_required)', async () => {
    const email = 'step.up.refusals@example.com';
    const { token } = await newMember(email);
    const missing = await t.post(P.password, newPassword, { token });
    expectStepUpRequired(missing);
    expect(errorOf(missing).message).toBe('Confirm with a code sent to your email address first');
    expectStepUpRequired(await t.post(P.password, newPassword, { token, headers: stepUpHeader('made-up') }));

    // Bad input does not spend it; the action does, once.
    const once = await stepUp(token, email);
    expect((await t.post(P.password, { ...newPassword, password_confirmation: 'no' }, { token, headers: stepUpHeader(once) })).status).toBe(400);
    expect((await t.post(P.password, newPassword, { token, headers: stepUpHeader(once) })).status).toBe(204);
    expectStepUpRequired(await t.post(P.password, newPassword, { token, headers: stepUpHeader(once) }));

    const late = await stepUp(token, email);
    t.advance(STEP_UP_LIFETIME_SECONDS * 1000);
    expectStepUpRequired(await t.post(P.password, newPassword, { token, headers: { [STEP_UP_HEADER]: late } }));
  });

  it('limits the codes mailed, together with the profile codes (429 with Retry-After)', async () => {
    const { token } = await newMember('step.up.limit@example.com');
    for (let i = 0; i < 4; i++) expect((await t.post(STEP_UP_PATHS.code, { locale: 'en' }, { token })).status).toBe(202);
    expect((await t.post(MEMBER_PROFILE_PATHS.nameCode, undefined, { token })).status).toBe(202);
    const refused = await t.post(STEP_UP_PATHS.code, { locale: 'en' }, { token });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('password from the account', () => {
  it('gives a member without a password one: the other sessions end, this one goes on, and a mail tells the member', async () => {
    const email = 'first.password@example.com';
    const first = await newMember(email);
    const second = await signIn(email);
    const answer = await t.post(P.password, newPassword, { token: first.token, headers: stepUpHeader(await stepUp(first.token, email)) });
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();

    expect((await profile(first.token)).status).toBe(200);
    expect((await t.post(AUTH_PATHS.refresh, { refresh_token: first.refreshToken })).status).toBe(200);
    expect((await profile(second.token)).status).toBe(401);
    expect((await t.post(AUTH_PATHS.refresh, { refresh_token: second.refreshToken })).status).toBe(401);

    const mail = await t.lastMail(email);
    expect(mail).toMatchObject({ kind: 'security-notice', subject: 'Your H Rewards password was changed' });
    expect(mail.text).toContain('https://www.example.com/en/account/profile#sessions');
    // The new password signs in.
    expect((await passwordSignIn(email, newPassword.password)).token).toBeTruthy();
  });

  it('changes the password of a member who has one: the old one no longer signs in', async () => {
    const email = DEMO_MEMBERS.withPassword;
    const anna = await passwordSignIn(email, DEMO_PASSWORD);
    const answer = await t.post(P.password, newPassword, { token: anna.token, headers: stepUpHeader(await stepUp(anna.token, email)) });
    expect(answer.status).toBe(204);
    expect((await t.post(AUTH_PATHS.passwordLogin, { email, password: DEMO_PASSWORD }, { from: freshAddress() })).status).toBe(401);
    expect((await t.post(AUTH_PATHS.passwordLogin, { email, password: newPassword.password }, { from: freshAddress() })).status).toBe(200);
    const [row] = await database.db.select({ passwordHash: members.passwordHash }).from(members).where(eq(members.email, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    // Back to the demo password, for the other tests.
    const back = { password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD };
    expect((await t.post(P.password, back, { token: anna.token, headers: stepUpHeader(await stepUp(anna.token, email)) })).status).toBe(204);
  });
});

describe('sessions', () => {
  it('lists the member’s live sessions with their device, dates and which is the caller’s; nobody else’s', async () => {
    const email = 'sessions.list@example.com';
    const windows = await newMember(email, { userAgent: BROWSERS.chromeOnWindows });
    t.advance(60_000);
    const iPhone = await signIn(email, { userAgent: BROWSERS.safariOnIPhone });
    t.advance(60_000);
    await signIn(email);
    await newMember('sessions.someone.else@example.com', { userAgent: BROWSERS.firefoxOnLinux });

    const answer = await t.get(P.sessions, { token: iPhone.token });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const list = v.parse(MemberSessionsResponseSchema, answer.body).data;
    expect(list.map((session) => [session.device.label, session.current])).toEqual([
      ['Unknown device', false],
      ['Safari on iPhone', true],
      ['Chrome on Windows', false],
    ]);
    expect(list[1]?.device).toEqual({ label: 'Safari on iPhone', browser: 'Safari', os: 'iPhone', type: 'mobile' });
    expect(list[2]?.device).toEqual({ label: 'Chrome on Windows', browser: 'Chrome', os: 'Windows', type: 'desktop' });
    expect(list[0]?.device).toEqual({ label: 'Unknown device', browser: null, os: null, type: 'unknown' });
    expect(list[2]?.createdAt).toBe(new Date(t.now().getTime() - 120_000).toISOString());
    expect((await sessionsOf(windows.token)).find((session) => session.current)?.device.label).toBe('Chrome on Windows');
  });

  it('notes the last use on calls and refreshes, written at most every few minutes', async () => {
    const email = 'sessions.last.used@example.com';
    const { token, refreshToken } = await newMember(email);
    const signedInAt = t.now().toISOString();
    const lastUsed = async () => (await sessionsOf(token)).find((session) => session.current)?.lastUsedAt;
    expect(await lastUsed()).toBe(signedInAt);

    t.advance((SESSION_TOUCH_INTERVAL_SECONDS - 1) * 1000);
    expect(await lastUsed()).toBe(signedInAt);
    t.advance(2_000);
    const touchedAt = t.now().toISOString();
    expect(await lastUsed()).toBe(touchedAt);
    t.advance(60_000);
    expect(await lastUsed()).toBe(touchedAt);

    t.advance(SESSION_TOUCH_INTERVAL_SECONDS * 1000);
    const refreshedAt = t.now().toISOString();
    expect((await t.post(AUTH_PATHS.refresh, { refresh_token: refreshToken })).status).toBe(200);
    const [row] = (await sessionsOf(token)).filter((session) => session.current);
    expect(row?.lastUsedAt).toBe(refreshedAt);
  });

  it('ends one session at once (its token and refresh token stop working); another member’s or an unknown one is 404', async () => {
    const email = 'sessions.end.one@example.com';
    const caller = await newMember(email);
    const other = await signIn(email);
    const stranger = await newMember('sessions.stranger@example.com');
    const strangerSession = (await sessionsOf(stranger.token))[0]?.id ?? '';
    const otherSession = (await sessionsOf(other.token)).find((session) => session.current)?.id ?? '';

    expect((await t.call('DELETE', sessionPath(strangerSession), { token: caller.token })).status).toBe(404);
    expect((await profile(stranger.token)).status).toBe(200);
    expect((await t.call('DELETE', sessionPath('00000000-0000-4000-8000-000000000000'), { token: caller.token })).status).toBe(404);

    expect((await t.call('DELETE', sessionPath(otherSession), { token: caller.token })).status).toBe(204);
    expect((await profile(other.token)).status).toBe(401);
    expect((await t.post(AUTH_PATHS.refresh, { refresh_token: other.refreshToken })).status).toBe(401);
    expect((await t.call('DELETE', sessionPath(otherSession), { token: caller.token })).status).toBe(404);
    expect((await sessionsOf(caller.token)).map((session) => session.id)).not.toContain(otherSession);

    // The caller's own session too: the refresh cookie is cleared with it.
    const own = (await sessionsOf(caller.token))[0]?.id ?? '';
    const ended = await t.call('DELETE', sessionPath(own), { token: caller.token });
    expect(ended.status).toBe(204);
    expect(refreshCookieOf(ended.headers)).toBeUndefined();
    expect(ended.headers.getSetCookie().some((line) => line.startsWith('refresh_token=;'))).toBe(true);
    expect((await profile(caller.token)).status).toBe(401);
  });

  it('signs out everywhere, the caller included', async () => {
    const email = 'sessions.everywhere@example.com';
    const first = await newMember(email);
    const second = await signIn(email);
    const bystander = await newMember('sessions.bystander@example.com');
    expect((await t.post(P.signOutEverywhere, undefined, { token: first.token })).status).toBe(204);
    for (const session of [first, second]) {
      expect((await profile(session.token)).status).toBe(401);
      expect((await t.post(AUTH_PATHS.refresh, { refresh_token: session.refreshToken })).status).toBe(401);
    }
    expect((await profile(bystander.token)).status).toBe(200);
    const [member] = await database.db.select({ id: members.id }).from(members).where(eq(members.email, email));
    const rows = await database.db.select({ revokedReason: sessions.revokedReason }).from(sessions).where(eq(sessions.memberId, member?.id ?? 0));
    expect(rows.map((row) => row.revokedReason)).toEqual(['signed-out-everywhere', 'signed-out-everywhere']);
  });
});

describe('new-device mail', () => {
  const newSignIns = async (email: string) => (await t.outbox(email)).filter((mail) => mail.subject.includes('New sign-in') || mail.subject.includes('Neue Anmeldung'));

  it('is not sent for the first sign-in nor again from the same browser; a new browser gets it with its device, time and link', async () => {
    t.setNow(TEST_TODAY);
    const email = 'devices@example.com';
    const home = await newMember(email, { userAgent: BROWSERS.chromeOnWindows });
    expect(home.deviceCookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=[\\w-]{43}$`));
    expect(home.deviceCookieAttributes.split('; ').sort()).toEqual(['HttpOnly', `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`, 'Path=/bff', 'SameSite=Lax'].sort());
    expect(await newSignIns(email)).toEqual([]);

    const again = await signIn(email, { userAgent: BROWSERS.chromeOnWindows, deviceCookie: home.deviceCookie });
    expect(again.deviceCookie).toBe(home.deviceCookie);
    expect(await newSignIns(email)).toEqual([]);

    // The test day's 09:00 UTC (2 March) is 10:00 in Berlin.
    await signIn(email, { userAgent: BROWSERS.firefoxOnLinux });
    const [mail, ...more] = await newSignIns(email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: 'security-notice', subject: 'New sign-in to your H Rewards account' });
    expect(mail?.text).toContain('Firefox on Linux');
    expect(mail?.text).toContain('2 March 2026 at 10:00 (Berlin time)');
    expect(mail?.text).toContain('https://www.example.com/en/account/profile#sessions');

    // A cookie the BFF did not make is replaced, and counts as a new browser.
    const forged = await signIn(email, { deviceCookie: `${DEVICE_COOKIE}=not-ours` });
    expect(forged.deviceCookie).not.toBe(`${DEVICE_COOKIE}=not-ours`);
    expect(await newSignIns(email)).toHaveLength(2);
  });

  it('is in the member’s language, and the cookie is Secure on https', async () => {
    t.setNow(TEST_TODAY);
    const email = 'geraete@example.com';
    await newMember(email, { userAgent: BROWSERS.chromeOnWindows }, 'de');
    const answer = await t.post(AUTH_PATHS.otpCode, { email, locale: 'de' }, { from: '198.51.100.77' });
    expect(answer.status).toBe(202);
    const login = await t.post(
      AUTH_PATHS.otpLogin,
      { email, code: await t.lastCode(email) },
      { from: '198.51.100.77', headers: { 'user-agent': BROWSERS.safariOnIPhone, 'x-forwarded-proto': 'https' } },
    );
    expect(login.status).toBe(200);
    expect(login.headers.getSetCookie().find((line) => line.startsWith(`${DEVICE_COOKIE}=`))).toContain('Secure');
    const [mail] = await newSignIns(email);
    expect(mail).toMatchObject({ kind: 'security-notice', subject: 'Neue Anmeldung bei Ihrem H Rewards Konto' });
    expect(mail?.text).toContain('Safari auf dem iPhone');
    expect(mail?.text).toContain('2. März 2026 um 10:00 (Berliner Zeit)');
    expect(mail?.text).toContain('https://www.example.com/de/account/profile#sessions');
  });

  it('keeps each browser once per member, by the hash of its cookie only', async () => {
    const email = 'devices.rows@example.com';
    const home = await newMember(email);
    await signIn(email, { deviceCookie: home.deviceCookie });
    await signIn(email);
    const [member] = await database.db.select({ id: members.id }).from(members).where(eq(members.email, email));
    const rows = await database.db.select().from(memberDevices).where(eq(memberDevices.memberId, member?.id ?? 0));
    expect(rows).toHaveLength(2);
    const token = home.deviceCookie.slice(DEVICE_COOKIE.length + 1);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
  });
});

describe('step-up for the email change', () => {
  it('asks for a step-up token before the new address gets its code', async () => {
    const email = 'email.step.up@example.com';
    const newEmail = 'email.step.up.new@example.com';
    const first = await newMember(email);
    const second = await signIn(email);
    expectStepUpRequired(await t.post(MEMBER_PROFILE_PATHS.emailRequest, { email: newEmail }, { token: first.token }));
    const othersToken = await stepUp(second.token, email);
    expectStepUpRequired(await t.post(MEMBER_PROFILE_PATHS.emailRequest, { email: newEmail }, { token: first.token, headers: stepUpHeader(othersToken) }));
    expect(await t.outbox(newEmail)).toEqual([]);

    const headers = stepUpHeader(await stepUp(first.token, email));
    expect((await t.post(MEMBER_PROFILE_PATHS.emailRequest, { email: newEmail }, { token: first.token, headers })).status).toBe(202);
    const confirmed = await t.post(MEMBER_PROFILE_PATHS.email, { code: await t.lastCode(newEmail) }, { token: first.token });
    expect(confirmed.status).toBe(200);
    // One token, one request.
    expectStepUpRequired(await t.post(MEMBER_PROFILE_PATHS.emailRequest, { email: 'third@example.com' }, { token: first.token, headers }));
  });
});

describe('step-up for large redemptions', () => {
  it(`is needed above ${STEP_UP_POINTS_THRESHOLD} points: the ordinary rewards cost less, the 100 EUR voucher more`, () => {
    expect(REWARDS.filter((reward) => rewardNeedsStepUp(reward.points)).map((reward) => reward.id)).toEqual(['stay-voucher-100']);
    expect(rewardNeedsStepUp(STEP_UP_POINTS_THRESHOLD)).toBe(false);
    expect(rewardNeedsStepUp(STEP_UP_POINTS_THRESHOLD + 1)).toBe(true);
  });

  it('redeems a small reward without one, refuses a large one without one (nothing spent), and redeems it with one', async () => {
    const email = DEMO_MEMBERS.withPassword;
    const anna = await passwordSignIn(email, DEMO_PASSWORD);
    const pointsNow = async () => (await database.db.select({ points: members.points }).from(members).where(eq(members.email, email)))[0]?.points;
    const [member] = await database.db.select({ id: members.id }).from(members).where(eq(members.email, email));
    const entries = async () => (await database.db.select().from(pointsLedger).where(eq(pointsLedger.memberId, member?.id ?? 0))).length;
    const balance = (await pointsNow()) ?? 0;

    expect((await t.post(buyVoucherPath('stay-voucher-25'), undefined, { token: anna.token })).status).toBe(201);
    const before = await entries();
    expectStepUpRequired(await t.post(buyVoucherPath('stay-voucher-100'), undefined, { token: anna.token }));
    expect(await entries()).toBe(before);
    expect((await t.post(buyVoucherPath('free-suite'), undefined, { token: anna.token })).status).toBe(404);

    const headers = stepUpHeader(await stepUp(anna.token, email));
    const bought = await t.post(`${buyVoucherPath('stay-voucher-100')}?locale=en`, undefined, { token: anna.token, headers });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(await entries()).toBe(before + 1);
    expect(await pointsNow()).toBe(balance - 2_500 - 9_500);
  });
});
