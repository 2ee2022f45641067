import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { CheckinPayResponseSchema, StartCheckinResponseSchema } from '../../src/contract/checkin';
import { ECOMMERCE_PATHS } from '../../src/contract/ecommerce';
import { useTestDatabase } from '../../test/bff/database';
import { TEST_CARDS } from '../../test/bff/fake-payments';
import { onlineCheckins } from '../db/schema';
import { type CheckinTestApp, createCheckinTestApp, day } from './testing';

/*
 * Races that only a real PostgreSQL can show (PGlite is one session): two schedules sending the
 * pre-arrival mails at once, two starts of one stay's check-in, a notification and reads racing to
 * complete one check-in. Skipped without DATABASE_URL.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
const database = useTestDatabase();
let t: CheckinTestApp;
let other: CheckinTestApp;

beforeAll(() => {
  t = createCheckinTestApp(database.db);
  // A second process on the same database, with the same hotel system.
  other = createCheckinTestApp(database.db, { propertyManagement: t.pms });
});

const guest = (email: string) => ({ firstName: 'Gina', lastName: 'Guest', email, memberId: null });

describe.skipIf(!onPostgres)('online check-in under concurrency on PostgreSQL (PGlite runs one session: skipped there)', () => {
  it('two schedules running at once send each pre-arrival mail once', { timeout: 120_000 }, async () => {
    for (let index = 0; index < 20; index++) t.pms.add({ hotelCode: 'SBTG', arrivalDate: day(index % 4), departureDate: day(5), guest: guest(`race${index}@example.com`) });
    const runs = await Promise.all([t.runMaintenance(), other.runMaintenance(), t.runMaintenance(), other.runMaintenance()]);
    expect(runs.reduce((sum, counts) => sum + (counts.preArrivalMails ?? 0), 0)).toBe(20);
    const mails = await t.mails('pre_arrival');
    expect(mails.filter((mail) => mail.recipient.startsWith('race'))).toHaveLength(20);
  });

  it('starts of one stay at once make one check-in', { timeout: 60_000 }, async () => {
    const stay = t.pms.add({ hotelCode: 'SBTG', guest: guest('double.start@example.com') });
    const token = await t.linkToken(stay);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => (index % 2 ? t : other).start({ token })));
    const ids = new Set(answers.map((answer) => v.parse(StartCheckinResponseSchema, answer.body).data.checkin.id));
    expect(ids.size).toBe(1);
    expect(await database.db.select().from(onlineCheckins).where(eq(onlineCheckins.stayId, stay.id))).toHaveLength(1);
  });

  it('a notification and reads racing complete the check-in once, with one mail', { timeout: 60_000 }, async () => {
    const stay = t.pms.add({ hotelCode: 'SBTG', guest: guest('race.complete@example.com') });
    const { checkin, key } = await t.readyToPay(stay);
    const payments = t.payments;
    if (!payments) throw new Error('payments');
    const answer = await t.pay(checkin.id, 'key-race-1', { payment_instrument_id: payments.tokenFor(TEST_CARDS.challenge) }, t.access(key));
    const result = v.parse(CheckinPayResponseSchema, answer.body).data;
    if (result.status !== 'action_required') throw new Error(`expected a challenge, got ${result.status}`);
    const notification = payments.complete(result.redirect_url.split('/').at(-1) ?? '', 'authorized');
    await Promise.all([
      t.call('POST', ECOMMERCE_PATHS.paymentNotifications, notification.body, notification.headers),
      t.call('POST', ECOMMERCE_PATHS.paymentNotifications, notification.body, notification.headers),
      t.get(checkin.id, t.access(key)),
      t.get(checkin.id, t.access(key)),
    ]);
    expect(t.checkinOf(await t.get(checkin.id, t.access(key))).status).toBe('completed');
    expect(await t.mails('checkin_confirmation', 'race.complete@example.com')).toHaveLength(1);
  });

  it('pay requests with one key at once ask the provider once', { timeout: 60_000 }, async () => {
    const stay = t.pms.add({ hotelCode: 'SBTG', guest: guest('race.pay@example.com') });
    const { checkin, key } = await t.readyToPay(stay);
    const payments = t.payments;
    if (!payments) throw new Error('payments');
    const body = { payment_instrument_id: payments.tokenFor(TEST_CARDS.success) };
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.pay(checkin.id, 'key-race-pay', body, t.access(key))));
    // The same answer for all (PostgreSQL's jsonb keeps the stored answer's keys in an order of its own).
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(payments.authorizations.filter((request) => request.reference === `checkin:${checkin.id}`)).toHaveLength(1);
  });
});
