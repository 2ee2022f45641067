import type { LocalizedText } from '../../src/contract/locales';
import type { Database } from '../db/database';
import type { AddonPricingMode, GuaranteePolicyType } from '../db/schema';
import { distanceKm } from './geo';
import type { CurrencyRate } from './money';
import {
  selectAddons,
  selectCancellationPolicies,
  selectCurrencies,
  selectGuaranteePolicies,
  selectHotelFeatures,
  selectHotels,
  selectPromotions,
  selectRatePlans,
  selectRoomTypes,
} from './queries';
import { normalizeText, umlautSpelling } from './text-match';

/**
 * The content search works on, held in memory: hotels with their city, brand, features, room types and
 * rate plans; policies, currencies, add-ons and promo codes. Content is static in this app (it changes only with a
 * new seed or deployment), so it is read once per process in a few set-based queries and never
 * invalidated. Nightly availability and prices are not content: they are read through the inventory cache.
 */

export interface CatalogueCity {
  id: number;
  code: string;
  name: LocalizedText;
  countryCode: string;
  countryName: LocalizedText;
  latitude: number;
  longitude: number;
  hotels: CatalogueHotel[];
}

export interface CatalogueRoomType {
  id: number;
  typeCode: string;
  saleName: LocalizedText;
  maxAdults: number;
  maxChildren: number;
  maxOccupancy: number;
}

export interface GuaranteePolicy {
  code: string;
  type: GuaranteePolicyType;
  description: LocalizedText;
}

export interface CancellationPolicy {
  code: string;
  /** Free until this many hours before 18:00 on the arrival day; null: not refundable. */
  freeUntilHoursBeforeArrival: number | null;
  description: LocalizedText;
}

export interface CatalogueRatePlan {
  rateCode: string;
  name: LocalizedText;
  isMemberRate: boolean;
  /** A member rate's non-member rate; a non-member rate's member rate (or null). */
  pair: string | null;
  breakfastIncluded: boolean;
  guarantee: GuaranteePolicy;
  cancellation: CancellationPolicy;
  priceFactorBps: number;
  pointsPerNight: number;
  /** Only on a company's negotiated rate (server/corporate/rates.ts): the company, for "Your company rate". */
  company?: { name: string };
}

export interface CatalogueAddon {
  code: string;
  name: LocalizedText;
  pricingMode: AddonPricingMode;
  priceMinor: number;
  currency: string;
  hotelOnly: boolean;
}

export interface CatalogueHotel {
  id: number;
  code: string;
  name: string;
  brand: { code: string; name: string; sortOrder: number };
  city: CatalogueCity;
  latitude: number;
  longitude: number;
  /** From the city centre, km, one decimal. */
  distanceKm: number;
  timeZone: string;
  openingDate: string | null;
  useExternalBooking: boolean;
  minLeadDays: number;
  minLengthOfStay: number;
  imageAlt: LocalizedText | null;
  features: { code: string; name: LocalizedText; sortOrder: number }[];
  /** Cheapest first (by reference rate). */
  roomTypes: CatalogueRoomType[];
  ratePlans: CatalogueRatePlan[];
  addons: CatalogueAddon[];
}

/** A promo code (decision record 0009). */
export interface CataloguePromotion {
  /** In capitals; guests may type it in any case. */
  code: string;
  percentOff: number;
  /** Brand codes it is limited to; null: every brand. */
  brandCodes: ReadonlySet<string> | null;
  /** First and last night it may be used for. */
  stayFrom: string;
  stayUntil: string;
}

export interface Catalogue {
  hotels: CatalogueHotel[];
  hotelsByCode: ReadonlyMap<string, CatalogueHotel>;
  cities: CatalogueCity[];
  /** Every city by its code and each of its names, normalised (`koln`, `koeln`, `cologne`, `the hague`, ...). */
  citiesByName: ReadonlyMap<string, CatalogueCity>;
  currencies: ReadonlyMap<string, CurrencyRate>;
  /** Promo codes by code (in capitals). */
  promotions: ReadonlyMap<string, CataloguePromotion>;
}

export async function loadCatalogue(db: Database): Promise<Catalogue> {
  const [hotelRows, featureRows, roomTypeRows, ratePlanRows, guaranteeRows, cancellationRows, currencyRows, addonRows, promotionRows] =
    await Promise.all([
      selectHotels(db),
      selectHotelFeatures(db),
      selectRoomTypes(db),
      selectRatePlans(db),
      selectGuaranteePolicies(db),
      selectCancellationPolicies(db),
      selectCurrencies(db),
      selectAddons(db),
      selectPromotions(db),
    ]);

  const guarantees = new Map(guaranteeRows.map((row) => [row.code, { code: row.code, type: row.policyType, description: row.description }]));
  const cancellations = new Map(
    cancellationRows.map((row) => [
      row.code,
      { code: row.code, freeUntilHoursBeforeArrival: row.freeUntilHoursBeforeArrival, description: row.description },
    ]),
  );

  const cities = new Map<number, CatalogueCity>();
  const hotels: CatalogueHotel[] = [];
  const hotelsById = new Map<number, CatalogueHotel>();
  for (const row of hotelRows) {
    let city = cities.get(row.cityId);
    if (!city) {
      city = {
        id: row.cityId,
        code: row.cityCode,
        name: row.cityName,
        countryCode: row.countryCode,
        countryName: row.countryName,
        latitude: row.cityLatitude,
        longitude: row.cityLongitude,
        hotels: [],
      };
      cities.set(row.cityId, city);
    }
    const hotel: CatalogueHotel = {
      id: row.id,
      code: row.hotelCode,
      name: row.name,
      brand: { code: row.brandCode, name: row.brandName, sortOrder: row.brandOrder },
      city,
      latitude: row.latitude,
      longitude: row.longitude,
      distanceKm: distanceKm(city, row),
      timeZone: row.timeZone,
      openingDate: row.openingDate,
      useExternalBooking: row.useExternalBooking,
      minLeadDays: row.minLeadDays,
      minLengthOfStay: row.minLengthOfStay,
      imageAlt: row.imageAlt,
      features: [],
      roomTypes: [],
      ratePlans: [],
      addons: [],
    };
    city.hotels.push(hotel);
    hotels.push(hotel);
    hotelsById.set(hotel.id, hotel);
  }

  for (const row of featureRows) hotelsById.get(row.hotelId)?.features.push({ code: row.code, name: row.name, sortOrder: row.sortOrder });
  for (const row of roomTypeRows) {
    hotelsById.get(row.hotelId)?.roomTypes.push({
      id: row.id,
      typeCode: row.typeCode,
      saleName: row.saleName,
      maxAdults: row.maxAdults,
      maxChildren: row.maxChildren,
      maxOccupancy: row.maxOccupancy,
    });
  }
  for (const row of ratePlanRows) {
    const guarantee = guarantees.get(row.guaranteePolicyCode);
    const cancellation = cancellations.get(row.cancellationPolicyCode);
    // Foreign keys guarantee both policies; the check only satisfies the type system.
    if (!guarantee || !cancellation) continue;
    hotelsById.get(row.hotelId)?.ratePlans.push({
      rateCode: row.rateCode,
      name: row.name,
      isMemberRate: row.isMemberRate,
      pair: row.pairedNonMemberRateCode,
      breakfastIncluded: row.breakfastIncluded,
      guarantee,
      cancellation,
      priceFactorBps: row.priceFactorBps,
      pointsPerNight: row.pointsPerNight,
    });
  }
  const globalAddons: CatalogueAddon[] = [];
  for (const row of addonRows) {
    const addon = { code: row.code, name: row.name, pricingMode: row.pricingMode, priceMinor: row.priceMinor, currency: row.currency, hotelOnly: row.hotelId !== null };
    if (row.hotelId === null) globalAddons.push(addon);
    else hotelsById.get(row.hotelId)?.addons.push(addon);
  }
  for (const hotel of hotels) {
    pairNonMemberRates(hotel.ratePlans);
    // The group's add-ons first, then the hotel's own; a hotel's add-on replaces a group one of the same code.
    const own = new Set(hotel.addons.map((addon) => addon.code));
    hotel.addons = [...globalAddons.filter((addon) => !own.has(addon.code)), ...hotel.addons];
  }

  const citiesByName = new Map<string, CatalogueCity>();
  for (const city of cities.values()) {
    for (const name of [city.code, ...Object.values(city.name)]) {
      if (!name) continue;
      for (const key of [normalizeText(name), umlautSpelling(name)]) {
        if (key && !citiesByName.has(key)) citiesByName.set(key, city);
      }
    }
  }

  return {
    hotels,
    hotelsByCode: new Map(hotels.map((hotel) => [hotel.code, hotel])),
    cities: [...cities.values()],
    citiesByName,
    currencies: new Map(currencyRows.map((row) => [row.code, row])),
    promotions: new Map(
      promotionRows.map((row) => [
        row.code,
        {
          code: row.code,
          percentOff: row.percentOff,
          brandCodes: row.brandCodes.length > 0 ? new Set(row.brandCodes) : null,
          stayFrom: row.stayFrom,
          stayUntil: row.stayUntil,
        },
      ]),
    ),
  };
}

/** A non-member rate's pair is the member rate that names it (the spec's pairing table, read backwards). */
function pairNonMemberRates(plans: CatalogueRatePlan[]): void {
  const memberOf = new Map(plans.filter((plan) => plan.isMemberRate && plan.pair).map((plan) => [plan.pair, plan.rateCode]));
  for (const plan of plans) {
    if (!plan.isMemberRate) plan.pair = memberOf.get(plan.rateCode) ?? null;
  }
}
