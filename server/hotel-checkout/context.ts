import type { HotelCheckout } from '../../src/contract/hotel-checkout';
import type { Database } from '../db/database';
import type { Failure } from '../ecommerce/context';
import type { Logger } from '../logger';
import type { MailPort } from '../ports/mail';
import type { PaymentsPort } from '../ports/payments';
import { FolioChangedError, FolioNotSettledError, type PropertyManagementPort, StayNotFoundError, StayStateError } from '../ports/property-management';
import type { StayAccessTokens } from '../pms/stay-access';

/** What the hotel checkout needs: the database, the clock, the hotel's system, the payment provider, mail. */
export interface HotelCheckoutDeps {
  db: Database;
  logger: Logger;
  now: () => Date;
  mail: MailPort;
  pms: PropertyManagementPort;
  /** Unset: paying answers 503 payments_unavailable (the guest pays at the desk). */
  payments?: PaymentsPort | undefined;
  stayAccess: StayAccessTokens;
  /** The web app's origin: the provider's return address must be on it. */
  origin: () => string;
}

/**
 * A call refused: the failure answered, and for conflicts about the folio the checkout as it is now
 * (so the page shows what is owed without reading again).
 */
export class Refusal extends Error {
  constructor(
    readonly failure: Failure,
    readonly checkout?: HotelCheckout,
  ) {
    super(failure.message);
    this.name = 'Refusal';
  }
}

export const refuse = (status: Failure['status'], code: string, message: string, path?: string): Refusal =>
  new Refusal(path === undefined ? { status, code, message } : { status, code, message, issues: [{ path, message }] });

export const NOT_FOUND = () => refuse(404, 'not_found', 'No such checkout');
export const HOTEL_SYSTEM_DOWN = () => refuse(503, 'hotel_system_unavailable', 'The hotel system did not answer; nothing was changed. Try again, or check out at the front desk');
export const PAYMENTS_DOWN = () => refuse(503, 'payments_unavailable', 'Payments are not possible right now; nothing was charged');

/** Errors of the hotel's system that say something about the stay; every other error means it did not answer. */
const DOMAIN_ERRORS = [FolioChangedError, FolioNotSettledError, StayStateError, StayNotFoundError];

/**
 * Calls the hotel's system: its domain errors pass through for the caller to handle; anything else
 * (PropertyManagementUnavailableError, a network error, a bug of the adapter) is the system not
 * answering, logged and answered 503 hotel_system_unavailable.
 */
export async function hotelSystem<T>(deps: Pick<HotelCheckoutDeps, 'logger'>, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (DOMAIN_ERRORS.some((kind) => error instanceof kind)) throw error;
    deps.logger.log('error', 'hotel system did not answer', { call: what, error });
    throw HOTEL_SYSTEM_DOWN();
  }
}

/** Minor units to the amount answered (2 decimals). */
export const amountOf = (minor: number): number => Math.round(minor) / 100;
