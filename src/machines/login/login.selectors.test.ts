import { describe, expect, it } from 'vitest';
import type { LoginContext } from './login.types';
import { selectIsOpen, selectIsPasswordStep, selectMode, selectNotice, selectSocialInProgress } from './login.selectors';

const context: Pick<LoginContext, 'mode' | 'loading' | 'provider' | 'error' | 'email' | 'codeResent' | 'registrationToken'> = {
  mode: 'otpEmailSent',
  loading: false,
  provider: 'google',
  error: null,
  email: 'a@b.c',
  codeResent: false,
  registrationToken: null,
};

describe('login selectors', () => {
  it('tell open from closed, and the notice left after a refused sign-in', () => {
    expect(selectIsOpen({ context, value: { open: { login: 'idle' } } })).toBe(true);
    expect(selectIsOpen({ context, value: { closed: 'idle' } })).toBe(false);
    expect(selectNotice({ context, value: { closed: 'emailMissing' } })).toBe('emailMissing');
    expect(selectNotice({ context, value: { closed: 'unknownError' } })).toBe('unknownError');
    expect(selectNotice({ context, value: { closed: 'idle' } })).toBeNull();
  });

  it('find the password step and a running social sign-in', () => {
    expect(selectIsPasswordStep({ context, value: { open: { otpEmailSent: { password: 'idle' } } } })).toBe(true);
    expect(selectIsPasswordStep({ context, value: { open: { otpEmailSent: 'code' } } })).toBe(false);
    expect(selectSocialInProgress({ context, value: { open: { googleSignIn: 'authorizing' } } })).toBe('google');
    expect(selectSocialInProgress({ context, value: { open: { login: 'idle' } } })).toBeNull();
    expect(selectMode({ context, value: { closed: 'idle' } })).toBe('otpEmailSent');
  });
});
