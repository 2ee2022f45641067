import type { Database } from '../db/database';
import { businessDate } from '../lib/calendar';
import type { Logger } from '../logger';
import type { MailPort } from '../ports/mail';
import type { PaymentsPort } from '../ports/payments';
import type { OrderAccessTokens } from './order-access';
import { type Catalogue, loadCatalogue } from '../search/catalogue';
import { type CurrencyRate, EURO } from '../search/money';
import { selectInventoryRanges } from '../search/queries';

/** What every part of the booking journey shares: the database, the clock, the content, the ports. */
export interface CommerceDeps {
  db: Database;
  logger: Logger;
  now: () => Date;
  mail: MailPort;
  /** Unset: the pay and card calls answer 503 payments_unavailable. */
  payments?: PaymentsPort | undefined;
  /** The web app's origin, for links in mails and the provider's return address. */
  origin: () => string;
  /** Signs and checks order access keys and the confirmation mail's link token. */
  orderAccess: OrderAccessTokens;
  /** Told of each order after its confirmation mail (online check-in's pre-arrival mail for a stay that is close). */
  orderPlaced?: ((orderId: string) => Promise<void>) | undefined;
}

/** The signed-in member calling, if any. */
export interface Viewer {
  memberId: number;
  memberGuid: string;
  email: string;
}

/** A failed call: the HTTP status and the code of the error body. */
export interface Failure {
  status: 400 | 401 | 404 | 409 | 410 | 422 | 503;
  code: string;
  message: string;
  issues?: { path: string; message: string }[];
}

export type Result<T> = { data: T } | { failure: Failure };

/** The error body of a failure, as every route answers it. */
export const errorBody = (failure: Failure) => ({
  error: {
    code: failure.code,
    message: failure.message,
    ...(failure.issues ? { issues: failure.issues } : {}),
  },
});

export const fail = (status: Failure['status'], code: string, message: string, path?: string): { failure: Failure } => ({
  failure: path === undefined ? { status, code, message } : { status, code, message, issues: [{ path, message }] },
});

export const notFoundFailure = (what: string) => fail(404, 'not_found', `No ${what}`);

export function createCommerceContext(deps: CommerceDeps) {
  let catalogue: Promise<Catalogue> | undefined;
  return {
    ...deps,
    /** The content, read once per process like search does (content changes only with a new seed). */
    catalogue(): Promise<Catalogue> {
      catalogue ??= loadCatalogue(deps.db).catch((error: unknown) => {
        catalogue = undefined;
        throw error;
      });
      return catalogue;
    },
    today: () => businessDate(deps.now()),
    /** The stay's nights of these room types, read now: the booking journey never prices from a cache. */
    inventory: (roomTypeIds: readonly number[], from: string, to: string) =>
      selectInventoryRanges(
        deps.db,
        roomTypeIds.map((roomTypeId) => ({ roomTypeId, from, to })),
      ),
    currency(loaded: Catalogue, code: string): CurrencyRate {
      return loaded.currencies.get(code) ?? EURO;
    },
  };
}

export type CommerceContext = ReturnType<typeof createCommerceContext>;
