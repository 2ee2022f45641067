import type { Context } from 'hono';
import type { LoginResult } from '../../src/contract/auth';
import type { SocialIdentityProvider } from '../db/schema';
import { errorBody } from '../middleware/errors';
import type { Member } from '../members/store';
import { LoyaltyUnavailableError } from '../ports/loyalty';
import type { VerifiedIdentity } from '../ports/identity';
import { newSignInMail } from './account-security-mails';
import type { Auth } from './core';
import { deviceLabel, describeDevice, recogniseDevice } from './devices';
import { setRefreshCookie } from './http';
import { storedUserAgent } from './sessions';

export type Authenticated = Extract<LoginResult, { result: 'Authenticated' }>;

/**
 * Signs the member in: a pending member is activated first (the caller has just proven the email), then
 * a session starts; the answer carries the session token and the refresh token, which also goes into
 * the httpOnly cookie. Undefined with a 502 answer when the loyalty system failed during activation.
 *
 * An activation here is a proof of the email other than the activation link: the member gets only the
 * `verifiedPasswordHash` the prover chose (none by default), and the pending link, with the password
 * whoever registered chose before the email was proven, stops working.
 */
export async function startSession(
  auth: Auth,
  c: Context,
  member: Member,
  { verifiedPasswordHash = null }: { verifiedPasswordHash?: string | null } = {},
): Promise<{ ok: true; result: Authenticated } | { ok: false; response: Response }> {
  let active = member;
  if (member.status !== 'active') {
    try {
      const activated = await auth.members.activate(member, { passwordHash: verifiedPasswordHash });
      if (activated) await auth.codes.discard(member.email, 'activation');
      active = activated ?? (await auth.members.byId(member.id)) ?? member;
    } catch (error) {
      if (!(error instanceof LoyaltyUnavailableError)) throw error;
      auth.logger.log('warn', 'loyalty system unavailable at activation', { error });
      return { ok: false, response: c.json(errorBody('internal', 'The membership system is not available. Please try again later.'), 502) };
    }
  }
  const { session, refreshToken } = await beginSession(auth, c, active);
  const token = await auth.tokens.accessToken({ memberGuid: session.memberGuid, sessionId: session.sessionId, email: session.email });
  setRefreshCookie(c, refreshToken, session.expiresAt, auth.now());
  return { ok: true, result: { result: 'Authenticated', token, refresh_token: refreshToken } };
}

/**
 * After a provider vouched for an identity: the member linked to it, else the member with its verified
 * email (then linked), else registration with a token carrying the verified email and the identity.
 */
export async function socialSignIn(
  auth: Auth,
  c: Context,
  provider: SocialIdentityProvider,
  identity: VerifiedIdentity,
): Promise<{ ok: true; result: LoginResult } | { ok: false; response: Response }> {
  let member = await auth.members.bySocialIdentity(provider, identity.subject);
  const verifiedEmail = identity.emailVerified ? identity.email : null;
  if (!member && verifiedEmail) {
    member = await auth.members.byEmail(verifiedEmail);
    // A member who already linked another account of this provider still signs in by the verified email.
    if (member) await auth.members.link(member.id, provider, identity.subject, verifiedEmail);
  }
  if (member) return startSession(auth, c, member);
  if (!verifiedEmail) {
    return { ok: false, response: c.json(errorBody('unauthorized', 'This account has no verified email address'), 401) };
  }
  const registrationToken = await auth.tokens.registrationToken({ email: verifiedEmail, provider, provider_subject: identity.subject });
  return { ok: true, result: { result: 'RegistrationRequired', registration_token: registrationToken } };
}

/**
 * Where every sign-in's session begins (the sign-ins above, and the password reset's session that its page
 * trades for tokens): the session notes the browser's User-Agent, the browser is recognised by its device
 * cookie, and a browser new to a member who has others is told to the member by mail (decision record 0047).
 */
export async function beginSession(auth: Auth, c: Context, member: Member) {
  const userAgent = storedUserAgent(c.req.header('user-agent'));
  const started = await auth.sessions.create(member.id, { userAgent });
  if ((await recogniseDevice(auth, c, member.id, userAgent)) === 'new') {
    const device = deviceLabel(describeDevice(userAgent), member.locale);
    await auth.mail.send(newSignInMail(member.email, member.locale, device, auth.now(), auth.links().sessions(member.locale)));
  }
  return started;
}
