import type { RESERVATION_STATUSES } from '../../src/contract/ecommerce';
import type { CrsOrigin } from '../db/schema';

/**
 * A reservation of the reservation system (the CRS of spec section 7): a booking made by phone, at the
 * hotel or on the old website, as the reservation system answers it. Amounts are minor units of
 * `currency`; `grossEurMinor` is the room price with tax in euro cents (what points are counted from).
 */
export interface CrsReservation {
  /** In capitals. */
  reservationNumber: string;
  hotelCode: string;
  guest: { firstName: string; lastName: string; email: string };
  arrivalDate: string;
  departureDate: string;
  roomTypeName: string;
  rateName: string;
  currency: string;
  amountMinor: number;
  netAmountMinor: number;
  grossEurMinor: number;
  status: (typeof RESERVATION_STATUSES)[number];
  origin: CrsOrigin;
  /** Points the stay earned in the loyalty system (0: none), and points it was paid with. */
  pointsEarned: number;
  pointsPaid: number;
  bookedAt: Date;
}

/**
 * The reservation system, read only (decision record 0041): the BFF looks reservations up here and keeps
 * in its own database which of them are in which member's account. The BFF's own implementation
 * (adapters/local-reservation-system.ts) keeps them in its database; a real reservation system can
 * replace it here. Every method throws ReservationSystemUnavailableError (or any error) when the
 * reservation system cannot answer; the routes then answer 503 and change nothing.
 */
export interface ReservationSystemPort {
  /**
   * The reservation with this number whose guest has this last name, compared without regard to case,
   * accents or surrounding spaces (müller, MULLER and Muller all match Müller); undefined
   * when there is none, or the last name differs.
   */
  findReservation(reservationNumber: string, lastName: string): Promise<CrsReservation | undefined>;
  /** Every reservation whose guest email is this one (compared in lower case), any origin or status. */
  reservationsForEmail(email: string): Promise<CrsReservation[]>;
  /** The reservations with these numbers as they are now (unknown numbers are left out). */
  reservations(reservationNumbers: readonly string[]): Promise<CrsReservation[]>;
}

export class ReservationSystemUnavailableError extends Error {
  constructor(message = 'The reservation system did not answer', options?: ErrorOptions) {
    super(message, options);
    this.name = 'ReservationSystemUnavailableError';
  }
}

/**
 * Names as the reservation system compares them: without accents (decomposed, marks removed), in capitals
 * (so ß reads as SS), with runs of spaces as one. `Schmidt`, ` schmidt ` and `SCHMÍDT` are the same name.
 */
export function comparableName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .trim()
    .replace(/\s+/g, ' ');
}
