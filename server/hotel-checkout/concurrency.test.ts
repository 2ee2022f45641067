import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/bff/database';
import { TEST_CARDS } from '../../test/bff/fake-payments';
import { codeOf, createHotelCheckoutTestApp, type HotelCheckoutTestApp, P } from './testing';

/*
 * Races of the hotel checkout that only a real PostgreSQL can show (PGlite runs one session, so
 * concurrent requests on it run one after the other): charges posted while the guest pays, and one
 * session paid twice at once. Skipped without DATABASE_URL.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
const database = useTestDatabase();
let t: HotelCheckoutTestApp;

beforeAll(() => {
  t = createHotelCheckoutTestApp(database.db);
});

/** What the provider took for good on these payments: captured minus refunded. */
const takenBy = (paymentIds: Set<string>) =>
  t.payments.captures.filter((capture) => paymentIds.has(capture.paymentId)).reduce((sum, capture) => sum + capture.amountMinor, 0) -
  t.payments.refunds.filter((refund) => paymentIds.has(refund.paymentId)).reduce((sum, refund) => sum + refund.amountMinor, 0);

describe.skipIf(!onPostgres)('concurrent checkout payments on PostgreSQL (PGlite runs one session: skipped there)', () => {
  it('charges posted while the guest pays: the folio is never paid twice or short, and what was taken is what the folio took', { timeout: 300_000 }, async () => {
    for (let round = 0; round < 8; round++) {
      const stay = await t.stayInHouse();
      const { checkout, accessKey } = await t.start(stay);
      const session = await t.cardSession(checkout.id, accessKey);
      const before = t.payments.authorizations.length;
      // The pay and a charge at the same moment (a minibar, a restaurant bill), in either order.
      const [answer] = await Promise.all([t.pay(session.id, accessKey, { card: TEST_CARDS.success }), t.postCharge(stay.id, { kind: round % 2 ? 'restaurant' : 'minibar', amountMinor: 500 + round })]);
      expect([200, 409]).toContain(answer.status);
      if (answer.status === 409) expect(codeOf(answer)).toBe('folio_changed');
      // Whatever happened, the guest pays what is open until nothing is.
      for (let tries = 0; tries < 3; tries++) {
        const folio = await t.pms.folio(stay.id);
        if (folio.balances.private === 0 && folio.balances.business === 0) break;
        const fresh = t.sessionOf(await t.put(P.session(checkout.id), undefined, accessKey));
        t.sessionOf(await t.put(P.sessionPaymentMethod(fresh.id), { payment_method: 'card' }, accessKey));
        await t.pay(fresh.id, accessKey);
      }
      const folio = await t.pms.folio(stay.id);
      expect(folio.balances).toEqual({ private: 0, business: 0 });
      const charged = folio.charges.reduce((sum, charge) => sum + charge.amountMinor, 0);
      const recorded = folio.payments.reduce((sum, payment) => sum + payment.amountMinor, 0);
      expect(recorded).toBe(charged);
      // The provider kept exactly what the folio recorded from card payments.
      const cardPayments = folio.payments.filter((payment) => payment.providerPaymentId !== null);
      expect(t.payments.authorizations.length).toBeGreaterThan(before);
      const paymentIds = new Set(cardPayments.map((payment) => payment.providerPaymentId ?? ''));
      expect(takenBy(paymentIds)).toBe(cardPayments.reduce((sum, payment) => sum + payment.amountMinor, 0));
      expect(t.checkoutOf(await t.post(P.performCheckout(checkout.id), undefined, accessKey)).status).toBe('checked_out');
    }
  });

  it('two pays of one session at once (different keys) make one payment', async () => {
    const stay = await t.stayInHouse();
    const { checkout, accessKey } = await t.start(stay);
    const session = await t.cardSession(checkout.id, accessKey);
    const before = t.payments.authorizations.length;
    const answers = await Promise.all([t.pay(session.id, accessKey, { key: 'same-session-a' }), t.pay(session.id, accessKey, { key: 'same-session-b' })]);
    const statuses = answers.map((answer) => answer.status).sort();
    // One pays; the other is refused (the session is being paid) or, coming after, answers it paid.
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) if (answer.status !== 200) expect(codeOf(answer)).toBe('session_not_open');
    expect(t.payments.authorizations.length).toBe(before + 1);
    const folio = await t.pms.folio(stay.id);
    expect(folio.balances).toEqual({ private: 0, business: 0 });
    expect(folio.payments.filter((payment) => payment.method === 'card')).toHaveLength(1);
  });

  it('five retries with one Idempotency-Key at once make one authorisation and one answer', async () => {
    const stay = await t.stayInHouse();
    const { checkout, accessKey } = await t.start(stay);
    const session = await t.cardSession(checkout.id, accessKey);
    const before = t.payments.authorizations.length;
    const body = { payment_instrument_id: t.payments.tokenFor(TEST_CARDS.success), locale: 'en' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.pay(session.id, accessKey, { key: 'one-key-five-times', body })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(t.payments.authorizations.length).toBe(before + 1);
  });
});
