import { and, eq } from 'drizzle-orm';
import * as jose from 'jose';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_PATHS,
  ConnectionsResponseSchema,
  LoginResponseSchema,
  MEMBER_PATHS,
  MemberProfileResponseSchema,
  ProvidersResponseSchema,
  RegisterResponseSchema,
} from '../../src/contract/auth';
import { ErrorBodySchema } from '../../src/contract/errors';
import { useTestDatabase } from '../../test/bff/database';
import { members, socialIdentities } from '../db/schema';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../db/seed/members';
import { DEV_IDP_TEST_USERS, devIdpSubject } from '../dev/identity-provider';
import { signInAtLocalProvider } from '../dev/local-idp-client';
import { startLocalIdentityProviders } from '../dev/testing';
import { type FacebookVerifier, IdentityRejectedError } from '../ports/identity';
import { LOCAL_CLIENT_IDS } from './settings';
import { type AuthTestApp, createAuthTestApp } from './testing';

/*
 * Google and Apple sign-in end to end: the local OpenID Connect provider runs on a port of its own, the
 * test signs in there like a browser (authorization code with PKCE, the login form) and hands the ID
 * token to the BFF, which verifies it with the keys it fetches from the provider. Facebook has no local
 * provider: a fake verifier stands in for the Graph API.
 */

const database = useTestDatabase();
let idp: Awaited<ReturnType<typeof startLocalIdentityProviders>>;
let t: AuthTestApp;

/** A fake Facebook: the token `good:<userId>:<email>` is valid for that user. */
const fakeFacebook: FacebookVerifier = {
  async verify(accessToken, userId) {
    const [kind, tokenUser, email] = accessToken.split(':');
    if (kind !== 'good' || tokenUser !== userId) throw new IdentityRejectedError('bad token');
    return { subject: userId, email: email ?? null, emailVerified: Boolean(email) };
  },
};

beforeAll(async () => {
  idp = await startLocalIdentityProviders();
  // The real clock: the provider stamps its tokens with it.
  t = createAuthTestApp(database.db, { localIssuer: (name) => idp.issuer(name), facebook: fakeFacebook, settings: { devIdp: true } });
  t.setNow(new Date());
});

afterAll(async () => {
  await idp?.close();
});

async function idToken(provider: 'google' | 'apple', email: string) {
  return (await signInAtLocalProvider({ issuer: idp.issuer(provider), clientId: LOCAL_CLIENT_IDS[provider], email })).idToken;
}

function result(answer: { status: number; body: unknown }) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return v.parse(LoginResponseSchema, answer.body).data;
}

const googleLogin = (token: string, from = '198.51.100.1') => t.post(AUTH_PATHS.google, { token }, { from });
const appleLogin = (token: string, from = '198.51.100.1') =>
  t.post(AUTH_PATHS.apple, { authorization: { id_token: token, code: 'ignored' }, user: { name: { firstName: 'Omar' } } }, { from });

describe('the local identity provider', () => {
  it('issues ID tokens for our client with the email, verified, signed RS256 with keys it publishes', async () => {
    const token = await idToken('google', DEMO_MEMBERS.withPassword);
    const claims = jose.decodeJwt(token);
    expect(jose.decodeProtectedHeader(token).alg).toBe('RS256');
    expect(claims).toMatchObject({
      iss: idp.issuer('google'),
      aud: LOCAL_CLIENT_IDS.google,
      sub: devIdpSubject('google', DEMO_MEMBERS.withPassword),
      email: DEMO_MEMBERS.withPassword,
      email_verified: true,
    });
    const keys = jose.createRemoteJWKSet(new URL(`${idp.issuer('google')}/jwks`));
    await expect(jose.jwtVerify(token, keys, { issuer: idp.issuer('google'), audience: LOCAL_CLIENT_IDS.google })).resolves.toBeTruthy();
    expect(idp.issuer('google')).toBe(`${idp.origin}/dev/idp/google`);
  });

  it('shows a login page listing the test users, without a consent step', async () => {
    const authorize = new URL(`${idp.issuer('google')}/auth`);
    authorize.search = new URLSearchParams({
      client_id: LOCAL_CLIENT_IDS.google,
      response_type: 'code',
      scope: 'openid email',
      redirect_uri: `${idp.origin}/en/account/login`,
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
    }).toString();
    const start = await fetch(authorize, { redirect: 'manual' });
    expect(start.status).toBe(303);
    const cookies = start.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const page = await fetch(new URL(start.headers.get('location') ?? '', idp.origin), { headers: { cookie: cookies } });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const user of DEV_IDP_TEST_USERS.google) expect(html).toContain(user.email);
    expect(html).toContain('name="email"');
  });
});

describe('GET providers', () => {
  it('names the local provider’s issuers and client ids when it runs', async () => {
    const answer = await t.get(AUTH_PATHS.providers);
    expect(answer.status).toBe(200);
    expect(v.parse(ProvidersResponseSchema, answer.body).data).toEqual([
      { provider: 'google', enabled: true, issuer: idp.issuer('google'), clientId: LOCAL_CLIENT_IDS.google },
      { provider: 'apple', enabled: true, issuer: idp.issuer('apple'), clientId: LOCAL_CLIENT_IDS.apple },
      { provider: 'facebook', enabled: false, issuer: null, clientId: null },
    ]);
  });

  it('names the configured issuers instead, and says off for what is not configured', async () => {
    const configured = createAuthTestApp(database.db, {
      settings: {
        devIdp: true,
        google: { issuer: 'https://accounts.google.com', clientId: 'google-client' },
        apple: { issuer: 'https://appleid.apple.com', clientId: undefined },
        facebook: { appId: 'fb-app', appSecret: 'fb-secret' },
      },
    });
    expect(v.parse(ProvidersResponseSchema, (await configured.get(AUTH_PATHS.providers)).body).data).toEqual([
      { provider: 'google', enabled: true, issuer: 'https://accounts.google.com', clientId: 'google-client' },
      { provider: 'apple', enabled: false, issuer: 'https://appleid.apple.com', clientId: null },
      { provider: 'facebook', enabled: true, issuer: null, clientId: 'fb-app' },
    ]);
    const off = createAuthTestApp(database.db);
    expect(v.parse(ProvidersResponseSchema, (await off.get(AUTH_PATHS.providers)).body).data.map((provider) => provider.enabled)).toEqual([
      false,
      false,
      false,
    ]);
  });
});

describe('POST login/google', () => {
  it('signs in the seeded member whose email the Google account verifies, and links the account', async () => {
    const signedIn = result(await googleLogin(await idToken('google', DEMO_MEMBERS.withPassword)));
    expect(signedIn.result).toBe('Authenticated');
    if (signedIn.result !== 'Authenticated') return;
    const profile = v.parse(MemberProfileResponseSchema, (await t.get(MEMBER_PATHS.profile, { token: signedIn.token })).body).data;
    expect(profile.email).toBe(DEMO_MEMBERS.withPassword);
    const [link] = await database.db
      .select()
      .from(socialIdentities)
      .where(
        and(eq(socialIdentities.provider, 'google'), eq(socialIdentities.subject, devIdpSubject('google', DEMO_MEMBERS.withPassword))),
      );
    expect(link?.email).toBe(DEMO_MEMBERS.withPassword);
    // A second sign-in finds the member by the link.
    expect(result(await googleLogin(await idToken('google', DEMO_MEMBERS.withPassword))).result).toBe('Authenticated');
  });

  it('answers RegistrationRequired for a new Google user; registering with its token creates an active member, linked and signed in', async () => {
    const email = DEV_IDP_TEST_USERS.google[1]?.email ?? '';
    const answer = result(await googleLogin(await idToken('google', email)));
    expect(answer.result).toBe('RegistrationRequired');
    if (answer.result !== 'RegistrationRequired') return;
    expect(jose.decodeJwt(answer.registration_token)).toMatchObject({ email, provider: 'google', aud: 'registration' });

    const registered = await t.post(
      MEMBER_PATHS.register,
      { email, firstName: 'Noah', lastName: 'Google', locale: 'en', acceptTerms: true, registration_token: answer.registration_token },
      { from: '198.51.100.2' },
    );
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const { data } = v.parse(RegisterResponseSchema, registered.body);
    expect(data.status).toBe('registered');
    expect((await t.get(MEMBER_PATHS.profile, { token: data.token })).status).toBe(200);
    const [member] = await database.db.select().from(members).where(eq(members.email, email));
    expect(member).toMatchObject({ status: 'active', passwordHash: null });
    expect(result(await googleLogin(await idToken('google', email))).result).toBe('Authenticated');
  });

  it('rejects a token for another client, a tampered token, an expired one and garbage with 401 "Sign in with Google failed"', async () => {
    const token = await idToken('google', 'someone@example.com');
    const [head, body, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${head}.${Buffer.from(JSON.stringify({ ...claims, email: DEMO_MEMBERS.codeOnly })).toString('base64url')}.${signature}`;
    const appleToken = await idToken('apple', 'someone@example.com');
    for (const bad of [tampered, appleToken, 'garbage']) {
      const answer = await googleLogin(bad, '198.51.100.3');
      expect(answer.status).toBe(401);
      expect(v.parse(ErrorBodySchema, answer.body).error.message).toBe('Sign in with Google failed');
    }
    const now = t.now();
    t.setNow(new Date(now.getTime() + 60 * 60 * 1000));
    expect((await googleLogin(token, '198.51.100.3')).status).toBe(401);
    t.setNow(now);
  });

  it('rejects every token when Google sign-in is not configured (no issuer, local provider off)', async () => {
    const off = createAuthTestApp(database.db);
    const answer = await off.post(AUTH_PATHS.google, { token: await idToken('google', DEMO_MEMBERS.withPassword) });
    expect(answer.status).toBe(401);
  });
});

describe('POST login/apple', () => {
  it('signs in the seeded member by the verified email (Apple sends email_verified as a string)', async () => {
    const token = await idToken('apple', DEMO_MEMBERS.codeOnly);
    expect(jose.decodeJwt(token).email_verified).toBe('true');
    expect(result(await appleLogin(token)).result).toBe('Authenticated');
  });

  it('answers RegistrationRequired for a new Apple user', async () => {
    const answer = result(await appleLogin(await idToken('apple', DEV_IDP_TEST_USERS.apple[1]?.email ?? '')));
    expect(answer.result).toBe('RegistrationRequired');
  });

  it('rejects a Google token on the Apple route with "Sign in with Apple failed"', async () => {
    const answer = await appleLogin(await idToken('google', DEMO_MEMBERS.codeOnly), '198.51.100.4');
    expect(answer.status).toBe(401);
    expect(v.parse(ErrorBodySchema, answer.body).error.message).toBe('Sign in with Apple failed');
  });
});

describe('POST login/facebook (fake verifier)', () => {
  it('signs in the member whose email Facebook confirms; a new user must register', async () => {
    expect(result(await t.post(AUTH_PATHS.facebook, { accessToken: `good:fb-1:${DEMO_MEMBERS.codeOnly}`, userID: 'fb-1' })).result).toBe(
      'Authenticated',
    );
    expect(result(await t.post(AUTH_PATHS.facebook, { accessToken: 'good:fb-2:new.fb@example.com', userID: 'fb-2' })).result).toBe(
      'RegistrationRequired',
    );
  });

  it('answers 401 "Unauthorized user" for a token the verifier rejects', async () => {
    const answer = await t.post(AUTH_PATHS.facebook, { accessToken: 'bad', userID: 'fb-1' }, { from: '198.51.100.5' });
    expect(answer.status).toBe(401);
    expect(v.parse(ErrorBodySchema, answer.body).error.message).toBe('Unauthorized user');
  });

  it('is off by default (no app id and secret): every token is rejected', async () => {
    const off = createAuthTestApp(database.db);
    expect((await off.post(AUTH_PATHS.facebook, { accessToken: `good:fb-1:${DEMO_MEMBERS.codeOnly}`, userID: 'fb-1' })).status).toBe(401);
  });
});

describe('connections, link and unlink', () => {
  it('lists the providers, links Google with an ID token, refuses an account linked to someone else, and unlinks', async () => {
    const login = await t.post(
      AUTH_PATHS.passwordLogin,
      { email: DEMO_MEMBERS.withPassword, password: DEMO_PASSWORD },
      { from: '198.51.100.6' },
    );
    const signedIn = result(login);
    if (signedIn.result !== 'Authenticated') throw new Error('not signed in');
    const token = signedIn.token;
    const connections = async () => v.parse(ConnectionsResponseSchema, (await t.get(AUTH_PATHS.connections, { token })).body).data;

    expect((await t.get(AUTH_PATHS.connections)).status).toBe(401);
    expect((await connections()).map((connection) => connection.provider)).toEqual(['google', 'apple', 'facebook']);
    // Google was linked by the sign-in above.
    expect((await connections()).find((connection) => connection.provider === 'google')).toEqual({
      provider: 'google',
      connected: true,
      email: DEMO_MEMBERS.withPassword,
    });

    const unlinked = await t.call('DELETE', AUTH_PATHS.link.replace(':provider', 'google'), { token });
    expect(unlinked.status).toBe(200);
    expect((await connections()).find((connection) => connection.provider === 'google')?.connected).toBe(false);

    // Linking an Apple account whose email is someone else's works: the member chooses it.
    const linked = await t.call('PUT', AUTH_PATHS.link.replace(':provider', 'apple'), {
      token,
      body: { token: await idToken('apple', 'anna.private@example.com') },
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(v.parse(ConnectionsResponseSchema, linked.body).data.find((connection) => connection.provider === 'apple')).toMatchObject({
      connected: true,
    });

    // The Apple account of the code-only member is his: it cannot be linked to Anna.
    const taken = await t.call('PUT', AUTH_PATHS.link.replace(':provider', 'apple'), {
      token,
      body: { token: await idToken('apple', DEMO_MEMBERS.codeOnly) },
    });
    expect(taken.status).toBe(409);

    const facebook = await t.call('PUT', AUTH_PATHS.link.replace(':provider', 'facebook'), {
      token,
      body: { accessToken: 'good:fb-anna', userID: 'fb-anna' },
    });
    expect(facebook.status).toBe(200);
    const badProvider = await t.call('PUT', '/auth/myspace', { token, body: { token: 'x' } });
    expect(badProvider.status).toBe(400);
    const wrongBody = await t.call('PUT', AUTH_PATHS.link.replace(':provider', 'facebook'), { token, body: { token: 'x' } });
    expect(wrongBody.status).toBe(400);
  });
});
