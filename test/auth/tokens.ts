/**
 * Session tokens for tests: JWT-shaped (header.payload.signature, base64url) with the claims given. The
 * web app only reads claims (it never verifies), so the signature is a placeholder.
 */
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export interface FakeClaims {
  sub?: string;
  sso?: string;
  /** Seconds since the epoch. */
  exp?: number;
  email?: string;
}

export function fakeToken(claims: FakeClaims): string {
  const payload = { iss: 'urn:hotel-group:bff', aud: 'web', iat: 1, ...claims };
  return `${encode({ alg: 'ES256', typ: 'JWT' })}.${encode(payload)}.c2lnbmF0dXJl`;
}

/** A token valid for `minutes` after `now` (milliseconds), for member `sub`. */
export function validToken(now: number, { sub = 'member-1', minutes = 15 }: { sub?: string; minutes?: number } = {}): string {
  return fakeToken({ sub, sso: `sso-${sub}`, exp: Math.floor(now / 1000) + minutes * 60, email: `${sub}@example.com` });
}
