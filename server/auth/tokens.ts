import * as jose from 'jose';
import * as v from 'valibot';
import { type SessionClaims, SessionClaimsSchema, SocialProviderSchema } from '../../src/contract/auth';
import type { KeyStore } from './keys';

/** Lifetimes, in seconds. */
export const TOKEN_LIFETIMES = {
  access: 15 * 60,
  registration: 30 * 60,
} as const;

/** `aud` of our tokens: the web app's session tokens, the native app's, and registration tokens. */
export const AUDIENCES = { web: 'web', app: 'app', registration: 'registration' } as const;
export type SessionAudience = typeof AUDIENCES.web | typeof AUDIENCES.app;

export class InvalidTokenError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'InvalidTokenError';
  }
}

/** What a registration token vouches for: a verified email, and the social account that verified it if any. */
const RegistrationClaimsSchema = v.object({
  email: v.pipe(v.string(), v.email()),
  provider: v.optional(SocialProviderSchema),
  provider_subject: v.optional(v.string()),
});
export type RegistrationClaims = v.InferOutput<typeof RegistrationClaimsSchema>;

export interface TokenService {
  accessToken(claims: { memberGuid: string; sessionId: string; email: string; audience?: SessionAudience }): Promise<string>;
  /** The claims of a session token we signed for this audience; throws InvalidTokenError otherwise. Does not look at the session. */
  verifyAccessToken(token: string, audience?: SessionAudience): Promise<SessionClaims>;
  registrationToken(claims: RegistrationClaims): Promise<string>;
  verifyRegistrationToken(token: string): Promise<RegistrationClaims>;
  jwks(): Promise<{ keys: jose.JWK[] }>;
}

/**
 * Our JWTs: ES256 only, signed with the key store's key. Verification allows only ES256 (so `none`, HS256
 * with the public key as secret, RS256, ... all fail), and checks signature, issuer, audience, expiry
 * (no tolerance) and the claims of SessionClaimsSchema, `sso` included.
 */
export function createTokenService({ keys, issuer, now }: { keys: KeyStore; issuer: string; now: () => Date }): TokenService {
  const seconds = () => Math.floor(now().getTime() / 1000);

  async function sign(payload: jose.JWTPayload, audience: string, lifetime: number, subject: string): Promise<string> {
    const key = await keys.signingKey();
    const iat = seconds();
    return new jose.SignJWT(payload)
      .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(audience)
      .setSubject(subject)
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetime)
      .sign(key.privateKey);
  }

  async function verify(token: string, audience: string): Promise<jose.JWTPayload> {
    const key = await keys.signingKey();
    try {
      const { payload } = await jose.jwtVerify(token, key.publicKey, {
        algorithms: ['ES256'],
        issuer,
        audience,
        currentDate: now(),
        requiredClaims: ['sub', 'iat', 'exp'],
      });
      return payload;
    } catch (error) {
      throw new InvalidTokenError('The token is not valid', { cause: error });
    }
  }

  return {
    accessToken: ({ memberGuid, sessionId, email, audience = AUDIENCES.web }) =>
      sign({ sso: sessionId, email }, audience, TOKEN_LIFETIMES.access, memberGuid),

    async verifyAccessToken(token, audience = AUDIENCES.web) {
      const payload = await verify(token, audience);
      const claims = v.safeParse(SessionClaimsSchema, payload);
      if (!claims.success) throw new InvalidTokenError('The token lacks a session claim');
      return claims.output;
    },

    registrationToken: (claims) => sign({ ...claims }, AUDIENCES.registration, TOKEN_LIFETIMES.registration, claims.email),

    async verifyRegistrationToken(token) {
      const payload = await verify(token, AUDIENCES.registration);
      const claims = v.safeParse(RegistrationClaimsSchema, payload);
      if (!claims.success) throw new InvalidTokenError('The registration token lacks its claims');
      return claims.output;
    },

    async jwks() {
      return { keys: [(await keys.signingKey()).publicJwk] };
    },
  };
}
