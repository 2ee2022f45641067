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

/**
 * The last moment of free cancellation, in the hotel's zone: the policy's hours before 18:00 on the
 * arrival day. Null for a non-refundable rate, and once that moment has passed.
 */
export function freeCancellationUntil(policy: CancellationPolicy, arrival: string, timeZone: string, nowMs: number): string | null {
  if (policy.freeUntilHoursBeforeArrival === null) return null;
  const deadline = instantAt(arrival, 18, timeZone) - policy.freeUntilHoursBeforeArrival * 3_600_000;
  return deadline > nowMs ? formatInZone(deadline, timeZone) : null;
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
  };
}

/** The hotel's front, or the drawing of one of its room types. */
export function imageView(hotel: CatalogueHotel, locale: Locale, roomType?: CatalogueRoomType): { url: string; alt: string } {
  if (roomType) return { url: roomImageUrl(hotel.code, roomType.typeCode), alt: pickLocalized(roomType.saleName, locale) };
  return { url: hotelImageUrl(hotel.code, 1), alt: hotel.imageAlt ? pickLocalized(hotel.imageAlt, locale) : hotel.name };
}
