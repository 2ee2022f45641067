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

describe('the fast path of conversion', () => {
  /** The conversion done in BigInt only, as the reference. */
  function exact(amountMinor: number, from: CurrencyRate, to: CurrencyRate, divisor: number): number {
    const numerator = BigInt(amountMinor) * BigInt(to.ratePerEurMicros) * 10n ** BigInt(to.decimals);
    const denominator = BigInt(from.ratePerEurMicros) * 10n ** BigInt(from.decimals) * BigInt(divisor);
    const sign = numerator < 0n ? -1n : 1n;
    return Number(sign * ((numerator * sign * 2n + denominator) / (denominator * 2n)));
  }

  it('gives the same result as exact integer arithmetic, ties and big amounts included', () => {
    const RUB: CurrencyRate = { code: 'RUB', decimals: 2, ratePerEurMicros: 98_500_000 };
    const currencies = [EURO, USD, JPY, OMR, RUB];
    // A fixed pseudo-random sequence (no Math.random): the same cases on every run.
    let state = 12_345;
    const next = (limit: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state % limit;
    };
    const amounts = [0, 1, 5, 50, 99, 150, 250, 9_999, 19_533, 2_147_483_647, 4_000_000_000_000, -15_700, -1];
    for (let i = 0; i < 4_000; i += 1) amounts.push(next(3_000_000) - (i % 10 === 0 ? 1_500_000 : 0));
    const differences: string[] = [];
    for (const amount of amounts) {
      for (const from of currencies) {
        for (const to of currencies) {
          for (const divisor of [1, 2, 3, 7, 30]) {
            const fast = convertMinor(amount, from, to, divisor);
            const reference = exact(amount, from, to, divisor);
            if (fast !== reference) differences.push(`${amount} ${from.code}→${to.code} /${divisor}: ${fast}, not ${reference}`);
          }
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it('rounds exact halves away from zero', () => {
    expect(convertMinor(5, EURO, EURO, 2)).toBe(3);
    expect(convertMinor(-5, EURO, EURO, 2)).toBe(-3);
    expect(convertMinor(15, EURO, EURO, 10)).toBe(2);
    expect(convertMinor(-1, EURO, EURO, 3)).toBe(0);
    expect(Object.is(convertMinor(-1, EURO, EURO, 3), 0)).toBe(true);
  });
});
