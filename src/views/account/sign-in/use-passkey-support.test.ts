import { describe, expect, it } from 'vitest';
import { passkeysUsableAt } from './use-passkey-support';

describe('where passkeys can work', () => {
  it('needs WebAuthn and a host name, not an IP address', () => {
    expect(passkeysUsableAt('www.example.com', true)).toBe(true);
    expect(passkeysUsableAt('localhost', true)).toBe(true);
    expect(passkeysUsableAt('127.0.0.1', true)).toBe(false);
    expect(passkeysUsableAt('[::1]', true)).toBe(false);
    expect(passkeysUsableAt('www.example.com', false)).toBe(false);
  });
});
