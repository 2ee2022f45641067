import { describe, expect, it } from 'vitest';
import { fakeToken, validToken } from '../../../test/auth/tokens';
import { expiryDelayOf, isValidToken, loginStateOf, readTokenClaims, REFRESH_AHEAD_MS, refreshDelayOf, tokenProblem, tokenSubject } from './token';

const NOW = Date.UTC(2027, 2, 10, 9, 0, 0);
const seconds = Math.floor(NOW / 1000);

describe('login state (spec section 4)', () => {
  it('is existing_account for a stored token longer than 10 characters, else no_account', () => {
    expect(loginStateOf('12345678901')).toBe('existing_account');
    expect(loginStateOf('1234567890')).toBe('no_account');
    expect(loginStateOf('')).toBe('no_account');
    expect(loginStateOf(null)).toBe('no_account');
    expect(loginStateOf(undefined)).toBe('no_account');
  });
});

describe('token validity (spec section 5)', () => {
  it('accepts a token with an sso claim that has not expired', () => {
    const token = validToken(NOW);
    expect(tokenProblem(token, NOW)).toBeNull();
    expect(isValidToken(token, NOW)).toBe(true);
  });

  it('refuses a token without an sso claim, or with an empty one', () => {
    expect(tokenProblem(fakeToken({ sub: 'm', exp: seconds + 60 }), NOW)).toBe('missing_sso');
    expect(tokenProblem(fakeToken({ sub: 'm', sso: '', exp: seconds + 60 }), NOW)).toBe('missing_sso');
  });

  it('refuses an expired token, and one that expires this very moment', () => {
    expect(tokenProblem(fakeToken({ sso: 's', exp: seconds - 1 }), NOW)).toBe('expired');
    expect(tokenProblem(fakeToken({ sso: 's', exp: seconds }), NOW)).toBe('expired');
  });

  it('refuses what is not a JWT', () => {
    expect(tokenProblem('not-a-token-at-all', NOW)).toBe('malformed');
    expect(tokenProblem('', NOW)).toBe('malformed');
    expect(tokenProblem(null, NOW)).toBe('malformed');
    expect(readTokenClaims('a.b.c')).toBeNull();
  });

  it('takes a token without exp as not expired (the spec asks for sso only)', () => {
    expect(isValidToken(fakeToken({ sso: 's' }), NOW)).toBe(true);
  });

  it('reads the subject for query keys', () => {
    expect(tokenSubject(validToken(NOW, { sub: 'guid-7' }))).toBe('guid-7');
    expect(tokenSubject('garbage')).toBeNull();
  });
});

describe('refresh timing', () => {
  it('refreshes a minute before expiry, at once when that has passed, never without expiry', () => {
    const token = validToken(NOW, { minutes: 15 });
    expect(refreshDelayOf(token, NOW)).toBe(15 * 60_000 - REFRESH_AHEAD_MS);
    expect(refreshDelayOf(token, NOW + 14.5 * 60_000)).toBe(0);
    expect(refreshDelayOf(fakeToken({ sso: 's' }), NOW)).toBeNull();
    expect(expiryDelayOf(token, NOW)).toBe(15 * 60_000);
    expect(expiryDelayOf(token, NOW + 16 * 60_000)).toBe(0);
  });
});
