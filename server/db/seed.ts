import { count, sql } from 'drizzle-orm';
import { businessDate, type IsoDate } from '../lib/calendar';
import type { Database } from './database';
import * as t from './schema';
import { BRANDS } from './seed/brands';
import { buildSeedRows } from './seed/build';
import {
  AMENITIES,
  CANCELLATION_POLICIES,
  CURRENCIES,
  GLOBAL_ADDONS,
  GUARANTEE_POLICIES,
  MEMBERSHIP_LEVELS,
  RATE_PAIRS,
} from './seed/catalogue';
import { insertDemoCompanies } from './seed/companies';
import { insertDemoFavourites } from './seed/favourites';
import { CITIES, COUNTRIES } from './seed/geography';
import { ensureInventoryWindow } from './seed/inventory';
import { insertDemoLoyalty } from './seed/loyalty';
import { insertDemoMembers, insertDemoPreferences } from './seed/members';
import { insertDemoNewsletters } from './seed/newsletters';
import { insertServiceMessages, insertTargetedMessages } from './seed/messages';
import { insertPromotions } from './seed/promotions';
import { insertDemoReservations } from './seed/reservations';
import { insertDemoStayVouchers } from './seed/stay-vouchers';
import { insertDemoStays } from './seed/stays';
import { insertDemoVouchers } from './seed/vouchers';

export { ensureInventoryWindow, INVENTORY_WINDOW_DAYS } from './seed/inventory';

/**
 * Deterministic demo data: the same code and the same seeding date give byte-identical rows.
 * Dates relative to "today" (a hotel's opening date) are computed from the seeding date in Berlin.
 */

/** Key of the advisory lock that keeps two processes starting together from seeding twice. */
const SEED_LOCK_KEY = 4_711_001;

/**
 * Seeds an empty database (no brands yet) and fills its inventory window. Returns whether it seeded.
 * The inventory is filled after the seed transaction commits; should that fail, the next start's
 * ensureInventoryWindow fills it.
 */
export async function seedIfEmpty(db: Database, today: Date): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ brands: count() }).from(t.brands);
    if ((existing?.brands ?? 0) > 0) {
      // Demo members came after the first seeds: a database seeded before them gets them now.
      await insertDemoMembers(tx, businessDate(today));
      // And their preference choices.
      await insertDemoPreferences(tx);
      // And their newsletter subscriptions.
      await insertDemoNewsletters(tx, businessDate(today));
      // Likewise the demo promo codes.
      await insertPromotions(tx, businessDate(today));
      // And the demo vouchers of the booking journey.
      await insertDemoVouchers(tx, businessDate(today));
      // And the demo members' rewards history (only for members without points entries).
      await insertDemoLoyalty(tx, businessDate(today));
      // And the reservation system's demo reservations (bookings made by phone, at the hotel, on the old website).
      await insertDemoReservations(tx, businessDate(today));
      // And the hotels' stays: arriving and in house, with their folios.
      await insertDemoStays(tx, businessDate(today));
      // And the demo stay vouchers.
      await insertDemoStayVouchers(tx, businessDate(today));
      // And the demo member's favourite hotels.
      await insertDemoFavourites(tx, businessDate(today));
      // And the demo companies of corporate self-enrolment.
      await insertDemoCompanies(tx, businessDate(today));
      // And the demo service banners and targeted messages.
      await insertServiceMessages(tx);
      await insertTargetedMessages(tx);
      return false;
    }
    await insertSeed(tx, businessDate(today));
    return true;
  });
  if (seeded) {
    await ensureInventoryWindow(db, today);
    // Statistics after the bulk load, so the planner knows the inventory is large (PGlite runs no
    // autovacuum to gather them later). The other tables are small enough to plan well without.
    await db.execute(sql`ANALYZE room_inventory`);
  }
  return seeded;
}

type Writer = Pick<Database, 'insert' | 'select'>;

/** Inserts every seed table except the inventory, parents first, in a few multi-row statements. */
export async function insertSeed(db: Writer, today: IsoDate): Promise<void> {
  const rows = buildSeedRows(today);

  await db.insert(t.currencies).values(CURRENCIES.map((currency, index) => ({ ...currency, sortOrder: index + 1 })));
  await db.insert(t.countries).values([...COUNTRIES]);
  await db.insert(t.membershipLevels).values([...MEMBERSHIP_LEVELS]);
  await db.insert(t.guaranteePolicies).values([...GUARANTEE_POLICIES]);
  await db.insert(t.cancellationPolicies).values([...CANCELLATION_POLICIES]);
  await db
    .insert(t.rateCodePairs)
    .values(RATE_PAIRS.map((pair) => ({ memberRateCode: pair.member.code, nonMemberRateCode: pair.nonMember.code })));

  const amenityIds = idsByCode(
    await db
      .insert(t.amenities)
      .values(AMENITIES.map((amenity, index) => ({ ...amenity, sortOrder: index + 1 })))
      .returning({ id: t.amenities.id, code: t.amenities.code }),
  );
  const brandIds = idsByCode(
    await db
      .insert(t.brands)
      .values(
        BRANDS.map((brand, index) => ({
          code: brand.code,
          name: brand.name,
          theme: brand.code,
          tagline: brand.tagline,
          description: brand.description,
          primaryColour: brand.primaryColour,
          accentColour: brand.accentColour,
          sortOrder: index + 1,
        })),
      )
      .returning({ id: t.brands.id, code: t.brands.code }),
  );
  const cityIds = idsByCode(
    await db
      .insert(t.cities)
      .values(CITIES.map(({ priceLevel: _priceLevel, ...city }) => city))
      .returning({ id: t.cities.id, code: t.cities.code }),
  );
  const hotelIds = idsByCode(
    await db
      .insert(t.hotels)
      .values(
        rows.hotels.map(({ brandCode, cityCode, ...hotel }) => ({
          ...hotel,
          brandId: lookup(brandIds, brandCode),
          cityId: lookup(cityIds, cityCode),
        })),
      )
      .returning({ id: t.hotels.id, code: t.hotels.hotelCode }),
  );

  await insertInChunks(
    rows.hotelAmenities.map((row) => ({ hotelId: lookup(hotelIds, row.hotelCode), amenityId: lookup(amenityIds, row.amenityCode) })),
    (chunk) => db.insert(t.hotelAmenities).values(chunk),
  );
  await insertInChunks(
    rows.hotelImages.map(({ hotelCode, ...image }) => ({ ...image, hotelId: lookup(hotelIds, hotelCode) })),
    (chunk) => db.insert(t.hotelImages).values(chunk),
  );
  await insertInChunks(
    rows.roomTypes.map(({ hotelCode, ...roomType }) => ({ ...roomType, hotelId: lookup(hotelIds, hotelCode) })),
    (chunk) => db.insert(t.roomTypes).values(chunk),
  );
  // Non-member rates first: a member rate refers to the non-member rate it pairs with.
  const ratePlans = rows.ratePlans.map(({ hotelCode, ...plan }) => ({ ...plan, hotelId: lookup(hotelIds, hotelCode) }));
  for (const member of [false, true]) {
    await insertInChunks(
      ratePlans.filter((plan) => plan.isMemberRate === member),
      (chunk) => db.insert(t.ratePlans).values(chunk),
    );
  }
  await db.insert(t.addons).values([
    ...GLOBAL_ADDONS.map((addon) => ({ ...addon, hotelId: null })),
    ...rows.localAddons.map(({ hotelCode, ...addon }) => ({ ...addon, hotelId: hotelCode ? lookup(hotelIds, hotelCode) : null })),
  ]);
  await insertDemoMembers(db, today);
  await insertDemoPreferences(db);
  await insertDemoNewsletters(db, today);
  await insertPromotions(db, today);
  await insertDemoVouchers(db, today);
  await insertDemoLoyalty(db, today);
  await insertDemoReservations(db, today);
  await insertDemoStays(db, today);
  await insertDemoStayVouchers(db, today);
  await insertDemoFavourites(db, today);
  await insertDemoCompanies(db, today);
  await insertServiceMessages(db);
  await insertTargetedMessages(db);
}

function idsByCode(rows: readonly { id: number; code: string }[]): Map<string, number> {
  return new Map(rows.map((row) => [row.code, row.id]));
}

function lookup(ids: ReadonlyMap<string, number>, code: string): number {
  const id = ids.get(code);
  if (id === undefined) throw new Error(`Seed refers to unknown code ${code}`);
  return id;
}

/** Multi-row inserts, split so no statement comes near PostgreSQL's limit of 65535 parameters. */
async function insertInChunks<Row>(
  rows: readonly Row[],
  insert: (chunk: Row[]) => PromiseLike<unknown>,
): Promise<void> {
  const CHUNK_ROWS = 1_000;
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    await insert(rows.slice(start, start + CHUNK_ROWS));
  }
}
