import { compress } from 'hono/compress';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { BFF_PREFIX } from '../src/contract/content';
import { createLocalLoyaltyProgramme } from './adapters/local-loyalty';
import { createLocalPropertyManagement } from './adapters/local-property-management';
import { createLocalReservationSystem } from './adapters/local-reservation-system';
import { analyticsRoutes } from './analytics/routes';
import { type AuthOptions, createAuth } from './auth/core';
import { passkeyRoutes } from './auth/passkey-routes';
import { accountSecurityRoutes } from './auth/account-security-routes';
import { authRoutes } from './auth/routes';
import { checkinRoutes } from './checkin/routes';
import { contentRoutes } from './content/routes';
import { companyRateOfRequest } from './corporate/rates';
import { corporateRoutes } from './corporate/routes';
import type { Database } from './db/database';
import { devOutboxRoutes } from './dev/outbox-routes';
import { hotelDeskRoutes } from './pms/hotel-desk-routes';
import { stayAccessTokensOf } from './pms/stay-access';
import { ecommerceRoutes } from './ecommerce/routes';
import type { AppEnv } from './env';
import type { ErrorReporter } from './error-reporting';
import { defaultServerFlags, type ServerFlags } from './features/server-flags';
import { healthRoutes } from './health/routes';
import { hotelCheckoutRoutes } from './hotel-checkout/routes';
import type { Logger } from './logger';
import { loyaltyRoutes } from './loyalty/routes';
import { memberSpecialsRoutes } from './loyalty/specials';
import { stayVoucherRoutes } from './loyalty/stay-vouchers';
import { bffBodyLimit } from './middleware/body-limit';
import { requestDeadline } from './middleware/deadline';
import { errorHandler, notFoundHandler } from './middleware/errors';
import { memberAccountRoutes } from './members/account-routes';
import { memberDataExportRoutes } from './members/data-export-routes';
import { memberReservationRoutes } from './members/reservation-routes';
import { memberPreferenceRoutes } from './members/preference-routes';
import { memberProfileRoutes } from './members/profile-routes';
import { membersRoutes } from './members/routes';
import { noStoreByDefault } from './middleware/no-store';
import { requestLog } from './middleware/request-log';
import { refuseUnstorableRequestLine } from './middleware/request-line';
import { bffSecurityHeaders } from './middleware/security-headers';
import { createPaymentNotificationRouter } from './lib/payment-notifications';
import type { MaintenanceJobs } from './maintenance/purge';
import type { LoyaltyProgrammePort } from './ports/loyalty';
import type { PaymentsPort } from './ports/payments';
import type { PropertyManagementPort } from './ports/property-management';
import type { ReservationSystemPort } from './ports/reservation-system';
import { searchRoutes } from './search/routes';
import { keepDemoStaysCurrent } from './db/seed/stays';
import { businessDate } from './lib/calendar';

export interface AppDeps {
  db: Database;
  logger: Logger;
  /** Reported by /health, e.g. the package version or a build id. */
  version: string;
  /**
   * The clock, for routes whose answer depends on today (search dates, arrival windows); tests pass a
   * fixed one. The content and health routes do not need it.
   */
  now?: () => Date;
  errorReporter?: ErrorReporter;
  /** Sign-in settings and adapters (mail, loyalty, identity verifiers); defaults: all local, dev pages off. */
  auth?: AuthOptions;
  /** The payment provider; without one the pay and card calls answer 503 payments_unavailable. */
  payments?: PaymentsPort;
  /** The longest a request may take before it answers 503 (default DEFAULT_REQUEST_DEADLINE_MS). */
  requestDeadlineMs?: number;
  /** Where the app adds its scheduled jobs (the recovery of interrupted payments); the purge schedule runs them. */
  maintenance?: MaintenanceJobs;
  /** The member area's loyalty programme; default: the BFF's own (points ledger and levels in its database). */
  loyaltyProgramme?: LoyaltyProgrammePort;
  /** The reservation system (bookings made by phone, at the hotel, on the old website); default: the BFF's own table of them. */
  reservationSystem?: ReservationSystemPort;
  /** The hotels' property-management system (stays, rooms, folios, check-in and check-out); default: the BFF's own tables of them, seeded for the demo. */
  propertyManagement?: PropertyManagementPort;
  /** The feature flags as the BFF reads them for rules it enforces (`lock-invites`); default: DEFAULT_FLAGS. */
  flags?: ServerFlags;
}

/**
 * Longer than any answer the BFF gives when its database answers (a payment retry waits up to 25 s for
 * the first request with its key), so it only ends requests stuck on a database that stopped answering.
 */
export const DEFAULT_REQUEST_DEADLINE_MS = 30_000;

/**
 * The BFF: every route under /bff, in JSON, with request ids, one log line per request, security
 * headers and the error body of src/contract/errors.ts for anything that goes wrong. It does not listen;
 * server/start.ts serves it (and tests call `app.request()`).
 */
export function createApp(deps: AppDeps) {
  const auth = createAuth({ db: deps.db, logger: deps.logger, now: deps.now ?? (() => new Date()) }, deps.auth);
  const loyaltyProgramme = deps.loyaltyProgramme ?? createLocalLoyaltyProgramme({ db: deps.db, now: auth.now, maintenance: deps.maintenance });
  const reservationSystem = deps.reservationSystem ?? createLocalReservationSystem({ db: deps.db });
  const propertyManagement = deps.propertyManagement ?? createLocalPropertyManagement({ db: deps.db, now: auth.now });
  // The provider posts every notification to the booking journey's address; online check-in's payments are handed on by their reference.
  const paymentNotifications = createPaymentNotificationRouter();
  const checkin = checkinRoutes({
    db: deps.db,
    logger: deps.logger,
    now: auth.now,
    mail: auth.mail,
    payments: deps.payments,
    propertyManagement,
    origin: () => new URL(auth.links().login('en')).origin,
    auth,
    maintenance: deps.maintenance,
    paymentNotifications,
  });
  const hotelCheckout = hotelCheckoutRoutes({
    db: deps.db,
    logger: deps.logger,
    now: auth.now,
    mail: auth.mail,
    pms: propertyManagement,
    payments: deps.payments,
    stayAccess: stayAccessTokensOf(auth),
    origin: () => new URL(auth.links().login('en')).origin,
    auth,
    maintenance: deps.maintenance,
    paymentNotifications,
  });
  // The demo's stays arrive today and are in house since yesterday on whichever day the demo runs (decision record 0060).
  if (auth.settings.devOutbox) deps.maintenance?.add('demo-stays', (now) => keepDemoStaysCurrent(deps.db, businessDate(now)));
  return new Hono<AppEnv>()
    .basePath(BFF_PREFIX)
    // Bad input is bounded before any route sees it: the request line is text, the body at most 64 KiB.
    .use(requestId(), requestLog(deps.logger), requestDeadline(deps.requestDeadlineMs ?? DEFAULT_REQUEST_DEADLINE_MS), bffSecurityHeaders(), noStoreByDefault(), refuseUnstorableRequestLine(), bffBodyLimit(), compress())
    .onError(errorHandler(deps.logger, deps.errorReporter))
    .notFound(notFoundHandler)
    .route('/', healthRoutes(deps))
    .route('/', contentRoutes(deps))
    .route('/', searchRoutes({ ...deps, companyRate: companyRateOfRequest(auth) }))
    .route('/', authRoutes(auth))
    .route('/', accountSecurityRoutes(auth))
    .route('/', passkeyRoutes(auth))
    .route('/', membersRoutes(auth))
    .route('/', memberAccountRoutes(auth))
    .route('/', memberProfileRoutes(auth))
    .route('/', memberDataExportRoutes(auth))
    .route('/', memberPreferenceRoutes(auth))
    .route('/', loyaltyRoutes({ auth, programme: loyaltyProgramme, db: deps.db }))
    .route('/', memberSpecialsRoutes({ auth, programme: loyaltyProgramme, db: deps.db }))
    .route('/', memberReservationRoutes({ auth, db: deps.db, reservationSystem, logger: deps.logger }))
    .route('/', stayVoucherRoutes({ auth, db: deps.db }))
    .route('/', corporateRoutes({ auth, flags: deps.flags ?? defaultServerFlags }))
    .route(
      '/',
      ecommerceRoutes({
        db: deps.db,
        logger: deps.logger,
        now: auth.now,
        mail: auth.mail,
        payments: deps.payments,
        maintenance: deps.maintenance,
        origin: () => new URL(auth.links().login('en')).origin,
        auth,
        paymentNotifications,
        orderPlaced: checkin.orderPlaced,
      }),
    )
    .route('/', checkin.routes)
    .route('/', hotelCheckout)
    .route(
      '/',
      analyticsRoutes({
        db: deps.db,
        now: auth.now,
        readable: auth.settings.devOutbox,
        limiter: auth.limiter,
        trustProxy: auth.settings.trustProxy,
      }),
    )
    .route('/', devOutboxRoutes({ db: deps.db, enabled: auth.settings.devOutbox }))
    .route(
      '/',
      hotelDeskRoutes({
        enabled: auth.settings.devOutbox,
        propertyManagement,
        stayTokens: stayAccessTokensOf(auth),
        now: auth.now,
        origin: () => new URL(auth.links().login('en')).origin,
      }),
    );
}

/** The route types, for a typed client (`hc<AppType>`). */
export type AppType = ReturnType<typeof createApp>;
