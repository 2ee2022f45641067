import type { PromoOutcome } from '../../src/contract/search';
import { addDays } from '../lib/calendar';
import type { Catalogue, CatalogueHotel, CataloguePromotion, CatalogueRatePlan } from './catalogue';
import type { Stay } from './stay';

/**
 * What a search's promo code and business flag do to prices (decision record 0009).
 *
 * A promo code takes its percentage off the room price of every rate (member and non-member alike), night
 * by night, at the hotels of its brands (all brands when it lists none), for stays whose nights all lie in
 * its window. The room price includes VAT, which is split out of the reduced price as from any other, so
 * the price before tax drops by the same percentage (to the cent); the city tax, charged per guest and
 * night, does not change, nor do points prices. Codes are matched without regard to case.
 *
 * A business search (hotels-v2 `business: true`) is priced on refundable rates only, those with free
 * cancellation: business plans change. Where a hotel has the corporate rate, that is then its cheapest
 * non-member rate.
 */

/** How a search prices rates beyond the rates' own conditions. */
export interface PricingTerms {
  /** Percent off every rate's room price (0: none). */
  percentOff: number;
  /** Only rates with free cancellation. */
  refundableOnly: boolean;
}

export const STANDARD_TERMS: PricingTerms = { percentOff: 0, refundableOnly: false };

export function termsApply(terms: PricingTerms, plan: CatalogueRatePlan): boolean {
  return !terms.refundableOnly || plan.cancellation.freeUntilHoursBeforeArrival !== null;
}

/** A rate's price for one night with the promotion's percentage off, rounded to the cent. */
export function withPercentOff(gross: number, percentOff: number): number {
  return percentOff > 0 ? Math.round((gross * (100 - percentOff)) / 100) : gross;
}

/** A search's promo code as looked up: null when the search has none. */
export interface PromoLookup {
  /** As typed, trimmed, in capitals. */
  code: string;
  promotion: CataloguePromotion | null;
  status: 'unknown' | 'expired' | 'valid';
}

export function lookUpPromo(catalogue: Catalogue, typed: string | undefined, today: string): PromoLookup | null {
  const code = typed?.trim().toUpperCase() ?? '';
  if (code === '') return null;
  const promotion = catalogue.promotions.get(code) ?? null;
  if (!promotion) return { code, promotion: null, status: 'unknown' };
  // Its last night is before today: no stay can use it any more.
  if (promotion.stayUntil < today) return { code, promotion, status: 'expired' };
  return { code, promotion, status: 'valid' };
}

/** The percentage off at this hotel for this stay: the promotion's where it applies, else 0. */
export function percentOffAt(lookup: PromoLookup | null, hotel: CatalogueHotel, stay: Stay): number {
  const promotion = lookup?.status === 'valid' ? lookup.promotion : null;
  if (!promotion || stay.nights < 1) return 0;
  if (promotion.brandCodes && !promotion.brandCodes.has(hotel.brand.code)) return 0;
  const inWindow = stay.startDate >= promotion.stayFrom && stay.endDate <= addDays(promotion.stayUntil, 1);
  return inWindow ? promotion.percentOff : 0;
}

/** What the answer says about the code: `applied` when it lowered the prices of (a hotel of) the answer. */
export function promoOutcome(lookup: PromoLookup | null, applied: boolean): PromoOutcome {
  if (!lookup) return null;
  if (lookup.status !== 'valid') return { code: lookup.code, status: lookup.status };
  return { code: lookup.code, status: applied ? 'applied' : 'notApplicable' };
}
