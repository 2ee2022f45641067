import * as jose from 'jose';
import * as v from 'valibot';
import { IdentityRejectedError, type IdTokenVerifier } from '../ports/identity';

export interface OidcVerifierOptions {
  /**
   * The issuer (https://accounts.google.com, https://appleid.apple.com, or the local provider). A function
   * when it is known only later (the local provider's URL once the server listens); undefined: sign-in
   * with this provider is off and every token is rejected.
   */
  issuer: string | (() => string | undefined) | undefined;
  /** Our client id at the provider: the tokens' required audience. */
  clientId: string | undefined;
  now: () => Date;
  /** Seconds of clock difference tolerated on exp and iat. */
  clockToleranceSeconds?: number;
  /** For the discovery document; the key set is fetched by jose. */
  fetch?: typeof fetch;
}

const DiscoverySchema = v.object({ issuer: v.string(), jwks_uri: v.pipe(v.string(), v.url()) });

/** Google writes its issuer with and without the scheme; the other issuers have one spelling. */
function acceptedIssuers(issuer: string): string[] {
  return issuer === 'https://accounts.google.com' ? [issuer, 'accounts.google.com'] : [issuer];
}

/**
 * Verifies ID tokens with the issuer's published keys: the key set comes from the issuer's discovery
 * document (cached per issuer; jose refetches it for an unknown key id), then signature (RS256, ES256 or
 * PS256 only), issuer, audience, expiry and the presence of `sub` are checked.
 */
export function createOidcIdTokenVerifier(options: OidcVerifierOptions): IdTokenVerifier {
  const keySets = new Map<string, Promise<ReturnType<typeof jose.createRemoteJWKSet>>>();
  const doFetch = options.fetch ?? fetch;

  function keySetFor(issuer: string) {
    let keySet = keySets.get(issuer);
    if (!keySet) {
      keySet = (async () => {
        const response = await doFetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) throw new Error(`Discovery answered ${response.status}`);
        const discovery = v.parse(DiscoverySchema, await response.json());
        if (discovery.issuer !== issuer) throw new Error('Discovery names another issuer');
        return jose.createRemoteJWKSet(new URL(discovery.jwks_uri), { timeoutDuration: 5000 });
      })();
      keySets.set(issuer, keySet);
      // A failed discovery is tried again on the next sign-in, not remembered.
      keySet.catch(() => keySets.delete(issuer));
    }
    return keySet;
  }

  return {
    async verify(idToken) {
      const issuer = typeof options.issuer === 'function' ? options.issuer() : options.issuer;
      if (!issuer || !options.clientId) throw new IdentityRejectedError('This sign-in provider is not configured');
      let payload: jose.JWTPayload;
      try {
        const keySet = await keySetFor(issuer);
        ({ payload } = await jose.jwtVerify(idToken, keySet, {
          issuer: acceptedIssuers(issuer),
          audience: options.clientId,
          algorithms: ['RS256', 'ES256', 'PS256'],
          currentDate: options.now(),
          clockTolerance: options.clockToleranceSeconds ?? 30,
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch (error) {
        throw new IdentityRejectedError('The ID token is not valid', { cause: error });
      }
      const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : null;
      // Apple sends email_verified as the string "true".
      const emailVerified = email !== null && (payload.email_verified === true || payload.email_verified === 'true');
      return {
        subject: String(payload.sub),
        email,
        emailVerified,
        ...(typeof payload.given_name === 'string' ? { givenName: payload.given_name } : {}),
        ...(typeof payload.family_name === 'string' ? { familyName: payload.family_name } : {}),
      };
    },
  };
}
