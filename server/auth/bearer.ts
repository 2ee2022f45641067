import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import type { Auth } from './core';
import { unauthorized } from './http';
import type { LiveSession } from './sessions';
import { AUDIENCES } from './tokens';

/** Routes behind bearerAuth find the signed-in member's session here. */
export type MemberEnv = { Variables: AppEnv['Variables'] & { session: LiveSession } };

/**
 * Member routes: `Authorization: Bearer <session token>`. 401 for a missing header, a token that fails
 * verification (algorithm other than ES256, bad signature, expired, wrong issuer or audience, no `sso`),
 * or whose session is revoked, expired or not this member's.
 */
export function bearerAuth(auth: Pick<Auth, 'tokens' | 'sessions'>) {
  return createMiddleware<MemberEnv>(async (c, next) => {
    const session = await bearerSession(auth, c);
    if (!session) {
      c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      return unauthorized(c, 'Sign in to continue');
    }
    c.set('session', session);
    await next();
  });
}

/** The live session of the request's bearer token; undefined without one or for any invalid one (routes open to everyone). */
export async function bearerSession(auth: Pick<Auth, 'tokens' | 'sessions'>, c: Context): Promise<LiveSession | undefined> {
  const match = /^Bearer ([\w.~+/-]+=*)$/i.exec(c.req.header('authorization') ?? '');
  if (!match?.[1]) return undefined;
  const claims = await auth.tokens.verifyAccessToken(match[1], AUDIENCES.web).catch(() => undefined);
  if (!claims) return undefined;
  const session = await auth.sessions.live(claims.sso);
  if (!session || session.memberGuid !== claims.sub) return undefined;
  // The session's last use, for the member's list of sessions (written at most every few minutes).
  await auth.sessions.touch(session);
  return session;
}
