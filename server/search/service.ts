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
import type { Database } from '../db/database';
import { onInventoryChange } from '../db/inventory-changes';
import { businessDate } from '../lib/calendar';
import { addonsView } from './addons';
import { benefitsFor } from './benefits';
import { staticRestriction } from './booking';
import { type CalendarInput, calendarHotels, priceCalendar } from './calendar';
import { type Catalogue, type CatalogueHotel, loadCatalogue } from './catalogue';
import { parseDeeplink } from './deeplink';
import { type HotelSearchInput, hotelSearchJson, hotelsAt, type LoadInventory, type LoadNights, searchHotels } from './hotel-search';
import { buildLocationIndex, type LocationIndex } from './location-index';
import type { CurrencyRate } from './money';
import { ageBreakdown, occupancyOf } from './occupancy';
import { createInventoryCache } from './inventory-cache';
import { groupInventory, roomTypeStays } from './pricing';
import { lookUpPromo, percentOffAt, promoOutcome, STANDARD_TERMS } from './promotions';
import { selectInventoryRanges } from './queries';
import { roomRateDetailsView } from './room-rate-details';
import { cheapestRoomView, type HotelStay, ratesView, roomsView, upgradableRooms } from './rooms';
import { hotelRestriction, stayOf } from './stay';
import { normalizeText } from './text-match';
import type { ViewContext } from './views';

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
  // Inventory is read through a cache of a few seconds (decision record 0009); writers announce changes.
  const inventory = createInventoryCache({ read: (blocks) => selectInventoryRanges(db, blocks) });
  onInventoryChange(db, (change) => inventory.invalidate(change));
  const loadInventory: LoadInventory = (roomTypeIds, startDate, endDate) => inventory.get(roomTypeIds, startDate, endDate);
  const loadNights: LoadNights = (roomTypeIds, startDate, endDate) => inventory.nights(roomTypeIds, startDate, endDate);
  // Today in Berlin changes only at midnight, on a whole minute: worked out once per minute of the clock.
  let todayOf: { minute: number; date: string } | undefined;
  const today = () => {
    const instant = now().getTime();
    const minute = Math.floor(instant / 60_000);
    if (todayOf?.minute !== minute) todayOf = { minute, date: businessDate(new Date(instant)) };
    return todayOf.date;
  };
  const viewContext = (loaded: Catalogue, currency: string, locale: Locale): ViewContext => ({
    currency: loaded.currencies.get(currency) as CurrencyRate,
    locale,
    nowMs: now().getTime(),
  });

  /**
   * The hotel's room types over the stay, priced with the promo code's percentage off where it applies;
   * the inventory is read only when the hotel can be booked for the stay. Also what became of the code.
   */
  async function hotelStayOf(
    loaded: Catalogue,
    hotel: CatalogueHotel,
    request: { startDate: string; endDate: string; rooms: readonly SearchRoom[]; promo?: string | undefined },
  ): Promise<HotelStay & { promo: PromoOutcome }> {
    const { startDate, endDate, rooms } = request;
    const stay = stayOf(startDate, endDate, today());
    const promo = lookUpPromo(loaded, request.promo, stay.today);
    const percentOff = percentOffAt(promo, hotel, stay);
    const restriction = staticRestriction(hotel, stay, rooms);
    const rows = restriction
      ? []
      : await loadInventory(
          hotel.roomTypes.map((roomType) => roomType.id),
          startDate,
          endDate,
        );
    const terms = percentOff > 0 ? { ...STANDARD_TERMS, percentOff } : STANDARD_TERMS;
    return {
      hotel,
      stay,
      rooms,
      restriction,
      options: roomTypeStays(hotel, stay, groupInventory(rows), loaded.currencies, 'allRates', terms),
      promo: promoOutcome(promo, percentOff > 0),
    };
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

    async hotels(request: HotelSearchInput) {
      return searchHotels(await getCatalogue(), request, today(), loadNights);
    },

    /**
     * hotels-v2 answered as UTF-8 JSON: `{ data }` with `data` as hotels() gives it; a place that is
     * neither a city nor a hotel code is not found, so the guest hears that the place is unknown rather
     * than that nothing is free there.
     */
    async hotelsJson(request: HotelSearchInput): Promise<Outcome<Uint8Array>> {
      const loaded = await getCatalogue();
      if (hotelsAt(loaded, request.location).length === 0) return { notFound: `No city or hotel called ${request.location}` };
      return { data: hotelSearchJson(loaded, request.locale, await searchHotels(loaded, request, today(), loadNights)) };
    },

    async calendar(request: CalendarInput): Promise<Outcome<{ currency: Currency; days: CalendarDay[] }>> {
      const loaded = await getCatalogue();
      const hotels = calendarHotels(loaded, request);
      if (!hotels) return { notFound: request.hotelCode ? `No hotel with code ${request.hotelCode}` : `No city called ${request.city}` };
      return { data: await priceCalendar(loaded, hotels, request, today(), loadInventory) };
    },

    async rooms(request: Input<typeof BoundedRoomsRequestSchema>): Promise<Outcome<RoomsResponse>> {
      const loaded = await getCatalogue();
      const hotel = loaded.hotelsByCode.get(request.hotelCode);
      if (!hotel) return unknownHotel(request.hotelCode);
      const hotelStay = await hotelStayOf(loaded, hotel, request);
      return { data: { ...roomsView(hotelStay, request.payWithPoints, viewContext(loaded, request.currency, request.locale)), promo: hotelStay.promo } };
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

    async cheapestRoom(request: Input<typeof BoundedRoomsRequestSchema>): Promise<Outcome<CheapestRoom>> {
      const loaded = await getCatalogue();
      const hotel = loaded.hotelsByCode.get(request.hotelCode);
      if (!hotel) return unknownHotel(request.hotelCode);
      const hotelStay = await hotelStayOf(loaded, hotel, request);
      return { data: { ...cheapestRoomView(hotelStay, viewContext(loaded, request.currency, request.locale)), promo: hotelStay.promo } };
    },

    async upgradableRooms(request: Input<typeof UpgradableRoomsRequestSchema>): Promise<Outcome<UpgradableRooms>> {
      const loaded = await getCatalogue();
      const hotel = loaded.hotelsByCode.get(request.hotelCode);
      if (!hotel) return unknownHotel(request.hotelCode);
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

    async roomRateDetails(request: Input<typeof RoomRateDetailsRequestSchema>): Promise<Outcome<RoomRateDetails>> {
      const loaded = await getCatalogue();
      const hotel = loaded.hotelsByCode.get(request.hotelCode);
      if (!hotel) return unknownHotel(request.hotelCode);
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
