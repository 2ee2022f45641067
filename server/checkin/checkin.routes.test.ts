import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CHECKIN_PATHS, CheckinAvailabilityResponseSchema, StartCheckinResponseSchema } from '../../src/contract/checkin';
import { ECOMMERCE_PATHS } from '../../src/contract/ecommerce';
import { TEST_CARDS } from '../../test/bff/fake-payments';
import { onlineCheckins } from '../db/schema';
import { DEMO_MEMBERS } from '../db/seed/members';
import { codeOf, day, GERMAN_GUEST, issuesOf, useCheckinTests } from './testing';

/*
 * Online check-in through its routes: starting from "manage my booking", the member's bookings and the
 * mail's link; who may reach a check-in; the window in which it is open; the registration form per
 * country; the payment method; and the hotel's system not answering.
 */

const suite = useCheckinTests();
const { t, tokens } = suite;

/** A stay at the Steigenberger Hotel Berlin Tiergarten (Germany) arriving tomorrow for two nights. */
const berlinStay = (change: Parameters<typeof t.pms.add>[0] | object = {}) => t.pms.add({ hotelCode: 'SBTG', ...change });

describe('start', () => {
  it('starts with the reservation number and last name: the stay, the German requirements, the amount to pre-authorise and an access key', async () => {
    const stay = berlinStay();
    const answer = await t.start({ reservation_number: ` ${stay.reservationNumber.toLowerCase()} `, last_name: 'GUEST' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { checkin, access_key } = v.parse(StartCheckinResponseSchema, answer.body).data;
    expect(access_key.length).toBeGreaterThan(20);
    expect(checkin.status).toBe('details_required');
    expect(checkin.stay).toMatchObject({
      reservation_number: stay.reservationNumber,
      hotel_code: 'SBTG',
      hotel_name: 'Steigenberger Hotel Berlin Tiergarten',
      hotel_country: 'DE',
      arrival_date: day(1),
      departure_date: day(3),
      nights: 2,
      guest: { first_name: 'Gina', last_name: 'Guest' },
      adults: 2,
    });
    expect(checkin.requirements).toEqual({
      country: 'DE',
      fields: ['first_name', 'last_name', 'date_of_birth', 'nationality', 'street', 'postal_code', 'city', 'country'],
      foreign_guest_fields: ['document_number'],
    });
    // 300 booked, 100 prepaid, 20 city tax, 2 nights of 50 incidentals.
    expect(checkin.pre_authorisation).toEqual({ amount: 320, currency: 'EUR', room: 200, city_tax: 20, incidentals: 100 });
    expect([checkin.details, checkin.payment_method, checkin.confirmation, checkin.payment_pending]).toEqual([null, null, null, false]);
    // Started again: the same check-in.
    expect((await t.started(stay)).checkin.id).toBe(checkin.id);
  });

  it('answers 404 for a wrong name or number, and 400 for a body of none of the three kinds', async () => {
    const stay = berlinStay();
    expect((await t.start({ reservation_number: stay.reservationNumber, last_name: 'Other' })).status).toBe(404);
    expect((await t.start({ reservation_number: 'NOPE-1', last_name: 'Guest' })).status).toBe(404);
    // The number alone needs a bearer token or an access key.
    expect((await t.start({ reservation_number: stay.reservationNumber })).status).toBe(404);
    expect((await t.start({ token: 'not-a-token' })).status).toBe(404);
    for (const body of [{}, { reservation_number: 'A B C ! ?' }, { last_name: 'Guest' }, 'not json']) {
      const answer = await t.start(body);
      expect([answer.status, codeOf(answer)], JSON.stringify(body)).toEqual([400, 'bad_request']);
    }
  });

  it("starts the member's own booking by its number with the bearer token; another member's is 404", async () => {
    const anna = await t.memberId(DEMO_MEMBERS.withPassword);
    const stay = berlinStay({ guest: { firstName: 'Anna', lastName: 'Schmidt', email: DEMO_MEMBERS.withPassword, memberId: anna } });
    const own = await t.start({ reservation_number: stay.reservationNumber }, { authorization: `Bearer ${tokens.anna}` });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const checkinId = v.parse(StartCheckinResponseSchema, own.body).data.checkin.id;
    expect((await t.start({ reservation_number: stay.reservationNumber }, { authorization: `Bearer ${tokens.omar}` })).status).toBe(404);
    // The member reads it without the access key; Omar cannot.
    expect(t.checkinOf(await t.get(checkinId, { authorization: `Bearer ${tokens.anna}` })).id).toBe(checkinId);
    expect((await t.get(checkinId, { authorization: `Bearer ${tokens.omar}` })).status).toBe(404);
    expect((await t.start({ reservation_number: stay.reservationNumber }, { authorization: 'Bearer broken' })).status).toBe(401);
  });

  it('is open from three days before arrival to the arrival day, for an expected stay only', async () => {
    const early = berlinStay({ arrivalDate: day(4), departureDate: day(6) });
    const tooEarly = await t.start({ reservation_number: early.reservationNumber, last_name: 'Guest' });
    expect([tooEarly.status, codeOf(tooEarly), issuesOf(tooEarly)]).toEqual([409, 'checkin_not_open_yet', [{ path: 'opens_on', message: day(1) }]]);
    const opening = berlinStay({ arrivalDate: day(3), departureDate: day(5) });
    expect((await t.start({ reservation_number: opening.reservationNumber, last_name: 'Guest' })).status).toBe(200);
    const today = berlinStay({ arrivalDate: day(0), departureDate: day(1) });
    expect((await t.start({ reservation_number: today.reservationNumber, last_name: 'Guest' })).status).toBe(200);
    const late = berlinStay({ arrivalDate: day(-1), departureDate: day(1) });
    expect(codeOf(await t.start({ reservation_number: late.reservationNumber, last_name: 'Guest' }))).toBe('checkin_closed');
    const inHouse = berlinStay({ status: 'in_house', roomNumber: '101', arrivalDate: day(0) });
    expect(codeOf(await t.start({ reservation_number: inHouse.reservationNumber, last_name: 'Guest' }))).toBe('checkin_closed');
    const cancelled = berlinStay({ status: 'cancelled' });
    const answer = await t.start({ reservation_number: cancelled.reservationNumber, last_name: 'Guest' });
    expect([answer.status, codeOf(answer)]).toEqual([409, 'stay_cancelled']);
  });

  it('counts wrong last names per reservation number: the sixth try in 15 minutes is 429', async () => {
    const stay = berlinStay();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await t.start({ reservation_number: stay.reservationNumber, last_name: `Wrong${attempt}` })).status).toBe(404);
    }
    expect((await t.start({ reservation_number: stay.reservationNumber, last_name: 'Guest' })).status).toBe(429);
  });

  it('answers 503 hotel_system_unavailable when the hotel system does not answer, and makes no check-in', async () => {
    const stay = berlinStay();
    t.pms.down = true;
    const answer = await t.start({ reservation_number: stay.reservationNumber, last_name: 'Guest' });
    expect([answer.status, codeOf(answer)]).toEqual([503, 'hotel_system_unavailable']);
    expect(await suite.db.select().from(onlineCheckins).where(eq(onlineCheckins.stayId, stay.id))).toEqual([]);
  });
});

describe('reading a check-in', () => {
  it('answers only with the stay access key of this stay (or the member who booked); 404 otherwise, 400 for a bad id', async () => {
    const mine = await t.started(berlinStay());
    const theirs = await t.started(berlinStay({ guest: { firstName: 'Theo', lastName: 'Other', email: 'theo@example.com', memberId: null } }));
    expect(t.checkinOf(await t.get(mine.checkin.id, t.access(mine.key))).id).toBe(mine.checkin.id);
    expect((await t.get(mine.checkin.id, {})).status).toBe(404);
    expect((await t.get(mine.checkin.id, t.access(theirs.key))).status).toBe(404);
    expect((await t.get(mine.checkin.id, t.access('forged.key'))).status).toBe(404);
    expect((await t.get('3f1c2b7e-3d44-4b8a-9a51-1a2b3c4d5e99', t.access(mine.key))).status).toBe(404);
    expect((await t.get('not-a-uuid', t.access(mine.key))).status).toBe(400);
    // Nor can it be changed with another stay's key.
    expect((await t.details(mine.checkin.id, GERMAN_GUEST, t.access(theirs.key))).status).toBe(404);
    expect((await t.method(mine.checkin.id, 'card', t.access(theirs.key))).status).toBe(404);
    expect((await t.pay(mine.checkin.id, 'key-not-mine-1', {}, t.access(theirs.key))).status).toBe(404);
    expect(await t.get(mine.checkin.id, { 'cache-control': 'no-cache', ...t.access(mine.key) }).then((answer) => answer.status)).toBe(200);
  });

  it('answers no-store', async () => {
    const { checkin, key } = await t.started(berlinStay());
    const response = await t.app.request(`/bff${CHECKIN_PATHS.checkin(checkin.id)}`, { headers: t.access(key) });
    expect(response.headers.get('cache-control')).toContain('no-store');
  });

  it('answers 503 when the hotel system does not answer', async () => {
    const { checkin, key } = await t.started(berlinStay());
    t.pms.down = true;
    const answer = await t.get(checkin.id, t.access(key));
    expect([answer.status, codeOf(answer)]).toEqual([503, 'hotel_system_unavailable']);
  });
});

describe('the registration form', () => {
  it("asks a German guest at a German hotel for the registration form's data, and saves it", async () => {
    const { checkin, key } = await t.started(berlinStay());
    const missing = await t.details(checkin.id, { arrival_time: '16:00', purpose: 'leisure', first_name: 'Gina', last_name: 'Guest' }, t.access(key));
    expect([missing.status, codeOf(missing)]).toEqual([400, 'bad_request']);
    expect(issuesOf(missing).map((issue) => issue.path)).toEqual(['date_of_birth', 'nationality', 'street', 'postal_code', 'city', 'country', 'document_number']);
    const saved = t.checkinOf(await t.details(checkin.id, GERMAN_GUEST, t.access(key)));
    expect(saved.status).toBe('payment_required');
    expect(saved.details).toMatchObject({ nationality: 'DE', document_number: null, arrival_time: '16:30', purpose: 'leisure', company_name: null });
  });

  it('asks a foreign guest at a German hotel for a travel document', async () => {
    const { checkin, key } = await t.started(berlinStay());
    const french = { ...GERMAN_GUEST, nationality: 'fr', country: 'FR', city: 'Paris', postal_code: '75001', street: 'Rue de Rivoli 1' };
    const without = await t.details(checkin.id, french, t.access(key));
    expect(issuesOf(without)).toEqual([{ path: 'document_number', message: 'Required' }]);
    const saved = t.checkinOf(await t.details(checkin.id, { ...french, document_number: '12ab 34-cd5' }, t.access(key)));
    expect(saved.details).toMatchObject({ nationality: 'FR', document_number: '12AB34CD5' });
  });

  it('asks a business guest for the company, checks the date of birth and the age, and refuses bad fields', async () => {
    const { checkin, key } = await t.started(berlinStay());
    const business = await t.details(checkin.id, { ...GERMAN_GUEST, purpose: 'business' }, t.access(key));
    expect(issuesOf(business)).toEqual([{ path: 'company_name', message: 'Required' }]);
    const future = await t.details(checkin.id, { ...GERMAN_GUEST, date_of_birth: day(10) }, t.access(key));
    expect(issuesOf(future).map((issue) => issue.path)).toEqual(['date_of_birth']);
    const minor = await t.details(checkin.id, { ...GERMAN_GUEST, date_of_birth: day(-365 * 17) }, t.access(key));
    expect(issuesOf(minor)).toEqual([{ path: 'date_of_birth', message: 'The guest who registers must be at least 18' }]);
    for (const bad of [{ arrival_time: '25:00' }, { purpose: 'holiday' }, { date_of_birth: '1990-02-30' }, { nationality: 'XX' }, { document_number: '!!' }, { first_name: 'x'.repeat(81) }]) {
      const answer = await t.details(checkin.id, { ...GERMAN_GUEST, ...bad }, t.access(key));
      expect([answer.status, Object.keys(bad)[0]], JSON.stringify(bad)).toEqual([400, issuesOf(answer)[0]?.path]);
    }
    const saved = t.checkinOf(await t.details(checkin.id, { ...GERMAN_GUEST, purpose: 'business', company_name: 'Acme GmbH' }, t.access(key)));
    expect(saved.details?.company_name).toBe('Acme GmbH');
  });

  it('asks less at a hotel in a country without a registration form (the Netherlands)', async () => {
    const { checkin, key } = await t.started(t.pms.add({ hotelCode: 'JAMO' }));
    expect(checkin.requirements).toEqual({ country: 'NL', fields: ['first_name', 'last_name', 'nationality'], foreign_guest_fields: [] });
    const missing = await t.details(checkin.id, { arrival_time: '18:00', purpose: 'leisure' }, t.access(key));
    expect(issuesOf(missing).map((issue) => issue.path)).toEqual(['first_name', 'last_name', 'nationality']);
    const saved = t.checkinOf(await t.details(checkin.id, { first_name: 'Gina', last_name: 'Guest', nationality: 'DE', arrival_time: '18:00', purpose: 'leisure' }, t.access(key)));
    expect(saved.status).toBe('payment_required');
  });

  it('refuses changes once check-in has closed, and with the hotel system down changes nothing', async () => {
    const stay = berlinStay({ arrivalDate: day(0), departureDate: day(2) });
    const { checkin, key } = await t.started(stay);
    t.pms.down = true;
    expect(codeOf(await t.details(checkin.id, GERMAN_GUEST, t.access(key)))).toBe('hotel_system_unavailable');
    t.pms.down = false;
    expect(t.checkinOf(await t.get(checkin.id, t.access(key))).details).toBeNull();
    t.pms.update(stay.id, { status: 'in_house', roomNumber: '201' });
    expect(codeOf(await t.details(checkin.id, GERMAN_GUEST, t.access(key)))).toBe('checkin_closed');
  });
});

describe('the payment method', () => {
  it('takes card and paypal, refuses others', async () => {
    const { checkin, key } = await t.started(berlinStay());
    expect(t.checkinOf(await t.method(checkin.id, 'paypal', t.access(key))).payment_method).toBe('paypal');
    expect(t.checkinOf(await t.method(checkin.id, 'card', t.access(key))).payment_method).toBe('card');
    for (const method of ['points', 'cash', '']) expect((await t.method(checkin.id, method, t.access(key))).status).toBe(400);
  });
});

describe('availability', () => {
  it("tells the member's bookings whether online check-in is open, and when it opens", async () => {
    const anna = await t.memberId(DEMO_MEMBERS.withPassword);
    const guest = { firstName: 'Anna', lastName: 'Schmidt', email: DEMO_MEMBERS.withPassword, memberId: anna };
    const soon = berlinStay({ guest });
    const later = berlinStay({ guest, arrivalDate: day(10), departureDate: day(12) });
    const bearer = { authorization: `Bearer ${tokens.anna}` };
    const ask = (number: string, headers: Record<string, string>) => t.call('GET', `${CHECKIN_PATHS.availability}?reservation_number=${number}`, undefined, headers);
    const open = v.parse(CheckinAvailabilityResponseSchema, (await ask(soon.reservationNumber, bearer)).body).data;
    expect(open).toEqual({ reservation_number: soon.reservationNumber, state: 'open', opens_on: day(-2), checkin_id: null });
    expect(v.parse(CheckinAvailabilityResponseSchema, (await ask(later.reservationNumber, bearer)).body).data).toMatchObject({ state: 'not_open_yet', opens_on: day(7) });
    const { checkin, key } = await t.started(soon);
    expect(v.parse(CheckinAvailabilityResponseSchema, (await ask(soon.reservationNumber, t.access(key))).body).data.checkin_id).toBe(checkin.id);
    expect((await ask(soon.reservationNumber, {})).status).toBe(404);
    expect((await ask(soon.reservationNumber, { authorization: `Bearer ${tokens.omar}` })).status).toBe(404);
    expect((await ask('%00', bearer)).status).toBe(400);
  });
});

describe('the payment notifications of carts', () => {
  it('still reach the cart journey (a notification for an unknown check-in changes nothing)', async () => {
    const payments = t.payments;
    if (!payments) throw new Error('payments');
    const { checkin, key } = await t.readyToPay(berlinStay());
    const result = t.payResultOf(await t.pay(checkin.id, 'key-notif-1', { payment_instrument_id: payments.tokenFor(TEST_CARDS.challenge) }, t.access(key)));
    if (result.status !== 'action_required') throw new Error(`expected a challenge, got ${result.status}`);
    const forged = await t.call('POST', ECOMMERCE_PATHS.paymentNotifications, '{"payment_id":"x"}', { 'content-type': 'application/json' });
    expect(forged.status).toBe(400);
    expect(t.checkinOf(await t.get(checkin.id, t.access(key))).payment_pending).toBe(true);
  });
});
