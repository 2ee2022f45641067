import { type Context, Hono } from 'hono';
import type { LoginResult } from '../../src/contract/auth';
import {
  PASSKEY_LIMITS,
  PASSKEY_PATHS as P,
  PasskeyLoginRequestSchema,
  PasskeyParamsSchema,
  RegisterPasskeyRequestSchema,
  RenamePasskeyRequestSchema,
} from '../../src/contract/passkeys';
import type { AppEnv } from '../env';
import { errorBody, notFound } from '../middleware/errors';
import { validate } from '../middleware/validate';
import type { Member } from '../members/store';
import { bearerAuth, type MemberEnv } from './bearer';
import type { Auth } from './core';
import { clientAddress, firstRefusal, tooManyRequests, unauthorized } from './http';
import { RELYING_PARTY_NAME, relyingPartyOf } from './passkey-relying-party';
import { createPasskeyStore, type StoredPasskey, toPasskey } from './passkeys';
import type { RateLimitRule } from './rate-limit';
import { startSession } from './sign-in';
import { requireStepUp } from './step-up';
import { CHALLENGE_LIFETIME_MS, createWebauthnChallengeStore } from './webauthn-challenges';

/** Per 15 minutes and client address, like the other sign-in routes' limits (server/auth/rate-limit.ts). */
export const PASSKEY_RATE_LIMITS = {
  /** Sign-in options, each a stored challenge: counted before they are made. */
  loginOptionsPerAddress: { name: 'passkey-options:address', limit: 30, windowSeconds: 15 * 60 },
  /** Sign-ins refused (unknown passkey, bad signature, spent challenge): failures only. */
  loginFailuresPerAddress: { name: 'passkey-fail:address', limit: 30, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * @simplewebauthn/server with its ASN.1 and X.509 libraries takes about half a second to load: loaded at
 * the first passkey request rather than with the server, whose start does not need it.
 */
const loadLibrary = () => import('@simplewebauthn/server');
let library: ReturnType<typeof loadLibrary> | undefined;
const webauthn = () => (library ??= loadLibrary());

/** One answer for every refused passkey sign-in: it never tells whether the passkey is known. */
const SIGN_IN_REFUSED = 'This passkey could not be used to sign in';
const CHALLENGE_REFUSED = 'The passkey request has expired or was already answered. Please start again.';
const REGISTRATION_REFUSED = 'The passkey could not be verified. Please try again.';

/**
 * Passkeys (decision record 0048): registration by a signed-in member after a step-up, the member's list
 * with renaming and deleting, and sign-in with a discoverable credential. Verification is
 * @simplewebauthn/server's; this module decides which challenge, origin, RP ID and credential it checks against.
 */
export function passkeyRoutes(auth: Auth) {
  const { limiter, settings } = auth;
  const passkeys = createPasskeyStore(auth);
  const challenges = createWebauthnChallengeStore(auth);
  const bearer = bearerAuth(auth);
  const stepUp = requireStepUp(auth);
  const relyingParty = (c: Context) => relyingPartyOf(settings, c.req.url);

  async function currentMember(c: Context<MemberEnv>): Promise<Member> {
    const member = await auth.members.byId(c.get('session').memberId);
    // The bearer check has just seen the member's live session.
    if (!member) throw new Error('The signed-in member has gone');
    return member;
  }

  /** Library refusals are about the request (a malformed or forged response): logged briefly, never thrown on. */
  function refusalReason(error: unknown): string {
    return (error instanceof Error ? error.message : String(error)).slice(0, 200);
  }

  return new Hono<AppEnv>()
    .post(P.loginOptions, async (c) => {
      const retryAfter = await firstRefusal(() => limiter.hit(PASSKEY_RATE_LIMITS.loginOptionsPerAddress, clientAddress(c, settings.trustProxy)));
      if (retryAfter !== undefined) return tooManyRequests(c, retryAfter);
      const rp = relyingParty(c);
      if (!rp) return passkeysUnavailable(c);
      const { generateAuthenticationOptions } = await webauthn();
      // Discoverable credentials: no list of credentials, the authenticator offers the site's passkeys.
      const options = await generateAuthenticationOptions({ rpID: rp.id, allowCredentials: [], userVerification: 'preferred', timeout: CHALLENGE_LIFETIME_MS });
      const { id } = await challenges.issueAuthentication(options.challenge);
      return c.json({ data: { challengeId: id, options } }, 200);
    })

    .post(P.login, validate('json', PasskeyLoginRequestSchema), async (c) => {
      const from = clientAddress(c, settings.trustProxy);
      const retryAfter = await firstRefusal(() => limiter.peek(PASSKEY_RATE_LIMITS.loginFailuresPerAddress, from));
      if (retryAfter !== undefined) return tooManyRequests(c, retryAfter);
      const rp = relyingParty(c);
      if (!rp) return passkeysUnavailable(c);
      const refuse = async (reason: string) => {
        await limiter.hit(PASSKEY_RATE_LIMITS.loginFailuresPerAddress, from);
        auth.logger.log('info', 'passkey sign-in refused', { reason });
        return unauthorized(c, SIGN_IN_REFUSED);
      };

      const { challengeId, response } = c.req.valid('json');
      // Spent before anything is checked: whatever follows, this challenge is answered once.
      const challenge = await challenges.consumeAuthentication(challengeId);
      if (!challenge) return refuse('challenge unknown, used or expired');
      const found = await passkeys.byCredentialId(response.id);
      if (!found) return refuse('unknown credential');
      const { passkey, member } = found;
      if (member.status !== 'active') return refuse('member not active');
      // The user handle, when the authenticator sends one, must be the passkey's member (WebAuthn §7.2).
      if (response.response.userHandle !== undefined && response.response.userHandle !== userHandleOf(member.guid)) return refuse('user handle of another member');

      const { verifyAuthenticationResponse } = await webauthn();
      let verified;
      try {
        verified = await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          credential: credentialOf(passkey),
          requireUserVerification: true,
        });
      } catch (error) {
        return refuse(refusalReason(error));
      }
      if (!verified.verified) return refuse('signature not verified');
      const { newCounter, credentialBackedUp } = verified.authenticationInfo;
      if (!(await passkeys.recordUse(passkey.id, newCounter, credentialBackedUp, auth.now()))) {
        // The library refuses a counter that went back; this catches two sign-ins racing with one value.
        auth.logger.log('warn', 'passkey counter did not move forward: the authenticator may have been copied');
        return refuse('counter did not move forward');
      }
      const started = await startSession(auth, c, member);
      if (!started.ok) return started.response;
      return c.json({ data: started.result as LoginResult }, 200);
    })

    .route(
      '/',
      new Hono<MemberEnv>()
        // The step-up token is spent on the options: their challenge, bound to this session, carries the
        // proof on to the registration that answers them.
        .post(P.registrationOptions, bearer, stepUp, async (c) => {
          const rp = relyingParty(c);
          if (!rp) return passkeysUnavailable(c);
          const member = await currentMember(c);
          const existing = await passkeys.listOf(member.id);
          if (existing.length >= PASSKEY_LIMITS.perMember) return tooManyPasskeys(c);
          const { generateRegistrationOptions } = await webauthn();
          const options = await generateRegistrationOptions({
            rpName: RELYING_PARTY_NAME,
            rpID: rp.id,
            userID: userIdOf(member.guid),
            userName: member.email,
            userDisplayName: `${member.firstName} ${member.lastName}`.trim() || member.email,
            timeout: CHALLENGE_LIFETIME_MS,
            attestationType: 'none',
            excludeCredentials: existing.map((known) => ({ id: known.credentialId, transports: known.transports })),
            authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
          });
          const { sessionId } = c.get('session');
          await challenges.issueRegistration(options.challenge, { memberId: member.id, sessionId });
          return c.json({ data: options }, 200);
        })

        .post(P.passkeys, bearer, validate('json', RegisterPasskeyRequestSchema), async (c) => {
          const rp = relyingParty(c);
          if (!rp) return passkeysUnavailable(c);
          const { response, name } = c.req.valid('json');
          const { memberId, sessionId } = c.get('session');
          const challenge = challengeOf(response.response.clientDataJSON);
          if (!challenge || !(await challenges.consumeRegistration(challenge, { memberId, sessionId }))) {
            return c.json(errorBody('bad_request', CHALLENGE_REFUSED), 400);
          }
          const { verifyRegistrationResponse } = await webauthn();
          let verified;
          try {
            verified = await verifyRegistrationResponse({
              response,
              expectedChallenge: challenge,
              expectedOrigin: rp.origin,
              expectedRPID: rp.id,
              requireUserVerification: true,
            });
          } catch (error) {
            auth.logger.log('info', 'passkey registration refused', { reason: refusalReason(error) });
            return c.json(errorBody('bad_request', REGISTRATION_REFUSED), 400);
          }
          if (!verified.verified) return c.json(errorBody('bad_request', REGISTRATION_REFUSED), 400);
          const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
          const added = await passkeys.add(
            memberId,
            {
              credentialId: credential.id,
              publicKey: Buffer.from(credential.publicKey).toString('base64url'),
              counter: credential.counter,
              transports: response.response.transports ?? credential.transports ?? [],
              deviceType: credentialDeviceType,
              backedUp: credentialBackedUp,
            },
            name,
          );
          if (!added.ok) {
            return added.reason === 'full' ? tooManyPasskeys(c) : c.json(errorBody('conflict', 'This passkey is already registered'), 409);
          }
          return c.json({ data: toPasskey(added.passkey) }, 201);
        })

        .get(P.passkeys, bearer, async (c) => c.json({ data: (await passkeys.listOf(c.get('session').memberId)).map(toPasskey) }, 200))

        .patch(P.passkey, bearer, validate('param', PasskeyParamsSchema), validate('json', RenamePasskeyRequestSchema), async (c) => {
          const renamed = await passkeys.rename(c.get('session').memberId, c.req.valid('param').id, c.req.valid('json').name);
          return renamed ? c.json({ data: toPasskey(renamed) }, 200) : notFound(c, 'No such passkey');
        })

        .delete(P.passkey, bearer, validate('param', PasskeyParamsSchema), async (c) => {
          const { memberId } = c.get('session');
          if (!(await passkeys.remove(memberId, c.req.valid('param').id))) return notFound(c, 'No such passkey');
          return c.json({ data: (await passkeys.listOf(memberId)).map(toPasskey) }, 200);
        }),
    );
}

/** The WebAuthn user id: the member's public guid as its 16 bytes (no personal data, stable for life). */
function userIdOf(guid: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(guid.replaceAll('-', ''), 'hex'));
}

/** The user handle an authenticator returns for this member: the user id, base64url. */
function userHandleOf(guid: string): string {
  return Buffer.from(userIdOf(guid)).toString('base64url');
}

function credentialOf(passkey: StoredPasskey) {
  return { id: passkey.credentialId, publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')), counter: passkey.counter, transports: passkey.transports };
}

/**
 * The challenge the browser's client data answers (base64url JSON, as WebAuthn writes it); undefined when
 * the client data is not readable. The library reads it again, and checks it, when it verifies.
 */
function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const clientData: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = typeof clientData === 'object' && clientData !== null && 'challenge' in clientData ? clientData.challenge : undefined;
    return typeof challenge === 'string' ? challenge : undefined;
  } catch {
    return undefined;
  }
}

function passkeysUnavailable(c: Context) {
  return c.json(errorBody('service_unavailable', 'Passkeys are not available at this address of the site'), 503);
}

function tooManyPasskeys(c: Context) {
  return c.json(errorBody('conflict', `At most ${PASSKEY_LIMITS.perMember} passkeys. Remove one to add another.`), 409);
}
