import { describe, expect, it } from 'vitest';
import { relyingPartyOf } from './passkey-relying-party';

describe('the relying party of a request', () => {
  const demo = { publicUrl: undefined, production: false };

  it('is PUBLIC_URL’s host and origin, in either mode, whatever the request was addressed to', () => {
    for (const production of [false, true]) {
      expect(relyingPartyOf({ publicUrl: 'https://www.example.com/site', production }, 'http://localhost:3000/bff/auth/passkeys')).toEqual({
        id: 'www.example.com',
        origin: 'https://www.example.com',
      });
    }
  });

  it('in the demo without PUBLIC_URL, is the loopback name and port the request was addressed to', () => {
    expect(relyingPartyOf(demo, 'http://localhost:3000/bff/x')).toEqual({ id: 'localhost', origin: 'http://localhost:3000' });
    expect(relyingPartyOf(demo, 'http://127.0.0.1:3000/bff/x')).toEqual({ id: '127.0.0.1', origin: 'http://127.0.0.1:3000' });
    expect(relyingPartyOf(demo, 'http://[::1]:3000/bff/x')).toEqual({ id: '[::1]', origin: 'http://[::1]:3000' });
  });

  it('with a PUBLIC_URL on this machine, is the loopback name the request was addressed to (browsers refuse an IP address as RP ID)', () => {
    const local = { publicUrl: 'http://127.0.0.1:4173', production: true };
    expect(relyingPartyOf(local, 'http://localhost:4173/bff/x')).toEqual({ id: 'localhost', origin: 'http://localhost:4173' });
    expect(relyingPartyOf(local, 'http://127.0.0.1:4173/bff/x')).toEqual({ id: '127.0.0.1', origin: 'http://127.0.0.1:4173' });
    expect(relyingPartyOf(local, 'http://hotel.example/bff/x')).toEqual({ id: '127.0.0.1', origin: 'http://127.0.0.1:4173' });
  });

  it('is none for any other name in the demo, and in production without PUBLIC_URL', () => {
    for (const url of ['http://hotel.example/bff/x', 'http://localhost.evil.test/bff/x', 'http://192.168.1.2:3000/bff/x']) expect(relyingPartyOf(demo, url)).toBeUndefined();
    expect(relyingPartyOf({ publicUrl: undefined, production: true }, 'http://localhost:3000/bff/x')).toBeUndefined();
  });
});
