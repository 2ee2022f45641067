import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../src/contract/ecommerce';
import { ledgerTotals } from '../loyalty/ledger';
import { databaseBefore, type MigrationTestDatabase } from '../../test/bff/migration-database';
import { type DatabaseHandle, migrate } from './database';
import * as t from './schema';

/*
 * Migration 0015 on a database that has members, points and a booked stay: every balance becomes the sum
 * of its entries (one opening entry each), the stay's points become pending entries, levels held now are
 * kept through the next year end, and the ledger refuses changes to its entries.
 */

let database: MigrationTestDatabase;
let handle: DatabaseHandle;

const MEMBER_GUIDS = ['00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a002'];
const CART_ID = '00000000-0000-4000-8000-00000000c001';
const ORDER_ID = '00000000-0000-4000-8000-00000000d001';
const RESERVATION_ID = '00000000-0000-4000-8000-00000000e001';

beforeAll(async () => {
  database = await databaseBefore('0015');
  handle = database.handle;
  const { db } = handle;
  const at = new Date('2026-03-01T10:00:00Z');
  await db.insert(t.currencies).values({ code: 'EUR', decimals: 2, ratePerEurMicros: 1_000_000, sortOrder: 1 });
  await db.insert(t.countries).values({ code: 'DE', name: { en: 'Germany' } });
  await db.insert(t.membershipLevels).values([
    { code: 'DP', name: 'Star', levelOrder: 4 },
    { code: 'DB', name: 'Gold', levelOrder: 7 },
  ]);
  const [city] = await db
    .insert(t.cities)
    .values({ code: 'berlin', name: { en: 'Berlin' }, countryCode: 'DE', latitude: 52.5, longitude: 13.4, timeZone: 'Europe/Berlin' })
    .returning({ id: t.cities.id });
  const [brand] = await db
    .insert(t.brands)
    .values({ code: 'steigenberger', name: 'Steigenberger', theme: 'steigenberger', tagline: { en: 'x' }, description: { en: 'x' }, primaryColour: '#000000', accentColour: '#ffffff', sortOrder: 1 })
    .returning({ id: t.brands.id });
  const [hotel] = await db
    .insert(t.hotels)
    .values({ hotelCode: 'MIGR', name: 'Migration Hotel', brandId: brand?.id ?? 0, cityId: city?.id ?? 0, street: 'Street 1', postalCode: '10000', latitude: 52.5, longitude: 13.4, timeZone: 'Europe/Berlin', description: { en: 'x' } })
    .returning({ id: t.hotels.id });
  const [roomType] = await db
    .insert(t.roomTypes)
    .values({ hotelId: hotel?.id ?? 0, typeCode: 'STD', saleName: { en: 'Standard Room' }, maxAdults: 2, maxChildren: 0, maxOccupancy: 2, roomCount: 10, baseRateMinor: 10_000, inventorySeed: 1 })
    .returning({ id: t.roomTypes.id });
  // Plain SQL: the columns members had at 0014, whatever later migrations add.
  for (const [index, guid] of MEMBER_GUIDS.entries()) {
    await db.execute(sql`
      INSERT INTO members (guid, email, first_name, last_name, locale, status, activated_at, reward_level_code, points, created_at)
      VALUES (${guid}, ${`member.${index}@example.com`}, 'M', 'M', 'en', 'active', ${at.toISOString()}, ${index === 0 ? 'DB' : 'DP'}, ${index === 0 ? 4_321 : 0}, ${at.toISOString()})
    `);
  }
  const [rich, poor] = await db.select({ id: t.members.id }).from(t.members).where(inArray(t.members.guid, [...MEMBER_GUIDS])).orderBy(asc(t.members.guid));
  const row = { id: RESERVATION_ID, roomTypeCode: 'STD', rateCode: 'HRW1X', adults: 2, childAges: [], traveller: null, addons: [], green: true };
  await db.insert(t.carts).values({
    id: CART_ID,
    memberId: poor?.id ?? null,
    status: 'ordered',
    hotelId: hotel?.id ?? 0,
    stayId: CART_ID,
    checkInDate: '2026-05-01',
    checkOutDate: '2026-05-03',
    currency: 'EUR',
    locale: 'en',
    roomStays: [row],
    createdAt: at,
    updatedAt: at,
  });
  await db.insert(t.orders).values({
    id: ORDER_ID,
    cartId: CART_ID,
    memberId: poor?.id ?? null,
    hotelId: hotel?.id ?? 0,
    createdAt: at,
    currency: 'EUR',
    locale: 'en',
    customerEmail: 'member.1@example.com',
    paymentMethod: 'card',
    amountPaidMinor: 0,
    pointsPaid: 0,
    amountAtHotelMinor: 20_000,
    amountTotalMinor: 20_000,
    cityTaxMinor: 0,
    pointsEarned: 686,
    snapshot: {} as Cart,
  });
  await db.insert(t.reservations).values({
    id: RESERVATION_ID,
    orderId: ORDER_ID,
    reservationNumber: 'MIGR-ABCD2345',
    roomTypeId: roomType?.id ?? 0,
    checkInDate: '2026-05-01',
    checkOutDate: '2026-05-03',
    status: 'confirmed',
    details: row,
    grossEurMinor: 20_000,
    paidMinor: 0,
    pointsPaid: 0,
    pointsEarned: 686,
  });
  expect(rich && poor).toBeTruthy();
  await migrate(db);
});

afterAll(async () => {
  await database?.close();
});

const memberId = async (guid: string) => (await handle.db.select({ id: t.members.id }).from(t.members).where(eq(t.members.guid, guid)))[0]?.id ?? 0;

describe('migration 0015', () => {
  it('gives every member with points one opening entry, so the balance is the sum of the entries', async () => {
    const rich = await memberId(MEMBER_GUIDS[0] ?? '');
    const entries = await handle.db.select().from(t.pointsLedger).where(eq(t.pointsLedger.memberId, rich));
    expect(entries).toMatchObject([{ kind: 'adjusted', points: 4_321, pendingPoints: 0, balanceAfter: 4_321, note: 'Opening balance', idempotencyKey: `opening:${rich}` }]);
    expect(await ledgerTotals(handle.db, rich)).toEqual({ balance: 4_321, pending: 0 });
  });

  it('enters the points of a booked stay not credited yet as pending, and nothing for a member without points', async () => {
    const poor = await memberId(MEMBER_GUIDS[1] ?? '');
    const entries = await handle.db.select().from(t.pointsLedger).where(eq(t.pointsLedger.memberId, poor));
    expect(entries).toMatchObject([
      { kind: 'earned', points: 0, pendingPoints: 686, balanceAfter: 0, reservationId: RESERVATION_ID, reservationNumber: 'MIGR-ABCD2345', orderId: ORDER_ID, arrivalDate: '2026-05-01', departureDate: '2026-05-03' },
    ]);
    expect(await ledgerTotals(handle.db, poor)).toEqual({ balance: 0, pending: 686 });
  });

  it('keeps the levels held now through the next year end', async () => {
    const years = (await handle.db.select().from(t.loyaltyYearEnds)).map((row) => row.year).sort();
    expect(years).toHaveLength(2);
    expect((years[1] ?? 0) - (years[0] ?? 0)).toBe(1);
  });

  it('refuses to change or delete an entry', async () => {
    await expect(handle.db.update(t.pointsLedger).set({ points: 1 })).rejects.toThrow();
    await expect(handle.db.delete(t.pointsLedger)).rejects.toThrow();
    await expect(handle.db.execute(sql`UPDATE points_ledger SET note = 'changed'`)).rejects.toThrow();
    expect((await handle.db.select().from(t.pointsLedger)).every((entry) => entry.note !== 'changed')).toBe(true);
  });
});
