import { Hono } from 'hono';
import * as v from 'valibot';
import {
  AppleLoginRequestSchema,
  AppTokenRequestSchema,
  AUTH_PATHS,
  ConfirmPasswordRequestSchema,
  ExchangeCodeRequestSchema,
  FacebookLoginRequestSchema,
  GoogleLoginRequestSchema,
  type LoginResult,
  OtpCodeRequestSchema,
  OtpLoginRequestSchema,
  PasswordLoginRequestSchema,
  RefreshRequestSchema,
  SOCIAL_PROVIDERS,
  SocialProviderSchema,
} from '../../src/contract/auth';
import type { AppEnv } from '../env';
import { errorBody } from '../middleware/errors';
import { validate } from '../middleware/validate';
import type { Member } from '../members/store';
import { IdentityRejectedError, type VerifiedIdentity } from '../ports/identity';
import { bearerAuth, type MemberEnv } from './bearer';
import { newOtpCode } from './codes';
import type { Auth } from './core';
import {
  clearRefreshCookie,
  clientAddress,
  firstRefusal,
  oneTimeCodeRequired,
  optionalJson,
  refreshCookie,
  sameOriginOnly,
  setRefreshCookie,
  tooManyRequests,
  unauthorized,
} from './http';
import { loginInput } from './login-input';
import { codeGuessingNoticeMail, otpMail } from './mails';
import { verifyPassword } from './passwords';
import { RATE_LIMITS } from './rate-limit';
import { socialSignIn, startSession } from './sign-in';
import { AUDIENCES } from './tokens';

const CODE_REJECTED = 'The code is not valid or has expired';
const CREDENTIALS_REJECTED = 'The email address or the password is not correct';
const SOCIAL_FAILED = { google: 'Sign in with Google failed', apple: 'Sign in with Apple failed', facebook: 'Unauthorized user' } as const;

/** PUT /auth/:provider: an ID token for Google and Apple, the SDK's token and user id for Facebook. */
const LinkRequestSchema = v.union([GoogleLoginRequestSchema, FacebookLoginRequestSchema]);

/**
 * Sign-in (spec section 7 "Auth"): one-time codes by mail, passwords, Google, Apple and Facebook, the
 * refresh of session tokens, logout, code and app-token exchanges, linked social accounts, and our
 * public keys. See docs/decisions/0011-sign-in-and-sessions.md.
 */
export function authRoutes(auth: Auth) {
  const { limiter, codes, tokens, sessions, members, settings } = auth;
  const address = (c: Parameters<typeof clientAddress>[0]) => clientAddress(c, settings.trustProxy);
  const bearer = bearerAuth(auth);
  const sameSite = sameOriginOnly({ siteOrigin: () => new URL(auth.links().login('en')).origin, trustProxy: settings.trustProxy });

  async function verifySocial(provider: 'google' | 'apple' | 'facebook', verify: () => Promise<VerifiedIdentity>, from: string) {
    try {
      return await verify();
    } catch (error) {
      if (!(error instanceof IdentityRejectedError)) throw error;
      await limiter.hit(RATE_LIMITS.tokenFailuresPerAddress, from);
      auth.logger.log('info', 'social sign-in rejected', { provider, reason: error.message });
      return undefined;
    }
  }

  /**
   * A guess at a one-time code (or at the password that follows one), counted before it is checked, in
   * one atomic step per limit: per address, and per email from every address together. A refused guess
   * is not checked. A right guess is taken back; the wrong one that reaches the per-email cap tells the
   * member by mail.
   */
  async function codeGuess(email: string, from: string) {
    const perAddress = await limiter.attempt(RATE_LIMITS.otpFailuresPerAddress, from);
    if (!perAddress.allowed) return perAddress;
    const perEmail = await limiter.attempt(RATE_LIMITS.otpFailuresPerEmail, email);
    if (!perEmail.allowed) return perEmail;
    return {
      allowed: true as const,
      async succeeded() {
        await perAddress.refund();
        await perEmail.refund();
      },
      async failed(member: Member | undefined) {
        if (member && perEmail.hits === RATE_LIMITS.otpFailuresPerEmail.limit) {
          await auth.mail.send(codeGuessingNoticeMail(member.email, member.locale, auth.links().login(member.locale)));
        }
      },
    };
  }

  async function connections(memberId: number) {
    const linked = await members.connections(memberId);
    return SOCIAL_PROVIDERS.map((provider) => {
      const link = linked.find((candidate) => candidate.provider === provider);
      return { provider, connected: Boolean(link), email: link?.email ?? null };
    });
  }

  return new Hono<AppEnv>()
    .post(AUTH_PATHS.otpCode, loginInput(OtpCodeRequestSchema), async (c) => {
      const { email, locale } = c.req.valid('json');
      const retryAfter = await firstRefusal(
        () => limiter.hit(RATE_LIMITS.otpCodePerAddress, address(c)),
        () => limiter.hit(RATE_LIMITS.otpCodePerEmail, email),
      );
      if (retryAfter !== undefined) return tooManyRequests(c, retryAfter);
      // The same steps whether or not the email is a member's: the code also starts a registration.
      const code = newOtpCode();
      await codes.issue(email, 'otp', code);
      await auth.mail.send(otpMail(email, locale, code));
      return c.json({ data: { accepted: true as const } }, 202);
    })

    .post(AUTH_PATHS.otpLogin, loginInput(OtpLoginRequestSchema), async (c) => {
      const { email, code } = c.req.valid('json');
      const guess = await codeGuess(email, address(c));
      if (!guess.allowed) return tooManyRequests(c, guess.retryAfterSeconds);
      const member = await members.byEmail(email);
      // A member with a password confirms it after the code (two factors): the code stays usable for that.
      const needsPassword = Boolean(member?.passwordHash);
      if (!(await codes.check(email, 'otp', code, { consume: !needsPassword }))) {
        await guess.failed(member);
        return unauthorized(c, CODE_REJECTED);
      }
      await guess.succeeded();
      let result: LoginResult;
      if (!member) {
        result = { result: 'RegistrationRequired', registration_token: await tokens.registrationToken({ email }) };
      } else if (needsPassword) {
        result = { result: 'PasswordRequired' };
      } else {
        const started = await startSession(auth, c, member);
        if (!started.ok) return started.response;
        result = started.result;
      }
      return c.json({ data: result }, 200);
    })

    .post(AUTH_PATHS.confirmPassword, loginInput(ConfirmPasswordRequestSchema), async (c) => {
      const { email, password, code } = c.req.valid('json');
      // Not under the password-only limits: the code proves the mailbox, and guesses by others at the
      // password alone must not keep the member out of this way in (see passwordLogin).
      const guess = await codeGuess(email, address(c));
      if (!guess.allowed) return tooManyRequests(c, guess.retryAfterSeconds);
      const member = await members.byEmail(email);
      const codeOk = await codes.check(email, 'otp', code, { consume: false });
      // Verified even when the code is wrong, so the answer takes as long either way.
      const passwordOk = await verifyPassword(password, member?.passwordHash);
      if (!member || !codeOk || !passwordOk || !(await codes.check(email, 'otp', code, { consume: true }))) {
        // A wrong password spends one of the code's tries, so a code allows five guesses in all.
        if (codeOk) await codes.countFailure(email, 'otp');
        await guess.failed(member);
        return unauthorized(c, CREDENTIALS_REJECTED);
      }
      await guess.succeeded();
      const started = await startSession(auth, c, member);
      if (!started.ok) return started.response;
      return c.json({ data: started.result as LoginResult }, 200);
    })

    .post(AUTH_PATHS.passwordLogin, loginInput(PasswordLoginRequestSchema), async (c) => {
      const { email, password } = c.req.valid('json');
      // Each guess is counted before the password is checked, atomically, so racing guesses cannot get
      // past the limits. Over a limit the password is not checked at all: the answer asks for a one-time
      // code, which password guesses do not touch (the same answer for any email, member or not).
      const perAddress = await limiter.attempt(RATE_LIMITS.passwordFailuresPerAddress, address(c));
      if (!perAddress.allowed) return oneTimeCodeRequired(c, perAddress.retryAfterSeconds);
      const perEmail = await limiter.attempt(RATE_LIMITS.passwordFailuresPerEmail, email);
      if (!perEmail.allowed) return oneTimeCodeRequired(c, perEmail.retryAfterSeconds);
      const member = await members.byEmail(email);
      // Unknown email, no password, wrong password, not activated: one answer, one argon2 verification.
      const passwordOk = await verifyPassword(password, member?.passwordHash);
      if (!member || !passwordOk || member.status !== 'active') return unauthorized(c, CREDENTIALS_REJECTED);
      // Only failures stay counted.
      await perAddress.refund();
      await perEmail.refund();
      const started = await startSession(auth, c, member);
      if (!started.ok) return started.response;
      return c.json({ data: started.result as LoginResult }, 200);
    })

    .post(AUTH_PATHS.google, loginInput(GoogleLoginRequestSchema), async (c) => {
      const from = address(c);
      const retryAfter = await firstRefusal(() => limiter.peek(RATE_LIMITS.tokenFailuresPerAddress, from));
      if (retryAfter !== undefined) return tooManyRequests(c, retryAfter);
      const identity = await verifySocial('google', () => auth.verifiers.google.verify(c.req.valid('json').token), from);
      if (!identity) return unauthorized(c, SOCIAL_FAILED.google);
      const signedIn = await socialSignIn(auth, c, 'google', identity);
      return signedIn.ok ? c.json({ data: signedIn.result }, 200) : signedIn.response;
    })

    .post(AUTH_PATHS.apple, loginInput(AppleLoginRequestSchema), async (c) => {
      const from = address(c);
      const retryAfter = await firstRefusal(() => limiter.peek(RATE_LIMITS.tokenFailuresPerAddress, from));
      if (retryAfter !== undefined) return tooManyRequests(c, retryAfter);
      // The authorization code is not redeemed: the ID token already proves the identity.
      const identity = await verifySocial('apple', () => auth.verifiers.apple.verify(c.req.valid('json').authorization.id_token), from);
      if (!identity) return unauthorized(c, SOCIAL_FAILED.apple);
      const signedIn = await socialSignIn(auth, c, 'apple', identity);
      return signedIn.ok ? c.json({ data: signedIn.result }, 200) : signedIn.response;
    })

    .post(AUTH_PATHS.facebook, loginInput(FacebookLoginRequestSchema), async (c) => {
      const { accessToken, userID } = c.req.valid('json');
      const from = address(c);
      const retryAfter = await firstRefusal(() => limiter.peek(RATE_LIMITS.tokenFailuresPerAddress, from));
      if (retryAfter !== undefined) return tooManyRequests(c, retryAfter);
      const identity = await verifySocial('facebook', () => auth.verifiers.facebook.verify(accessToken, userID), from);
      if (!identity) return unauthorized(c, SOCIAL_FAILED.facebook);
      const signedIn = await socialSignIn(auth, c, 'facebook', identity);
      return signedIn.ok ? c.json({ data: signedIn.result }, 200) : signedIn.response;
    })

    .post(AUTH_PATHS.refresh, sameSite, optionalJson(RefreshRequestSchema), async (c) => {
      const fromBody = c.req.valid('json').refresh_token;
      const presented = fromBody ?? refreshCookie(c);
      if (!presented) return unauthorized(c, 'No refresh token');
      const outcome = await sessions.refresh(presented);
      if (!outcome.ok) {
        if (outcome.reused) auth.logger.log('warn', 'refresh token reused: session revoked');
        if (!fromBody) clearRefreshCookie(c);
        return unauthorized(c, 'The session has ended. Please sign in again.');
      }
      const { session, refreshToken } = outcome;
      const accessToken = await tokens.accessToken({ memberGuid: session.memberGuid, sessionId: session.sessionId, email: session.email });
      if (fromBody) return c.json({ data: { access_token: accessToken, refresh_token: refreshToken } }, 200);
      setRefreshCookie(c, refreshToken, session.expiresAt, auth.now());
      return c.json({ data: { access_token: accessToken } }, 200);
    })

    .post(AUTH_PATHS.logout, sameSite, optionalJson(RefreshRequestSchema), async (c) => {
      let sessionId: string | undefined;
      const bearerToken = /^Bearer (\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (bearerToken) {
        sessionId = await tokens.verifyAccessToken(bearerToken).then(
          (claims) => claims.sso,
          () => undefined,
        );
      }
      const refresh = c.req.valid('json').refresh_token ?? refreshCookie(c);
      if (!sessionId && refresh) sessionId = await sessions.sessionOfRefreshToken(refresh);
      if (sessionId) await sessions.revoke(sessionId, 'logout');
      clearRefreshCookie(c);
      return c.json({ data: { loggedOut: true as const } }, 200);
    })

    .post(AUTH_PATHS.exchangeCode, validate('json', ExchangeCodeRequestSchema), async (c) => {
      const from = address(c);
      const retryAfter = await firstRefusal(() => limiter.peek(RATE_LIMITS.tokenFailuresPerAddress, from));
      if (retryAfter !== undefined) return tooManyRequests(c, retryAfter);
      const redeemed = await sessions.redeemExchangeCode(c.req.valid('json').code);
      if (!redeemed) {
        await limiter.hit(RATE_LIMITS.tokenFailuresPerAddress, from);
        return unauthorized(c, CODE_REJECTED);
      }
      const { session, refreshToken } = redeemed;
      setRefreshCookie(c, refreshToken, session.expiresAt, auth.now());
      const token = await tokens.accessToken({ memberGuid: session.memberGuid, sessionId: session.sessionId, email: session.email });
      return c.json({ data: { token } }, 200);
    })

    .post(AUTH_PATHS.webviewToken, validate('json', AppTokenRequestSchema), async (c) => {
      const from = address(c);
      const retryAfter = await firstRefusal(() => limiter.peek(RATE_LIMITS.tokenFailuresPerAddress, from));
      if (retryAfter !== undefined) return tooManyRequests(c, retryAfter);
      const claims = await tokens.verifyAccessToken(c.req.valid('json').token, AUDIENCES.app).catch(() => undefined);
      const session = claims ? await sessions.live(claims.sso) : undefined;
      if (!claims || !session || session.memberGuid !== claims.sub) {
        await limiter.hit(RATE_LIMITS.tokenFailuresPerAddress, from);
        return unauthorized(c, 'The app token is not valid');
      }
      const token = await tokens.accessToken({ memberGuid: session.memberGuid, sessionId: session.sessionId, email: session.email });
      return c.json({ data: { token } }, 200);
    })

    .get(AUTH_PATHS.providers, (c) => {
      const oidcProvider = (provider: 'google' | 'apple') => {
        const { issuer, clientId } = auth.oidcClient(provider);
        return { provider, enabled: Boolean(issuer && clientId), issuer: issuer ?? null, clientId: clientId ?? null };
      };
      const { appId, appSecret } = settings.facebook;
      c.header('Cache-Control', 'no-store');
      return c.json(
        {
          data: [
            oidcProvider('google'),
            oidcProvider('apple'),
            { provider: 'facebook' as const, enabled: Boolean(appId && appSecret), issuer: null, clientId: appId ?? null },
          ],
        },
        200,
      );
    })

    .get(AUTH_PATHS.jwks, async (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(await tokens.jwks(), 200);
    })

    .route(
      '/',
      new Hono<MemberEnv>()
        .get(AUTH_PATHS.connections, bearer, async (c) => c.json({ data: await connections(c.get('session').memberId) }, 200))
        .put(
          AUTH_PATHS.link,
          bearer,
          validate('param', v.object({ provider: SocialProviderSchema })),
          validate('json', LinkRequestSchema),
          async (c) => {
            const { provider } = c.req.valid('param');
            const body = c.req.valid('json');
            const from = address(c);
            let identity: VerifiedIdentity | undefined;
            if (provider === 'facebook') {
              if (!('accessToken' in body))
                return c.json(errorBody('bad_request', 'Invalid request body', [{ path: 'accessToken', message: 'Required' }]), 400);
              identity = await verifySocial('facebook', () => auth.verifiers.facebook.verify(body.accessToken, body.userID), from);
            } else {
              if (!('token' in body))
                return c.json(errorBody('bad_request', 'Invalid request body', [{ path: 'token', message: 'Required' }]), 400);
              identity = await verifySocial(provider, () => auth.verifiers[provider].verify(body.token), from);
            }
            if (!identity) return unauthorized(c, SOCIAL_FAILED[provider]);
            const { memberId } = c.get('session');
            if (!(await members.link(memberId, provider, identity.subject, identity.emailVerified ? identity.email : null))) {
              return c.json(errorBody('conflict', 'This account is already linked, to you or to another member'), 409);
            }
            return c.json({ data: await connections(memberId) }, 200);
          },
        )
        .delete(AUTH_PATHS.link, bearer, validate('param', v.object({ provider: SocialProviderSchema })), async (c) => {
          const { memberId } = c.get('session');
          await members.unlink(memberId, c.req.valid('param').provider);
          return c.json({ data: await connections(memberId) }, 200);
        }),
    );
}
