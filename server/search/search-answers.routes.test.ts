import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ECOMMERCE_PATHS } from '../../src/contract/ecommerce';
import {
  BoundedCalendarRequestSchema,
  BoundedRoomsRequestSchema,
  CalendarResponseSchema,
  HotelSearchResponseSchema,
  RatesRequestSchema,
  RatesResponseSchema,
  RoomsResponseSchema,
  SEARCH_PATHS,
} from '../../src/contract/search';
import { TEST_TODAY } from '../../test/bff/database';
import { day, END, START, useCommerceTests } from '../ecommerce/testing';
import { createSearchService } from './service';
import { setNights } from './test-inventory';

/*
 * Search's reads answer from kept answers and kept inventory (decision record 0039). Whatever changes
 * what they would answer must show in the very next answer in this process: a booking and its
 * cancellation, a new price or availability (announced by the writer, or on PGlite by the database
 * alone), a free-cancellation deadline passing, a new day. Every route is asked three times before and
 * after each change, so its answer comes from the cache. Answers are the bytes JSON.stringify writes of
 * the uncached computation.
 */

const suite = useCommerceTests();
const { t } = suite;

const guests = [{ adults: 2, childAges: [] as number[] }];
const roomsBody = { hotelCode: 'SBTG', startDate: START, endDate: END, rooms: guests };
const ratesBody = { ...roomsBody, typeCode: 'STD' };
// Nights from START: the stay's two nights are the first two days.
const calendarBody = { hotelCode: 'SBTG', startDate: START, endDate: day(33), adults: 2 };
const hotelsBody = { location: 'SBTG', startDate: START, endDate: END, rooms: guests };

async function ok(path: string, body: unknown) {
  const answer = await t.post(path, body);
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
  return answer.body;
}

/**
 * Each read three times (an answer is kept from its second request, so the third comes from the cache,
 * or from what a change left of it), all alike; then what they say about the standard room.
 */
async function standardRoom() {
  const read = async <TSchema extends v.GenericSchema>(path: string, body: unknown, schema: TSchema): Promise<v.InferOutput<TSchema>> => {
    const first = await ok(path, body);
    expect(await ok(path, body), path).toEqual(first);
    const third = await ok(path, body);
    expect(third, path).toEqual(first);
    return v.parse(schema, third);
  };
  const rooms = (await read(SEARCH_PATHS.rooms, roomsBody, RoomsResponseSchema)).data;
  const rates = (await read(SEARCH_PATHS.rates, ratesBody, RatesResponseSchema)).data;
  const calendar = (await read(SEARCH_PATHS.calendar, calendarBody, CalendarResponseSchema)).data;
  const hotels = (await read(SEARCH_PATHS.hotels, hotelsBody, HotelSearchResponseSchema)).data;
  const offer = rooms.rooms[0]?.offers.find((candidate) => candidate.typeCode === 'STD');
  return {
    roomsAvailable: offer?.available,
    roomsPrice: offer?.min_amnt_with_tax,
    ratesAvailable: rates.rooms[0]?.available,
    ratesPrice: rates.rooms[0]?.rates.find((rate) => rate.rateCode === 'AX')?.total_with_tax,
    calendar: calendar.days.slice(0, 2).map((night) => night.price),
    hotel: hotels.hotels[0]?.available ? hotels.hotels[0].memberPrice?.totalWithTax : hotels.hotels[0]?.unavailableReason,
  };
}

/** Only the standard room free at SBTG over the stay, one of it, at `price` euro cents a night. */
async function lastStandardRoom(price = 10_000) {
  await setNights(suite.db, { hotelCode: 'SBTG', from: START, to: END, available: 0 });
  await setNights(suite.db, { hotelCode: 'SBTG', typeCode: 'STD', from: START, to: END, available: 1, price });
}

describe('search answers in the same process', () => {
  it('show a room booked at once as gone, and back once the booking is cancelled', async () => {
    await lastStandardRoom();
    expect(await standardRoom()).toEqual({
      roomsAvailable: true,
      // The member saver rate: 84 % of the night's price.
      roomsPrice: 84,
      ratesAvailable: true,
      ratesPrice: 200,
      calendar: [84, 84],
      hotel: 168,
    });
    const order = await t.book({ key: 'search-answers-book-1' });
    expect(await standardRoom()).toEqual({
      roomsAvailable: false,
      roomsPrice: null,
      ratesAvailable: false,
      ratesPrice: undefined,
      calendar: [null, null],
      hotel: 'sold_out',
    });
    const reservation = order.stays[0]?.room_stays[0]?.reservation_number ?? '';
    const cancelled = await t.post(ECOMMERCE_PATHS.cancelReservation(order.order_id, reservation), {}, undefined, t.access(order.order_id));
    expect(cancelled.status).toBe(200);
    expect(await standardRoom()).toMatchObject({ roomsAvailable: true, ratesAvailable: true, calendar: [84, 84], hotel: 168 });
  });

  it('show a new price at once', async () => {
    await lastStandardRoom();
    expect(await standardRoom()).toMatchObject({ roomsPrice: 84, ratesPrice: 200, calendar: [84, 84], hotel: 168 });
    await setNights(suite.db, { hotelCode: 'SBTG', typeCode: 'STD', from: START, to: day(31), price: 12_000 });
    expect(await standardRoom()).toMatchObject({ roomsPrice: 92.4, ratesPrice: 220, calendar: [100.8, 84], hotel: 184.8 });
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))('on PGlite, show a change at once that only the database announced', async () => {
    await lastStandardRoom();
    expect(await standardRoom()).toMatchObject({ roomsAvailable: true, calendar: [84, 84] });
    // As an administrator's SQL would: no announcement by the writer, only the database's own.
    await suite.db.execute(sql`
      UPDATE room_inventory SET available_rooms = 0
      WHERE stay_date = ${START}::date AND room_type_id = (SELECT rt.id FROM room_types rt JOIN hotels h ON h.id = rt.hotel_id WHERE h.hotel_code = 'SBTG' AND rt.type_code = 'STD')
    `);
    expect(await standardRoom()).toEqual({
      roomsAvailable: false,
      roomsPrice: null,
      ratesAvailable: false,
      ratesPrice: undefined,
      calendar: [null, 84],
      hotel: 'sold_out',
    });
  });

  it('stop offering free cancellation the moment it ends', async () => {
    await lastStandardRoom();
    // BB1's policy (CXL1D) ends 24 hours before 18:00 on the arrival day, in Berlin's summer time; AX's (CXL18) at 18:00.
    const deadline = new Date(`${day(29)}T16:00:00Z`);
    const until = async () => {
      const rates = v.parse(RatesResponseSchema, await ok(SEARCH_PATHS.rates, ratesBody)).data.rooms[0]?.rates ?? [];
      return Object.fromEntries(rates.filter((rate) => ['AX', 'BB1'].includes(rate.rateCode)).map((rate) => [rate.rateCode, rate.cancellationPolicy.freeCancellationUntil]));
    };
    t.setNow(new Date(deadline.getTime() - 60_000));
    for (let time = 0; time < 3; time += 1) expect(await until()).toEqual({ AX: `${START}T18:00:00+02:00`, BB1: `${day(29)}T18:00:00+02:00` });
    t.setNow(deadline);
    expect(await until()).toEqual({ AX: `${START}T18:00:00+02:00`, BB1: null });
  });

  it('follow the day: a stay that starts today cannot be booked once that day is over', async () => {
    await lastStandardRoom();
    t.setNow(new Date(`${START}T21:00:00Z`));
    expect(await standardRoom()).toMatchObject({ roomsAvailable: true, hotel: 168 });
    // 23:00 in Berlin, then 00:00 the next day: the arrival has passed.
    t.setNow(new Date(`${START}T22:00:00Z`));
    expect(await standardRoom()).toMatchObject({ roomsAvailable: false, hotel: 'outside_arrival_window' });
  });
});

describe('search answers as JSON', () => {
  it('are byte for byte what JSON.stringify writes of the uncached answer, kept or not', async () => {
    const search = createSearchService({ db: suite.db, now: () => TEST_TODAY });
    const rooms = [
      { ...roomsBody },
      { ...roomsBody, locale: 'de', currency: 'JPY', payWithPoints: true },
      { ...roomsBody, rooms: [{ adults: 2, childAges: [5] }, { adults: 1, childAges: [] }], promo: 'SUMMER10' },
      { ...roomsBody, hotelCode: 'SHRS', startDate: day(1), endDate: day(2) },
    ].map((body) => v.parse(BoundedRoomsRequestSchema, body));
    const rates = [{ ...ratesBody }, { ...ratesBody, typeCode: 'STE', locale: 'ar', currency: 'OMR' }].map((body) => v.parse(RatesRequestSchema, body));
    const calendars = [{ ...calendarBody }, { city: 'Berlin', startDate: day(5), endDate: day(36), currency: 'USD' }].map((body) =>
      v.parse(BoundedCalendarRequestSchema, body),
    );
    const bytes = (outcome: { data: Uint8Array } | { notFound: string } | { conflict: string }) =>
      'data' in outcome ? Buffer.from(outcome.data).toString('utf8') : JSON.stringify(outcome);
    for (let round = 0; round < 3; round += 1) {
      for (const body of rooms) expect(bytes(await search.roomsJson(body))).toBe(JSON.stringify(await search.rooms(body)));
      for (const body of rates) expect(bytes(await search.ratesJson(body))).toBe(JSON.stringify(await search.rates(body)));
      for (const body of calendars) expect(bytes(await search.calendarJson(body))).toBe(JSON.stringify(await search.calendar(body)));
    }
    expect(bytes(await search.ratesJson(v.parse(RatesRequestSchema, { ...ratesBody, typeCode: 'NOPE' })))).toBe(
      JSON.stringify(await search.rates(v.parse(RatesRequestSchema, { ...ratesBody, typeCode: 'NOPE' }))),
    );
  });
});
