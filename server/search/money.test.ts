import { describe, expect, it } from 'vitest';
import { convertMinor, type CurrencyRate, displayAmount, EURO, fromMajor, toMajor } from './money';

const JPY: CurrencyRate = { code: 'JPY', decimals: 0, ratePerEurMicros: 162_000_000 };
const OMR: CurrencyRate = { code: 'OMR', decimals: 3, ratePerEurMicros: 417_000 };
const USD: CurrencyRate = { code: 'USD', decimals: 2, ratePerEurMicros: 1_085_000 };

describe('money at the edge', () => {
  it('converts euro cents into the minor units of another currency', () => {
    expect(convertMinor(16_800, EURO, JPY)).toBe(27_216);
    expect(convertMinor(16_800, EURO, OMR)).toBe(70_056);
    expect(convertMinor(16_800, EURO, EURO)).toBe(16_800);
  });

  it('rounds once, half away from zero', () => {
    // 157.00 EUR = 170.345 USD; 1 cent = 0.01085 USD; 1 cent = 1.62 yen.
    expect(convertMinor(15_700, EURO, USD)).toBe(17_035);
    expect(convertMinor(1, EURO, USD)).toBe(1);
    expect(convertMinor(-15_700, EURO, USD)).toBe(-17_035);
    expect(convertMinor(1, EURO, JPY)).toBe(2);
    // An average: 195.33 EUR over two nights is 97.665, written 97.67.
    expect(convertMinor(19_533, EURO, EURO, 2)).toBe(9767);
  });

  it('converts between two currencies other than the euro through their euro rates', () => {
    // 1000 yen = 6.17 EUR (6.1728...) = 2.574 OMR (2.5740...).
    expect(convertMinor(1000, JPY, OMR)).toBe(2574);
  });

  it('writes minor units as decimals of the currency and reads them back', () => {
    expect(toMajor(12_345, EURO)).toBe(123.45);
    expect(toMajor(32_735, OMR)).toBe(32.735);
    expect(toMajor(13_608, JPY)).toBe(13_608);
    // 78.50 EUR = 32.7345 OMR.
    expect(displayAmount(7850, OMR)).toBe(32.735);
    expect(fromMajor(84.5, EURO)).toBe(8450);
    expect(fromMajor(13_608, JPY)).toBe(13_608);
  });
});
