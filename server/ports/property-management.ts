/**
 * The hotel's property-management system (PMS): the stays arriving and in house, their rooms, their
 * folios (the bill of the stay, split into a private and a business folio) and the front desk's check-in
 * and check-out. The BFF's own implementation (adapters/local-property-management.ts) keeps them in its
 * database, seeded for the demo, and takes every booking made on the site into it; a real PMS can
 * replace it here. Every method throws PropertyManagementUnavailableError (or any error) when the hotel's
 * system cannot answer; the routes then answer 503 and change nothing.
 *
 * Amounts are integer minor units of the stay's currency. Dates are `yyyy-MM-dd` in the hotel's time zone.
 */

export const STAY_STATUSES = ['expected', 'in_house', 'checked_out', 'cancelled'] as const;
export type StayStatus = (typeof STAY_STATUSES)[number];

export const FOLIO_KINDS = ['private', 'business'] as const;
export type FolioKind = (typeof FOLIO_KINDS)[number];

export const CHARGE_KINDS = ['room', 'city_tax', 'breakfast', 'minibar', 'restaurant', 'parking'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

export interface PmsGuest {
  firstName: string;
  lastName: string;
  email: string;
  /** The member who booked, when the booking was made by a member; null for a guest booking. */
  memberId: number | null;
}

export interface PmsStay {
  /** A uuid of the PMS's own. */
  id: string;
  /** The booking's reservation number, in capitals. */
  reservationNumber: string;
  hotelCode: string;
  status: StayStatus;
  arrivalDate: string;
  departureDate: string;
  /** Assigned at check-in (online or at the desk); null before. */
  roomNumber: string | null;
  roomTypeName: string;
  guest: PmsGuest;
  adults: number;
  children: number;
  currency: string;
  checkedInAt: Date | null;
  checkedOutAt: Date | null;
  /**
   * What the booking says the stay costs at the hotel before any charge is posted (check-in posts it):
   * online check-in pre-authorises what is still open. Absent when the system does not say.
   */
  booked?: PmsBookedAmounts;
}

/** The room nights and the city tax as booked, and what the booking paid towards the room (minor units of the stay's currency). */
export interface PmsBookedAmounts {
  roomTotalMinor: number;
  cityTaxMinor: number;
  /** Paid with the booking towards the room (a deposit or prepaid rate). */
  prepaidMinor: number;
  /** The room nights were paid with points. */
  paidWithPoints: boolean;
}

/** One line of a folio: a charge the hotel posted (room night, city tax, breakfast, minibar, ...). */
export interface FolioCharge {
  id: string;
  folio: FolioKind;
  kind: ChargeKind;
  /** As the hotel's system names it, in the hotel's language (e.g. "Minibar"). */
  description: string;
  serviceDate: string;
  /** Positive: what the guest owes for it. */
  amountMinor: number;
  postedAt: Date;
}

/** Money received against a folio: paid at booking, a pre-authorisation captured, paid at checkout. */
export interface FolioPayment {
  id: string;
  folio: FolioKind;
  amountMinor: number;
  /** card, paypal, ideal, apple_pay, prepaid (paid with the booking), points. */
  method: string;
  providerPaymentId: string | null;
  paidAt: Date;
}

export interface StayFolio {
  stay: PmsStay;
  /**
   * Grows by one with every change to the folio (a charge posted or moved, a payment): a payment names
   * the version it was computed from, and is refused when the folio changed since.
   */
  version: number;
  charges: FolioCharge[];
  payments: FolioPayment[];
  /** Per folio: charges minus payments. Zero for both means the stay can be checked out. */
  balances: Record<FolioKind, number>;
}

export interface NewCharge {
  kind: ChargeKind;
  description: string;
  amountMinor: number;
  serviceDate: string;
  /** Default: private. */
  folio?: FolioKind;
}

export interface NewFolioPayment {
  folio: FolioKind;
  amountMinor: number;
  method: string;
  providerPaymentId: string | null;
  /** The same key again returns the first payment and records nothing. */
  idempotencyKey: string;
  /** The folio version the amount was computed from; FolioChangedError when the folio changed since. */
  expectedVersion: number;
}

export interface PropertyManagementPort {
  /** The stay of this reservation whose guest has this last name (compared as the reservation system does); undefined when none. */
  findStay(reservationNumber: string, lastName: string): Promise<PmsStay | undefined>;
  /** The stay with this id; undefined when there is none. */
  stay(stayId: string): Promise<PmsStay | undefined>;
  /** The stay of this reservation number, without a name check (for the BFF's own links); undefined when none. */
  stayOfReservation(reservationNumber: string): Promise<PmsStay | undefined>;
  /** Stays that are `expected` and arrive on a date from `from` to `to` (inclusive), e.g. for the pre-arrival mail. */
  staysArriving(from: string, to: string): Promise<PmsStay[]>;
  /** Stays in house at one hotel, or at every hotel. */
  staysInHouse(hotelCode?: string): Promise<PmsStay[]>;
  /**
   * Checks the guest in: assigns a room when none is, posts the room nights and the city tax to the private
   * folio, and makes the stay `in_house`. Idempotent for a stay in house. StayStateError for a stay that is
   * cancelled or checked out.
   */
  checkIn(stayId: string, at: Date): Promise<PmsStay>;
  folio(stayId: string): Promise<StayFolio>;
  postCharge(stayId: string, charge: NewCharge, at: Date): Promise<FolioCharge>;
  /** Moves one charge to the other folio; FolioChangedError when `expectedVersion` is given and differs. */
  moveCharge(stayId: string, chargeId: string, to: FolioKind, expectedVersion?: number): Promise<StayFolio>;
  /** Records money received against a folio; see NewFolioPayment. FolioChangedError, and nothing recorded, when the folio changed. */
  recordPayment(stayId: string, payment: NewFolioPayment, at: Date): Promise<FolioPayment>;
  /** Checks the guest out; FolioNotSettledError when a balance is not zero. Idempotent for a stay checked out. */
  checkOut(stayId: string, at: Date): Promise<PmsStay>;
}

export class PropertyManagementUnavailableError extends Error {
  constructor(message = 'The hotel system did not answer', options?: ErrorOptions) {
    super(message, options);
    this.name = 'PropertyManagementUnavailableError';
  }
}

/** The folio changed (a charge posted or moved, a payment) since the version the caller read. */
export class FolioChangedError extends Error {
  constructor(readonly currentVersion: number) {
    super('The folio changed');
    this.name = 'FolioChangedError';
  }
}

/** Check-out asked while a folio still has a balance. */
export class FolioNotSettledError extends Error {
  constructor(readonly balances: Record<FolioKind, number>) {
    super('A folio has a balance');
    this.name = 'FolioNotSettledError';
  }
}

/** The stay is not in a state that allows this (checking in a cancelled stay, posting to a checked-out one). */
export class StayStateError extends Error {
  constructor(readonly status: StayStatus) {
    super(`The stay is ${status}`);
    this.name = 'StayStateError';
  }
}

export class StayNotFoundError extends Error {
  constructor() {
    super('No such stay');
    this.name = 'StayNotFoundError';
  }
}
