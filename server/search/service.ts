import type * as v from 'valibot';
import { type Locale, pickLocalized } from '../../src/contract/locales';
import type {
  AddonsRequestSchema,
  AddonsResponse,
  BenefitsRequestSchema,
  BenefitsResponse,
  BoundedRoomsRequestSchema,
  CalendarDay,
  CheapestRoom,
  ChildPolicyBreakdown,
  ChildPolicyRequestSchema,
  Currency,
  ParsedDeeplink,
  ParseDeeplinkRequestSchema,
  PromoOutcome,
  RatesRequestSchema,
  RatesResponse,
  RoomRateDetails,
  RoomRateDetailsRequestSchema,
  RoomsResponse,
  SearchRoom,
  UpgradableRooms,
  UpgradableRoomsRequestSchema,
} from '../../src/contract/search';
import { type CompanyRate, withCompanyRate } from '../corporate/rates';
import type { Database } from '../db/database';
import { onInventoryChange } from '../db/inventory-changes';
import { businessDate } from '../lib/calendar';
import { addonsView } from './addons';
import { createAnswerCache, encodeData } from './answer-cache';
import { benefitsFor } from './benefits';
import { staticRestriction } from './booking';
import { type CalendarInput, calendarAnswer, calendarHotels, planCalendar } from './calendar';
import { type Catalogue, type CatalogueHotel, loadCatalogue } from './catalogue';
import { parseDeeplink } from './deeplink';
import {
  type HotelSearchInput,
  hotelSearchAnswer,
  hotelSearchJson,
  hotelsAt,
  type LoadInventory,
  type LoadNights,
  planHotelSearch,
  searchHotels,
} from './hotel-search';
import { buildLocationIndex, type LocationIndex } from './location-index';
import type { CurrencyRate } from './money';
import { ageBreakdown, occupancyOf } from './occupancy';
import { createInventoryCache, type InventorySnapshot } from './inventory-cache';
import { followInventoryCommits } from './inventory-commits';
import { groupInventory, roomTypeStays } from './pricing';
import { lookUpPromo, percentOffAt, promoOutcome, STANDARD_TERMS } from './promotions';
import { type InventoryRow, selectInventoryRanges } from './queries';
import { roomRateDetailsView } from './room-rate-details';
import { cheapestRoomView, type HotelStay, ratesView, roomsView, upgradableRooms } from './rooms';
import { hotelRestriction, type Restriction, type Stay, stayOf } from './stay';
import { normalizeText } from './text-match';
import { nextCancellationChange, type ViewContext } from './views';

/**
 * The part of an answer cache key that says whose prices an answer holds: the company rate's own key
 * (everything its prices and texts depend on), or '-' for answers without one (visitors, members of no company).
 */
function companyKey(company: CompanyRate | null): string {
  return company ? company.cacheKey : '-';
}

/** What a search call answers: its data, or why there is none (unknown hotel or code, not bookable as asked). */
export type Outcome<T> = { data: T } | { notFound: string } | { conflict: string };

type Input<TSchema extends v.GenericSchema> = v.InferOutput<TSchema>;

export interface SearchServiceDeps {
  db: Database;
  /** The clock; "today" is its date in Europe/Berlin. */
  now: () => Date;
}

export function createSearchService({ db, now }: SearchServiceDeps) {
  let catalogue: Promise<Catalogue> | undefined;
  const locationIndexes = new Map<Locale, LocationIndex>();

  /** Loaded on first use and kept; a failed load is retried by the next request. */
  const getCatalogue = (): Promise<Catalogue> => {
    catalogue ??= loadCatalogue(db).catch((error: unknown) => {
      catalogue = undefined;
      throw error;
    });
    return catalogue;
  };
  // Inventory is read through a cache (decision records 0009 and 0039): this process's writers announce
  // their changes; on PGlite the database announces every change as it commits, and blocks stop ageing.
  const inventory = createInventoryCache({ read: (blocks) => selectInventoryRanges(db, blocks) });
  onInventoryChange(db, (change) => inventory.invalidate(change));
  let following: Promise<void> | undefined;
  /** Starts following the database's announcements once, before the first read of the inventory. */
  const follow = (): Promise<void> =>
    (following ??= followInventoryCommits(db, (change) => inventory.invalidate(change)).then((exact) => {
      if (exact) inventory.followCommits();
    }));
  const snapshot = async (roomTypeIds: readonly number[], startDate: string, endDate: string): Promise<InventorySnapshot> => {
    await follow();
    return inventory.snapshot(roomTypeIds, startDate, endDate);
  };
  const loadInventory: LoadInventory = async (roomTypeIds, startDate, endDate) => (await snapshot(roomTypeIds, startDate, endDate)).rows();
  const loadNights: LoadNights = async (roomTypeIds, startDate, endDate) => (await snapshot(roomTypeIds, startDate, endDate)).nights();
  // Finished answers of the busiest reads, kept while the inventory they were built from is (decision record 0039).
  const answers = createAnswerCache({ inventory: { snapshot, unchangedSince: (mark) => inventory.unchangedSince(mark) } });
  // Today in Berlin changes only at midnight, on a whole minute: worked out once per minute of the clock.
  let todayOf: { minute: number; date: string } | undefined;
  const today = () => {
    const instant = now().getTime();
    const minute = Math.floor(instant / 60_000);
    if (todayOf?.minute !== minute) todayOf = { minute, date: businessDate(new Date(instant)) };
    return todayOf.date;
  };
  const viewContext = (loaded: Catalogue, currency: string, locale: Locale, nowMs = now().getTime()): ViewContext => ({
    currency: loaded.currencies.get(currency) as CurrencyRate,
    locale,
    nowMs,
  });

  /**
   * What an answer about one hotel's stay needs before the inventory: the stay, the promo code and what it
   * takes off, why the hotel cannot be booked whatever the inventory says, and the room types whose nights
   * to read (none when it cannot).
   */
  function hotelStayPlan(
    loaded: Catalogue,
    hotel: CatalogueHotel,
    request: { startDate: string; endDate: string; rooms: readonly SearchRoom[]; promo?: string | undefined },
    day: string,
  ): { stay: Stay; promo: ReturnType<typeof lookUpPromo>; percentOff: number; restriction: Restriction | null; roomTypeIds: number[] } {
    const stay = stayOf(request.startDate, request.endDate, day);
    const promo = lookUpPromo(loaded, request.promo, stay.today);
    const restriction = staticRestriction(hotel, stay, request.rooms);
    return {
      stay,
      promo,
      percentOff: percentOffAt(promo, hotel, stay),
      restriction,
      roomTypeIds: restriction ? [] : hotel.roomTypes.map((roomType) => roomType.id),
    };
  }

  /** The hotel's room types over the stay of a plan, priced with the promo code's percentage off where it applies. */
  function hotelStayFrom(
    loaded: Catalogue,
    hotel: CatalogueHotel,
    rooms: readonly SearchRoom[],
    plan: ReturnType<typeof hotelStayPlan>,
    rows: readonly InventoryRow[],
  ): HotelStay & { promo: PromoOutcome } {
    const terms = plan.percentOff > 0 ? { ...STANDARD_TERMS, percentOff: plan.percentOff } : STANDARD_TERMS;
    return {
      hotel,
      stay: plan.stay,
      rooms,
      restriction: plan.restriction,
      options: roomTypeStays(hotel, plan.stay, groupInventory(rows), loaded.currencies, 'allRates', terms),
      promo: promoOutcome(plan.promo, plan.percentOff > 0),
    };
  }

  /**
   * The hotel's room types over the stay, priced with the promo code's percentage off where it applies;
   * the inventory is read only when the hotel can be booked for the stay. Also what became of the code.
   */
  async function hotelStayOf(
    loaded: Catalogue,
    hotel: CatalogueHotel,
    request: { startDate: string; endDate: string; rooms: readonly SearchRoom[]; promo?: string | undefined },
  ): Promise<HotelStay & { promo: PromoOutcome }> {
    const plan = hotelStayPlan(loaded, hotel, request, today());
    const rows = plan.restriction ? [] : await loadInventory(plan.roomTypeIds, request.startDate, request.endDate);
    return hotelStayFrom(loaded, hotel, request.rooms, plan, rows);
  }

  /**
   * An answer about one hotel's stay (rooms, rates) as the JSON of `{ data }`, through the answer cache:
   * `view` makes the data from the priced stay. Its rates say until when they can be cancelled free of
   * charge, so it is kept only until the hotel's next such moment for the arrival.
   */
  function hotelStayJson(
    route: string,
    loaded: Catalogue,
    hotel: CatalogueHotel,
    request: { startDate: string; endDate: string; rooms: readonly SearchRoom[]; promo?: string | undefined; currency: string; locale: Locale },
    view: (hotelStay: HotelStay & { promo: PromoOutcome }, context: ViewContext) => unknown,
    company: CompanyRate | null = null,
  ): Promise<Uint8Array> {
    const day = today();
    // An answer with a company rate is kept under that rate: it never reaches anyone outside the company.
    return answers.answer(`${route} ${day} ${companyKey(company)} ${JSON.stringify(request)}`, now().getTime(), () => {
      const plan = hotelStayPlan(loaded, hotel, request, day);
      return {
        roomTypeIds: plan.roomTypeIds,
        startDate: plan.stay.startDate,
        endDate: plan.stay.endDate,
        build: (nights, nowMs) => ({
          json: encodeData(view(hotelStayFrom(loaded, hotel, request.rooms, plan, nights.rows()), viewContext(loaded, request.currency, request.locale, nowMs))),
          validUntilMs: nextCancellationChange(hotel, plan.stay.startDate, nowMs),
        }),
      };
    });
  }

  const unknownHotel = (hotelCode: string) => ({ notFound: `No hotel with code ${hotelCode}` });

  return {
    async location(query: string, locale: Locale) {
      let index = locationIndexes.get(locale);
      if (!index) {
        index = buildLocationIndex(await getCatalogue(), locale);
        locationIndexes.set(locale, index);
      }
      return index.search(query);
    },

    /** hotels-v2's answer; `company`: the signed-in member's company rate, which may lower the member prices. */
    async hotels(request: HotelSearchInput, company: CompanyRate | null = null) {
      return searchHotels(await getCatalogue(), request, today(), loadNights, company);
    },

    /**
     * hotels-v2 answered as UTF-8 JSON: `{ data }` with `data` as hotels() gives it; a place that is
     * neither a city nor a hotel code is not found, so the guest hears that the place is unknown rather
     * than that nothing is free there. `company` as for hotels().
     */
    async hotelsJson(request: HotelSearchInput, company: CompanyRate | null = null): Promise<Outcome<Uint8Array>> {
      const loaded = await getCatalogue();
      if (hotelsAt(loaded, request.location).length === 0) return { notFound: `No city or hotel called ${request.location}` };
      const day = today();
      // An answer with a company rate is kept under that rate: it never reaches anyone outside the company.
      const json = await answers.answer(`hotels ${day} ${companyKey(company)} ${JSON.stringify(request)}`, now().getTime(), () => {
        const plan = planHotelSearch(loaded, request, day);
        return {
          roomTypeIds: plan.roomTypeIds,
          startDate: plan.stay.startDate,
          endDate: plan.stay.endDate,
          build: (nights) => ({
            json: hotelSearchJson(loaded, request.locale, hotelSearchAnswer(loaded, request, plan, nights.nights(), company)),
            // Nothing in it depends on the time of day.
            validUntilMs: Number.POSITIVE_INFINITY,
          }),
        };
      });
      return { data: json };
    },

    /** The price calendar; `company`: the signed-in member's company rate, which may lower the nightly prices. */
    async calendar(request: CalendarInput, company: CompanyRate | null = null): Promise<Outcome<{ currency: Currency; days: CalendarDay[] }>> {
      const loaded = await getCatalogue();
      const hotels = calendarHotels(loaded, request);
      if (!hotels) return { notFound: request.hotelCode ? `No hotel with code ${request.hotelCode}` : `No city called ${request.city}` };
      const plan = planCalendar(hotels, request, today());
      return { data: calendarAnswer(loaded, request, plan, await loadInventory(plan.roomTypeIds, plan.window.startDate, plan.window.endDate), company) };
    },

    /** The price calendar as the JSON of `{ data }`, through the answer cache; `company` as for calendar(). */
    async calendarJson(request: CalendarInput, company: CompanyRate | null = null): Promise<Outcome<Uint8Array>> {
      const loaded = await getCatalogue();
      const hotels = calendarHotels(loaded, request);
      if (!hotels) return { notFound: request.hotelCode ? `No hotel with code ${request.hotelCode}` : `No city called ${request.city}` };
      const day = today();
      // As hotelsJson: kept under the company rate, if any.
      const json = await answers.answer(`calendar ${day} ${companyKey(company)} ${JSON.stringify(request)}`, now().getTime(), () => {
        const plan = planCalendar(hotels, request, day);
        return {
          roomTypeIds: plan.roomTypeIds,
          startDate: plan.window.startDate,
          endDate: plan.window.endDate,
          build: (nights) => ({
            json: encodeData(calendarAnswer(loaded, request, plan, nights.rows(), company)),
            // Nothing in it depends on the time of day.
            validUntilMs: Number.POSITIVE_INFINITY,
          }),
        };
      });
      return { data: json };
    },

    async rooms(request: Input<typeof BoundedRoomsRequestSchema>): Promise<Outcome<RoomsResponse>> {
      const loaded = await getCatalogue();
      const hotel = loaded.hotelsByCode.get(request.hotelCode);
      if (!hotel) return unknownHotel(request.hotelCode);
      const hotelStay = await hotelStayOf(loaded, hotel, request);
      return { data: { ...roomsView(hotelStay, request.payWithPoints, viewContext(loaded, request.currency, request.locale)), promo: hotelStay.promo } };
    },

    /**
     * rooms() as the JSON of `{ data }`, through the answer cache; kept until a free cancellation of the hotel
     * ends. `company`: the signed-in member's company rate, offered beside the hotel's rates.
     */
    async roomsJson(request: Input<typeof BoundedRoomsRequestSchema>, company: CompanyRate | null = null): Promise<Outcome<Uint8Array>> {
      const loaded = await getCatalogue();
      const found = loaded.hotelsByCode.get(request.hotelCode);
      if (!found) return unknownHotel(request.hotelCode);
      const hotel = withCompanyRate(found, company);
      const json = await hotelStayJson(
        'rooms',
        loaded,
        hotel,
        request,
        (hotelStay, context) => ({
          ...roomsView(hotelStay, request.payWithPoints, context),
          promo: hotelStay.promo,
        }),
        company,
      );
      return { data: json };
    },

    async rates(request: Input<typeof RatesRequestSchema>): Promise<Outcome<RatesResponse>> {
      const loaded = await getCatalogue();
      const hotel = loaded.hotelsByCode.get(request.hotelCode);
      if (!hotel) return unknownHotel(request.hotelCode);
      const hotelStay = await hotelStayOf(loaded, hotel, request);
      const optionIndex = hotelStay.options.findIndex((option) => option.roomType.typeCode === request.typeCode);
      if (optionIndex < 0) return { notFound: `Hotel ${hotel.code} has no room type ${request.typeCode}` };
      const context = viewContext(loaded, request.currency, request.locale);
      return { data: { ...ratesView(hotelStay, optionIndex, request.payWithPoints, context), promo: hotelStay.promo } };
    },

    /** rates() as the JSON of `{ data }`, through the answer cache; kept until a free cancellation of the hotel ends. `company` as for roomsJson. */
    async ratesJson(request: Input<typeof RatesRequestSchema>, company: CompanyRate | null = null): Promise<Outcome<Uint8Array>> {
      const loaded = await getCatalogue();
      const found = loaded.hotelsByCode.get(request.hotelCode);
      if (!found) return unknownHotel(request.hotelCode);
      const hotel = withCompanyRate(found, company);
      // The options are the hotel's room types in its order (roomTypeStays), so the index is known before the inventory.
      const optionIndex = hotel.roomTypes.findIndex((roomType) => roomType.typeCode === request.typeCode);
      if (optionIndex < 0) return { notFound: `Hotel ${hotel.code} has no room type ${request.typeCode}` };
      const json = await hotelStayJson(
        'rates',
        loaded,
        hotel,
        request,
        (hotelStay, context) => ({
          ...ratesView(hotelStay, optionIndex, request.payWithPoints, context),
          promo: hotelStay.promo,
        }),
        company,
      );
      return { data: json };
    },

    async cheapestRoom(request: Input<typeof BoundedRoomsRequestSchema>, company: CompanyRate | null = null): Promise<Outcome<CheapestRoom>> {
      const loaded = await getCatalogue();
      const found = loaded.hotelsByCode.get(request.hotelCode);
      if (!found) return unknownHotel(request.hotelCode);
      const hotel = withCompanyRate(found, company);
      const hotelStay = await hotelStayOf(loaded, hotel, request);
      return { data: { ...cheapestRoomView(hotelStay, viewContext(loaded, request.currency, request.locale)), promo: hotelStay.promo } };
    },

    async upgradableRooms(request: Input<typeof UpgradableRoomsRequestSchema>, company: CompanyRate | null = null): Promise<Outcome<UpgradableRooms>> {
      const loaded = await getCatalogue();
      const found = loaded.hotelsByCode.get(request.hotelCode);
      if (!found) return unknownHotel(request.hotelCode);
      const hotel = withCompanyRate(found, company);
      if (!hotel.ratePlans.some((plan) => plan.rateCode === request.rateCode)) return { notFound: `Hotel ${hotel.code} has no rate ${request.rateCode}` };
      const hotelStay = await hotelStayOf(loaded, hotel, request);
      const optionIndex = hotelStay.options.findIndex((option) => option.roomType.typeCode === request.typeCode);
      if (optionIndex < 0) return { notFound: `Hotel ${hotel.code} has no room type ${request.typeCode}` };
      const outcome = upgradableRooms(hotelStay, request.roomIndex, optionIndex, request.rateCode, viewContext(loaded, request.currency, request.locale));
      return outcome.kind === 'ok' ? { data: { ...outcome.data, promo: hotelStay.promo } } : { conflict: outcome.message };
    },

    async addons(request: Input<typeof AddonsRequestSchema>): Promise<Outcome<AddonsResponse>> {
      const loaded = await getCatalogue();
      const hotel = loaded.hotelsByCode.get(request.hotelCode);
      if (!hotel) return unknownHotel(request.hotelCode);
      const { nights } = stayOf(request.startDate, request.endDate, today());
      const currency = loaded.currencies.get(request.currency) as CurrencyRate;
      const guests = occupancyOf({ adults: request.adults, childAges: request.childAges });
      return { data: { hotelCode: hotel.code, nights, currency: request.currency, addons: addonsView(hotel.addons, guests, nights, loaded.currencies, currency, request.locale) } };
    },

    async benefits(request: Input<typeof BenefitsRequestSchema>): Promise<Outcome<BenefitsResponse>> {
      const loaded = await getCatalogue();
      const hotel = loaded.hotelsByCode.get(request.hotelCode);
      if (!hotel) return unknownHotel(request.hotelCode);
      const { nights } = stayOf(request.startDate, request.endDate, today());
      return { data: { hotelCode: hotel.code, nights, benefits: benefitsFor(nights, request.locale) } };
    },

    async childPolicy(request: Input<typeof ChildPolicyRequestSchema>): Promise<Outcome<ChildPolicyBreakdown>> {
      const loaded = await getCatalogue();
      if (!loaded.hotelsByCode.has(request.hotelCode)) return unknownHotel(request.hotelCode);
      return { data: ageBreakdown(request.hotelCode, request.childAges) };
    },

    async roomRateDetails(request: Input<typeof RoomRateDetailsRequestSchema>, company: CompanyRate | null = null): Promise<Outcome<RoomRateDetails>> {
      const loaded = await getCatalogue();
      const found = loaded.hotelsByCode.get(request.hotelCode);
      if (!found) return unknownHotel(request.hotelCode);
      const hotel = withCompanyRate(found, company);
      const roomType = hotel.roomTypes.find((candidate) => candidate.typeCode === request.typeCode);
      if (!roomType) return { notFound: `Hotel ${hotel.code} has no room type ${request.typeCode}` };
      const plan = hotel.ratePlans.find((candidate) => candidate.rateCode === request.rateCode);
      if (!plan) return { notFound: `Hotel ${hotel.code} has no rate ${request.rateCode}` };
      const stay = stayOf(request.startDate, request.endDate, today());
      const rows = await loadInventory([roomType.id], stay.startDate, stay.endDate);
      const guests = occupancyOf({ adults: request.adults, childAges: request.children });
      const currency = loaded.currencies.get(request.currency) as CurrencyRate;
      return { data: roomRateDetailsView(hotel, stay, roomType, plan, guests, rows, hotelRestriction(hotel, stay), loaded.currencies, currency) };
    },

    async parseDeeplink(request: Input<typeof ParseDeeplinkRequestSchema>): Promise<ParsedDeeplink> {
      const loaded = await getCatalogue();
      return parseDeeplink(request.url, request.locale, (text) => {
        const hotel = loaded.hotelsByCode.get(text.toUpperCase());
        if (hotel) return hotel.code;
        const city = loaded.citiesByName.get(normalizeText(text));
        return city ? pickLocalized(city.name, request.locale) : null;
      });
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
