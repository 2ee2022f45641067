import type { ProviderDeclineReason } from '../../ports/payments';

/**
 * Card rules of the bundled test provider: number checks, brands and the documented test cards. The same
 * checks run in the hosted form's script (assets/hosted-field.js) for quick feedback; these are the ones
 * that count.
 */

/** What a test card number does at authorisation. Any other number that passes the Luhn check succeeds. */
export type TestCardOutcome = { kind: 'success' } | { kind: 'decline'; reason: ProviderDeclineReason } | { kind: 'challenge' };

export const TEST_CARDS: Readonly<Record<string, TestCardOutcome>> = {
  '4242424242424242': { kind: 'success' },
  '5555555555554444': { kind: 'success' },
  '4000000000000002': { kind: 'decline', reason: 'declined' },
  '4000000000009995': { kind: 'decline', reason: 'insufficient_funds' },
  '4000000000000069': { kind: 'decline', reason: 'expired_card' },
  '4000000000003220': { kind: 'challenge' },
};

export function cardOutcome(number: string): TestCardOutcome {
  return TEST_CARDS[number] ?? { kind: 'success' };
}

/** Digits only: the form lets people type spaces and dashes as printed on the card. */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function isValidCardNumber(digits: string): boolean {
  return /^\d{12,19}$/.test(digits) && passesLuhn(digits);
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35(2[89]|[3-8]\d)/.test(digits)) return 'jcb';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  return 'unknown';
}

/** A card is good through the last day of its expiry month (compared in UTC, as card networks do). */
export function isExpiryInFuture(month: number, year: number, now: Date): boolean {
  if (!Number.isInteger(month) || !Number.isInteger(year) || month < 1 || month > 12) return false;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const cardMonth = year * 12 + (month - 1);
  // Cards are not issued for more than twenty years.
  return cardMonth >= thisMonth && cardMonth <= thisMonth + 20 * 12;
}

export function isValidCvc(cvc: string): boolean {
  return /^\d{3,4}$/.test(cvc);
}

/** Two-digit years as printed on cards ("04/29") are years of this century. */
export function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}
