import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type * as v from 'valibot';
import {
  type BusinessAddress,
  type CreateHotelCheckoutRequestSchema,
  HOTEL_FOLIO_KINDS,
  type HotelCheckout,
  type HotelCheckoutSession,
  type HotelCheckoutStatus,
  type HotelFolioKind,
  type InvoiceAddress,
} from '../../src/contract/hotel-checkout';
import { type Locale, pickLocalized } from '../../src/contract/locales';
import { cities, hotelCheckouts, hotelCheckoutSessions, hotelInvoices, hotels, orders, reservations } from '../db/schema';
import type { Viewer } from '../ecommerce/context';
import { FolioChangedError, type FolioKind, type PmsStay, type StayFolio } from '../ports/property-management';
import { amountOf, type HotelCheckoutDeps, hotelSystem, NOT_FOUND, Refusal, refuse } from './context';

/**
 * The hotel checkout of a stay (decision record 0055): one row per stay of the hotel's system, made (or
 * found again) when the guest starts checking out, reached with the stay's access key or by the member
 * who booked it. The folio itself is always read from the hotel's system, never kept here.
 */

export type CheckoutRow = typeof hotelCheckouts.$inferSelect;
export type SessionRow = typeof hotelCheckoutSessions.$inferSelect;

/** Who calls: the member (bearer token) and the stay a valid access key names. */
export interface StayCaller {
  viewer: Viewer | null;
  keyStayId: string | null;
}

type CreateRequest = v.InferOutput<typeof CreateHotelCheckoutRequestSchema>;

/** Session states in which a payment is under way: the checkout reads `paying`. */
export const PAYING_STATES: readonly SessionRow['state'][] = ['authorizing', 'action_required', 'recording'];

export async function loadCheckout(deps: HotelCheckoutDeps, checkoutId: string): Promise<CheckoutRow | undefined> {
  const [row] = await deps.db.select().from(hotelCheckouts).where(eq(hotelCheckouts.id, checkoutId));
  return row;
}

/**
 * The checkout, if the caller may see it: the holder of the stay's access key, or the member who booked
 * the stay. Anyone else: 404, as for a checkout that does not exist.
 */
export async function authorizedCheckout(deps: HotelCheckoutDeps, checkoutId: string, caller: StayCaller): Promise<CheckoutRow> {
  const row = await loadCheckout(deps, checkoutId);
  if (!row) throw NOT_FOUND();
  if (caller.keyStayId === row.stayId) return row;
  if (caller.viewer) {
    const stay = await hotelSystem(deps, 'stay', () => deps.pms.stay(row.stayId));
    if (stay && stay.guest.memberId !== null && stay.guest.memberId === caller.viewer.memberId) return row;
  }
  throw NOT_FOUND();
}

/** The stay a create request names, or the refusal: 404 for anything not found or not the caller's. */
async function stayOfRequest(deps: HotelCheckoutDeps, request: CreateRequest, viewer: Viewer | null): Promise<PmsStay> {
  let stay: PmsStay | undefined;
  if ('token' in request) {
    const stayId = await deps.stayAccess.verifyLinkToken(request.token);
    if (!stayId) throw refuse(404, 'not_found', 'This link is not valid or has expired');
    stay = await hotelSystem(deps, 'stay', () => deps.pms.stay(stayId));
  } else if (request.last_name !== undefined) {
    const lastName = request.last_name;
    stay = await hotelSystem(deps, 'findStay', () => deps.pms.findStay(request.reservation_number, lastName));
  } else {
    if (!viewer) throw refuse(401, 'unauthorized', 'Sign in, or give the last name of the guest');
    stay = await hotelSystem(deps, 'stayOfReservation', () => deps.pms.stayOfReservation(request.reservation_number));
    if (stay && stay.guest.memberId !== viewer.memberId) stay = undefined;
  }
  if (!stay) throw refuse(404, 'not_found', 'No stay with these details');
  return stay;
}

/**
 * POST hotel-checkout: the checkout of a stay in house, made on the first call and found again on the
 * next ones (the room's QR code scanned twice, the page reloaded). Any day of an in-house stay is a day
 * to check out: guests may leave early. A stay checked out here answers its checkout (the invoices stay
 * reachable); one checked out at the desk answers already_checked_out, one not in house stay_not_in_house.
 */
export async function createCheckout(deps: HotelCheckoutDeps, request: CreateRequest, viewer: Viewer | null): Promise<CheckoutRow> {
  const stay = await stayOfRequest(deps, request, viewer);
  const [existing] = await deps.db.select().from(hotelCheckouts).where(eq(hotelCheckouts.stayId, stay.id));
  if (stay.status === 'checked_out') {
    if (existing?.checkedOutAt) return existing;
    throw refuse(409, 'already_checked_out', 'This stay is checked out already');
  }
  if (stay.status !== 'in_house') throw refuse(409, 'stay_not_in_house', 'This stay is not in house: check-out is possible from check-in to departure');
  const now = deps.now();
  if (existing) {
    if (request.locale && request.locale !== existing.locale) {
      await deps.db.update(hotelCheckouts).set({ locale: request.locale, updatedAt: now }).where(eq(hotelCheckouts.id, existing.id));
      return { ...existing, locale: request.locale };
    }
    return existing;
  }
  await deps.db
    .insert(hotelCheckouts)
    .values({ id: randomUUID(), stayId: stay.id, hotelCode: stay.hotelCode, reservationNumber: stay.reservationNumber, locale: request.locale ?? 'en', createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: hotelCheckouts.stayId });
  // Two first calls at once: one row wins, both answer it.
  const [row] = await deps.db.select().from(hotelCheckouts).where(eq(hotelCheckouts.stayId, stay.id));
  if (!row) throw new Error('The checkout was not stored');
  return row;
}

export async function currentSession(deps: Pick<HotelCheckoutDeps, 'db'>, checkoutId: string): Promise<SessionRow | undefined> {
  const [row] = await deps.db
    .select()
    .from(hotelCheckoutSessions)
    .where(and(eq(hotelCheckoutSessions.checkoutId, checkoutId), inArray(hotelCheckoutSessions.state, ['open', 'authorizing', 'action_required', 'recording', 'paid', 'stale', 'declined'])))
    .orderBy(desc(hotelCheckoutSessions.createdAt), desc(hotelCheckoutSessions.id))
    .limit(1);
  return row;
}

export function sessionView(row: SessionRow): HotelCheckoutSession {
  const state = row.state === 'authorizing' || row.state === 'recording' ? 'action_required' : row.state === 'replaced' ? 'stale' : row.state;
  return {
    id: row.id,
    state,
    folio_version: row.folioVersion,
    amounts: { private: amountOf(row.privateMinor), business: amountOf(row.businessMinor) },
    total: amountOf(row.privateMinor + row.businessMinor),
    currency: row.currency,
    payment_method: (row.paymentMethod as HotelCheckoutSession['payment_method']) ?? null,
  };
}

const foliosWithCharges = (folio: StayFolio): HotelFolioKind[] => HOTEL_FOLIO_KINDS.filter((kind) => folio.charges.some((charge) => charge.folio === kind));

/** What the stay earns a member: the points of the booking made on the site (decision record 0031); null for a guest's stay. */
export async function stayPoints(deps: Pick<HotelCheckoutDeps, 'db'>, stay: PmsStay): Promise<{ reservationId: string; points: number; credited: boolean } | null> {
  if (stay.guest.memberId === null) return null;
  const [row] = await deps.db
    .select({ id: reservations.id, points: reservations.pointsEarned, creditedAt: reservations.pointsCreditedAt, memberId: orders.memberId, status: reservations.status })
    .from(reservations)
    .innerJoin(orders, eq(orders.id, reservations.orderId))
    .where(eq(reservations.reservationNumber, stay.reservationNumber));
  if (!row || row.memberId !== stay.guest.memberId || row.status !== 'confirmed') return null;
  return { reservationId: row.id, points: row.points, credited: row.creditedAt !== null };
}

export async function hotelOf(deps: Pick<HotelCheckoutDeps, 'db'>, hotelCode: string, locale: Locale) {
  const [row] = await deps.db
    .select({ name: hotels.name, street: hotels.street, postalCode: hotels.postalCode, city: cities.name, countryCode: cities.countryCode })
    .from(hotels)
    .innerJoin(cities, eq(cities.id, hotels.cityId))
    .where(eq(hotels.hotelCode, hotelCode));
  if (!row) return { name: hotelCode, addressLines: [] as string[], countryCode: null };
  return { name: row.name, addressLines: [row.street, `${row.postalCode} ${pickLocalized(row.city, locale)}`], countryCode: row.countryCode };
}

export function statusOf(row: CheckoutRow, folio: StayFolio, session: SessionRow | undefined): HotelCheckoutStatus {
  if (row.checkedOutAt) return 'checked_out';
  if (session && PAYING_STATES.includes(session.state)) return 'paying';
  return folio.balances.private === 0 && folio.balances.business === 0 ? 'settled' : 'open';
}

/** The checkout as the contract answers it, from the stay's folio read now. */
export async function checkoutView(deps: HotelCheckoutDeps, row: CheckoutRow, folio?: StayFolio): Promise<HotelCheckout> {
  const read = folio ?? (await hotelSystem(deps, 'folio', () => deps.pms.folio(row.stayId)));
  const { stay } = read;
  const [session, invoices, points, hotel] = await Promise.all([
    currentSession(deps, row.id),
    deps.db.select().from(hotelInvoices).where(eq(hotelInvoices.checkoutId, row.id)),
    stayPoints(deps, stay),
    hotelOf(deps, stay.hotelCode, row.locale),
  ]);
  const withCharges = foliosWithCharges(read);
  const status = statusOf(row, read, session);
  const totals = (kind: FolioKind) => read.charges.filter((charge) => charge.folio === kind).reduce((sum, charge) => sum + charge.amountMinor, 0);
  return {
    id: row.id,
    status,
    stay: {
      reservation_number: stay.reservationNumber,
      hotel_code: stay.hotelCode,
      hotel_name: hotel.name,
      arrival_date: stay.arrivalDate,
      departure_date: stay.departureDate,
      room_number: stay.roomNumber,
      room_type_name: stay.roomTypeName,
      guest: { first_name: stay.guest.firstName, last_name: stay.guest.lastName },
      adults: stay.adults,
      children: stay.children,
      currency: stay.currency,
    },
    folio: {
      version: read.version,
      charges: read.charges.map((charge) => ({
        id: charge.id,
        folio: charge.folio,
        kind: charge.kind,
        description: charge.description,
        service_date: charge.serviceDate,
        amount: amountOf(charge.amountMinor),
      })),
      payments: read.payments.map((payment) => ({ id: payment.id, folio: payment.folio, amount: amountOf(payment.amountMinor), method: payment.method, paid_at: payment.paidAt.toISOString() })),
      balances: { private: amountOf(read.balances.private), business: amountOf(read.balances.business) },
      totals: { private: amountOf(totals('private')), business: amountOf(totals('business')) },
    },
    addresses: { private: row.privateAddress ?? null, business: row.businessAddress ?? null },
    session: session ? sessionView(session) : null,
    points: points ? { points: row.pointsCredited ?? points.points, credited: points.credited } : null,
    invoice_folios: withCharges,
    invoices: invoices
      .sort((a, b) => HOTEL_FOLIO_KINDS.indexOf(a.folio) - HOTEL_FOLIO_KINDS.indexOf(b.folio))
      .map((invoice) => ({ folio: invoice.folio, invoice_number: invoice.invoiceNumber, issued_on: invoice.issuedOn, total: amountOf(invoice.totalMinor) })),
    can_check_out: status === 'settled' && (!withCharges.includes('business') || row.businessAddress !== null),
  };
}

/** A 409 about the folio, with the checkout as it is now. */
export async function folioConflict(deps: HotelCheckoutDeps, row: CheckoutRow, code: 'folio_changed' | 'folio_not_settled', message: string): Promise<Refusal> {
  return new Refusal({ status: 409, code, message }, await checkoutView(deps, row));
}

const CLOSED = () => refuse(409, 'checkout_closed', 'This stay is checked out; nothing can be changed');

/** POST {id}/move-transaction: one charge to the other folio, at the folio version the guest saw. */
export async function moveCharge(deps: HotelCheckoutDeps, row: CheckoutRow, request: { charge_id: string; to: HotelFolioKind; folio_version: number }): Promise<HotelCheckout> {
  if (row.checkedOutAt) throw CLOSED();
  const folio = await hotelSystem(deps, 'folio', () => deps.pms.folio(row.stayId));
  if (!folio.charges.some((charge) => charge.id === request.charge_id)) {
    throw refuse(404, 'not_found', 'No such charge on this folio', 'charge_id');
  }
  try {
    const moved = await hotelSystem(deps, 'moveCharge', () => deps.pms.moveCharge(row.stayId, request.charge_id, request.to, request.folio_version));
    return await checkoutView(deps, row, moved);
  } catch (error) {
    if (error instanceof FolioChangedError) throw await folioConflict(deps, row, 'folio_changed', 'The folio changed meanwhile; look at it again and move the charge once more');
    throw error;
  }
}

export async function setAddress(deps: HotelCheckoutDeps, row: CheckoutRow, which: 'private', address: InvoiceAddress): Promise<HotelCheckout>;
export async function setAddress(deps: HotelCheckoutDeps, row: CheckoutRow, which: 'business', address: BusinessAddress): Promise<HotelCheckout>;
/** PUT {id}/profile/address and business-address: the invoice addresses, until check-out. */
export async function setAddress(deps: HotelCheckoutDeps, row: CheckoutRow, which: HotelFolioKind, address: InvoiceAddress | BusinessAddress): Promise<HotelCheckout> {
  if (row.checkedOutAt) throw CLOSED();
  const set =
    which === 'private' ? { privateAddress: address as InvoiceAddress, updatedAt: deps.now() } : { businessAddress: { ...(address as BusinessAddress), vat_id: (address as BusinessAddress).vat_id ?? null }, updatedAt: deps.now() };
  const [updated] = await deps.db.update(hotelCheckouts).set(set).where(eq(hotelCheckouts.id, row.id)).returning();
  return checkoutView(deps, updated ?? row);
}
