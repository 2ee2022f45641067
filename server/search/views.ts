import { type Locale, pickLocalized } from '../../src/contract/locales';
import { type Currency, GUARANTEE_TYPES, type Price, type Rate } from '../../src/contract/search';
import { hotelImageUrl, roomImageUrl } from '../content/service';
import type { CancellationPolicy, CatalogueHotel, CatalogueRoomType, GuaranteePolicy } from './catalogue';
import { type CurrencyRate, displayAmount } from './money';
import type { PricedRate } from './pricing';
import { formatInZone, instantAt } from './zoned-time';

/** Turning euro-cent results into the contract's shapes, in the guest's currency and locale. */

export interface ViewContext {
  currency: CurrencyRate;
  locale: Locale;
  /** The current instant, for deadlines that may have passed. */
  nowMs: number;
}

/** Sums of a stay in euro cents as a Price: totals and per-night averages, with and without VAT, city tax apart. */
export function priceView(totals: { gross: number; net: number; cityTax: number }, nights: number, currency: CurrencyRate): Price {
  return {
    currency: currency.code as Currency,
    totalWithTax: displayAmount(totals.gross, currency),
    totalWithoutTax: displayAmount(totals.net, currency),
    avgPerNightWithTax: displayAmount(totals.gross, currency, nights),
    avgPerNightWithoutTax: displayAmount(totals.net, currency, nights),
    cityTax: displayAmount(totals.cityTax, currency),
  };
}

/** The deposit (prepaid) guarantee carries the deposit icon. */
export function isDeposit(guarantee: GuaranteePolicy): boolean {
  return guarantee.type === GUARANTEE_TYPES.deposit;
}

export function guaranteeView(guarantee: GuaranteePolicy, locale: Locale): Rate['guaranteePolicy'] {
  return { type: guarantee.type, guaranteePolicyCode: guarantee.code, description: pickLocalized(guarantee.description, locale) };
}

/** The end of free cancellation: its instant, and that instant written in the hotel's zone. */
interface Deadline {
  instant: number;
  text: string;
}

/**
 * Deadlines worked out, by zone, arrival and hours: the same few policies and arrivals come back in every
 * search, and working one out asks Intl for the zone's wall clock three times (most of a rooms answer's
 * time). A pure function of its key; emptied when full, which bounds it.
 */
const deadlines = new Map<string, Deadline>();
const MAX_DEADLINES = 10_000;

/** The policy's hours before 18:00 on the arrival day, in the hotel's zone; null for a non-refundable rate. */
export function cancellationDeadline(policy: CancellationPolicy, arrival: string, timeZone: string): Deadline | null {
  const hours = policy.freeUntilHoursBeforeArrival;
  if (hours === null) return null;
  const key = `${timeZone} ${arrival} ${hours}`;
  let deadline = deadlines.get(key);
  if (!deadline) {
    const instant = instantAt(arrival, 18, timeZone) - hours * 3_600_000;
    deadline = { instant, text: formatInZone(instant, timeZone) };
    if (deadlines.size >= MAX_DEADLINES) deadlines.clear();
    deadlines.set(key, deadline);
  }
  return deadline;
}

/**
 * The last moment of free cancellation, in the hotel's zone: the policy's hours before 18:00 on the
 * arrival day. Null for a non-refundable rate, and once that moment has passed.
 */
export function freeCancellationUntil(policy: CancellationPolicy, arrival: string, timeZone: string, nowMs: number): string | null {
  const deadline = cancellationDeadline(policy, arrival, timeZone);
  return deadline !== null && deadline.instant > nowMs ? deadline.text : null;
}

/**
 * The next instant after `nowMs` at which a rate of the hotel stops being cancellable free of charge for
 * this arrival (infinity when none will): before it, every rate's freeCancellationUntil reads the same.
 */
export function nextCancellationChange(hotel: CatalogueHotel, arrival: string, nowMs: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const plan of hotel.ratePlans) {
    const deadline = cancellationDeadline(plan.cancellation, arrival, hotel.timeZone);
    if (deadline !== null && deadline.instant > nowMs && deadline.instant < next) next = deadline.instant;
  }
  return next;
}

/** One room's rate for the stay: averages per night and totals of this room, its city tax, policies and points. */
export function rateView(
  rate: PricedRate,
  stay: { startDate: string; nights: number },
  cityTax: number,
  hotel: CatalogueHotel,
  context: ViewContext,
): Rate {
  const { plan } = rate;
  const { currency, locale } = context;
  return {
    rateCode: plan.rateCode,
    name: pickLocalized(plan.name, locale),
    currencyCode: currency.code as Currency,
    avg_amnt_with_tax: displayAmount(rate.gross, currency, stay.nights),
    avg_amnt_no_tax: displayAmount(rate.net, currency, stay.nights),
    total_with_tax: displayAmount(rate.gross, currency),
    city_tax: displayAmount(cityTax, currency),
    isMemberRate: plan.isMemberRate,
    isBreakfastIncluded: plan.breakfastIncluded,
    guaranteePolicy: guaranteeView(plan.guarantee, locale),
    cancellationPolicy: {
      cancellationPolicyCode: plan.cancellation.code,
      description: pickLocalized(plan.cancellation.description, locale),
      freeCancellationUntil: freeCancellationUntil(plan.cancellation, stay.startDate, hotel.timeZone, context.nowMs),
    },
    pair: plan.pair,
    iconDeposit: isDeposit(plan.guarantee),
    pointsPrice: rate.pointsPrice,
    pointsEarned: rate.pointsEarned,
    ...(plan.company ? { company: { name: plan.company.name } } : {}),
  };
}

/** The hotel's front, or the drawing of one of its room types. */
export function imageView(hotel: CatalogueHotel, locale: Locale, roomType?: CatalogueRoomType): { url: string; alt: string } {
  if (roomType) return { url: roomImageUrl(hotel.code, roomType.typeCode), alt: pickLocalized(roomType.saleName, locale) };
  return { url: hotelImageUrl(hotel.code, 1), alt: hotel.imageAlt ? pickLocalized(hotel.imageAlt, locale) : hotel.name };
}
