import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import QRCode from 'qrcode';
import {
  type Checkin,
  type CheckinAvailability,
  type CheckinAvailabilityState,
  CHECKIN_LIMITS,
  type CheckinPaymentMethod,
  type PersonalDetailsInput,
  registrationIssues,
  requirementsOf,
} from '../../src/contract/checkin';
import { addDays, calendarDateIn, nightsBetween } from '../../src/contract/calendar-dates';
import { isLocale, type Locale } from '../../src/contract/locales';
import type { Database } from '../db/database';
import { cities, currencies, hotels, members, onlineCheckins, type OnlineCheckinDetails, orders, reservations } from '../db/schema';
import type { Failure, Result, Viewer } from '../ecommerce/context';
import type { OrderAccessTokens } from '../ecommerce/order-access';
import type { Logger } from '../logger';
import type { StayAccessTokens } from '../pms/stay-access';
import type { MailPort } from '../ports/mail';
import type { PaymentsPort } from '../ports/payments';
import type { PmsStay, PropertyManagementPort } from '../ports/property-management';
import { convertMinor, type CurrencyRate, EURO, toMajor } from '../search/money';

/**
 * Online check-in (decision record 0054): who may reach a check-in, whether the stay can be checked in
 * now, the registration form, and the answer the browser gets. Payment lives in payments.ts, the mails in
 * mails.ts, the pre-arrival mail's job in pre-arrival.ts.
 */

export interface CheckinDeps {
  db: Database;
  logger: Logger;
  now: () => Date;
  mail: MailPort;
  /** Unset: paying answers 503 payments_unavailable. */
  payments?: PaymentsPort | undefined;
  propertyManagement: PropertyManagementPort;
  /** The web app's origin, for the mails' links and the provider's return address. */
  origin: () => string;
  stayAccess: StayAccessTokens;
  /** The manage-booking page holds an order access key: it may start the check-in of its booking's stays. */
  orderAccess: OrderAccessTokens;
}

export type CheckinRow = typeof onlineCheckins.$inferSelect;

/** Who calls: the member of a bearer token, the stay of a stay access key, the order of an order access key. */
export interface CheckinCaller {
  viewer: Viewer | null;
  keyStayId: string | null;
  keyCartId: string | null;
}

/** The hotel's system did not answer: the route answers 503 and nothing was changed. */
export class HotelSystemUnavailable extends Error {
  constructor(options?: ErrorOptions) {
    super('The hotel system did not answer', options);
    this.name = 'HotelSystemUnavailable';
  }
}

export const HOTEL_SYSTEM_UNAVAILABLE: Failure = {
  status: 503,
  code: 'hotel_system_unavailable',
  message: 'The hotel system is not available right now; please try again in a moment',
};

const NOT_FOUND: Failure = { status: 404, code: 'not_found', message: 'No such check-in' };
const COMPLETED: Failure = { status: 409, code: 'checkin_completed', message: 'This check-in is completed' };

/** A call to the hotel's system; whatever it throws becomes HotelSystemUnavailable. */
export async function pms<T>(deps: CheckinDeps, call: (port: PropertyManagementPort) => Promise<T>): Promise<T> {
  try {
    return await call(deps.propertyManagement);
  } catch (error) {
    deps.logger.log('error', 'hotel system call failed', { error });
    throw new HotelSystemUnavailable({ cause: error });
  }
}

export interface CheckinHotel {
  code: string;
  name: string;
  country: string;
  timeZone: string;
  checkInFrom: string;
}

export async function hotelOf(db: Database, hotelCode: string): Promise<CheckinHotel> {
  const [row] = await db
    .select({ code: hotels.hotelCode, name: hotels.name, country: cities.countryCode, timeZone: hotels.timeZone, checkInFrom: hotels.checkInFrom })
    .from(hotels)
    .innerJoin(cities, eq(cities.id, hotels.cityId))
    .where(eq(hotels.hotelCode, hotelCode));
  // A stay at a hotel the content does not know: the country's rules cannot be applied, so the default ones are.
  return row ?? { code: hotelCode, name: hotelCode, country: 'ZZ', timeZone: 'Europe/Berlin', checkInFrom: '15:00' };
}

/** Today at the hotel: a stay's dates are the hotel's. */
export const hotelToday = (hotel: Pick<CheckinHotel, 'timeZone'>, now: Date) => calendarDateIn(hotel.timeZone, now);

/** The first day online check-in is possible. */
export const opensOn = (stay: Pick<PmsStay, 'arrivalDate'>) => addDays(stay.arrivalDate, -CHECKIN_LIMITS.preArrivalDays);

/** Whether the stay can be checked in online on the hotel's `today` (a completed check-in aside). */
export function openness(stay: Pick<PmsStay, 'status' | 'arrivalDate'>, today: string): Exclude<CheckinAvailabilityState, 'completed'> {
  if (stay.status === 'cancelled') return 'cancelled';
  if (stay.status !== 'expected' || today > stay.arrivalDate) return 'closed';
  if (today < opensOn(stay)) return 'not_open_yet';
  return 'open';
}

/** The failure of a stay that cannot be checked in now; null when it can. */
export function notOpenFailure(state: ReturnType<typeof openness>, stay: Pick<PmsStay, 'arrivalDate'>): Failure | null {
  if (state === 'open') return null;
  if (state === 'cancelled') return { status: 409, code: 'stay_cancelled', message: 'This booking was cancelled' };
  if (state === 'closed') return { status: 409, code: 'checkin_closed', message: 'Online check-in is over for this stay; please check in at the front desk' };
  const date = opensOn(stay);
  return { status: 409, code: 'checkin_not_open_yet', message: `Online check-in opens on ${date}`, issues: [{ path: 'opens_on', message: date }] };
}

async function currencyOf(db: Database, code: string): Promise<CurrencyRate> {
  const [row] = await db.select().from(currencies).where(eq(currencies.code, code));
  return row ? { code: row.code, decimals: row.decimals, ratePerEurMicros: row.ratePerEurMicros } : { ...EURO, code };
}

export interface PreAuthorisationMinor {
  totalMinor: number;
  roomMinor: number;
  cityTaxMinor: number;
  incidentalsMinor: number;
  currency: CurrencyRate;
}

/**
 * What the pre-authorisation holds: the room nights the booking did not pay (none when paid with points),
 * the city tax, and the incidentals hold for each night. A system that does not say what was booked: what
 * its folio says is owed.
 */
export async function preAuthorisationOf(deps: CheckinDeps, stay: PmsStay): Promise<PreAuthorisationMinor> {
  const currency = await currencyOf(deps.db, stay.currency);
  const nights = Math.max(1, nightsBetween(stay.arrivalDate, stay.departureDate));
  const incidentalsMinor = convertMinor(CHECKIN_LIMITS.incidentalsPerNightEurMinor * nights, EURO, currency);
  let roomMinor: number;
  let cityTaxMinor = 0;
  if (stay.booked) {
    roomMinor = stay.booked.paidWithPoints ? 0 : Math.max(0, stay.booked.roomTotalMinor - stay.booked.prepaidMinor);
    cityTaxMinor = stay.booked.cityTaxMinor;
  } else {
    const folio = await pms(deps, (port) => port.folio(stay.id));
    roomMinor = Math.max(0, folio.balances.private);
  }
  return { totalMinor: roomMinor + cityTaxMinor + incidentalsMinor, roomMinor, cityTaxMinor, incidentalsMinor, currency };
}

/** What the QR code of a confirmation holds: the front desk scans it and looks the check-in up by its code. */
export const qrPayloadOf = (code: string) => `HCI:${code}`;

export const qrImageOf = (payload: string): Promise<string> => QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 240 });

/** Letters and digits that cannot be mistaken for each other when read out at the desk (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CONFIRMATION_CODE_LENGTH = 8;
export function newConfirmationCode(): string {
  let code = '';
  for (let index = 0; index < CONFIRMATION_CODE_LENGTH; index++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The answer of GET checkin/{id} and of every change. */
export async function checkinView(deps: CheckinDeps, row: CheckinRow, stay: PmsStay): Promise<Checkin> {
  const hotel = await hotelOf(deps.db, stay.hotelCode);
  const requirements = requirementsOf(hotel.country);
  const money = await preAuthorisationOf(deps, stay);
  const major = (minor: number) => toMajor(minor, money.currency);
  const completed = row.status === 'completed' && row.confirmationCode && row.completedAt;
  const payload = completed ? qrPayloadOf(row.confirmationCode ?? '') : null;
  return {
    id: row.id,
    status: row.status,
    stay: {
      reservation_number: stay.reservationNumber,
      hotel_code: hotel.code,
      hotel_name: hotel.name,
      hotel_country: hotel.country,
      arrival_date: stay.arrivalDate,
      departure_date: stay.departureDate,
      nights: nightsBetween(stay.arrivalDate, stay.departureDate),
      room_type_name: stay.roomTypeName,
      guest: { first_name: stay.guest.firstName, last_name: stay.guest.lastName },
      adults: stay.adults,
      children: stay.children,
      check_in_from: hotel.checkInFrom,
    },
    requirements: { country: hotel.country, fields: [...requirements.fields], foreign_guest_fields: [...requirements.foreign_guest_fields] },
    details: row.details,
    payment_method: row.paymentMethod,
    pre_authorisation: {
      amount: major(money.totalMinor),
      currency: money.currency.code,
      room: major(money.roomMinor),
      city_tax: major(money.cityTaxMinor),
      incidentals: major(money.incidentalsMinor),
    },
    payment_pending: row.status !== 'completed' && row.pendingPaymentId !== null,
    last_decline_reason: row.lastDeclineReason,
    confirmation:
      completed && payload
        ? { code: row.confirmationCode ?? '', qr_payload: payload, qr_png: await qrImageOf(payload), completed_at: (row.completedAt ?? new Date(0)).toISOString() }
        : null,
  };
}

export async function loadRow(db: Database, checkinId: string): Promise<CheckinRow | undefined> {
  const [row] = await db.select().from(onlineCheckins).where(eq(onlineCheckins.id, checkinId));
  return row;
}

/** Whether the order of an order access key holds a reservation with this number. */
async function orderHolds(db: Database, cartId: string, reservationNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .innerJoin(orders, eq(orders.id, reservations.orderId))
    .where(and(eq(orders.cartId, cartId), eq(reservations.reservationNumber, reservationNumber)));
  return row !== undefined;
}

/** Whether the caller may reach this stay: its access key, the member who booked, or the key of the order that booked it. */
async function mayReach(deps: CheckinDeps, stay: PmsStay, caller: CheckinCaller): Promise<boolean> {
  if (caller.keyStayId !== null && caller.keyStayId === stay.id) return true;
  if (caller.viewer && stay.guest.memberId !== null && stay.guest.memberId === caller.viewer.memberId) return true;
  if (caller.keyCartId !== null) return orderHolds(deps.db, caller.keyCartId, stay.reservationNumber);
  return false;
}

/**
 * A check-in and its stay, for the caller: 404 to anyone who may not reach the stay (never saying it
 * exists). The stay comes from the hotel's system on every read.
 */
export async function loadCheckin(deps: CheckinDeps, checkinId: string, caller: CheckinCaller): Promise<Result<{ row: CheckinRow; stay: PmsStay }>> {
  const row = await loadRow(deps.db, checkinId);
  if (!row) return { failure: NOT_FOUND };
  // A key of another stay, or nothing at all: not found, without asking the hotel's system.
  if (caller.keyStayId !== row.stayId && !caller.viewer && caller.keyCartId === null) return { failure: NOT_FOUND };
  const stay = await pms(deps, (port) => port.stay(row.stayId));
  if (!stay || !(await mayReach(deps, stay, caller))) return { failure: NOT_FOUND };
  return { data: { row, stay } };
}

/** The language of a stay's booking: the order's, else the member's, else English. */
export async function bookingLocale(db: Database, stay: PmsStay): Promise<Locale> {
  const [order] = await db
    .select({ locale: orders.locale })
    .from(reservations)
    .innerJoin(orders, eq(orders.id, reservations.orderId))
    .where(eq(reservations.reservationNumber, stay.reservationNumber));
  if (order && isLocale(order.locale)) return order.locale;
  if (stay.guest.memberId !== null) {
    const [member] = await db.select({ locale: members.locale }).from(members).where(eq(members.id, stay.guest.memberId));
    if (member && isLocale(member.locale)) return member.locale;
  }
  return 'en';
}

export type StartRequest = { token: string } | { reservation_number: string; last_name: string } | { reservation_number: string };

/** The stay a start request names, if the caller may reach it. */
async function stayOfStart(deps: CheckinDeps, request: StartRequest, caller: CheckinCaller): Promise<PmsStay | undefined> {
  if ('token' in request) {
    const stayId = await deps.stayAccess.verifyLinkToken(request.token);
    return stayId ? pms(deps, (port) => port.stay(stayId)) : undefined;
  }
  if ('last_name' in request) return pms(deps, (port) => port.findStay(request.reservation_number, request.last_name));
  if (!caller.viewer && caller.keyCartId === null && caller.keyStayId === null) return undefined;
  const stay = await pms(deps, (port) => port.stayOfReservation(request.reservation_number));
  return stay && (await mayReach(deps, stay, caller)) ? stay : undefined;
}

/**
 * POST /ecommerce/checkin: the check-in of the stay the request names (made on the first start, the same
 * one after), with a stay access key. A completed check-in is answered as long as the stay is expected
 * (the guest shows the QR code at the desk); an open one only while check-in is open.
 */
export async function startCheckin(deps: CheckinDeps, request: StartRequest, caller: CheckinCaller, locale: Locale | undefined): Promise<Result<{ checkin: Checkin; access_key: string }>> {
  const stay = await stayOfStart(deps, request, caller);
  if (!stay) return { failure: { status: 404, code: 'not_found', message: 'No booking with these details' } };
  const [existing] = await deps.db.select().from(onlineCheckins).where(eq(onlineCheckins.stayId, stay.id));
  const hotel = await hotelOf(deps.db, stay.hotelCode);
  const state = openness(stay, hotelToday(hotel, deps.now()));
  const resumesCompleted = existing?.status === 'completed' && stay.status === 'expected';
  if (!resumesCompleted) {
    const refused = notOpenFailure(state, stay);
    if (refused) return { failure: refused };
  }
  let row = existing;
  if (!row) {
    const now = deps.now();
    // Two starts at once make one check-in: the stay id is unique, the second insert does nothing.
    await deps.db
      .insert(onlineCheckins)
      .values({
        id: randomUUID(),
        stayId: stay.id,
        reservationNumber: stay.reservationNumber,
        status: 'details_required',
        locale: locale ?? (await bookingLocale(deps.db, stay)),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    [row] = await deps.db.select().from(onlineCheckins).where(eq(onlineCheckins.stayId, stay.id));
  }
  if (!row) throw new Error('The check-in was not stored');
  return { data: { checkin: await checkinView(deps, row, stay), access_key: await deps.stayAccess.accessKey(stay.id) } };
}

/** The check-in may still change: not completed, and the stay can be checked in now. */
async function changeable(deps: CheckinDeps, row: CheckinRow, stay: PmsStay): Promise<Failure | null> {
  if (row.status === 'completed') return COMPLETED;
  const hotel = await hotelOf(deps.db, stay.hotelCode);
  return notOpenFailure(openness(stay, hotelToday(hotel, deps.now())), stay);
}

const orNull = <T>(value: T | null | undefined): T | null => (value === undefined || value === '' ? null : value);

/** PUT checkin/{id}/personal-details: the registration, checked against what the hotel's country requires. */
export async function savePersonalDetails(deps: CheckinDeps, checkinId: string, caller: CheckinCaller, input: PersonalDetailsInput): Promise<Result<Checkin>> {
  const loaded = await loadCheckin(deps, checkinId, caller);
  if ('failure' in loaded) return loaded;
  const { row, stay } = loaded.data;
  const refused = await changeable(deps, row, stay);
  if (refused) return { failure: refused };
  const hotel = await hotelOf(deps.db, stay.hotelCode);
  const issues = registrationIssues(hotel.country, input, hotelToday(hotel, deps.now()));
  if (issues.length > 0) return { failure: { status: 400, code: 'bad_request', message: 'Some details are missing or not valid', issues } };
  const details: OnlineCheckinDetails = {
    first_name: orNull(input.first_name),
    last_name: orNull(input.last_name),
    date_of_birth: orNull(input.date_of_birth),
    nationality: orNull(input.nationality),
    street: orNull(input.street),
    postal_code: orNull(input.postal_code),
    city: orNull(input.city),
    country: orNull(input.country),
    document_number: orNull(input.document_number),
    arrival_time: input.arrival_time,
    purpose: input.purpose,
    company_name: input.purpose === 'business' ? orNull(input.company_name) : null,
  };
  const [saved] = await deps.db
    .update(onlineCheckins)
    .set({ details, status: 'payment_required', updatedAt: deps.now() })
    .where(and(eq(onlineCheckins.id, row.id), ne(onlineCheckins.status, 'completed')))
    .returning();
  if (!saved) return { failure: COMPLETED };
  return { data: await checkinView(deps, saved, stay) };
}

/** PUT checkin/{id}/payment-method. */
export async function setCheckinPaymentMethod(deps: CheckinDeps, checkinId: string, caller: CheckinCaller, method: CheckinPaymentMethod): Promise<Result<Checkin>> {
  const loaded = await loadCheckin(deps, checkinId, caller);
  if ('failure' in loaded) return loaded;
  const { row, stay } = loaded.data;
  const refused = await changeable(deps, row, stay);
  if (refused) return { failure: refused };
  const [saved] = await deps.db
    .update(onlineCheckins)
    .set({ paymentMethod: method, updatedAt: deps.now() })
    .where(and(eq(onlineCheckins.id, row.id), ne(onlineCheckins.status, 'completed')))
    .returning();
  if (!saved) return { failure: COMPLETED };
  return { data: await checkinView(deps, saved, stay) };
}

/** GET checkin/availability: whether the caller's booking can be checked in online now. */
export async function checkinAvailability(deps: CheckinDeps, reservationNumber: string, caller: CheckinCaller): Promise<Result<CheckinAvailability>> {
  const notFound: Result<CheckinAvailability> = { failure: { status: 404, code: 'not_found', message: 'No such booking' } };
  if (!caller.viewer && caller.keyCartId === null && caller.keyStayId === null) return notFound;
  const stay = await pms(deps, (port) => port.stayOfReservation(reservationNumber));
  if (!stay || !(await mayReach(deps, stay, caller))) return notFound;
  const [row] = await deps.db.select().from(onlineCheckins).where(eq(onlineCheckins.stayId, stay.id));
  const hotel = await hotelOf(deps.db, stay.hotelCode);
  const state = row?.status === 'completed' && stay.status === 'expected' ? 'completed' : openness(stay, hotelToday(hotel, deps.now()));
  return { data: { reservation_number: stay.reservationNumber, state, opens_on: opensOn(stay), checkin_id: row?.id ?? null } };
}
