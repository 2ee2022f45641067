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
    name: { en: '25 EUR off a stay', de: '25 EUR Rabatt auf einen Aufenthalt', fr: '25 EUR de réduction sur un séjour', es: '25 EUR de descuento en una estancia', it: '25 EUR di sconto su un soggiorno', nl: '25 EUR korting op een verblijf', pl: '25 EUR zniżki na pobyt', ar: 'خصم 25 يورو على إقامة' },
    description: { en: 'A voucher of 25 EUR for your next booking at any of our hotels.', de: 'Ein Gutschein über 25 EUR für Ihre nächste Buchung in einem unserer Hotels.', fr: 'Un bon de 25 EUR pour votre prochaine réservation dans l’un de nos hôtels.', es: 'Un vale de 25 EUR para su próxima reserva en cualquiera de nuestros hoteles.', it: 'Un buono da 25 EUR per la tua prossima prenotazione in uno dei nostri hotel.', nl: 'Een tegoedbon van 25 EUR voor uw volgende boeking in een van onze hotels.', pl: 'Bon o wartości 25 EUR na kolejną rezerwację w dowolnym z naszych hoteli.', ar: 'قسيمة بقيمة 25 يورو لحجزك القادم في أي من فنادقنا.' },
    points: 2_500,
    amountMinor: 2_500,
    currency: 'EUR',
    validityDays: 365,
  },
  {
    id: 'stay-voucher-50',
    category: 'Voucher',
    name: { en: '50 EUR off a stay', de: '50 EUR Rabatt auf einen Aufenthalt', fr: '50 EUR de réduction sur un séjour', es: '50 EUR de descuento en una estancia', it: '50 EUR di sconto su un soggiorno', nl: '50 EUR korting op een verblijf', pl: '50 EUR zniżki na pobyt', ar: 'خصم 50 يورو على إقامة' },
    description: { en: 'A voucher of 50 EUR for your next booking at any of our hotels.', de: 'Ein Gutschein über 50 EUR für Ihre nächste Buchung in einem unserer Hotels.', fr: 'Un bon de 50 EUR pour votre prochaine réservation dans l’un de nos hôtels.', es: 'Un vale de 50 EUR para su próxima reserva en cualquiera de nuestros hoteles.', it: 'Un buono da 50 EUR per la tua prossima prenotazione in uno dei nostri hotel.', nl: 'Een tegoedbon van 50 EUR voor uw volgende boeking in een van onze hotels.', pl: 'Bon o wartości 50 EUR na kolejną rezerwację w dowolnym z naszych hoteli.', ar: 'قسيمة بقيمة 50 يورو لحجزك القادم في أي من فنادقنا.' },
    points: 5_000,
    amountMinor: 5_000,
    currency: 'EUR',
    validityDays: 365,
  },
  {
    id: 'stay-voucher-100',
    category: 'Voucher',
    name: { en: '100 EUR off a stay', de: '100 EUR Rabatt auf einen Aufenthalt', fr: '100 EUR de réduction sur un séjour', es: '100 EUR de descuento en una estancia', it: '100 EUR di sconto su un soggiorno', nl: '100 EUR korting op een verblijf', pl: '100 EUR zniżki na pobyt', ar: 'خصم 100 يورو على إقامة' },
    description: {
      en: 'A voucher of 100 EUR for your next booking, at a better rate of points.',
      de: 'Ein Gutschein über 100 EUR für Ihre nächste Buchung, zu einem besseren Punktekurs.',
      fr: 'Un bon de 100 EUR pour votre prochaine réservation, à un meilleur taux de points.',
      es: 'Un vale de 100 EUR para su próxima reserva, con una mejor equivalencia de puntos.',
      it: 'Un buono da 100 EUR per la tua prossima prenotazione, con un miglior rapporto punti.',
      nl: 'Een tegoedbon van 100 EUR voor uw volgende boeking, tegen een betere puntenkoers.',
      pl: 'Bon o wartości 100 EUR na kolejną rezerwację, po korzystniejszym przeliczniku punktów.',
      ar: 'قسيمة بقيمة 100 يورو لحجزك القادم، بسعر نقاط أفضل.',
    },
    points: 9_500,
    amountMinor: 10_000,
    currency: 'EUR',
    validityDays: 365,
  },
  {
    id: 'spa-credit-30',
    category: 'Other',
    name: { en: '30 EUR spa and wellness credit', de: '30 EUR Spa- und Wellness-Guthaben', fr: 'Crédit spa et bien-être de 30 EUR', es: 'Crédito de 30 EUR para spa y bienestar', it: 'Credito di 30 EUR per spa e benessere', nl: 'Tegoed van 30 EUR voor spa en wellness', pl: '30 EUR na spa i wellness', ar: 'رصيد 30 يورو للسبا والعافية' },
    description: {
      en: 'A credit of 30 EUR taken off a booking with a spa or wellness add-on, valid for six months.',
      de: 'Ein Guthaben von 30 EUR auf eine Buchung mit Spa- oder Wellness-Leistung, sechs Monate gültig.',
      fr: 'Un crédit de 30 EUR déduit d’une réservation avec une prestation spa ou bien-être, valable six mois.',
      es: 'Un crédito de 30 EUR descontado de una reserva con un extra de spa o bienestar, válido seis meses.',
      it: 'Un credito di 30 EUR scalato da una prenotazione con un servizio spa o benessere, valido sei mesi.',
      nl: 'Een tegoed van 30 EUR op een boeking met een spa- of wellnessextra, zes maanden geldig.',
      pl: '30 EUR odliczone od rezerwacji z usługą spa lub wellness, ważne sześć miesięcy.',
      ar: 'رصيد 30 يورو يُخصم من حجز يتضمن خدمة سبا أو عافية، صالح لستة أشهر.',
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
