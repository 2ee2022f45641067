import { decodeJwt } from 'jose';
import { AUTH_LIMITS } from '../../contract/auth';

/**
 * Rules about the session token the browser holds (spec sections 4 and 5). The browser only reads the
 * token's claims to decide what to show and when to refresh; it never verifies the signature: the BFF
 * does, on every call that carries the token.
 */

/** The spec's login state: derived from the stored token alone. */
export type LoginState = 'existing_account' | 'no_account';

/** A stored token longer than 10 characters means an existing account (spec sections 4 and 9). */
export function loginStateOf(token: string | null | undefined): LoginState {
  return typeof token === 'string' && token.length > AUTH_LIMITS.tokenPresentLength ? 'existing_account' : 'no_account';
}

export interface TokenClaims {
  sub: string | null;
  sso: string | null;
  /** Expiry in milliseconds since the epoch; null when the token has none. */
  expiresAt: number | null;
}

/** The claims the web app looks at, or null when the text is not a JWT. */
export function readTokenClaims(token: string): TokenClaims | null {
  try {
    const claims = decodeJwt(token);
    return {
      sub: typeof claims.sub === 'string' ? claims.sub : null,
      sso: typeof claims.sso === 'string' && claims.sso !== '' ? claims.sso : null,
      expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 : null,
    };
  } catch {
    return null;
  }
}

export type TokenProblem = 'malformed' | 'missing_sso' | 'expired';

/**
 * Why a token cannot be used, or null when it can: it must be a JWT, carry an `sso` claim (spec section
 * 5) and not be expired at `now` (milliseconds). A token without `exp` is taken as not expired (the spec
 * asks for the `sso` claim only; our BFF always sets `exp`).
 */
export function tokenProblem(token: string | null | undefined, now: number): TokenProblem | null {
  if (typeof token !== 'string' || token === '') return 'malformed';
  const claims = readTokenClaims(token);
  if (!claims) return 'malformed';
  if (!claims.sso) return 'missing_sso';
  if (claims.expiresAt !== null && claims.expiresAt <= now) return 'expired';
  return null;
}

export function isValidToken(token: string | null | undefined, now: number): token is string {
  return tokenProblem(token, now) === null;
}

/** The token's subject (the member's guid), for query keys; null when unreadable. */
export function tokenSubject(token: string | null | undefined): string | null {
  return typeof token === 'string' ? (readTokenClaims(token)?.sub ?? null) : null;
}

/** How long before expiry the session asks for a new access token. */
export const REFRESH_AHEAD_MS = 60_000;

/**
 * Milliseconds from `now` until the token should be refreshed: REFRESH_AHEAD_MS before it expires, at
 * once when that moment has passed, never (null) for a token without expiry.
 */
export function refreshDelayOf(token: string | null | undefined, now: number): number | null {
  const expiresAt = typeof token === 'string' ? readTokenClaims(token)?.expiresAt : null;
  if (expiresAt == null) return null;
  return Math.max(0, expiresAt - REFRESH_AHEAD_MS - now);
}

/** Milliseconds from `now` until the token expires (0 when it has); null for a token without expiry. */
export function expiryDelayOf(token: string | null | undefined, now: number): number | null {
  const expiresAt = typeof token === 'string' ? readTokenClaims(token)?.expiresAt : null;
  if (expiresAt == null) return null;
  return Math.max(0, expiresAt - now);
}
