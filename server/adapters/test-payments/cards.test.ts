import { describe, expect, it } from 'vitest';
import { cardBrand, isExpiryInFuture, isValidCardNumber, isValidCvc, passesLuhn } from './cards';
import { checkSignature, signatureHeader } from './signature';

describe('card checks', () => {
  it.each([
    ['4242424242424242', true],
    ['4242424242424241', false],
    ['79927398713', true],
    ['79927398710', false],
    ['', false],
    ['4242x42424242424', false],
  ])('Luhn %j: %s', (digits, ok) => {
    expect(passesLuhn(digits)).toBe(ok);
  });

  it('wants 12 to 19 digits', () => {
    expect(isValidCardNumber('79927398713')).toBe(false);
    expect(isValidCardNumber('378282246310005')).toBe(true);
  });

  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3566002020360505', 'jcb'],
    ['9999999999999995', 'unknown'],
  ])('%s is %s', (digits, brand) => {
    expect(cardBrand(digits)).toBe(brand);
  });

  it('is good through the last day of the expiry month, in UTC', () => {
    expect(isExpiryInFuture(3, 2026, new Date('2026-03-31T23:59:59Z'))).toBe(true);
    expect(isExpiryInFuture(3, 2026, new Date('2026-04-01T00:00:00Z'))).toBe(false);
    expect(isExpiryInFuture(13, 2027, new Date('2026-04-01T00:00:00Z'))).toBe(false);
    expect(isExpiryInFuture(1, 2060, new Date('2026-04-01T00:00:00Z'))).toBe(false);
  });

  it('wants a CVC of 3 or 4 digits', () => {
    expect(['123', '1234', '12', '12345', '12a'].map(isValidCvc)).toEqual([true, true, false, false, false]);
  });
});

describe('signature header', () => {
  const now = new Date('2026-03-10T10:00:00Z');

  it('signs the timestamp with the body', () => {
    const header = signatureHeader('secret-0123456789abcdef', '{"a":1}', now);
    expect(header).toMatch(/^t=1773136800,v1=[0-9a-f]{64}$/);
    expect(checkSignature('secret-0123456789abcdef', '{"a":1}', header, now)).toEqual({ ok: true });
    const moved = header.replace('t=1773136800', 't=1773136801');
    expect(checkSignature('secret-0123456789abcdef', '{"a":1}', moved, now)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('accepts one good v1 among several (secret rotation) and refuses a timestamp from the future', () => {
    const good = signatureHeader('secret-0123456789abcdef', 'body', now);
    const rotated = `${good},v1=${'0'.repeat(64)}`;
    expect(checkSignature('secret-0123456789abcdef', 'body', rotated, now)).toEqual({ ok: true });
    expect(checkSignature('secret-0123456789abcdef', 'body', good, new Date(now.getTime() - 301_000))).toEqual({ ok: false, reason: 'stale' });
  });
});
