import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAILBOX_PATH } from '../../src/contract/auth';
import { BFF_PREFIX } from '../../src/contract/content';
import { HotelCheckoutConflictSchema } from '../../src/contract/hotel-checkout';
import * as v from 'valibot';
import { TEST_TODAY, useTestDatabase } from '../../test/bff/database';
import { TEST_CARDS } from '../../test/bff/fake-payments';
import { hotelInvoices, members, pointsLedger, reservations } from '../db/schema';
import { DEMO_MEMBERS } from '../db/seed/members';
import { creditEarnedPoints } from '../ecommerce/points-credit';
import { unreachablePropertyManagement } from '../pms/testing';
import type { PropertyManagementPort } from '../ports/property-management';
import { codeOf, createHotelCheckoutTestApp, type HotelCheckoutTestApp, P } from './testing';
import { pdfText } from './pdf-text.test-helper';

/*
 * The hotel checkout through its routes: starting it from the room's link, a reservation number or the
 * member's bookings; who may see it; moving a charge; the invoice addresses; the payment session paid by
 * card, through a 3-D Secure challenge, declined and paid again; a charge posted while the guest pays;
 * check-out with the invoices (PDF), their mail and the member's points; the hotel's system down.
 */

const database = useTestDatabase();
let t: HotelCheckoutTestApp;
const tokens = { anna: '', omar: '' };
const BUSINESS = { company_name: 'Acme GmbH', vat_id: 'de 123 456 789', address_line: 'Hauptstraße 1', postal_code: '10115', city: 'Berlin', country_code: 'de' };
const HOME = { name: 'Gina Guest', address_line: 'Elm Street 5', postal_code: '1011', city: 'Amsterdam', country_code: 'NL' };

beforeAll(async () => {
  t = createHotelCheckoutTestApp(database.db);
  tokens.anna = await t.tokenOf(DEMO_MEMBERS.withPassword);
  tokens.omar = await t.tokenOf(DEMO_MEMBERS.codeOnly);
});
beforeEach(() => {
  t.base.setNow(new Date(TEST_TODAY));
});

const memberId = async (email: string) => (await database.db.select({ id: members.id }).from(members).where(eq(members.email, email)))[0]?.id ?? 0;

describe('starting the checkout', () => {
  it('from the room link, by reservation number and last name, and by the member who booked; the same checkout each time', async () => {
    const stay = await t.stayInHouse({ charges: [{ kind: 'minibar', amountMinor: 1_250 }] });
    const { checkout, accessKey } = await t.start(stay);
    expect(checkout).toMatchObject({ status: 'open', stay: { reservation_number: stay.reservationNumber, hotel_code: 'SBTG', room_number: stay.roomNumber }, session: null, invoices: [] });
    expect(checkout.folio.charges.map((charge) => charge.kind).sort()).toEqual(['city_tax', 'minibar', 'room', 'room']);
    expect(checkout.folio.balances.private).toBeGreaterThan(0);
    expect(accessKey).toEqual(expect.any(String));
    const again = await t.post(P.checkouts, { reservation_number: stay.reservationNumber.toLowerCase(), last_name: stay.guest.lastName });
    expect(t.checkoutOf({ status: again.status, body: { data: (again.body as { data: { checkout: unknown } }).data.checkout } }).id).toBe(checkout.id);
    expect(codeOf(await t.post(P.checkouts, { reservation_number: stay.reservationNumber, last_name: 'Nobody' }))).toBe('not_found');
    // The number alone needs the member who booked it.
    expect((await t.post(P.checkouts, { reservation_number: stay.reservationNumber })).status).toBe(401);
    expect((await t.post(P.checkouts, { reservation_number: stay.reservationNumber }, undefined, tokens.anna)).status).toBe(404);
    const annas = await t.stayInHouse({ token: tokens.anna });
    const byMember = await t.post(P.checkouts, { reservation_number: annas.reservationNumber, locale: 'de' }, undefined, tokens.anna);
    expect(byMember.status).toBe(200);
    expect((await t.post(P.checkouts, { reservation_number: annas.reservationNumber }, undefined, tokens.omar)).status).toBe(404);
  });

  it('refuses a stay not in house, a stay checked out at the desk, a bad link and bad input', async () => {
    const expected = await t.base.bookStay();
    expect(codeOf(await t.post(P.checkouts, { token: await t.linkToken(expected.id) }))).toBe('stay_not_in_house');
    const left = await t.stayInHouse();
    const folio = await t.pms.folio(left.id);
    await t.pms.recordPayment(left.id, { folio: 'private', amountMinor: folio.balances.private, method: 'card', providerPaymentId: null, idempotencyKey: 'desk-paid', expectedVersion: folio.version }, t.base.now());
    await t.pms.checkOut(left.id, t.base.now());
    const answer = await t.post(P.checkouts, { token: await t.linkToken(left.id) });
    expect([answer.status, codeOf(answer)]).toEqual([409, 'already_checked_out']);
    expect(codeOf(await t.post(P.checkouts, { token: 'not-a-token' }))).toBe('not_found');
    for (const body of [{}, { token: '' }, { reservation_number: '!!', last_name: 'x' }, { reservation_number: 'ABC', last_name: '' }, 'not json']) {
      const bad = await t.post(P.checkouts, body);
      expect([bad.status, codeOf(bad)], JSON.stringify(body)).toEqual([400, 'bad_request']);
    }
  });

  it('answers 503 hotel_system_unavailable when the hotel system does not answer', async () => {
    const stay = await t.stayInHouse();
    const down = createHotelCheckoutTestApp(database.db, { pms: () => unreachablePropertyManagement() });
    const answer = await down.post(P.checkouts, { token: await t.linkToken(stay.id) });
    expect([answer.status, codeOf(answer)]).toEqual([503, 'hotel_system_unavailable']);
    // A checkout made while it answered: reading it while it is down is 503 too, nothing changed.
    const { checkout, accessKey } = await t.start(stay);
    expect(codeOf(await down.get(P.checkout(checkout.id), accessKey))).toBe('hotel_system_unavailable');
    expect(codeOf(await down.post(P.performCheckout(checkout.id), undefined, accessKey))).toBe('hotel_system_unavailable');
    expect((await t.pms.stay(stay.id))?.status).toBe('in_house');
  });
});

describe('who reaches a checkout', () => {
  it("only the stay's key or the member who booked it; another stay's key and no key get 404", async () => {
    const mine = await t.stayInHouse();
    const other = await t.stayInHouse();
    const { checkout, accessKey } = await t.start(mine);
    const { accessKey: otherKey } = await t.start(other);
    expect(t.checkoutOf(await t.get(P.checkout(checkout.id), accessKey)).id).toBe(checkout.id);
    for (const key of [otherKey, undefined, 'forged.key']) {
      expect((await t.get(P.checkout(checkout.id), key)).status).toBe(404);
      expect((await t.post(P.session(checkout.id), undefined, key)).status).toBe(404);
      expect((await t.post(P.performCheckout(checkout.id), undefined, key)).status).toBe(404);
      expect((await t.put(P.address(checkout.id), HOME, key)).status).toBe(404);
      expect((await t.get(P.invoice(checkout.id, 'private'), key)).status).toBe(404);
    }
    const session = await t.cardSession(checkout.id, accessKey);
    expect((await t.put(P.sessionPaymentMethod(session.id), { payment_method: 'card' }, otherKey)).status).toBe(404);
    expect((await t.pay(session.id, otherKey)).status).toBe(404);
    expect((await t.get(P.checkout(checkout.id), undefined, tokens.anna)).status).toBe(404);
    expect((await t.get(P.checkout('not-a-uuid'), accessKey)).status).toBe(400);

    const annas = await t.stayInHouse({ token: tokens.anna });
    const { checkout: hers } = await t.start(annas);
    expect(t.checkoutOf(await t.get(P.checkout(hers.id), undefined, tokens.anna)).id).toBe(hers.id);
    expect((await t.get(P.checkout(hers.id), undefined, tokens.omar)).status).toBe(404);
    expect((await t.get(P.checkout(hers.id), undefined, 'not-a-valid-token')).status).toBe(401);
  });
});

describe('the folio', () => {
  it('moves a charge to the business folio at the version seen; a stale version is 409 folio_changed with the fresh folio', async () => {
    const stay = await t.stayInHouse({ charges: [{ kind: 'minibar', amountMinor: 1_250 }] });
    const { checkout, accessKey } = await t.start(stay);
    const minibar = checkout.folio.charges.find((charge) => charge.kind === 'minibar');
    const moved = t.checkoutOf(await t.post(P.moveTransaction(checkout.id), { charge_id: minibar?.id, to: 'business', folio_version: checkout.folio.version }, accessKey));
    expect(moved.folio.charges.find((charge) => charge.id === minibar?.id)?.folio).toBe('business');
    expect(moved.folio.balances.business).toBe(12.5);
    expect(moved.folio.version).toBe(checkout.folio.version + 1);
    expect(moved.invoice_folios).toEqual(['private', 'business']);

    const stale = await t.post(P.moveTransaction(checkout.id), { charge_id: minibar?.id, to: 'private', folio_version: checkout.folio.version }, accessKey);
    expect(stale.status).toBe(409);
    const conflict = v.parse(HotelCheckoutConflictSchema, stale.body);
    expect(conflict.error.code).toBe('folio_changed');
    expect(conflict.checkout.folio.version).toBe(moved.folio.version);
    expect(codeOf(await t.post(P.moveTransaction(checkout.id), { charge_id: 'nope', to: 'private', folio_version: moved.folio.version }, accessKey))).toBe('not_found');
    for (const body of [{ charge_id: minibar?.id, to: 'elsewhere', folio_version: 1 }, { charge_id: minibar?.id, to: 'private', folio_version: -1 }, { to: 'private', folio_version: 1 }]) {
      expect((await t.post(P.moveTransaction(checkout.id), body, accessKey)).status).toBe(400);
    }
  });

  it('keeps the invoice addresses, with field issues for bad ones and the VAT number normalised', async () => {
    const stay = await t.stayInHouse();
    const { checkout, accessKey } = await t.start(stay);
    expect(t.checkoutOf(await t.put(P.address(checkout.id), HOME, accessKey)).addresses.private).toEqual(HOME);
    const business = t.checkoutOf(await t.put(P.businessAddress(checkout.id), BUSINESS, accessKey)).addresses.business;
    expect(business).toMatchObject({ company_name: 'Acme GmbH', vat_id: 'DE123456789', country_code: 'DE' });
    expect(t.checkoutOf(await t.put(P.businessAddress(checkout.id), { ...BUSINESS, vat_id: '' }, accessKey)).addresses.business?.vat_id).toBeNull();
    const badVat = await t.put(P.businessAddress(checkout.id), { ...BUSINESS, vat_id: '12' }, accessKey);
    expect(badVat.status).toBe(400);
    expect((badVat.body as { error: { issues: { path: string }[] } }).error.issues.map((issue) => issue.path)).toContain('vat_id');
    const missing = await t.put(P.address(checkout.id), { ...HOME, city: ' ', country_code: 'Germany' }, accessKey);
    expect((missing.body as { error: { issues: { path: string }[] } }).error.issues.map((issue) => issue.path).sort()).toEqual(['city', 'country_code']);
  });
});

describe('paying and checking out', () => {
  it('the whole way: business folio, session, card, check-out, both invoices as PDFs, the mail, and the points once', async () => {
    const anna = await memberId(DEMO_MEMBERS.withPassword);
    const stay = await t.memberStayInHouse(tokens.anna);
    await t.postCharge(stay.id, { kind: 'minibar', amountMinor: 1_250 });
    const { checkout, accessKey } = await t.start(stay);
    expect(checkout.points).toMatchObject({ credited: false });
    const earned = checkout.points?.points ?? 0;
    expect(earned).toBeGreaterThan(0);
    const minibar = checkout.folio.charges.find((charge) => charge.kind === 'minibar');
    await t.post(P.moveTransaction(checkout.id), { charge_id: minibar?.id, to: 'business', folio_version: checkout.folio.version }, accessKey);

    // Not paid yet, and no company for the business invoice: refused with a way forward.
    expect(codeOf(await t.post(P.performCheckout(checkout.id), undefined, accessKey))).toBe('business_address_missing');
    t.checkoutOf(await t.put(P.businessAddress(checkout.id), BUSINESS, accessKey));
    const unpaid = await t.post(P.performCheckout(checkout.id), undefined, accessKey);
    expect([unpaid.status, codeOf(unpaid)]).toEqual([409, 'folio_not_settled']);
    expect(v.parse(HotelCheckoutConflictSchema, unpaid.body).checkout.folio.balances.business).toBe(12.5);

    const session = await t.cardSession(checkout.id, accessKey);
    const folio = await t.pms.folio(stay.id);
    expect(session).toMatchObject({ state: 'open', folio_version: folio.version, amounts: { private: folio.balances.private / 100, business: 12.5 }, payment_method: 'card' });
    // POST again keeps the session; PUT answers it as it is while the folio did not change.
    expect(t.sessionOf(await t.post(P.session(checkout.id), undefined, accessKey)).id).toBe(session.id);
    expect(t.sessionOf(await t.put(P.session(checkout.id), undefined, accessKey)).id).toBe(session.id);

    const before = t.payments.authorizations.length;
    const body = { payment_instrument_id: t.payments.tokenFor(TEST_CARDS.success), locale: 'en' };
    const result = t.payResultOf(await t.pay(session.id, accessKey, { key: 'hotel-happy-path-1', body }));
    expect(result.status).toBe('succeeded');
    expect(t.payments.authorizations.length).toBe(before + 1);
    expect(t.payments.authorizations.at(-1)?.amountMinor).toBe(folio.balances.private + folio.balances.business);
    expect(t.payments.captures.at(-1)?.amountMinor).toBe(folio.balances.private + folio.balances.business);
    if (result.status === 'succeeded') expect(result.checkout).toMatchObject({ status: 'settled', can_check_out: true, folio: { balances: { private: 0, business: 0 } } });
    // The same key again: the first answer, no second payment.
    expect(t.payResultOf(await t.pay(session.id, accessKey, { key: 'hotel-happy-path-1', body })).status).toBe('succeeded');
    expect(codeOf(await t.pay(session.id, accessKey, { key: 'hotel-happy-path-1' }))).toBe('idempotency_conflict');
    expect(t.payments.authorizations.length).toBe(before + 1);
    expect(codeOf(await t.post(P.session(checkout.id), undefined, accessKey))).toBe('nothing_to_pay');

    const pointsBefore = await t.pointsOf(anna);
    const done = t.checkoutOf(await t.post(P.performCheckout(checkout.id), undefined, accessKey));
    expect(done).toMatchObject({ status: 'checked_out', points: { points: earned, credited: true } });
    expect(done.invoices.map((invoice) => invoice.folio)).toEqual(['private', 'business']);
    expect(done.invoices[0]?.invoice_number).toMatch(/^SBTG-\d{4}-\d{6}$/);
    expect((await t.pms.stay(stay.id))?.status).toBe('checked_out');
    expect(await t.pointsOf(anna)).toBe(pointsBefore + earned);

    // Again: the same answer, nothing credited or mailed twice; the nightly job credits nothing either.
    expect(t.checkoutOf(await t.post(P.performCheckout(checkout.id), undefined, accessKey)).invoices).toEqual(done.invoices);
    t.base.setNow(new Date(Date.parse(`${stay.departureDate}T12:00:00Z`) + 86_400_000));
    await creditEarnedPoints({ db: database.db }, t.base.now());
    expect(await t.pointsOf(anna)).toBe(pointsBefore + earned);
    const [reservation] = await database.db.select().from(reservations).where(eq(reservations.reservationNumber, stay.reservationNumber));
    const credits = await database.db.select().from(pointsLedger).where(eq(pointsLedger.idempotencyKey, `credit:${reservation?.id}`));
    expect(credits).toHaveLength(1);

    // The next day the room card's link still opens the checked-out checkout, for its invoices.
    const { checkout: reopened, accessKey: nextKey } = await t.start(stay);
    expect(reopened).toMatchObject({ id: checkout.id, status: 'checked_out' });

    const mails = (await t.outbox(stay.guest.email)).filter((mail) => mail.kind === 'hotel_invoice');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.attachments?.map((file) => [file.filename, file.contentType])).toEqual(done.invoices.map((invoice) => [`invoice-${invoice.invoice_number}.pdf`, 'application/pdf']));

    for (const invoice of done.invoices) {
      const pdf = await t.get(P.invoice(checkout.id, invoice.folio), nextKey);
      expect(pdf.status).toBe(200);
      expect(pdf.type).toBe('application/pdf');
      expect(pdf.raw?.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(pdf.raw ?? Buffer.alloc(0));
      expect(text).toContain(invoice.invoice_number);
      expect(text).toContain(`EUR ${invoice.total.toFixed(2)}`);
      expect(text).toContain('EUR 0.00');
      if (invoice.folio === 'business') expect(text).toContain('Acme GmbH');
    }
    // The member reaches the invoices with the bearer token too; the attachment downloads from the mailbox.
    const annaNow = await t.tokenOf(DEMO_MEMBERS.withPassword);
    expect((await t.get(P.invoice(checkout.id, 'business'), undefined, annaNow)).status).toBe(200);
    const file = await t.call('GET', (mails[0]?.attachments?.[0]?.url ?? '').replace('/bff', ''));
    expect(file.raw?.subarray(0, 5).toString()).toBe('%PDF-');
    const mailbox = await (await t.app.request(`${BFF_PREFIX}${MAILBOX_PATH}?to=${encodeURIComponent(stay.guest.email)}`)).text();
    for (const attachment of mails[0]?.attachments ?? []) expect(mailbox).toContain(`href="${attachment.url}"`);
  });

  it('numbers invoices one after the other per hotel, and the invoice is there only after check-out', async () => {
    const first = await t.stayInHouse();
    const { checkout, accessKey } = await t.start(first);
    expect(codeOf(await t.get(P.invoice(checkout.id, 'private'), accessKey))).toBe('invoice_not_ready');
    const session = await t.cardSession(checkout.id, accessKey);
    t.payResultOf(await t.pay(session.id, accessKey));
    const a = t.checkoutOf(await t.post(P.performCheckout(checkout.id), undefined, accessKey)).invoices;
    expect(a.map((invoice) => invoice.folio)).toEqual(['private']);
    expect((await t.get(P.invoice(checkout.id, 'business'), accessKey)).status).toBe(404);
    const second = await t.stayInHouse();
    const next = await t.start(second);
    t.payResultOf(await t.pay((await t.cardSession(next.checkout.id, next.accessKey)).id, next.accessKey));
    const b = t.checkoutOf(await t.post(P.performCheckout(next.checkout.id), undefined, next.accessKey)).invoices;
    const number = (invoice: { invoice_number: string } | undefined) => Number(invoice?.invoice_number.slice(-6));
    expect(number(b[0])).toBe(number(a[0]) + 1);
  });

  it('makes the invoice in German and in Arabic (shaped, right to left)', async () => {
    for (const locale of ['de', 'ar'] as const) {
      const stay = await t.stayInHouse({ charges: [{ kind: 'minibar', amountMinor: 950, description: 'Minibar (hotel text)' }] });
      const started = await t.post(P.checkouts, { token: await t.linkToken(stay.id), locale });
      const { checkout, access_key: accessKey } = (started.body as { data: { checkout: { id: string }; access_key: string } }).data;
      const session = await t.cardSession(checkout.id, accessKey);
      t.payResultOf(await t.pay(session.id, accessKey, { body: { payment_instrument_id: t.payments.tokenFor(TEST_CARDS.success), locale } }));
      const done = t.checkoutOf(await t.post(P.performCheckout(checkout.id), undefined, accessKey));
      const pdf = await t.get(P.invoice(checkout.id, 'private'), accessKey);
      const text = await pdfText(pdf.raw ?? Buffer.alloc(0));
      expect(text).toContain(done.invoices[0]?.invoice_number ?? 'none');
      if (locale === 'de') expect(text).toContain('Rechnungsnummer');
      // Each charge is named in the invoice's language, the room night with its room; the hotel system's
      // own text (English in the demo) is not printed.
      const data = await database.db.select({ data: hotelInvoices.data }).from(hotelInvoices).where(eq(hotelInvoices.invoiceNumber, done.invoices[0]?.invoice_number ?? ''));
      const lines = data[0]?.data.charges.map((charge) => charge.description);
      expect(new Set(lines)).toEqual(
        new Set(locale === 'de' ? [`Zimmer ${stay.roomNumber}, ${stay.roomTypeName}`, 'City-Tax', 'Minibar'] : [`الغرفة ${stay.roomNumber}، ${stay.roomTypeName}`, 'ضريبة المدينة', 'الميني بار']),
      );
      expect(text).not.toContain('hotel text');
      // Arabic: the labels' letters are there (the extractor reads the shaped glyphs back as letters).
      if (locale === 'ar') expect(text).toMatch(/[\u0600-\u06FF\uFE70-\uFEFF]/);
      const mail = (await t.outbox(stay.guest.email)).find((entry) => entry.kind === 'hotel_invoice');
      expect(mail?.subject).toContain(locale === 'de' ? 'Ihre Rechnung' : 'فاتورتك');
    }
  });

  it('a 3-D Secure challenge: action_required, then the notification settles it', async () => {
    const stay = await t.stayInHouse();
    const { checkout, accessKey } = await t.start(stay);
    const session = await t.cardSession(checkout.id, accessKey);
    const result = t.payResultOf(await t.pay(session.id, accessKey, { card: TEST_CARDS.challenge }));
    expect(result.status).toBe('action_required');
    const paymentId = result.status === 'action_required' ? (result.redirect_url.split('/').at(-1) ?? '') : '';
    expect(t.checkoutOf(await t.get(P.checkout(checkout.id), accessKey))).toMatchObject({ status: 'paying', session: { state: 'action_required' } });
    // Meanwhile another pay of the session is refused: one payment per session.
    expect(codeOf(await t.pay(session.id, accessKey))).toBe('session_not_open');
    await t.notify(paymentId, 'authorized');
    const paid = t.checkoutOf(await t.get(P.checkout(checkout.id), accessKey));
    expect(paid).toMatchObject({ status: 'settled', session: { state: 'paid' }, folio: { balances: { private: 0 } } });
    // The notification again changes nothing.
    await t.notify(paymentId, 'authorized');
    expect((await t.pms.folio(stay.id)).payments).toHaveLength(paid.folio.payments.length);
  });

  it('a 3-D Secure challenge settled by the read after the guest comes back (no notification)', async () => {
    const stay = await t.stayInHouse();
    const { checkout, accessKey } = await t.start(stay);
    const session = await t.cardSession(checkout.id, accessKey);
    const result = t.payResultOf(await t.pay(session.id, accessKey, { card: TEST_CARDS.challenge }));
    const paymentId = result.status === 'action_required' ? (result.redirect_url.split('/').at(-1) ?? '') : '';
    t.payments.complete(paymentId, 'authorized');
    expect(t.checkoutOf(await t.get(P.checkout(checkout.id), accessKey)).status).toBe('settled');
  });

  it('declined: the folio stays open, and paying again with another card works', async () => {
    const stay = await t.stayInHouse();
    const { checkout, accessKey } = await t.start(stay);
    const session = await t.cardSession(checkout.id, accessKey);
    expect(t.payResultOf(await t.pay(session.id, accessKey, { card: TEST_CARDS.declined }))).toEqual({ status: 'declined', reason: 'declined' });
    const open = t.checkoutOf(await t.get(P.checkout(checkout.id), accessKey));
    expect(open).toMatchObject({ status: 'open', session: { state: 'declined' } });
    expect(open.folio.balances.private).toBeGreaterThan(0);
    expect(t.payResultOf(await t.pay(session.id, accessKey)).status).toBe('succeeded');
  });

  it('checks pay requests: Idempotency-Key, method and card, a return address on this site, the provider down', async () => {
    const stay = await t.stayInHouse();
    const { checkout, accessKey } = await t.start(stay);
    const session = t.sessionOf(await t.post(P.session(checkout.id), undefined, accessKey));
    expect((await t.call('POST', P.sessionPay(session.id), { locale: 'en' }, t.key(accessKey))).status).toBe(400);
    expect(codeOf(await t.pay(session.id, accessKey))).toBe('payment_method_missing');
    expect((await t.put(P.sessionPaymentMethod(session.id), { payment_method: 'points' }, accessKey)).status).toBe(400);
    t.sessionOf(await t.put(P.sessionPaymentMethod(session.id), { payment_method: 'card' }, accessKey));
    expect(codeOf(await t.pay(session.id, accessKey, { body: { locale: 'en' } }))).toBe('payment_method_missing');
    expect((await t.pay(session.id, accessKey, { body: { payment_instrument_id: 'x', locale: 'xx' } })).status).toBe(400);
    const elsewhere = await t.pay(session.id, accessKey, { body: { payment_instrument_id: t.payments.tokenFor(TEST_CARDS.success), locale: 'en', redirect_url: 'https://evil.test/back' } });
    expect([elsewhere.status, codeOf(elsewhere)]).toEqual([400, 'bad_request']);
    t.payments.failNext(1);
    expect(codeOf(await t.pay(session.id, accessKey))).toBe('payments_unavailable');
    expect(t.payResultOf(await t.pay(session.id, accessKey)).status).toBe('succeeded');
  });
});

describe('a charge posted while the guest pays', () => {
  it('before paying: 409 folio_changed and nothing asked; the refreshed session pays the new amount', async () => {
    const stay = await t.stayInHouse();
    const { checkout, accessKey } = await t.start(stay);
    const session = await t.cardSession(checkout.id, accessKey);
    await t.postCharge(stay.id, { kind: 'restaurant', amountMinor: 4_000 });
    const before = t.payments.authorizations.length;
    const changed = await t.pay(session.id, accessKey);
    expect([changed.status, codeOf(changed)]).toEqual([409, 'folio_changed']);
    expect(v.parse(HotelCheckoutConflictSchema, changed.body).checkout.session?.state).toBe('stale');
    expect(t.payments.authorizations.length).toBe(before);
    const refreshed = t.sessionOf(await t.put(P.session(checkout.id), undefined, accessKey));
    expect(refreshed.amounts.private).toBe(session.amounts.private + 40);
    expect(t.payResultOf(await t.pay(refreshed.id, accessKey)).status).toBe('succeeded');
    expect((await t.pms.folio(stay.id)).balances).toEqual({ private: 0, business: 0 });
  });

  it('between the authorisation and the hotel taking the payment: not recorded, not captured, the difference paid next', async () => {
    let postDuringPayment: string | null = null;
    const racing = createHotelCheckoutTestApp(database.db, {
      pms: (pms): PropertyManagementPort => ({
        ...pms,
        async recordPayment(stayId, payment, at) {
          if (postDuringPayment === stayId) {
            postDuringPayment = null;
            await pms.postCharge(stayId, { kind: 'minibar', description: 'Minibar', amountMinor: 800, serviceDate: payment.folio === 'private' ? '2026-01-01' : '2026-01-01' }, at);
          }
          return pms.recordPayment(stayId, payment, at);
        },
      }),
    });
    const stay = await racing.stayInHouse();
    const { checkout, accessKey } = await racing.start(stay);
    const session = await racing.cardSession(checkout.id, accessKey);
    postDuringPayment = stay.id;
    const changed = await racing.pay(session.id, accessKey);
    expect([changed.status, codeOf(changed)]).toEqual([409, 'folio_changed']);
    const paymentId = `${racing.payments.cancellations.at(-1)}`;
    expect(paymentId).toMatch(/^pay_/);
    expect(racing.payments.captures.filter((capture) => capture.paymentId === paymentId)).toEqual([]);
    const folio = await racing.pms.folio(stay.id);
    expect(folio.payments.filter((payment) => payment.method === 'card')).toEqual([]);
    const refreshed = racing.sessionOf(await racing.put(P.session(checkout.id), undefined, accessKey));
    expect(refreshed.amounts.private * 100).toBe(folio.balances.private);
    expect(racing.payResultOf(await racing.pay(refreshed.id, accessKey)).status).toBe('succeeded');
    const settled = await racing.pms.folio(stay.id);
    expect(settled.balances).toEqual({ private: 0, business: 0 });
    const charged = settled.charges.reduce((sum, charge) => sum + charge.amountMinor, 0);
    const paid = settled.payments.reduce((sum, payment) => sum + payment.amountMinor, 0);
    expect(paid).toBe(charged);
  });
});
