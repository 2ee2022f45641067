import { describe, expect, it } from 'vitest';
import { mayPromptGoogle } from './dialog-rules';
import type { GooglePromptConditions } from './dialog-rules';

const allowed: GooglePromptConditions = {
  pathname: '/en/find-a-hotel',
  search: { location: 'Berlin' },
  signedOut: true,
  googleAvailable: true,
  shownRecently: false,
  overlayOpen: false,
  consented: true,
};

describe('the Google prompt (spec section 2)', () => {
  it('shows for a signed-out visitor with Google available who consented to social sign-in', () => {
    expect(mayPromptGoogle(allowed)).toBe(true);
    expect(mayPromptGoogle({ ...allowed, pathname: '/ar/' })).toBe(true);
  });

  it.each<[string, Partial<GooglePromptConditions>]>([
    ['on the login page', { pathname: '/en/account/login' }],
    ['on the login page with a trailing slash', { pathname: '/de/account/login/' }],
    ['when a registration_token is in the query', { pathname: '/en/account/registration', search: { registration_token: 'abc' } }],
    ['when a registration_token is on any page', { search: { registration_token: 'abc', location: 'Berlin' } }],
    ['while an overlay is open', { overlayOpen: true }],
    ['for a signed-in member (or before the stored token was read)', { signedOut: false }],
    ['when Google is off (flag or BFF)', { googleAvailable: false }],
    ['within a day of the last time it was shown', { shownRecently: true }],
    ['without consent to social sign-in', { consented: false }],
  ])('is suppressed %s', (_name, change) => {
    expect(mayPromptGoogle({ ...allowed, ...change })).toBe(false);
  });

  it('an empty registration_token does not suppress it', () => {
    expect(mayPromptGoogle({ ...allowed, search: { registration_token: '' } })).toBe(true);
  });
});
