import { eq } from 'drizzle-orm';
import * as jose from 'jose';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_PATHS,
  LoginResponseSchema,
  MEMBER_PATHS,
  RefreshResponseSchema,
  SessionClaimsSchema,
  TokenResponseSchema,
} from '../../src/contract/auth';
import { ErrorBodySchema } from '../../src/contract/errors';
import { useTestDatabase } from '../../test/bff/database';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { members, sessions } from '../db/schema';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../db/seed/members';
import { type Auth, createAuth } from './core';
import { type AuthTestApp, createAuthTestApp, refreshCookieOf } from './testing';
import { DEFAULT_TOKEN_ISSUER } from './settings';

/*
 * Password sign-in, session tokens and their refresh, logout, the app-token exchange and the public
 * keys. Tokens are forged with the app's own key (read from the same database) to test each way a token
 * can be wrong.
 */

const database = useTestDatabase();
let t: AuthTestApp;
let internals: Auth;

beforeAll(() => {
  t = createAuthTestApp(database.db);
  internals = createAuth({ db: database.db, logger: createMemoryLogger(), now: t.now });
});

async function passwordLogin(email = DEMO_MEMBERS.withPassword, password = DEMO_PASSWORD, from = '198.51.100.1') {
  const answer = await t.post(AUTH_PATHS.passwordLogin, { email, password }, { from });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const result = v.parse(LoginResponseSchema, answer.body).data;
  if (result.result !== 'Authenticated') throw new Error(`Expected Authenticated, got ${result.result}`);
  const cookie = refreshCookieOf(answer.headers);
  if (!cookie || !result.refresh_token) throw new Error('No refresh token');
  return { token: result.token, refreshToken: result.refresh_token, cookie: cookie.header };
}

const profile = (token: string) => t.get(MEMBER_PATHS.profile, { token });

function claimsOf(token: string) {
  return v.parse(SessionClaimsSchema, jose.decodeJwt(token));
}

describe('POST login (password)', () => {
  it('signs in with the right password: an ES256 session token with sub, sso, iss, aud, iat, exp (15 minutes) and email', async () => {
    const { token } = await passwordLogin();
    const header = jose.decodeProtectedHeader(token);
    expect(header.alg).toBe('ES256');
    const claims = claimsOf(token);
    const [member] = await database.db.select().from(members).where(eq(members.email, DEMO_MEMBERS.withPassword));
    expect(claims).toMatchObject({ sub: member?.guid, iss: DEFAULT_TOKEN_ISSUER, aud: 'web', email: DEMO_MEMBERS.withPassword });
    expect(claims.exp - claims.iat).toBe(15 * 60);
    expect(claims.iat).toBe(Math.floor(t.now().getTime() / 1000));
    expect((await profile(token)).status).toBe(200);
  });

  it('answers one 401 for a wrong password, an unknown email, a member without password and one not activated', async () => {
    const attempts = [
      { email: DEMO_MEMBERS.withPassword, password: 'wrong-password-1' },
      { email: 'no.such.member@example.com', password: DEMO_PASSWORD },
      { email: DEMO_MEMBERS.codeOnly, password: DEMO_PASSWORD },
      { email: DEMO_MEMBERS.notActivated, password: DEMO_PASSWORD },
    ];
    const bodies = [];
    for (const attempt of attempts) {
      const answer = await t.post(AUTH_PATHS.passwordLogin, attempt, { from: '198.51.100.2' });
      expect(answer.status).toBe(401);
      bodies.push(answer.body);
    }
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(v.parse(ErrorBodySchema, bodies[0]).error.code).toBe('unauthorized');
  });

  it('limits failed passwords per email to 10 per 15 minutes (429), even with the right password after that', async () => {
    const email = DEMO_MEMBERS.withPassword;
    t.advance(15 * 60 * 1000); // a fresh window for this email
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(
        (await t.post(AUTH_PATHS.passwordLogin, { email, password: `wrong-${attempt}` }, { from: `198.51.100.${100 + attempt}` })).status,
      ).toBe(401);
    }
    const refused = await t.post(AUTH_PATHS.passwordLogin, { email, password: DEMO_PASSWORD }, { from: '198.51.100.120' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    // Not "try later": the member is asked to sign in with a one-time code.
    expect(v.parse(ErrorBodySchema, refused.body).error.code).toBe('otp_required');
    t.advance(15 * 60 * 1000);
    await passwordLogin(email, DEMO_PASSWORD, '198.51.100.121');
  });

  it('limits failed passwords per client address to 50 per 15 minutes', async () => {
    const from = '203.0.113.50';
    for (let attempt = 0; attempt < 50; attempt += 1) {
      expect(
        (await t.post(AUTH_PATHS.passwordLogin, { email: `spray.${attempt}@example.com`, password: 'Summer2026!!' }, { from })).status,
      ).toBe(401);
    }
    expect((await t.post(AUTH_PATHS.passwordLogin, { email: DEMO_MEMBERS.withPassword, password: DEMO_PASSWORD }, { from })).status).toBe(
      429,
    );
  }, 60_000);
});

describe('bearer tokens on member routes', () => {
  let valid: string;
  let otherKey: CryptoKey;

  beforeAll(async () => {
    valid = (await passwordLogin(DEMO_MEMBERS.withPassword, DEMO_PASSWORD, '198.51.100.4')).token;
    otherKey = (await jose.generateKeyPair('ES256')).privateKey;
  });

  async function forge(
    claims: jose.JWTPayload,
    options: { key?: CryptoKey; alg?: string; issuer?: string; audience?: string; lifetime?: number } = {},
  ) {
    const signing = await internals.keys.signingKey();
    const iat = Math.floor(t.now().getTime() / 1000);
    return new jose.SignJWT(claims)
      .setProtectedHeader({ alg: options.alg ?? 'ES256', kid: signing.kid })
      .setIssuer(options.issuer ?? DEFAULT_TOKEN_ISSUER)
      .setAudience(options.audience ?? 'web')
      .setIssuedAt(iat)
      .setExpirationTime(iat + (options.lifetime ?? 900))
      .sign(options.key ?? signing.privateKey);
  }

  function expectRejected(answer: { status: number; body: unknown; headers: Headers }) {
    expect(answer.status).toBe(401);
    expect(v.parse(ErrorBodySchema, answer.body).error.code).toBe('unauthorized');
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
  }

  it('accepts the token the app issued, and a forged one with our key and the right claims (the forge works)', async () => {
    expect((await profile(valid)).status).toBe(200);
    const claims = claimsOf(valid);
    expect(await profile(await forge({ sub: claims.sub, sso: claims.sso, email: claims.email }))).toMatchObject({ status: 200 });
  });

  it('rejects a missing or malformed Authorization header', async () => {
    expectRejected(await t.get(MEMBER_PATHS.profile));
    expectRejected(await t.get(MEMBER_PATHS.profile, { headers: { authorization: `Basic ${valid}` } }));
    expectRejected(await profile('not.a.jwt'));
  });

  it('rejects alg none', async () => {
    const claims = claimsOf(valid);
    const unsecured = new jose.UnsecuredJWT({ sub: claims.sub, sso: claims.sso })
      .setIssuer(DEFAULT_TOKEN_ISSUER)
      .setAudience('web')
      .setIssuedAt(claims.iat)
      .setExpirationTime(claims.exp)
      .encode();
    expect(jose.decodeProtectedHeader(unsecured).alg).toBe('none');
    expectRejected(await profile(unsecured));
  });

  it('rejects HS256 signed with the public key as the secret (algorithm confusion)', async () => {
    const claims = claimsOf(valid);
    const { publicJwk } = await internals.keys.signingKey();
    const publicKeyText = JSON.stringify(publicJwk);
    const spki = await jose.exportSPKI((await jose.importJWK(publicJwk, 'ES256')) as CryptoKey);
    for (const secret of [publicKeyText, spki]) {
      const token = await new jose.SignJWT({ sub: claims.sub, sso: claims.sso })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(DEFAULT_TOKEN_ISSUER)
        .setAudience('web')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(secret));
      expectRejected(await profile(token));
    }
  });

  it('rejects a token signed with another key, and one whose signature was altered', async () => {
    const claims = claimsOf(valid);
    expectRejected(await profile(await forge({ sub: claims.sub, sso: claims.sso }, { key: otherKey })));
    const [head, body, signature = ''] = valid.split('.');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expectRejected(await profile(`${head}.${body}.${flipped}`));
    // The payload changed under the original signature.
    const otherBody = Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url');
    expectRejected(await profile(`${head}.${otherBody}.${signature}`));
  });

  it('rejects an expired token (clock moved past exp), and accepts it just before', async () => {
    const claims = claimsOf(valid);
    const token = await forge({ sub: claims.sub, sso: claims.sso }, { lifetime: 60 });
    t.advance(59 * 1000);
    expect((await profile(token)).status).toBe(200);
    t.advance(2 * 1000);
    expectRejected(await profile(token));
  });

  it('rejects a wrong audience (an app token on the web), and a wrong issuer', async () => {
    const claims = claimsOf(valid);
    expectRejected(await profile(await forge({ sub: claims.sub, sso: claims.sso }, { audience: 'app' })));
    expectRejected(await profile(await forge({ sub: claims.sub, sso: claims.sso }, { issuer: 'https://evil.example.com' })));
  });

  it('rejects a token without sso, and one whose sso names no session', async () => {
    const claims = claimsOf(valid);
    expectRejected(await profile(await forge({ sub: claims.sub })));
    expectRejected(await profile(await forge({ sub: claims.sub, sso: '' })));
    expectRejected(await profile(await forge({ sub: claims.sub, sso: 'no-such-session' })));
  });

  it('rejects a token whose session belongs to another member', async () => {
    const claims = claimsOf(valid);
    const [other] = await database.db.select().from(members).where(eq(members.email, DEMO_MEMBERS.codeOnly));
    expectRejected(await profile(await forge({ sub: other?.guid, sso: claims.sso })));
  });

  it('rejects the token of a revoked session (logout)', async () => {
    const { token } = await passwordLogin(DEMO_MEMBERS.withPassword, DEMO_PASSWORD, '198.51.100.5');
    expect((await profile(token)).status).toBe(200);
    const logout = await t.post(AUTH_PATHS.logout, {}, { token });
    expect(logout.status).toBe(200);
    expectRejected(await profile(token));
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, claimsOf(token).sso));
    expect(row?.revokedReason).toBe('logout');
  });
});

describe('POST refresh', () => {
  it('rotates the refresh token from the cookie: a new access token and cookie, the old token dead', async () => {
    const first = await passwordLogin(DEMO_MEMBERS.withPassword, DEMO_PASSWORD, '198.51.100.6');
    const refreshed = await t.call('POST', AUTH_PATHS.refresh, { cookie: first.cookie });
    expect(refreshed.status).toBe(200);
    const { access_token: accessToken } = v.parse(RefreshResponseSchema, refreshed.body).data;
    expect(claimsOf(accessToken).sso).toBe(claimsOf(first.token).sso);
    expect((await profile(accessToken)).status).toBe(200);
    const next = refreshCookieOf(refreshed.headers);
    expect(next?.token).toBeTruthy();
    expect(next?.token).not.toBe(first.refreshToken);
    // The body says nothing of the refresh token when it came by cookie.
    expect(refreshed.body).toEqual({ data: { access_token: accessToken } });
    // The successor works.
    expect((await t.call('POST', AUTH_PATHS.refresh, { cookie: next?.header })).status).toBe(200);
  });

  it('revokes the whole session when a rotated refresh token comes back (reuse)', async () => {
    const first = await passwordLogin(DEMO_MEMBERS.withPassword, DEMO_PASSWORD, '198.51.100.7');
    const rotated = await t.call('POST', AUTH_PATHS.refresh, { cookie: first.cookie });
    const successor = refreshCookieOf(rotated.headers);
    const newAccess = v.parse(RefreshResponseSchema, rotated.body).data.access_token;

    const replay = await t.call('POST', AUTH_PATHS.refresh, { cookie: first.cookie });
    expect(replay.status).toBe(401);
    // Everyone holding this session is out: the successor refresh token and every access token of it.
    expect((await t.call('POST', AUTH_PATHS.refresh, { cookie: successor?.header })).status).toBe(401);
    expect((await profile(newAccess)).status).toBe(401);
    expect((await profile(first.token)).status).toBe(401);
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, claimsOf(first.token).sso));
    expect(row?.revokedReason).toBe('refresh-token-reuse');
  });

  it('takes the refresh token from the body too, and then answers the successor in the body', async () => {
    const first = await passwordLogin(DEMO_MEMBERS.withPassword, DEMO_PASSWORD, '198.51.100.8');
    const refreshed = await t.post(AUTH_PATHS.refresh, { refresh_token: first.refreshToken });
    expect(refreshed.status).toBe(200);
    const body = refreshed.body as { data: { access_token: string; refresh_token: string } };
    expect(body.data.refresh_token).toBeTruthy();
    expect(body.data.refresh_token).not.toBe(first.refreshToken);
    expect((await t.post(AUTH_PATHS.refresh, { refresh_token: body.data.refresh_token })).status).toBe(200);
  });

  it('answers 401 without a refresh token, for an unknown one, and after logout', async () => {
    expect((await t.call('POST', AUTH_PATHS.refresh)).status).toBe(401);
    expect((await t.post(AUTH_PATHS.refresh, { refresh_token: 'made-up' })).status).toBe(401);
    const session = await passwordLogin(DEMO_MEMBERS.withPassword, DEMO_PASSWORD, '198.51.100.9');
    const logout = await t.call('POST', AUTH_PATHS.logout, { cookie: session.cookie });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie().join()).toMatch(/refresh_token=;/);
    expect((await t.call('POST', AUTH_PATHS.refresh, { cookie: session.cookie })).status).toBe(401);
    expect((await profile(session.token)).status).toBe(401);
  });

  it('refuses refresh and logout sent by a page of another site (403), and serves the site’s pages and clients without a browser', async () => {
    const session = await passwordLogin(DEMO_MEMBERS.withPassword, DEMO_PASSWORD, '198.51.100.11');
    let cookie = session.cookie;
    const refresh = (headers: Record<string, string>) => t.call('POST', AUTH_PATHS.refresh, { cookie, headers });
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost', 'sec-fetch-site': 'cross-site' },
      // A sibling host is the same site but another origin.
      { origin: 'http://shop.localhost', 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of crossSite) {
      const refused = await refresh(headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(v.parse(ErrorBodySchema, refused.body).error.code).toBe('forbidden');
      expect(refused.headers.getSetCookie()).toEqual([]);
    }
    const loggedOut = await t.call('POST', AUTH_PATHS.logout, { cookie, token: session.token, headers: { origin: 'https://evil.example' } });
    expect(loggedOut.status).toBe(403);
    expect(loggedOut.headers.getSetCookie()).toEqual([]);
    expect((await profile(session.token)).status).toBe(200);

    // The site's own pages (the address the request was sent to, or the public origin) and clients
    // that send neither header are served; the refresh token was not spent by the refusals.
    const sameSite: Record<string, string>[] = [{ origin: 'http://localhost', 'sec-fetch-site': 'same-origin' }, { origin: 'http://localhost:3000' }, {}];
    for (const headers of sameSite) {
      const served = await refresh(headers);
      expect(served.status, JSON.stringify(headers)).toBe(200);
      cookie = refreshCookieOf(served.headers)?.header ?? '';
    }
    const ownLogout = await t.call('POST', AUTH_PATHS.logout, { cookie, headers: { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' } });
    expect(ownLogout.status).toBe(200);
    expect((await profile(session.token)).status).toBe(401);
  });

  it('ends with the session: 30 days after sign-in the refresh token stops working', async () => {
    const session = await passwordLogin(DEMO_MEMBERS.withPassword, DEMO_PASSWORD, '198.51.100.10');
    t.advance(30 * 24 * 60 * 60 * 1000 + 1000);
    expect((await t.call('POST', AUTH_PATHS.refresh, { cookie: session.cookie })).status).toBe(401);
  });
});

describe('token exchanges and keys', () => {
  it('trades a valid app token (audience app) for a web token of the same session', async () => {
    const session = await passwordLogin(DEMO_MEMBERS.withPassword, DEMO_PASSWORD, '198.51.100.11');
    const claims = claimsOf(session.token);
    const appToken = await internals.tokens.accessToken({
      memberGuid: claims.sub,
      sessionId: claims.sso,
      email: claims.email ?? '',
      audience: 'app',
    });
    expect((await profile(appToken)).status).toBe(401);
    const answer = await t.post(AUTH_PATHS.webviewToken, { token: appToken });
    expect(answer.status).toBe(200);
    const { token } = v.parse(TokenResponseSchema, answer.body).data;
    expect(claimsOf(token)).toMatchObject({ aud: 'web', sso: claims.sso, sub: claims.sub });
    expect((await profile(token)).status).toBe(200);
  });

  it('refuses a web token, a garbage token and an app token of a revoked session as app token', async () => {
    const session = await passwordLogin(DEMO_MEMBERS.withPassword, DEMO_PASSWORD, '198.51.100.12');
    const claims = claimsOf(session.token);
    expect((await t.post(AUTH_PATHS.webviewToken, { token: session.token })).status).toBe(401);
    expect((await t.post(AUTH_PATHS.webviewToken, { token: 'garbage' })).status).toBe(401);
    const appToken = await internals.tokens.accessToken({ memberGuid: claims.sub, sessionId: claims.sso, email: '', audience: 'app' });
    await t.post(AUTH_PATHS.logout, {}, { token: session.token });
    expect((await t.post(AUTH_PATHS.webviewToken, { token: appToken })).status).toBe(401);
  });

  it('publishes the public key: tokens verify with the JWKS, and it holds no private part', async () => {
    const answer = await t.get(AUTH_PATHS.jwks);
    expect(answer.status).toBe(200);
    const jwks = answer.body as jose.JSONWebKeySet;
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const { token } = await passwordLogin(DEMO_MEMBERS.withPassword, DEMO_PASSWORD, '198.51.100.13');
    const { payload } = await jose.jwtVerify(token, jose.createLocalJWKSet(jwks), {
      currentDate: t.now(),
      audience: 'web',
      issuer: DEFAULT_TOKEN_ISSUER,
    });
    expect(payload.sso).toBeTruthy();
  });

  it('rejects an unknown exchange code', async () => {
    const answer = await t.post(AUTH_PATHS.exchangeCode, { code: 'not-a-code' });
    expect(answer.status).toBe(401);
  });
});
