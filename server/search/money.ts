/**
 * Money is integer minor units (cents) inside; it becomes a decimal number in the guest's currency only
 * at the edge, converted with the fixed display rates of the currencies table and rounded once to the
 * currency's own decimals (0 for JPY, 3 for OMR), half away from zero.
 */

export interface CurrencyRate {
  code: string;
  /** Digits after the decimal point. */
  decimals: number;
  /** Units of this currency for one euro, times one million. */
  ratePerEurMicros: number;
}

/** The euro as the currencies table stores it; every price of the inventory is in euro. */
export const EURO: CurrencyRate = { code: 'EUR', decimals: 2, ratePerEurMicros: 1_000_000 };

const pow10 = (exponent: number) => 10n ** BigInt(exponent);

/** numerator / denominator rounded half away from zero, for positive denominators. */
function roundedQuotient(numerator: bigint, denominator: bigint): bigint {
  const sign = numerator < 0n ? -1n : 1n;
  const magnitude = numerator * sign;
  return sign * ((magnitude * 2n + denominator) / (denominator * 2n));
}

/**
 * An amount in minor units of `from`, divided by `divisor` (e.g. the nights, for an average), in minor
 * units of `to`: exact rational arithmetic, one rounding.
 */
export function convertMinor(amountMinor: number, from: CurrencyRate, to: CurrencyRate, divisor = 1): number {
  // Fast path, same result: while both products stay exact integers below 2^53, plain numbers do exact
  // integer arithmetic (search converts thousands of amounts per request; BigInt is many times slower).
  const numerator = amountMinor * to.ratePerEurMicros * 10 ** to.decimals;
  const denominator = from.ratePerEurMicros * 10 ** from.decimals * divisor;
  if (Number.isSafeInteger(numerator) && Number.isSafeInteger(denominator) && denominator > 0) {
    return roundedNumberQuotient(numerator, denominator);
  }
  const exactNumerator = BigInt(amountMinor) * BigInt(to.ratePerEurMicros) * pow10(to.decimals);
  const exactDenominator = BigInt(from.ratePerEurMicros) * pow10(from.decimals) * BigInt(divisor);
  return Number(roundedQuotient(exactNumerator, exactDenominator));
}

/** roundedQuotient for safe integers: the quotient and remainder are made exact before rounding. */
function roundedNumberQuotient(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = numerator * sign;
  let quotient = Math.floor(magnitude / denominator);
  let remainder = magnitude - quotient * denominator;
  // The floating-point division may be off by one next to a whole number; the remainder says which way.
  if (remainder < 0) {
    quotient -= 1;
    remainder += denominator;
  } else if (remainder >= denominator) {
    quotient += 1;
    remainder -= denominator;
  }
  const rounded = remainder * 2 >= denominator ? quotient + 1 : quotient;
  return rounded === 0 ? 0 : sign * rounded;
}

/** Minor units as the decimal number the API answers with (12345 cents → 123.45). */
export function toMajor(amountMinor: number, currency: CurrencyRate): number {
  return amountMinor / 10 ** currency.decimals;
}

/** A euro-cent amount (optionally divided) as a decimal number in `to`, rounded to its decimals. */
export function displayAmount(amountEurMinor: number, to: CurrencyRate, divisor = 1): number {
  return toMajor(convertMinor(amountEurMinor, EURO, to, divisor), to);
}

/** A decimal amount the guest typed in `currency` (a price filter) in that currency's minor units. */
export function fromMajor(amount: number, currency: CurrencyRate): number {
  return Math.round(amount * 10 ** currency.decimals);
}
