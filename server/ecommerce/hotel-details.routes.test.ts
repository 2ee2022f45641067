import { eq, isNull, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ECOMMERCE_PATHS } from '../../src/contract/ecommerce';
import { hotels } from '../db/schema';
import { GROUP_HOURS } from '../db/seed/hotels';
import { STAY, TRAVELLER, useCommerceTests } from './testing';

/*
 * The hotel's practical details a booking shows (confirmation page and mail): the reception's phone and
 * the hotel's own check-in and check-out times come from its row in the database, not from group-wide
 * constants; the seed gives every hotel a number and its times.
 */

/** The booked hotel keeps its own hours, which differ from the group's. */
const OWN = { phone: '+49 30 555 0123', checkInFrom: '14:00', checkOutUntil: '11:30' };

const suite = useCommerceTests({
  prepare: async (db) => {
    await db.update(hotels).set(OWN).where(eq(hotels.hotelCode, STAY.hotel_code));
  },
});
const { t } = suite;

type OutboxMail = { kind: string; text: string; html?: string | null };

describe("a booking's hotel details", () => {
  it("answer the hotel's phone and its own check-in and check-out times with the order", async () => {
    const order = await t.book({ key: 'hotel-details-1' });
    const read = t.orderOf(await t.get(ECOMMERCE_PATHS.order(order.order_id), undefined, t.access(order.order_id)));
    expect(read.hotel).toMatchObject({ hotel_code: STAY.hotel_code, phone: OWN.phone, check_in_from: '14:00', check_out_until: '11:30' });
    expect(read.hotel?.map_url).toMatch(/^https:\/\/www\.openstreetmap\.org\//);
  });

  it('put them in both parts of the confirmation mail: the phone as a tel: link, the address linked to the map', async () => {
    await t.book({ key: 'hotel-details-2' });
    const answer = await t.get(`/dev/outbox?to=${encodeURIComponent(TRAVELLER.email)}`);
    const mail = (answer.body as { data: OutboxMail[] }).data.find((candidate) => candidate.kind === 'booking-confirmation');
    if (!mail) throw new Error('no confirmation mail');
    expect(mail.text).toContain(`Phone: ${OWN.phone}`);
    expect(mail.text).toContain('from 14:00');
    expect(mail.text).toContain('until 11:30');
    expect(mail.text).toMatch(/Map: https:\/\/www\.openstreetmap\.org\/\S+/);
    expect(mail.html).toContain(`<a href="tel:+49305550123">${OWN.phone}</a>`);
    expect(mail.html).toMatch(/<a href="https:\/\/www\.openstreetmap\.org\/[^"]+">Lichtensteinallee \d+, 10787 Berlin, Germany<\/a>/);
    expect(mail.html).toContain('from 14:00');
  });

  it('are seeded for every hotel: a phone with its city prefix, and times of day, a few hotels keeping their own', async () => {
    const rows = await suite.db.select({ code: hotels.hotelCode, phone: hotels.phone, checkInFrom: hotels.checkInFrom, checkOutUntil: hotels.checkOutUntil }).from(hotels);
    expect(rows.length).toBeGreaterThan(40);
    expect(await suite.db.select({ code: hotels.hotelCode }).from(hotels).where(isNull(hotels.phone))).toEqual([]);
    for (const row of rows) {
      expect(row.phone).toMatch(/^\+\d{1,3}( \d{1,4}){2,5}$/);
      expect(row.checkInFrom).toMatch(/^\d{2}:\d{2}$/);
      expect(row.checkOutUntil).toMatch(/^\d{2}:\d{2}$/);
    }
    const munich = rows.find((row) => row.code === 'SMSB');
    expect(munich).toMatchObject({ checkInFrom: GROUP_HOURS.checkInFrom, checkOutUntil: GROUP_HOURS.checkOutUntil });
    expect(munich?.phone).toMatch(/^\+49 89 \d{3} \d{4}$/);
    expect(rows.find((row) => row.code === 'SHRS')).toMatchObject({ checkInFrom: '14:00', checkOutUntil: '11:00' });
    const own = await suite.db.select({ code: hotels.hotelCode }).from(hotels).where(ne(hotels.checkInFrom, GROUP_HOURS.checkInFrom));
    expect(own.length).toBeGreaterThan(1);
  });
});
