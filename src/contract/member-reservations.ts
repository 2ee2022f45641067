import * as v from 'valibot';
import { RESERVATION_STATUSES } from './ecommerce';
import { CLAIM_REASONS, CLAIM_STATUSES, MEMBER_BOOKING_SOURCES, MemberBookingSchema, RESERVATION_NUMBER_PATTERN } from './loyalty';
import { TextSchema } from './primitives';

/**
 * Bookings made outside this site in the member area (spec section 7 "Members"; decision record 0041):
 * a reservation made by phone or at the hotel, added by its number and the guest's last name or picked up
 * by a refresh (the reservations of the reservation system that carry the member's email); the bookings of
 * the old website ("old bookings"); and the member's past stays that earned no points, each with the
 * member's request for them. Every route takes the member's bearer token and answers only about that
 * member. Paths are relative to BFF_PREFIX.
 */
export const MEMBER_RESERVATION_PATHS = {
  /** POST adds a reservation of the reservation system by number and last name. */
  externalReservations: '/members/external-reservations',
  /** DELETE removes a reservation the member added (not a booking made on this site). */
  externalReservation: '/members/external-reservations/:reservationNumber',
  /** POST adds every reservation made by phone or at the hotel with the member's email not in an account yet. */
  refresh: '/members/external-reservations/refresh',
  /** GET the old website's bookings with the member's email; DELETE one hides it. */
  oldBookings: '/members/old-bookings',
  oldBooking: '/members/old-bookings/:reservationNumber',
  /** GET the member's past stays that earned no points and can still be asked for. */
  missingPoints: '/members/missing-points',
} as const;

export const externalReservationPath = (reservationNumber: string) => `/members/external-reservations/${encodeURIComponent(reservationNumber)}`;
export const oldBookingPath = (reservationNumber: string) => `/members/old-bookings/${encodeURIComponent(reservationNumber)}`;

/** The one answer for a number the member cannot add, whatever the cause, so it never tells whose a reservation is. */
export const RESERVATION_NOT_FOUND_MESSAGE = 'We found no reservation with this number and last name';
export const RESERVATION_ALREADY_ADDED_MESSAGE = 'This booking is already in your account';

/** As the member types it; kept in capitals, as the reservation system writes it. */
export const ReservationNumberSchema = v.pipe(
  TextSchema({ max: 40, required: 'Required' }),
  v.regex(RESERVATION_NUMBER_PATTERN, 'A reservation number is 4 to 40 letters, digits or dashes'),
  v.toUpperCase(),
);

export const AddExternalReservationRequestSchema = v.object({
  reservationNumber: ReservationNumberSchema,
  /** The guest's last name as on the reservation; compared without regard to case or accents. */
  lastName: TextSchema({ max: 100, required: 'Required' }),
});
export type AddExternalReservationRequest = v.InferInput<typeof AddExternalReservationRequestSchema>;

export const ReservationNumberParamsSchema = v.object({ reservationNumber: ReservationNumberSchema });

/**
 * 201: the added reservation as GET bookings lists it (`source: 'reservation-system'`). 404 not_found
 * (RESERVATION_NOT_FOUND_MESSAGE): no reservation with this number and last name, or one in another
 * member's account. 409 conflict (RESERVATION_ALREADY_ADDED_MESSAGE): already in this member's account,
 * or booked on this site by the member. A cancelled reservation can be added and is listed as cancelled.
 * 503 service_unavailable: the reservation system did not answer.
 */
export const AddExternalReservationResponseSchema = v.object({ data: MemberBookingSchema });

/** 200: how many reservations the refresh added (0 when there was nothing new). 503 service_unavailable: the reservation system did not answer; nothing changed. */
export const RefreshExternalReservationsResponseSchema = v.object({ data: v.object({ added: v.number() }) });

export const OldBookingSchema = v.object({
  reservationNumber: v.string(),
  hotel: v.object({ code: v.string(), name: v.string() }),
  arrivalDate: v.string(),
  departureDate: v.string(),
  nights: v.number(),
  roomTypeName: v.string(),
  rateName: v.string(),
  /** What the stay cost, major units of `currency`. */
  amount: v.number(),
  currency: v.string(),
  status: v.picklist(RESERVATION_STATUSES),
});
export type OldBooking = v.InferOutput<typeof OldBookingSchema>;
/** Newest first (by arrival). 503 service_unavailable: the reservation system did not answer. */
export const OldBookingsResponseSchema = v.object({ data: v.array(OldBookingSchema) });

export const MissingPointsStaySchema = v.object({
  reservationNumber: v.string(),
  hotel: v.object({ code: v.string(), name: v.string() }),
  arrivalDate: v.string(),
  departureDate: v.string(),
  /** Where the stay was booked: on this site, or added from the reservation system. */
  source: v.picklist(MEMBER_BOOKING_SOURCES),
  /** What a request would grant: one point per full euro of the room price without tax. */
  points: v.number(),
  /** The member's request for this stay (the latest), or null when none was made. */
  claim: v.nullable(v.object({ id: v.string(), status: v.picklist(CLAIM_STATUSES), reason: v.picklist(CLAIM_REASONS) })),
});
export type MissingPointsStay = v.InferOutput<typeof MissingPointsStaySchema>;
/**
 * The member's stays that earned no points: over (departure before today in Berlin), at most
 * LOYALTY_LIMITS.claimWindowDays ago, confirmed, not paid with points; newest first. A stay whose request
 * was approved earned its points and is not listed.
 */
export const MissingPointsResponseSchema = v.object({ data: v.array(MissingPointsStaySchema) });
