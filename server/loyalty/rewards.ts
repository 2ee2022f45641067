import { randomBytes, randomUUID } from 'node:crypto';
import type { VOUCHER_CATEGORIES } from '../../src/contract/ecommerce';
import { type Locale, type LocalizedText, pickLocalized } from '../../src/contract/locales';
import type { Reward } from '../../src/contract/loyalty';
import type { Database } from '../db/database';
import { vouchers } from '../db/schema';
import { addDays, businessDate } from '../lib/calendar';
import { expireDue } from './expiry';
import { postEntry } from './ledger';

/**
 * The rewards catalogue (decision record 0040): what points buy. Each reward is a voucher of the member's
 * own, an amount off a booking (the vouchers of the booking journey, decision record 0023), valid for a
 * while from the day it is bought. Catalogue data lives here, like the level rules.
 */
export interface RewardRule {
  id: string;
  category: (typeof VOUCHER_CATEGORIES)[number];
  name: LocalizedText;
  description: LocalizedText;
  points: number;
  amountMinor: number;
  currency: 'EUR';
  validityDays: number;
}

export const REWARDS: readonly RewardRule[] = [
  {
    id: 'stay-voucher-25',
    category: 'Voucher',
    name: { en: '25 EUR off a stay', de: '25 EUR Rabatt auf einen Aufenthalt' },
    description: { en: 'A voucher of 25 EUR for your next booking at any of our hotels.', de: 'Ein Gutschein über 25 EUR für Ihre nächste Buchung in einem unserer Hotels.' },
    points: 2_500,
    amountMinor: 2_500,
    currency: 'EUR',
    validityDays: 365,
  },
  {
    id: 'stay-voucher-50',
    category: 'Voucher',
    name: { en: '50 EUR off a stay', de: '50 EUR Rabatt auf einen Aufenthalt' },
    description: { en: 'A voucher of 50 EUR for your next booking at any of our hotels.', de: 'Ein Gutschein über 50 EUR für Ihre nächste Buchung in einem unserer Hotels.' },
    points: 5_000,
    amountMinor: 5_000,
    currency: 'EUR',
    validityDays: 365,
  },
  {
    id: 'stay-voucher-100',
    category: 'Voucher',
    name: { en: '100 EUR off a stay', de: '100 EUR Rabatt auf einen Aufenthalt' },
    description: {
      en: 'A voucher of 100 EUR for your next booking, at a better rate of points.',
      de: 'Ein Gutschein über 100 EUR für Ihre nächste Buchung, zu einem besseren Punktekurs.',
    },
    points: 9_500,
    amountMinor: 10_000,
    currency: 'EUR',
    validityDays: 365,
  },
  {
    id: 'spa-credit-30',
    category: 'Other',
    name: { en: '30 EUR spa and wellness credit', de: '30 EUR Spa- und Wellness-Guthaben' },
    description: {
      en: 'A credit of 30 EUR taken off a booking with a spa or wellness add-on, valid for six months.',
      de: 'Ein Guthaben von 30 EUR auf eine Buchung mit Spa- oder Wellness-Leistung, sechs Monate gültig.',
    },
    points: 3_000,
    amountMinor: 3_000,
    currency: 'EUR',
    validityDays: 182,
  },
];

export const rewardOf = (id: string): RewardRule | undefined => REWARDS.find((reward) => reward.id === id);

export function rewardView(reward: RewardRule, locale: Locale, balance: number): Reward {
  return {
    id: reward.id,
    category: reward.category,
    name: pickLocalized(reward.name, locale),
    description: pickLocalized(reward.description, locale),
    points: reward.points,
    amount: reward.amountMinor / 100,
    currency: reward.currency,
    validityDays: reward.validityDays,
    affordable: balance >= reward.points,
  };
}

/** Readable and unique: a prefix and eight characters without look-alikes (I, O, 0, 1), as reservation numbers. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function voucherCode(): string {
  return `RW-${[...randomBytes(8)].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('')}`;
}

/**
 * Buys a reward: the points are spent and the voucher made in one transaction with the member's row
 * locked, so concurrent purchases wait for each other and never spend more than the balance. Throws
 * InsufficientPoints (nothing spent, no voucher) when the balance does not cover it. Answers the voucher's id.
 */
export async function buyReward(db: Database, memberId: number, reward: RewardRule, now: Date): Promise<{ voucherId: string; balance: number }> {
  const voucherId = randomUUID();
  const today = businessDate(now);
  return db.transaction(async (tx) => {
    // Points past their validity are written off first: they cannot pay for anything.
    await expireDue(tx, memberId, now);
    const posted = await postEntry(
      tx,
      { memberId, kind: 'redeemed', points: -reward.points, voucherId, rewardId: reward.id, idempotencyKey: `reward:${voucherId}` },
      { now },
    );
    await tx.insert(vouchers).values({
      id: voucherId,
      code: voucherCode(),
      category: reward.category,
      amountMinor: reward.amountMinor,
      currency: reward.currency,
      memberId,
      validUntil: addDays(today, reward.validityDays),
    });
    if (!posted) throw new Error('The reward was not entered');
    return { voucherId, balance: posted.balance };
  });
}
