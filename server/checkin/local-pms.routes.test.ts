import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CHECKIN_PATHS, StartCheckinResponseSchema } from '../../src/contract/checkin';
import { DEMO_STAYS } from '../db/seed/stays';
import { setNights } from '../search/test-inventory';
import { day, stdRoom, TRAVELLER, useCommerceTests } from '../ecommerce/testing';

/*
 * Online check-in with the BFF's own property-management system and its seeded stays: a booking made on
 * the site for today gets its pre-arrival mail as soon as it is paid, and the seeded arrivals check in
 * with what their booking left to pay.
 */

const suite = useCommerceTests();
const { t } = suite;

describe('with the seeded hotel system', () => {
  it('a booking for today gets its pre-arrival mail right after payment, and its link starts the check-in', async () => {
    await setNights(suite.db, { hotelCode: 'SBTG', from: day(0), to: day(1), available: 5, price: 10_000 });
    const cart = await t.createCart({ hotel_code: 'SBTG', check_in_date: day(0), check_out_date: day(1), room_stays: [stdRoom()] });
    await t.readyToPay(cart);
    const paid = t.resultOf(await t.pay(cart.cart_id, 'key-today-1'));
    expect(paid.status).toBe('succeeded');
    const outbox = await t.get('/dev/outbox');
    const mails = (outbox.body as { data: { to: string; kind: string; text: string }[] }).data.filter((mail) => mail.kind === 'pre_arrival' && mail.to === TRAVELLER.email);
    expect(mails).toHaveLength(1);
    const link = new URL(/https?:\/\/\S+/.exec(mails[0]?.text ?? '')?.[0] ?? 'http://x');
    expect(link.pathname).toBe('/en/checkin/personal-details');
    const started = await t.post(CHECKIN_PATHS.start, { token: link.searchParams.get('token') });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { checkin } = v.parse(StartCheckinResponseSchema, started.body).data;
    expect(checkin.stay).toMatchObject({ hotel_code: 'SBTG', arrival_date: day(0), departure_date: day(1), guest: { last_name: TRAVELLER.last_name } });
    // The flexible rate is paid at the hotel: the room night, the city tax and a night of incidentals are held.
    expect(checkin.pre_authorisation.room).toBeGreaterThan(0);
    expect(checkin.pre_authorisation.incidentals).toBe(50);
    // The schedule sends the seeded arrivals theirs, and this stay's not again.
    await t.runMaintenance();
    const after = (await t.get('/dev/outbox')).body as { data: { to: string; kind: string }[] };
    expect(after.data.filter((mail) => mail.kind === 'pre_arrival' && mail.to === TRAVELLER.email)).toHaveLength(1);
  });

  it('a seeded guest arriving today checks in by reservation number and last name', async () => {
    const started = await t.post(CHECKIN_PATHS.start, { reservation_number: DEMO_STAYS.guestArriving.reservationNumber, last_name: DEMO_STAYS.guestArriving.lastName });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { checkin } = v.parse(StartCheckinResponseSchema, started.body).data;
    expect([checkin.stay.hotel_code, checkin.requirements.country, checkin.status]).toEqual(['SIFM', 'DE', 'details_required']);
    expect(checkin.pre_authorisation.amount).toBeGreaterThan(checkin.pre_authorisation.incidentals);
    const inHouse = await t.post(CHECKIN_PATHS.start, { reservation_number: DEMO_STAYS.guestInHouse.reservationNumber, last_name: DEMO_STAYS.guestInHouse.lastName });
    expect((inHouse.body as { error: { code: string } }).error.code).toBe('checkin_closed');
  });
});
