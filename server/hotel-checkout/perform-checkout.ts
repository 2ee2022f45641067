import { randomUUID } from 'node:crypto';
import { and, eq, exists, isNull, lt, sql } from 'drizzle-orm';
import { HOTEL_FOLIO_KINDS, type HotelCheckout, type HotelFolioKind } from '../../src/contract/hotel-checkout';
import { hotelCheckouts, hotelInvoiceCounters, hotelInvoices, orders, reservations } from '../db/schema';
import { stayOf } from '../ecommerce/orders';
import type { Writer } from '../ecommerce/inventory';
import { businessDate } from '../lib/calendar';
import { creditStay, splitEarned } from '../loyalty/stays';
import { FolioNotSettledError, type PmsStay, type StayFolio, StayStateError } from '../ports/property-management';
import { accommodationVatBps } from '../search/taxes';
import { type CheckoutRow, checkoutView, folioConflict, hotelOf, stayPoints } from './checkouts';
import { type HotelCheckoutDeps, hotelSystem, refuse } from './context';
import type { InvoiceData } from './invoice-data';
import { invoiceChargeText, invoiceLabels, invoicePdf } from './invoice-pdf';
import { releaseCheckinGuarantee } from './release-guarantee';
import { hotelInvoiceMail } from './mails';

/**
 * POST {id}/perform-checkout (decision record 0055): the hotel's system checks the stay out (it refuses
 * while a folio has a balance), then, once, in one transaction: the member's points of the stay are
 * credited and an invoice is issued for each folio with charges; after it the invoices are mailed and
 * the online check-in's guarantee, if the stay has one, is released.
 * Idempotent: the checkout row is marked checked out by a conditional update only one call wins, and a
 * repeated call answers the checkout as it is.
 */
export async function performCheckout(deps: HotelCheckoutDeps, row: CheckoutRow): Promise<HotelCheckout> {
  if (row.checkedOutAt) return checkoutView(deps, row);
  const folio = await hotelSystem(deps, 'folio', () => deps.pms.folio(row.stayId));
  const withCharges = HOTEL_FOLIO_KINDS.filter((kind) => folio.charges.some((charge) => charge.folio === kind));
  if (withCharges.includes('business') && !row.businessAddress) {
    throw refuse(422, 'business_address_missing', 'The business invoice needs the company and its address', 'business_address');
  }
  const now = deps.now();
  // Noted before the hotel's system is asked: a stay it says was checked out before then was checked out
  // elsewhere (at the desk, which gives the guest its invoices), not by this checkout. A call after one
  // that stopped between the hotel's check-out and the invoices finishes its work (checking out is
  // idempotent in the hotel's system).
  const requestedAt = row.checkoutRequestedAt ?? now;
  if (!row.checkoutRequestedAt) await deps.db.update(hotelCheckouts).set({ checkoutRequestedAt: now }).where(and(eq(hotelCheckouts.id, row.id), isNull(hotelCheckouts.checkoutRequestedAt)));
  let checkedOut: PmsStay;
  try {
    checkedOut = await hotelSystem(deps, 'checkOut', () => deps.pms.checkOut(row.stayId, now));
  } catch (error) {
    if (error instanceof FolioNotSettledError) throw await folioConflict(deps, row, 'folio_not_settled', 'Something is left to pay; pay it or check out at the front desk');
    if (error instanceof StayStateError) throw refuse(409, 'stay_not_in_house', 'This stay is not in house');
    throw error;
  }
  if (checkedOut.checkedOutAt && checkedOut.checkedOutAt < requestedAt) throw refuse(409, 'stay_not_in_house', 'This stay was checked out at the hotel');
  const points = await stayPoints(deps, folio.stay);
  const hotel = await hotelOf(deps, folio.stay.hotelCode, row.locale);
  const issued = await deps.db.transaction(async (tx) => {
    const [won] = await tx
      .update(hotelCheckouts)
      .set({ checkedOutAt: now, updatedAt: now })
      .where(and(eq(hotelCheckouts.id, row.id), isNull(hotelCheckouts.checkedOutAt)))
      .returning();
    if (!won) return null;
    const credited = points && !points.credited ? await creditPoints(tx, points.reservationId, now) : 0;
    if (credited > 0) await tx.update(hotelCheckouts).set({ pointsCredited: credited }).where(eq(hotelCheckouts.id, row.id));
    const invoices: InvoiceData[] = [];
    for (const kind of withCharges) invoices.push(await issueInvoice(tx, won, folio, kind, hotel, now));
    return { invoices, credited };
  });
  const fresh = (await deps.db.select().from(hotelCheckouts).where(eq(hotelCheckouts.id, row.id)))[0] ?? row;
  if (issued && issued.invoices.length > 0) await mailInvoices(deps, fresh, folio.stay.guest, hotel.name, issued.invoices, issued.credited);
  // The bill is paid: what the online check-in held as a guarantee is given back (by the call that checked out).
  if (issued) await releaseCheckinGuarantee(deps, row.stayId);
  return checkoutView(deps, fresh);
}

/**
 * The points of the stay's booking credited now (decision record 0031's credit, the day of check-out
 * instead of the day after): the reservation is marked in this transaction, and only when it was not
 * yet, so the nightly job never credits it again (and each ledger entry's key names the reservation).
 */
async function creditPoints(tx: Writer, reservationId: string, now: Date): Promise<number> {
  const [marked] = await tx
    .update(reservations)
    .set({ pointsCreditedAt: now })
    .where(and(eq(reservations.id, reservationId), eq(reservations.status, 'confirmed'), isNull(reservations.pointsCreditedAt)))
    .returning();
  if (!marked || marked.pointsEarned <= 0) return 0;
  const [order] = await tx.select({ id: orders.id, memberId: orders.memberId, hotelId: orders.hotelId }).from(orders).where(eq(orders.id, marked.orderId));
  const stay = order ? stayOf(order, marked) : null;
  if (!stay) return 0;
  await creditStay(tx, stay, splitEarned(marked.pointsEarned, marked.details.green), now);
  return marked.pointsEarned;
}

/** The next invoice number of the hotel: the counter row is locked by the update until the transaction ends, so numbers never repeat or skip. */
async function nextInvoiceNumber(tx: Writer, hotelCode: string): Promise<number> {
  const [counter] = await tx
    .insert(hotelInvoiceCounters)
    .values({ hotelCode, lastNumber: 1 })
    .onConflictDoUpdate({ target: hotelInvoiceCounters.hotelCode, set: { lastNumber: sql`${hotelInvoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: hotelInvoiceCounters.lastNumber });
  if (!counter) throw new Error('No invoice number');
  return counter.lastNumber;
}

/** Invoice numbers read `<hotel>-<year>-<number, six digits>`: sequential per hotel, never two alike. */
export const invoiceNumberOf = (hotelCode: string, issuedOn: string, number: number) => `${hotelCode}-${issuedOn.slice(0, 4)}-${String(number).padStart(6, '0')}`;

async function issueInvoice(tx: Writer, row: CheckoutRow, folio: StayFolio, kind: HotelFolioKind, hotel: Awaited<ReturnType<typeof hotelOf>>, now: Date): Promise<InvoiceData> {
  const number = await nextInvoiceNumber(tx, folio.stay.hotelCode);
  const issuedOn = businessDate(now);
  const charges = folio.charges.filter((charge) => charge.folio === kind).sort((a, b) => a.serviceDate.localeCompare(b.serviceDate) || a.postedAt.getTime() - b.postedAt.getTime());
  const payments = folio.payments.filter((payment) => payment.folio === kind);
  const totalMinor = charges.reduce((sum, charge) => sum + charge.amountMinor, 0);
  const paidMinor = payments.reduce((sum, payment) => sum + payment.amountMinor, 0);
  const guestName = `${folio.stay.guest.firstName} ${folio.stay.guest.lastName}`;
  const labels = invoiceLabels(row.locale);
  const business = row.businessAddress;
  const personal = row.privateAddress;
  const recipient =
    kind === 'business' && business
      ? { lines: [business.company_name, `c/o ${guestName}`, business.address_line, `${business.postal_code} ${business.city}`, business.country_code], vatId: business.vat_id ?? null }
      : personal
        ? { lines: [personal.name, personal.address_line, `${personal.postal_code} ${personal.city}`, personal.country_code], vatId: null }
        : { lines: [guestName], vatId: null };
  // VAT of the room nights at the country's accommodation rate (server/search/taxes.ts, gross prices);
  // the demo data has no rates for the other charges, so they are not broken down.
  const roomMinor = charges.filter((charge) => charge.kind === 'room').reduce((sum, charge) => sum + charge.amountMinor, 0);
  const vat: InvoiceData['vat'] = [];
  if (roomMinor > 0 && hotel.countryCode) {
    const rateBps = accommodationVatBps(hotel.countryCode);
    const netMinor = Math.round((roomMinor * 10_000) / (10_000 + rateBps));
    vat.push({ rateBps, netMinor, vatMinor: roomMinor - netMinor });
  }
  const data: InvoiceData = {
    invoiceNumber: invoiceNumberOf(folio.stay.hotelCode, issuedOn, number),
    issuedOn,
    locale: row.locale,
    folio: kind,
    currency: folio.stay.currency,
    hotel: { name: hotel.name, addressLines: hotel.addressLines },
    recipient,
    guestName,
    reservationNumber: folio.stay.reservationNumber,
    roomNumber: folio.stay.roomNumber,
    arrivalDate: folio.stay.arrivalDate,
    departureDate: folio.stay.departureDate,
    charges: charges.map((charge) => ({ date: charge.serviceDate, description: invoiceChargeText(charge.kind, folio.stay, labels), amountMinor: charge.amountMinor })),
    payments: payments.map((payment) => ({ date: businessDate(payment.paidAt), method: payment.method, amountMinor: payment.amountMinor })),
    vat,
    totalMinor,
    paidMinor,
    balanceMinor: totalMinor - paidMinor,
  };
  await tx.insert(hotelInvoices).values({
    id: randomUUID(),
    checkoutId: row.id,
    folio: kind,
    hotelCode: folio.stay.hotelCode,
    number,
    invoiceNumber: data.invoiceNumber,
    issuedOn,
    totalMinor,
    currency: data.currency,
    data,
    createdAt: now,
  });
  return data;
}

export const invoiceFilename = (data: Pick<InvoiceData, 'invoiceNumber'>) => `invoice-${data.invoiceNumber}.pdf`;

/**
 * The mail with every invoice attached, sent once: the check-out row is claimed for it first (a conditional
 * update), so the request and the job never both send it. A mail that fails is logged and the claim given
 * back, so the job tries again; the invoices stay downloadable meanwhile.
 */
async function mailInvoices(deps: HotelCheckoutDeps, row: CheckoutRow, guest: { email: string; firstName: string }, hotelName: string, invoices: InvoiceData[], points: number): Promise<boolean> {
  const [claimed] = await deps.db
    .update(hotelCheckouts)
    .set({ invoicesMailedAt: deps.now() })
    .where(and(eq(hotelCheckouts.id, row.id), isNull(hotelCheckouts.invoicesMailedAt)))
    .returning({ id: hotelCheckouts.id });
  if (!claimed) return false;
  try {
    const attachments = await Promise.all(invoices.map(async (data) => ({ filename: invoiceFilename(data), contentType: 'application/pdf', content: await invoicePdf(data) })));
    await deps.mail.send(
      hotelInvoiceMail({
        to: guest.email,
        locale: row.locale,
        firstName: guest.firstName,
        hotelName,
        invoiceNumbers: invoices.map((invoice) => invoice.invoiceNumber),
        points,
        attachments,
      }),
    );
    return true;
  } catch (error) {
    deps.logger.log('error', 'invoice mail not sent', { checkoutId: row.id, error });
    await deps.db.update(hotelCheckouts).set({ invoicesMailedAt: null }).where(eq(hotelCheckouts.id, row.id));
    return false;
  }
}

/** How long after a check-out the job takes over an invoice mail that was not sent: the request has surely ended by then. */
export const INVOICE_MAIL_GRACE_MS = 2 * 60 * 1000;

/**
 * The maintenance job: invoice mails of check-outs that issued invoices but whose mail was not sent (the
 * process ended after the check-out, or the mail service refused it) are sent now. Answers how many.
 */
export async function sendUnsentInvoiceMails(deps: HotelCheckoutDeps): Promise<number> {
  const before = new Date(deps.now().getTime() - INVOICE_MAIL_GRACE_MS);
  const waiting = await deps.db
    .select()
    .from(hotelCheckouts)
    .where(
      and(
        isNull(hotelCheckouts.invoicesMailedAt),
        lt(hotelCheckouts.checkedOutAt, before),
        exists(deps.db.select({ id: hotelInvoices.id }).from(hotelInvoices).where(eq(hotelInvoices.checkoutId, hotelCheckouts.id))),
      ),
    )
    .limit(50);
  let sent = 0;
  for (const row of waiting) {
    const stay = await deps.pms.stay(row.stayId);
    if (!stay) continue;
    const invoices = (await deps.db.select({ data: hotelInvoices.data }).from(hotelInvoices).where(eq(hotelInvoices.checkoutId, row.id)).orderBy(hotelInvoices.number)).map((invoice) => invoice.data);
    const hotel = await hotelOf(deps, stay.hotelCode, row.locale);
    if (await mailInvoices(deps, row, stay.guest, hotel.name, invoices, row.pointsCredited ?? 0)) sent += 1;
  }
  return sent;
}

/** The invoice of one folio, once issued. */
export async function invoiceOf(deps: Pick<HotelCheckoutDeps, 'db'>, row: CheckoutRow, folio: HotelFolioKind): Promise<InvoiceData | null> {
  const [invoice] = await deps.db
    .select({ data: hotelInvoices.data })
    .from(hotelInvoices)
    .where(and(eq(hotelInvoices.checkoutId, row.id), eq(hotelInvoices.folio, folio)));
  return invoice?.data ?? null;
}
