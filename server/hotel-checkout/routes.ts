import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import {
  BusinessAddressSchema,
  CreateHotelCheckoutRequestSchema,
  HOTEL_CHECKOUT_ACCESS_HEADER,
  HOTEL_CHECKOUT_LIMITS,
  HOTEL_CHECKOUT_PATHS,
  HotelCheckoutParamsSchema,
  HotelInvoiceParamsSchema,
  HotelPayRequestSchema,
  HotelSessionParamsSchema,
  InvoiceAddressSchema,
  MoveTransactionRequestSchema,
  SetHotelPaymentMethodRequestSchema,
} from '../../src/contract/hotel-checkout';
import { bearerAuth } from '../auth/bearer';
import type { Auth } from '../auth/core';
import { clientAddress, firstRefusal, tooManyRequests } from '../auth/http';
import type { RateLimitRule } from '../auth/rate-limit';
import type { LiveSession } from '../auth/sessions';
import { errorBody, type Viewer } from '../ecommerce/context';
import type { AppEnv } from '../env';
import type { MaintenanceJobs } from '../maintenance/purge';
import { validate } from '../middleware/validate';
import type { PaymentNotificationRouter } from '../lib/payment-notifications';
import { authorizedCheckout, checkoutView, createCheckout, moveCharge, sessionView, setAddress, type StayCaller } from './checkouts';
import { type HotelCheckoutDeps, Refusal } from './context';
import { invoicePdf } from './invoice-pdf';
import { authorizedSession, finishInterruptedPayments, HOTEL_PAYMENT_REFERENCE, hotelPaymentNotified, paySession, refreshSession, setSessionPaymentMethod, startSession } from './payments';
import { invoiceFilename, invoiceOf, performCheckout, sendUnsentInvoiceMails } from './perform-checkout';

type CheckoutEnv = { Variables: AppEnv['Variables'] & { session?: LiveSession } };

/** How often a stay may be looked up by reservation number and last name (per 15 minutes), counted before each check. */
export const STAY_LOOKUP_LIMITS = {
  perAddress: { name: 'hotel-checkout-lookup:address', limit: HOTEL_CHECKOUT_LIMITS.lookupPerAddress, windowSeconds: 15 * 60 },
  perReservation: { name: 'hotel-checkout-lookup:reservation', limit: HOTEL_CHECKOUT_LIMITS.lookupPerReservation, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/** A fresh key per payment attempt (a UUID is best); retries of the attempt send the same key. */
const IdempotencyHeaders = v.object({
  'idempotency-key': v.pipe(v.string('Send an Idempotency-Key header'), v.regex(/^[\w-]{8,100}$/, 'An Idempotency-Key of 8 to 100 letters, digits, - or _')),
});

const P = HOTEL_CHECKOUT_PATHS;

/**
 * The hotel checkout's routes (spec section 7, "Hotel checkout"; decision record 0055). A bearer token is
 * optional (a member reaches their own stays with it; a token that fails is 401 as on every member
 * route); the stay's access key comes in the X-Stay-Access header. Every refusal has a code; the hotel's
 * system not answering is 503 hotel_system_unavailable with nothing changed.
 */
export function hotelCheckoutRoutes(
  deps: HotelCheckoutDeps & {
    auth: Pick<Auth, 'tokens' | 'sessions' | 'limiter' | 'settings'>;
    maintenance?: MaintenanceJobs | undefined;
    /** The provider's notifications of checkout payments are handed here by their reference. */
    paymentNotifications?: PaymentNotificationRouter | undefined;
  },
) {
  deps.maintenance?.add('hotelCheckoutPaymentsFinished', () => finishInterruptedPayments(deps));
  deps.maintenance?.add('hotelInvoiceMailsSent', () => sendUnsentInvoiceMails(deps));
  deps.paymentNotifications?.add(HOTEL_PAYMENT_REFERENCE, (notification) => hotelPaymentNotified(deps, notification));
  const required = bearerAuth(deps.auth) as unknown as MiddlewareHandler<CheckoutEnv>;
  const member: MiddlewareHandler<CheckoutEnv> = async (c, next) => (c.req.header('authorization') === undefined ? next() : required(c, next));
  const viewerOf = (c: Context<CheckoutEnv>): Viewer | null => {
    const session = c.get('session');
    return session ? { memberId: session.memberId, memberGuid: session.memberGuid, email: session.email } : null;
  };
  const callerOf = async (c: Context<CheckoutEnv>): Promise<StayCaller> => ({
    viewer: viewerOf(c),
    keyStayId: await deps.stayAccess.verifyAccessKey(c.req.header(HOTEL_CHECKOUT_ACCESS_HEADER)),
  });
  /** Runs a call; a refusal becomes its error body (with the checkout for folio conflicts). */
  const run = async (c: Context<CheckoutEnv>, work: () => Promise<unknown>, status: ContentfulStatusCode = 200) => {
    try {
      return c.json({ data: await work() }, status);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      const body = error.checkout ? { ...errorBody(error.failure), checkout: error.checkout } : errorBody(error.failure);
      return c.json(body, error.failure.status);
    }
  };
  const checkoutOf = async (c: Context<CheckoutEnv>, checkoutId: string) => authorizedCheckout(deps, checkoutId, await callerOf(c));

  const routes: Hono<CheckoutEnv> = new Hono<CheckoutEnv>()
    .post(P.checkouts, member, validate('json', CreateHotelCheckoutRequestSchema), async (c) => {
      const request = c.req.valid('json');
      if ('reservation_number' in request && request.last_name !== undefined) {
        // Counted before the check: parallel guesses are all counted.
        const refusal = await firstRefusal(
          () => deps.auth.limiter.hit(STAY_LOOKUP_LIMITS.perAddress, clientAddress(c, deps.auth.settings.trustProxy)),
          () => deps.auth.limiter.hit(STAY_LOOKUP_LIMITS.perReservation, request.reservation_number),
        );
        if (refusal !== undefined) return tooManyRequests(c, refusal);
      }
      return run(
        c,
        async () => {
          const row = await createCheckout(deps, request, viewerOf(c));
          await refreshSession(deps, row.id);
          return { checkout: await checkoutView(deps, row), access_key: await deps.stayAccess.accessKey(row.stayId) };
        },
        200,
      );
    })
    .get(P.checkout(':checkoutId'), member, validate('param', HotelCheckoutParamsSchema), async (c) =>
      run(c, async () => {
        const row = await checkoutOf(c, c.req.valid('param').checkoutId);
        await refreshSession(deps, row.id);
        return checkoutView(deps, row);
      }),
    )
    .post(P.moveTransaction(':checkoutId'), member, validate('param', HotelCheckoutParamsSchema), validate('json', MoveTransactionRequestSchema), async (c) =>
      run(c, async () => moveCharge(deps, await checkoutOf(c, c.req.valid('param').checkoutId), c.req.valid('json'))),
    )
    .put(P.address(':checkoutId'), member, validate('param', HotelCheckoutParamsSchema), validate('json', InvoiceAddressSchema), async (c) =>
      run(c, async () => setAddress(deps, await checkoutOf(c, c.req.valid('param').checkoutId), 'private', c.req.valid('json'))),
    )
    .put(P.businessAddress(':checkoutId'), member, validate('param', HotelCheckoutParamsSchema), validate('json', BusinessAddressSchema), async (c) =>
      run(c, async () => setAddress(deps, await checkoutOf(c, c.req.valid('param').checkoutId), 'business', c.req.valid('json'))),
    )
    .post(P.session(':checkoutId'), member, validate('param', HotelCheckoutParamsSchema), async (c) =>
      run(c, async () => sessionView(await startSession(deps, await checkoutOf(c, c.req.valid('param').checkoutId), { refresh: false }))),
    )
    .put(P.session(':checkoutId'), member, validate('param', HotelCheckoutParamsSchema), async (c) =>
      run(c, async () => sessionView(await startSession(deps, await checkoutOf(c, c.req.valid('param').checkoutId), { refresh: true }))),
    )
    .put(P.sessionPaymentMethod(':sessionId'), member, validate('param', HotelSessionParamsSchema), validate('json', SetHotelPaymentMethodRequestSchema), async (c) =>
      run(c, async () => {
        const { session } = await authorizedSession(deps, c.req.valid('param').sessionId, await callerOf(c));
        return sessionView(await setSessionPaymentMethod(deps, session, c.req.valid('json').payment_method));
      }),
    )
    .post(P.sessionPay(':sessionId'), member, validate('param', HotelSessionParamsSchema), validate('header', IdempotencyHeaders), validate('json', HotelPayRequestSchema), async (c) => {
      const answer = await paySession(deps, c.req.valid('param').sessionId, await callerOf(c), c.req.valid('header')['idempotency-key'], c.req.valid('json'));
      return c.json(answer.body as object, answer.status as ContentfulStatusCode);
    })
    .post(P.performCheckout(':checkoutId'), member, validate('param', HotelCheckoutParamsSchema), async (c) =>
      run(c, async () => performCheckout(deps, await checkoutOf(c, c.req.valid('param').checkoutId))),
    )
    .get(P.invoice(':checkoutId', 'private').replace('/private', '/:folio'), member, validate('param', HotelInvoiceParamsSchema), async (c) => {
      const { checkoutId, folio } = c.req.valid('param');
      let data;
      try {
        const row = await checkoutOf(c, checkoutId);
        data = await invoiceOf(deps, row, folio);
        if (!data) {
          const issued = row.checkedOutAt !== null;
          return c.json(
            errorBody(issued ? { status: 404, code: 'not_found', message: 'This folio has no charges: no invoice' } : { status: 409, code: 'invoice_not_ready', message: 'The invoices are made at check-out' }),
            issued ? 404 : 409,
          );
        }
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        return c.json(errorBody(error.failure), error.failure.status);
      }
      const pdf = await invoicePdf(data);
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${invoiceFilename(data)}"`,
        'Cache-Control': 'no-store',
      });
    });
  return routes;
}
