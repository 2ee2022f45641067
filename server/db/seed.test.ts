import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/contract/locales';
import { THEME_IDS } from '../../src/contract/themes';
import { TEST_TODAY, useTestDatabase } from '../../test/bff/database';
import { tableDigests, truncateAll } from '../../test/bff/digest';
import { addDays, businessDate } from '../lib/calendar';
import { resultRows } from './rows';
import * as t from './schema';
import { ensureInventoryWindow, INVENTORY_WINDOW_DAYS, seedIfEmpty } from './seed';
import { buildSeedRows } from './seed/build';
import { FUTURE_OPENING_IN_DAYS } from './seed/hotels';
import { DEMO_STAYS, keepDemoStaysCurrent } from './seed/stays';

const database = useTestDatabase({ seed: false });
const today = businessDate(TEST_TODAY);
let seededFirstTime: boolean;
let digestAfterSeed: Record<string, string>;
let seedMs: number;

beforeAll(async () => {
  const started = performance.now();
  seededFirstTime = await seedIfEmpty(database.db, TEST_TODAY);
  seedMs = performance.now() - started;
  digestAfterSeed = await tableDigests(database.db);
});

async function countRows(table: PgTable): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

describe('seedIfEmpty', () => {
  it('seeds an empty database once and leaves a seeded one alone', async () => {
    console.info(`seeding took ${Math.round(seedMs)} ms on ${database.handle.kind}`);
    expect(seededFirstTime).toBe(true);
    const hotelsBefore = await countRows(t.hotels);
    expect(await seedIfEmpty(database.db, TEST_TODAY)).toBe(false);
    expect(await countRows(t.hotels)).toBe(hotelsBefore);
    expect(await tableDigests(database.db)).toEqual(digestAfterSeed);
  });

  it('produces identical rows when seeding again from scratch', async () => {
    await truncateAll(database.db);
    expect(await countRows(t.brands)).toBe(0);
    expect(await seedIfEmpty(database.db, TEST_TODAY)).toBe(true);
    expect(await tableDigests(database.db)).toEqual(digestAfterSeed);
  });

  it('gives a database seeded before the demo preferences existed the demo members’ choices, and only once', async () => {
    await database.db.delete(t.memberPreferences);
    expect(await seedIfEmpty(database.db, TEST_TODAY)).toBe(false);
    expect(await countRows(t.memberPreferences)).toBe(3);
    expect(await seedIfEmpty(database.db, TEST_TODAY)).toBe(false);
    expect(await tableDigests(database.db)).toEqual(digestAfterSeed);
  });

  it('gives a database seeded before newsletter subscriptions existed the demo members’ subscriptions, and only once', async () => {
    await database.db.delete(t.newsletterSubscriptions);
    expect(await seedIfEmpty(database.db, TEST_TODAY)).toBe(false);
    const rows = await database.db
      .select({ email: t.members.email, newsletter: t.newsletterSubscriptions.newsletter, status: t.newsletterSubscriptions.status })
      .from(t.newsletterSubscriptions)
      .innerJoin(t.members, eq(t.members.id, t.newsletterSubscriptions.memberId))
      .orderBy(asc(t.members.email));
    // Anna receives the main newsletter (README); Omar asked for it and has not confirmed yet.
    expect(rows).toEqual([
      { email: 'anna.schmidt@example.com', newsletter: 'HW_NL-SHG_NL_B2C', status: 'active' },
      { email: 'omar.haddad@example.com', newsletter: 'HW_NL-SHG_NL_B2C', status: 'pending' },
    ]);
    expect(await seedIfEmpty(database.db, TEST_TODAY)).toBe(false);
    expect(await countRows(t.newsletterSubscriptions)).toBe(2);
  });

  it('builds the same rows from the same date, without touching a database', () => {
    expect(buildSeedRows(today)).toEqual(buildSeedRows(today));
  });
});

describe('seed data', () => {
  it('has the group brands, one per theme id', async () => {
    const brands = await database.db.select().from(t.brands);
    const codes = brands.map((brand) => brand.code).sort();
    expect(codes).toEqual(
      ['steigenberger', 'intercity', 'maxx', 'jaz', 'zleep', 'icons', 'porsche', 'houseofbeat', 'partners'].sort(),
    );
    for (const brand of brands) {
      expect(THEME_IDS).toContain(brand.theme);
      expect(brand.theme).toBe(brand.code);
      expect(brand.tagline.en.length).toBeGreaterThan(0);
    }
  });

  it('has at least 60 hotels in at least 15 cities of at least 6 countries, near their city centres', async () => {
    const rows = await database.db
      .select({ hotel: t.hotels, city: t.cities })
      .from(t.hotels)
      .innerJoin(t.cities, eq(t.cities.id, t.hotels.cityId));
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(new Set(rows.map((row) => row.city.code)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(rows.map((row) => row.city.countryCode)).size).toBeGreaterThanOrEqual(6);
    for (const { hotel, city } of rows) {
      expect(hotel.hotelCode).toMatch(/^[A-Z0-9]{3,8}$/);
      expect(hotel.timeZone).toBe(city.timeZone);
      expect(distanceKm(hotel, city), hotel.hotelCode).toBeLessThan(5);
    }
  });

  it('includes the hotel codes the specification names', async () => {
    const codes = (await database.db.select({ code: t.hotels.hotelCode }).from(t.hotels)).map((row) => row.code);
    expect(codes).toEqual(expect.arrayContaining(['ASN', 'AH8', 'SHDB', 'SHDX']));
  });

  it('describes every hotel in all eight locales, in Arabic script for ar', async () => {
    const hotels = await database.db.select({ code: t.hotels.hotelCode, description: t.hotels.description }).from(t.hotels);
    for (const hotel of hotels) {
      for (const locale of LOCALES) expect(hotel.description[locale], `${hotel.code} ${locale}`).toBeTruthy();
      expect(hotel.description.ar).toMatch(/[\u0600-\u06FF]/);
      expect(hotel.description.de).not.toBe(hotel.description.en);
    }
  });

  it('has exactly one hotel opening in the future, 90 days after the seeding date', async () => {
    const future = await database.db.select().from(t.hotels).where(gt(t.hotels.openingDate, today));
    expect(future).toHaveLength(1);
    expect(future[0]?.openingDate).toBe(addDays(today, FUTURE_OPENING_IN_DAYS));
  });

  it('has exactly one hotel booked on an external site, with its URL', async () => {
    const external = await database.db.select().from(t.hotels).where(eq(t.hotels.useExternalBooking, true));
    expect(external).toHaveLength(1);
    expect(external[0]?.externalBookingUrl).toMatch(/^https:\/\//);
  });

  it('gives every hotel features, 3 to 6 images and 3 to 5 room types with consistent occupancy', async () => {
    const perHotel = resultRows<{ code: string; features: number; images: number; rooms: number; max_position: number }>(
      await database.db.execute(sql`
        SELECT h.hotel_code AS code,
          (SELECT count(*)::int FROM hotel_amenities a WHERE a.hotel_id = h.id) AS features,
          (SELECT count(*)::int FROM hotel_images i WHERE i.hotel_id = h.id) AS images,
          (SELECT max(i.position) FROM hotel_images i WHERE i.hotel_id = h.id) AS max_position,
          (SELECT count(*)::int FROM room_types r WHERE r.hotel_id = h.id) AS rooms
        FROM hotels h`),
    );
    for (const hotel of perHotel) {
      expect(hotel.features, hotel.code).toBeGreaterThanOrEqual(5);
      expect(hotel.images, hotel.code).toBeGreaterThanOrEqual(3);
      expect(hotel.images, hotel.code).toBeLessThanOrEqual(6);
      expect(hotel.max_position, `${hotel.code}: positions 1..n`).toBe(hotel.images);
      expect(hotel.rooms, hotel.code).toBeGreaterThanOrEqual(3);
      expect(hotel.rooms, hotel.code).toBeLessThanOrEqual(5);
    }
    const rooms = await database.db.select().from(t.roomTypes);
    for (const room of rooms) {
      expect(room.maxOccupancy).toBeGreaterThanOrEqual(room.maxAdults);
      expect(room.maxOccupancy).toBeLessThanOrEqual(room.maxAdults + room.maxChildren);
      expect(room.roomCount).toBeGreaterThan(0);
      expect(room.baseRateMinor % 100).toBe(0);
    }
  });

  it('pairs member rates with non-member rates of the same hotel, as the pairing table says', async () => {
    const pairs = await database.db.select().from(t.rateCodePairs);
    const pairing = new Map(pairs.map((pair) => [pair.memberRateCode, pair.nonMemberRateCode]));
    expect(pairing.get('HRW1X')).toBe('AX');
    expect(pairing.get('HRWPR1')).toBe('S07');
    expect(pairing.size).toBeGreaterThanOrEqual(4);

    const plans = await database.db.select().from(t.ratePlans);
    const memberPlans = plans.filter((plan) => plan.isMemberRate);
    expect(memberPlans.length).toBeGreaterThan(0);
    for (const plan of memberPlans) {
      expect(plan.pairedNonMemberRateCode).toBe(pairing.get(plan.rateCode));
      const partner = plans.find((other) => other.hotelId === plan.hotelId && other.rateCode === plan.pairedNonMemberRateCode);
      expect(partner?.isMemberRate, `${plan.rateCode} in hotel ${plan.hotelId}`).toBe(false);
      expect(plan.priceFactorBps).toBeLessThan(partner?.priceFactorBps ?? 0);
      expect(plan.pointsPerNight).toBeGreaterThan(0);
    }
    const hotelIds = new Set(plans.map((plan) => plan.hotelId));
    for (const hotelId of hotelIds) {
      const codes = plans.filter((plan) => plan.hotelId === hotelId).map((plan) => plan.rateCode);
      expect(codes).toEqual(expect.arrayContaining(['AX', 'HRW1X', 'S07', 'HRWPR1']));
    }
    expect(plans.some((plan) => plan.breakfastIncluded)).toBe(true);
  });

  it('uses all three guarantee policy types, prepaid rates being deposits', async () => {
    const rows = await database.db
      .select({ type: t.guaranteePolicies.policyType, rateCode: t.ratePlans.rateCode })
      .from(t.ratePlans)
      .innerJoin(t.guaranteePolicies, eq(t.guaranteePolicies.code, t.ratePlans.guaranteePolicyCode));
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set([1000, 1001, 1002]));
    expect(rows.filter((row) => row.rateCode === 'S07').every((row) => row.type === 1002)).toBe(true);
  });

  it('offers add-ons in every pricing mode', async () => {
    const modes = (await database.db.select({ mode: t.addons.pricingMode }).from(t.addons)).map((row) => row.mode);
    expect(new Set(modes)).toEqual(new Set(t.ADDON_PRICING_MODES));
    const [global] = await database.db.select({ n: count() }).from(t.addons).where(sql`${t.addons.hotelId} IS NULL`);
    expect(global?.n).toBeGreaterThan(0);
  });

  it('gives the demo member Anna two favourite hotels of the seed, newest first', async () => {
    const rows = await database.db
      .select({ email: t.members.email, code: t.hotels.hotelCode })
      .from(t.memberFavouriteHotels)
      .innerJoin(t.members, eq(t.members.id, t.memberFavouriteHotels.memberId))
      .innerJoin(t.hotels, eq(t.hotels.id, t.memberFavouriteHotels.hotelId))
      .orderBy(desc(t.memberFavouriteHotels.addedAt));
    expect(rows).toEqual([
      { email: 'anna.schmidt@example.com', code: 'SBTG' },
      { email: 'anna.schmidt@example.com', code: 'SIFM' },
    ]);
  });

  it('has the membership levels in order and the 19 supported currencies', async () => {
    const levels = await database.db.select().from(t.membershipLevels).orderBy(t.membershipLevels.levelOrder);
    expect(levels.map((level) => [level.name, level.levelOrder, level.code])).toEqual([
      ['Star', 4, 'DP'],
      ['Silver', 5, 'DA'],
      ['Prestige', 6, 'DX'],
      ['Gold', 7, 'DB'],
      ['Platinum', 8, 'DI'],
      ['Diamond', 9, 'DD'],
    ]);
    const currencies = (await database.db.select({ code: t.currencies.code }).from(t.currencies)).map((row) => row.code);
    expect(currencies.sort()).toEqual(
      ['EUR', 'USD', 'AED', 'AUD', 'BRL', 'CAD', 'CHF', 'CNY', 'DKK', 'EGP', 'GBP', 'JPY', 'OMR', 'QAR', 'RUB', 'SAR', 'SEK', 'SGD', 'UAH'].sort(),
    );
  });
});

describe('inventory', () => {
  const perRoomType = async () =>
    resultRows<{ room_type_id: number; nights: number; first: string; last: string }>(
      await database.db.execute(sql`
        SELECT rt.id AS room_type_id, count(ri.stay_date)::int AS nights,
               min(ri.stay_date)::text AS first, max(ri.stay_date)::text AS last
        FROM room_types rt LEFT JOIN room_inventory ri ON ri.room_type_id = rt.id
        GROUP BY rt.id`),
    );

  it('covers 400 nights from the seeding date for every room type', async () => {
    const rows = await perRoomType();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatchObject({ nights: INVENTORY_WINDOW_DAYS, first: today, last: addDays(today, INVENTORY_WINDOW_DAYS - 1) });
    }
  });

  it('has plausible prices and availability: positive, within room counts, dearer at weekends', async () => {
    const [stats] = resultRows<{ bad_price: number; bad_rooms: number; sold_out: number; weekend: number; weekday: number }>(
      await database.db.execute(sql`
        SELECT
          count(*) FILTER (WHERE ri.base_price_minor <= 0 OR ri.base_price_minor % 100 <> 0)::int AS bad_price,
          count(*) FILTER (WHERE ri.available_rooms < 0 OR ri.available_rooms > rt.room_count)::int AS bad_rooms,
          count(*) FILTER (WHERE ri.available_rooms = 0)::int AS sold_out,
          avg(ri.base_price_minor::numeric / rt.base_rate_minor) FILTER (WHERE extract(isodow FROM ri.stay_date) IN (5, 6))::float AS weekend,
          avg(ri.base_price_minor::numeric / rt.base_rate_minor) FILTER (WHERE extract(isodow FROM ri.stay_date) NOT IN (5, 6))::float AS weekday
        FROM room_inventory ri JOIN room_types rt ON rt.id = ri.room_type_id`),
    );
    expect(stats).toMatchObject({ bad_price: 0, bad_rooms: 0 });
    expect(stats?.sold_out).toBeGreaterThan(0);
    expect(stats?.weekend).toBeGreaterThan((stats?.weekday ?? 0) * 1.05);
  });

  it('adds nothing when the window is already covered', async () => {
    const before = await countRows(t.roomInventory);
    expect(await ensureInventoryWindow(database.db, TEST_TODAY)).toBe(0);
    expect(await countRows(t.roomInventory)).toBe(before);
  });

  it('tops up the nights that come into the window as the date moves on, and only those', async () => {
    const roomTypes = await countRows(t.roomTypes);
    const later = new Date(TEST_TODAY.getTime() + 10 * 86_400_000);
    expect(await ensureInventoryWindow(database.db, later)).toBe(10 * roomTypes);
    expect(await ensureInventoryWindow(database.db, later)).toBe(0);
    for (const row of await perRoomType()) {
      expect(row).toMatchObject({ nights: INVENTORY_WINDOW_DAYS + 10, first: today, last: addDays(today, INVENTORY_WINDOW_DAYS + 9) });
    }
  });

  it('gives a night the same price and availability whenever it is generated', async () => {
    const [roomType] = await database.db.select().from(t.roomTypes).orderBy(asc(t.roomTypes.id)).limit(1);
    if (!roomType) throw new Error('no room types');
    const night = addDays(today, 30);
    const select = () =>
      database.db
        .select()
        .from(t.roomInventory)
        .where(and(eq(t.roomInventory.roomTypeId, roomType.id), eq(t.roomInventory.stayDate, night)));
    const original = await select();
    await database.db.delete(t.roomInventory).where(eq(t.roomInventory.roomTypeId, roomType.id));
    // Regenerated from a window that starts on another day: the night's values must not depend on it.
    await ensureInventoryWindow(database.db, new Date(TEST_TODAY.getTime() + 20 * 86_400_000));
    expect(await select()).toEqual(original);
    expect(original).toHaveLength(1);
  });

  it('fills a gap inside the window', async () => {
    // Not the room type the previous test regenerated: this one is complete except for the gap made here.
    const [roomType] = await database.db.select().from(t.roomTypes).orderBy(desc(t.roomTypes.id)).limit(1);
    if (!roomType) throw new Error('no room types');
    const night = addDays(today, 50);
    await ensureInventoryWindow(database.db, TEST_TODAY); // whatever earlier tests left out of today's window
    await database.db
      .delete(t.roomInventory)
      .where(and(eq(t.roomInventory.roomTypeId, roomType.id), eq(t.roomInventory.stayDate, night)));
    expect(await ensureInventoryWindow(database.db, TEST_TODAY)).toBe(1);
  });
});

describe('demo stays', () => {
  const stayOf = async (id: string) => {
    const [stay] = await database.db.select().from(t.pmsStays).where(eq(t.pmsStays.id, id));
    if (!stay) throw new Error(`no stay ${id}`);
    return stay;
  };
  const chargeDates = async (stayId: string) =>
    (await database.db.select({ date: t.pmsFolioCharges.serviceDate }).from(t.pmsFolioCharges).where(eq(t.pmsFolioCharges.stayId, stayId))).map((row) => row.date).sort();

  it('follow the calendar: two days on, Omar and Paula still arrive today and Lukas leaves today, with their folios and reservations', async () => {
    const { omarArriving, guestArriving, guestInHouse, annaInHouse } = DEMO_STAYS;
    expect(await keepDemoStaysCurrent(database.db, today)).toBe(0);
    const lukasCharges = await chargeDates(guestInHouse.id);
    const later = addDays(today, 2);

    expect(await keepDemoStaysCurrent(database.db, later)).toBe(Object.keys(DEMO_STAYS).length);

    expect(await stayOf(omarArriving.id)).toMatchObject({ arrivalDate: later, departureDate: addDays(later, 2), status: 'expected' });
    expect(await stayOf(guestInHouse.id)).toMatchObject({ arrivalDate: addDays(later, -1), departureDate: later, status: 'in_house' });
    expect((await stayOf(annaInHouse.id)).checkedInAt?.toISOString().slice(0, 10)).toBe(addDays(later, -1));
    expect(await chargeDates(guestInHouse.id)).toEqual(lukasCharges.map((date) => addDays(date, 2)));
    const [reservation] = await database.db
      .select({ arrival: t.crsReservations.arrivalDate })
      .from(t.crsReservations)
      .where(eq(t.crsReservations.reservationNumber, guestArriving.reservationNumber));
    expect(reservation?.arrival).toBe(later);
    // Current now: nothing more moves.
    expect(await keepDemoStaysCurrent(database.db, later)).toBe(0);
  });
});
