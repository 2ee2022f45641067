import * as jose from 'jose';
import * as v from 'valibot';
import { NEWSLETTER_LIMITS } from '../../src/contract/member-preferences';
import type { KeyStore } from '../auth/keys';

/** The audience of preference-centre links: no other verifier of ours accepts it (session tokens want `web` or `app`). */
export const PREFERENCE_CENTER_AUDIENCE = 'preference-center';
const PURPOSE = 'preference-center';

const ClaimsSchema = v.object({
  sub: v.pipe(v.string(), v.email()),
  purpose: v.literal(PURPOSE),
});

/**
 * Signed preference-centre links: an ES256 JWT (the session tokens' key, their algorithm allow-list) naming
 * one email and the purpose `preference-center`, for 30 days. Nothing is stored: the signature is the
 * proof, as for every newsletter mail that carries it. It grants reading and changing that email's
 * newsletters, and nothing else, because only the preference-centre routes verify this audience.
 */
export function createPreferenceCenterTokens({ keys, issuer, now }: { keys: KeyStore; issuer: string; now: () => Date }) {
  const seconds = () => Math.floor(now().getTime() / 1000);
  return {
    async sign(email: string): Promise<string> {
      const key = await keys.signingKey();
      const iat = seconds();
      return new jose.SignJWT({ purpose: PURPOSE })
        .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(PREFERENCE_CENTER_AUDIENCE)
        .setSubject(email)
        .setIssuedAt(iat)
        .setExpirationTime(iat + NEWSLETTER_LIMITS.preferenceCenterValidDays * 24 * 60 * 60)
        .sign(key.privateKey);
    },

    /** The email the link is for; undefined for any token that is not a valid, unexpired preference-centre link. */
    async verify(token: string): Promise<string | undefined> {
      const key = await keys.signingKey();
      try {
        const { payload } = await jose.jwtVerify(token, key.publicKey, {
          algorithms: ['ES256'],
          issuer,
          audience: PREFERENCE_CENTER_AUDIENCE,
          currentDate: now(),
          requiredClaims: ['sub', 'iat', 'exp'],
        });
        const claims = v.safeParse(ClaimsSchema, payload);
        return claims.success ? claims.output.sub : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

export type PreferenceCenterTokens = ReturnType<typeof createPreferenceCenterTokens>;
