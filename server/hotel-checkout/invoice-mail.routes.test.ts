import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_TODAY, useTestDatabase } from '../../test/bff/database';
import { hotelCheckouts } from '../db/schema';
import type { MailPort } from '../ports/mail';
import type { PmsStay } from '../ports/property-management';
import { INVOICE_MAIL_GRACE_MS } from './perform-checkout';
import { codeOf, createHotelCheckoutTestApp, type HotelCheckoutTestApp, P } from './testing';

/*
 * The invoice mail reaches the guest even when it could not be sent with the check-out (the mail service
 * refused it, or the process ended in between): a maintenance job sends it a little later, once. And a
 * check-out asked again after one that stopped between the hotel's check-out and the invoices finishes
 * the work, while a stay the hotel checked out before the guest asked is not invoiced online again.
 */

const database = useTestDatabase();
let t: HotelCheckoutTestApp;
/** While true, the mail service refuses every mail. */
let mailDown = false;

beforeAll(() => {
  t = createHotelCheckoutTestApp(database.db, {
    mail: (outbox): MailPort => ({
      async send(message) {
        if (mailDown) throw new Error('mail service down');
        await outbox.send(message);
      },
    }),
  });
});
beforeEach(() => {
  mailDown = false;
  t.base.setNow(new Date(TEST_TODAY));
});

const later = (milliseconds: number) => t.base.setNow(new Date(t.base.now().getTime() + milliseconds));
const invoiceMails = async (stay: PmsStay) => (await t.outbox(stay.guest.email)).filter((mail) => mail.kind === 'hotel_invoice');
/** The invoice mails to the stay's guest from now on (the test stays share a guest's address). */
async function mailsFromNow(stay: PmsStay): Promise<() => ReturnType<typeof invoiceMails>> {
  const before = new Set((await invoiceMails(stay)).map((mail) => mail.id));
  return async () => (await invoiceMails(stay)).filter((mail) => !before.has(mail.id));
}

/** A stay in house with its bill paid by card: the checkout and its access key. */
async function paid(stay: PmsStay) {
  const { checkout, accessKey } = await t.start(stay);
  const session = await t.cardSession(checkout.id, accessKey);
  expect(t.payResultOf(await t.pay(session.id, accessKey)).status).toBe('succeeded');
  return { checkout, accessKey };
}

describe('the invoice mail', () => {
  it('is sent by the job when the mail service refused it at check-out, once, with every invoice', async () => {
    const stay = await t.stayInHouse({ charges: [{ kind: 'parking', amountMinor: 2_000, folio: 'business' }] });
    const newMails = await mailsFromNow(stay);
    const { checkout, accessKey } = await paid(stay);
    await t.put(P.businessAddress(checkout.id), { company_name: 'Acme GmbH', address_line: 'Hauptstraße 1', postal_code: '10115', city: 'Berlin', country_code: 'DE' }, accessKey);
    mailDown = true;
    const done = t.checkoutOf(await t.post(P.performCheckout(checkout.id), undefined, accessKey));
    expect(done.status).toBe('checked_out');
    expect(done.invoices).toHaveLength(2);
    expect(await newMails()).toHaveLength(0);
    expect(t.logger.lines.some((line) => line.msg === 'invoice mail not sent')).toBe(true);
    mailDown = false;

    // Within the grace time the job leaves it to the request; after it, the job sends it.
    expect((await t.runMaintenance()).hotelInvoiceMailsSent).toBe(0);
    later(INVOICE_MAIL_GRACE_MS + 1_000);
    expect((await t.runMaintenance()).hotelInvoiceMailsSent).toBe(1);
    const mails = await newMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.attachments?.map((file) => file.filename)).toEqual(done.invoices.map((invoice) => `invoice-${invoice.invoice_number}.pdf`).sort());
    // Sent once: the job again and the check-out asked again send nothing more.
    expect((await t.runMaintenance()).hotelInvoiceMailsSent).toBe(0);
    t.checkoutOf(await t.post(P.performCheckout(checkout.id), undefined, accessKey));
    expect(await newMails()).toHaveLength(1);
  });

  it('is sent with the check-out when the mail service answers, and the job has nothing to do', async () => {
    const stay = await t.stayInHouse();
    const newMails = await mailsFromNow(stay);
    const { checkout, accessKey } = await paid(stay);
    t.checkoutOf(await t.post(P.performCheckout(checkout.id), undefined, accessKey));
    expect(await newMails()).toHaveLength(1);
    later(INVOICE_MAIL_GRACE_MS + 1_000);
    expect((await t.runMaintenance()).hotelInvoiceMailsSent).toBe(0);
    const [row] = await database.db.select({ mailed: hotelCheckouts.invoicesMailedAt }).from(hotelCheckouts).where(eq(hotelCheckouts.id, checkout.id));
    expect(row?.mailed).toBeInstanceOf(Date);
  });
});

describe('perform-checkout after an interruption', () => {
  it('finishes a check-out whose call stopped after the hotel’s system checked the guest out: invoices and mail', async () => {
    const stay = await t.stayInHouse();
    const newMails = await mailsFromNow(stay);
    const { checkout, accessKey } = await paid(stay);
    // The earlier call: it noted its request and the hotel's system checked the stay out, then the process ended.
    await database.db.update(hotelCheckouts).set({ checkoutRequestedAt: t.base.now() }).where(eq(hotelCheckouts.id, checkout.id));
    await t.pms.checkOut(stay.id, t.base.now());
    later(5_000);
    const done = t.checkoutOf(await t.post(P.performCheckout(checkout.id), undefined, accessKey));
    expect(done.status).toBe('checked_out');
    expect(done.invoices).toHaveLength(1);
    expect(await newMails()).toHaveLength(1);
  });

  it('does not invoice online a stay the hotel checked out before the guest asked', async () => {
    const stay = await t.stayInHouse();
    const newMails = await mailsFromNow(stay);
    const { checkout, accessKey } = await paid(stay);
    // Checked out at the desk, which gives the guest the invoice there.
    await t.pms.checkOut(stay.id, t.base.now());
    later(60_000);
    expect(codeOf(await t.post(P.performCheckout(checkout.id), undefined, accessKey))).toBe('stay_not_in_house');
    expect(await newMails()).toHaveLength(0);
  });
});
