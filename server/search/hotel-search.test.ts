import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { BoundedHotelSearchRequestSchema, type HotelSearchRequest, type SearchRoom } from '../../src/contract/search';
import type { CompanyRate } from '../corporate/rates';
import { TEST_TODAY, useTestDatabase } from '../../test/bff/database';
import { addDays, businessDate } from '../lib/calendar';
import { bookingsOf, staticRestriction } from './booking';
import { type Catalogue, type CatalogueHotel, loadCatalogue } from './catalogue';
import { createInventoryCache } from './inventory-cache';
import { listPrices } from './list-prices';
import { occupancyOf } from './occupancy';
import { groupInventory, roomTypeStays } from './pricing';
import { type PricingTerms, STANDARD_TERMS } from './promotions';
import { selectInventoryRanges } from './queries';
import { createSearchService } from './service';
import { stayOf } from './stay';

/*
 * hotels-v2 computes its list the short way (list-prices.ts, prepared listings, JSON written in parts).
 * These tests hold it to the long way on the whole seeded catalogue: the same prices as the full
 * breakdown of rooms and rates (roomTypeStays + bookingsOf), and the same bytes as JSON.stringify.
 */

const database = useTestDatabase();
const today = businessDate(TEST_TODAY);
let catalogue: Catalogue;

beforeAll(async () => {
  catalogue = await loadCatalogue(database.db);
});

const ROOM_SETS: SearchRoom[][] = [
  [{ adults: 1, childAges: [] }],
  [{ adults: 2, childAges: [6] }],
  [{ adults: 3, childAges: [13] }],
  [
    { adults: 2, childAges: [] },
    { adults: 1, childAges: [] },
  ],
  // Four rooms of two: room types run out, so the exact assignment (a minimum-cost flow) decides.
  Array.from({ length: 4 }, () => ({ adults: 2, childAges: [] })),
  [
    { adults: 2, childAges: [3, 8] },
    { adults: 1, childAges: [] },
    { adults: 2, childAges: [] },
  ],
];

/**
 * A company rate as corporate/rates.ts makes it (member rate, no points, no pair), refundable; at 70 % it is
 * below every member rate of the seed, so it shows in every list.
 */
function companyRate(priceFactorBps: number): CompanyRate {
  const flexible = catalogue.hotels.flatMap((hotel) => hotel.ratePlans).find((plan) => plan.rateCode === 'HRW1X');
  if (!flexible) throw new Error('The seed has no member flexible rate');
  const plan = { ...flexible, rateCode: 'CORP_TEST', pair: null, pointsPerNight: 0, priceFactorBps, company: { name: 'Test Company' } };
  return { plan, cacheKey: `CORP_TEST ${priceFactorBps}` };
}

/** The hotel with the company rate as its only rate: its member booking is the company rate's. */
const onlyCompanyRate = (hotel: CatalogueHotel, company: CompanyRate): CatalogueHotel => ({ ...hotel, ratePlans: [company.plan] });

const TERMS: PricingTerms[] = [STANDARD_TERMS, { percentOff: 10, refundableOnly: false }, { percentOff: 0, refundableOnly: true }, { percentOff: 15, refundableOnly: true }];

describe('list prices', () => {
  it('are the cheapest member and non-member bookings of the full breakdown, for every hotel', async () => {
    const inventory = createInventoryCache({ read: (blocks) => selectInventoryRanges(database.db, blocks) });
    const allRoomTypes = catalogue.hotels.flatMap((hotel) => hotel.roomTypes.map((roomType) => roomType.id));
    const company = companyRate(8_500);
    let compared = 0;
    let booked = 0;
    for (const [offset, nights] of [
      [3, 1],
      [13, 2],
      [14, 3],
      [40, 7],
      [90, 10],
    ] as const) {
      const stay = stayOf(addDays(today, offset), addDays(today, offset + nights), today);
      const table = await inventory.nights(allRoomTypes, stay.startDate, stay.endDate);
      const grouped = groupInventory(await inventory.get(allRoomTypes, stay.startDate, stay.endDate));
      for (const [index, rooms] of ROOM_SETS.entries()) {
        const occupancies = rooms.map(occupancyOf);
        // Plain, with a promo code's percentage off, business (refundable rates only), both.
        const terms = TERMS[index % TERMS.length] as PricingTerms;
        for (const hotel of catalogue.hotels) {
          if (staticRestriction(hotel, stay, rooms)) continue;
          const expected = bookingsOf(hotel, stay, rooms, roomTypeStays(hotel, stay, grouped, catalogue.currencies, 'cheapestOfEachKind', terms));
          const actual = listPrices(hotel, stay, occupancies, table, catalogue.currencies, terms);
          const totals = (booking: typeof expected.member) => booking && { gross: booking.gross, net: booking.net, cityTax: booking.cityTax, pointsPrice: booking.pointsPrice };
          expect(actual, `${hotel.code} ${stay.startDate} ${nights} nights, ${JSON.stringify(rooms)}, ${JSON.stringify(terms)}`).toEqual({
            member: totals(expected.member),
            nonMember: totals(expected.nonMember),
            company: null,
          });
          // With a company rate: the member and non-member prices as without, the company's as its own booking.
          const withCompany = listPrices(hotel, stay, occupancies, table, catalogue.currencies, terms, company.plan);
          const companyBooking = bookingsOf(hotel, stay, rooms, roomTypeStays(onlyCompanyRate(hotel, company), stay, grouped, catalogue.currencies, 'cheapestOfEachKind', terms));
          expect(withCompany, `${hotel.code} with a company rate`).toEqual({ ...actual, company: totals(companyBooking.member) });
          compared += 1;
          if (actual.member) booked += 1;
        }
      }
    }
    // The comparison covered many hotels, most of them bookable.
    expect(compared).toBeGreaterThan(1500);
    expect(booked).toBeGreaterThan(compared / 2);
  });
});

describe('hotels-v2 as JSON', () => {
  const search = () => createSearchService({ db: database.db, now: () => TEST_TODAY });
  const request = (body: Partial<HotelSearchRequest>) =>
    v.parse(BoundedHotelSearchRequestSchema, { location: 'Berlin', startDate: addDays(today, 20), endDate: addDays(today, 22), rooms: [{ adults: 2, childAges: [] }], ...body });

  it('is byte for byte what JSON.stringify writes of the answer', async () => {
    const service = search();
    const requests = [
      request({}),
      request({ location: 'Dubai', locale: 'ar', currency: 'AED', sortBy: 'name' }),
      request({ location: 'Köln', locale: 'de', currency: 'JPY', payWithPoints: true, rooms: ROOM_SETS[5] }),
      request({ location: 'Wien', locale: 'fr', currency: 'OMR', sortBy: 'distance', rooms: ROOM_SETS[4] }),
      request({ location: 'Berlin', minPrice: 100, maxPrice: 180, brands: ['steigenberger', 'intercity'], features: ['wifi'] }),
      // Sold out, minimum stay, outside the window, occupancy: the reasons and nulls of unavailable hotels.
      request({ startDate: addDays(today, 1), endDate: addDays(today, 2), rooms: [{ adults: 6, childAges: [1, 2, 3, 4] }] }),
      request({ location: 'Hurghada', startDate: addDays(today, 364), endDate: addDays(today, 368) }),
      request({ location: 'SBTG', sortBy: 'price-desc' }),
      request({ location: 'nowhere' }),
      // Promo codes add promoApplied to each hotel; business changes the rates.
      request({ startDate: '2026-06-10', endDate: '2026-06-12', promo: 'summer10', business: true }),
      request({ startDate: '2026-06-10', endDate: '2026-06-12', promo: 'ZLEEP15', payWithPoints: true }),
      request({ promo: 'WINTER25' }),
      request({ promo: 'UNKNOWN' }),
    ];
    const json = async (body: (typeof requests)[number]) => {
      const outcome = await service.hotelsJson(body);
      return 'data' in outcome ? Buffer.from(outcome.data).toString('utf8') : JSON.stringify(outcome);
    };
    for (const body of requests.filter((request) => request.location !== 'nowhere')) {
      const text = await json(body);
      expect(text, `${body.location} ${body.locale}`).toBe(JSON.stringify({ data: await service.hotels(body) }));
    }
    expect(await json(requests.find((request) => request.location === 'nowhere') as (typeof requests)[number])).toBe(
      JSON.stringify({ notFound: 'No city or hotel called nowhere' }),
    );
    const arabic = await json(requests[1] as (typeof requests)[number]);
    expect(arabic).toContain('دبي');
  });

  it('writes the company of a member price that is the company rate’s, byte for byte as JSON.stringify', async () => {
    const service = search();
    const company = companyRate(7_000);
    for (const body of [request({}), request({ location: 'Köln', locale: 'de', payWithPoints: true, promo: 'WINTER25', rooms: ROOM_SETS[3] })]) {
      const outcome = await service.hotelsJson(body, company);
      const text = 'data' in outcome ? Buffer.from(outcome.data).toString('utf8') : JSON.stringify(outcome);
      const answer = await service.hotels(body, company);
      expect(text).toBe(JSON.stringify({ data: answer }));
      const available = answer.hotels.filter((hotel) => hotel.available);
      expect(available.length).toBeGreaterThan(0);
      expect(available.every((hotel) => hotel.company?.name === 'Test Company')).toBe(true);
    }
  });
});
