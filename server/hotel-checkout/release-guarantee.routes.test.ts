import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKIN_ACCESS_HEADER, CHECKIN_PATHS, CheckinPayResponseSchema, CheckinResponseSchema, StartCheckinResponseSchema } from '../../src/contract/checkin';
import { TEST_TODAY, useTestDatabase } from '../../test/bff/database';
import { TEST_CARDS } from '../../test/bff/fake-payments';
import { GERMAN_GUEST, RETURN_URL } from '../checkin/testing';
import { onlineCheckins } from '../db/schema';
import type { PmsStay } from '../ports/property-management';
import { createHotelCheckoutTestApp, type HotelCheckoutTestApp, P } from './testing';

/*
 * The guarantee the online check-in held (a card's pre-authorisation) is released once the stay's bill is
 * paid and the guest checked out, through the routes a guest uses: checked in online before arrival with
 * a card, the key handed over, the bill paid at the hotel checkout, checked out. The provider's payment of
 * the hold is then cancelled, once; a stay without an online check-in releases nothing; a provider that
 * does not answer the release never fails the check-out.
 */

const database = useTestDatabase();
let t: HotelCheckoutTestApp;

beforeAll(() => {
  t = createHotelCheckoutTestApp(database.db);
});
beforeEach(() => {
  t.base.setNow(new Date(TEST_TODAY));
});

const ok = (answer: { status: number; body: unknown }) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

/** A stay booked for today, checked in online with a card that is authorised at once: answers the hold's payment id. */
async function checkedInOnline(stay: PmsStay): Promise<string> {
  const started = v.parse(StartCheckinResponseSchema, ok(await t.call('POST', CHECKIN_PATHS.start, { token: await t.linkToken(stay.id) }))).data;
  const access = { [CHECKIN_ACCESS_HEADER]: started.access_key };
  const id = started.checkin.id;
  ok(await t.call('PUT', CHECKIN_PATHS.personalDetails(id), GERMAN_GUEST, access));
  ok(await t.call('PUT', CHECKIN_PATHS.paymentMethod(id), { payment_method: 'card' }, access));
  const body = { payment_instrument_id: t.payments.tokenFor(TEST_CARDS.success), locale: 'en', redirect_url: RETURN_URL };
  const paid = v.parse(CheckinPayResponseSchema, ok(await t.call('POST', CHECKIN_PATHS.pay(id), body, { ...access, 'idempotency-key': `release-${id}` }))).data;
  expect(paid.status).toBe('completed');
  const checkin = v.parse(CheckinResponseSchema, ok(await t.call('GET', CHECKIN_PATHS.checkin(id), undefined, access))).data;
  expect(checkin.status).toBe('completed');
  const hold = t.payments.authorizations.filter((request) => request.reference === `checkin:${id}`);
  expect(hold).toHaveLength(1);
  const [held] = await database.db.select({ paymentId: onlineCheckins.authorizedPaymentId }).from(onlineCheckins).where(eq(onlineCheckins.id, id));
  const paymentId = held?.paymentId ?? '';
  expect((await t.payments.getPayment(paymentId))?.state).toBe('authorized');
  return paymentId;
}

/** The key handed over, the bill paid by card at the hotel checkout and the guest checked out. */
async function payBillAndCheckOut(stay: PmsStay) {
  await t.pms.checkIn(stay.id, t.base.now());
  const { checkout, accessKey } = await t.start(stay);
  const session = await t.cardSession(checkout.id, accessKey);
  expect(t.payResultOf(await t.pay(session.id, accessKey)).status).toBe('succeeded');
  return t.checkoutOf(await t.post(P.performCheckout(checkout.id), undefined, accessKey));
}

describe('the check-in’s guarantee at check-out', () => {
  it('is released once the bill is paid and the guest checked out, and only once', async () => {
    const cancelledBefore = [...t.payments.cancellations];
    const stay = await t.base.bookStay();
    const hold = await checkedInOnline(stay);
    const { checkout, accessKey } = await t.start(await t.pms.checkIn(stay.id, t.base.now()));
    // Before the bill is paid, nothing is released.
    expect((await t.payments.getPayment(hold))?.state).toBe('authorized');
    const session = await t.cardSession(checkout.id, accessKey);
    expect(t.payResultOf(await t.pay(session.id, accessKey)).status).toBe('succeeded');
    expect((await t.payments.getPayment(hold))?.state).toBe('authorized');

    const done = t.checkoutOf(await t.post(P.performCheckout(checkout.id), undefined, accessKey));
    expect(done.status).toBe('checked_out');
    expect((await t.payments.getPayment(hold))?.state).toBe('cancelled');
    // The check-out asked again answers as it is and releases nothing more.
    t.checkoutOf(await t.post(P.performCheckout(checkout.id), undefined, accessKey));
    expect(t.payments.cancellations.filter((id) => id === hold)).toHaveLength(1);
    // Nothing else was released: the bill's own payment stands.
    expect(t.payments.cancellations.filter((id) => id !== hold)).toEqual(cancelledBefore);
  });

  it('releases nothing for a stay without an online check-in', async () => {
    const before = t.payments.cancellations.length;
    const stay = await t.base.bookStay();
    expect((await payBillAndCheckOut(stay)).status).toBe('checked_out');
    expect(t.payments.cancellations).toHaveLength(before);
  });

  it('checks the guest out even when the provider does not answer the release, and says so in the log', async () => {
    const stay = await t.base.bookStay();
    const hold = await checkedInOnline(stay);
    const cancel = vi.spyOn(t.payments, 'cancel').mockRejectedValueOnce(new Error('provider down'));
    try {
      expect((await payBillAndCheckOut(stay)).status).toBe('checked_out');
    } finally {
      cancel.mockRestore();
    }
    expect((await t.payments.getPayment(hold))?.state).toBe('authorized');
    expect(t.logger.lines.some((line) => line.msg === 'check-in guarantee not released')).toBe(true);
  });
});
