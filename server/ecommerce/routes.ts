import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import {
  AddSavedCardRequestSchema,
  ApplePaySessionRequestSchema,
  ApplyVoucherRequestSchema,
  CreateCartRequestSchema,
  ECOMMERCE_PATHS,
  EditModificationRequestSchema,
  ORDER_ACCESS_HEADER,
  OrderAccessRequestSchema,
  OrderLookupRequestSchema,
  InsuranceProductSchema,
  PayRequestSchema,
  PayResponseSchema,
  SetCreditCardRequestSchema,
  SetCvvRequestSchema,
  SetPaymentMethodRequestSchema,
  StartModificationRequestSchema,
  TrackingRequestSchema,
  UpdateCartRequestSchema,
  UpdateRoomStayRequestSchema,
  UpdateSavedCardRequestSchema,
  UpdateStayRequestSchema,
  UuidSchema,
} from '../../src/contract/ecommerce';
import { HotelCodeSchema } from '../../src/contract/search';
import { bearerAuth } from '../auth/bearer';
import { clientAddress, firstRefusal, tooManyRequests } from '../auth/http';
import type { Auth } from '../auth/core';
import type { LiveSession } from '../auth/sessions';
import type { AppEnv } from '../env';
import { validate } from '../middleware/validate';
import { PaymentNotificationRejected, PaymentProviderUnavailable, PaymentRequestRejected } from '../ports/payments';
import { addCard, deleteCard, listCards, setCvv, updateCard } from './cards';
import { availableAddons, cartAnswer, createCart, loadCart, updateCart, updateRoomStay, updateStay } from './carts';
import { customerRateFlags, insuranceQuote, setCreditCard, setInsurance, setPaymentMethod } from './checkout';
import { type CommerceDeps, createCommerceContext, errorBody, type Result, type Viewer } from './context';
import { completeModification, editModification, startModification } from './modifications';
import { createOrderAccessTokens, ORDER_LOOKUP_LIMITS } from './order-access';
import { cancelReservation, exchangeLinkToken, getOrder, lookupOrder, type OrderCaller, recentOrdersCount } from './orders';
import type { PaymentNotificationRouter } from '../lib/payment-notifications';
import type { MaintenanceJobs } from '../maintenance/purge';
import { creditEarnedPoints } from './points-credit';
import { pay, refreshPending, settlePayment } from './payments';
import { recoverPayments } from './recovery';
import { applyMemberVoucher, applyVoucherCode, removeVoucher } from './vouchers';

/** The session of a caller who sent a bearer token; none for a guest. */
type CommerceEnv = {
  Variables: AppEnv['Variables'] & { session?: LiveSession };
};


function answer<T>(c: Context<CommerceEnv>, result: Result<T>, status: ContentfulStatusCode = 200) {
  if ('failure' in result) return c.json(errorBody(result.failure), result.failure.status);
  return c.json({ data: result.data }, status);
}

const viewerOf = (c: Context<CommerceEnv>): Viewer | null => {
  const session = c.get('session');
  return session
    ? {
        memberId: session.memberId,
        memberGuid: session.memberGuid,
        email: session.email,
      }
    : null;
};

/**
 * Cart and order routes take a bearer token when there is one: a member's cart is bound to the member.
 * No Authorization header: a guest. A header with a token that fails: 401, as on member routes (the
 * client refreshes and retries rather than silently booking as a guest).
 */
function optionalMember(auth: Pick<Auth, 'tokens' | 'sessions'>): MiddlewareHandler<CommerceEnv> {
  const required = bearerAuth(auth) as unknown as MiddlewareHandler<CommerceEnv>;
  return async (c, next) => {
    if (c.req.header('authorization') === undefined) return next();
    return required(c, next);
  };
}

const requiredMember = (auth: Pick<Auth, 'tokens' | 'sessions'>) => bearerAuth(auth) as unknown as MiddlewareHandler<CommerceEnv>;

const CartParams = v.object({ cartId: UuidSchema });
const StayParams = v.object({ cartId: UuidSchema, stayId: UuidSchema });
const RoomStayParams = v.object({
  cartId: UuidSchema,
  stayId: UuidSchema,
  roomStayId: UuidSchema,
});
const VoucherParams = v.object({ cartId: UuidSchema, voucherId: UuidSchema });
const InsuranceParams = v.object({
  cartId: UuidSchema,
  product: InsuranceProductSchema,
});
const OrderParams = v.object({ orderId: UuidSchema });
const ReservationParams = v.object({
  orderId: UuidSchema,
  reservationNumber: v.pipe(v.string(), v.minLength(1), v.maxLength(40)),
});
const HotelParams = v.object({ hotelCode: HotelCodeSchema });
const ModificationParams = v.object({ modificationId: UuidSchema });
const ModificationRoomParams = v.object({
  modificationId: UuidSchema,
  roomStayId: UuidSchema,
});
const CardParams = v.object({ cardId: UuidSchema });
/** A fresh key per payment attempt (a UUID is best); retries of the attempt send the same key. */
const IdempotencyHeaders = v.object({
  'idempotency-key': v.pipe(
    v.string('Send an Idempotency-Key header'),
    v.regex(/^[\w-]{8,100}$/, 'An Idempotency-Key of 8 to 100 letters, digits, - or _'),
  ),
});

const P = ECOMMERCE_PATHS;
const unavailable = (c: Context<CommerceEnv>) =>
  c.json(
    errorBody({
      status: 503,
      code: 'payments_unavailable',
      message: 'Payments are not possible right now',
    }),
    503,
  );

/**
 * The booking journey (spec section 7, "Commerce"; decision record 0014): carts, their stays, rooms,
 * add-ons, vouchers and insurance, payment, orders, cancellation and modification, saved cards, the
 * payment provider's notifications, and the tracking calls. Every body, parameter and header is checked
 * with the contract's schemas; a member's cart and order answer 404 to anyone else.
 */
export function ecommerceRoutes(
  deps: Omit<CommerceDeps, 'orderAccess'> & {
    auth: Pick<Auth, 'tokens' | 'sessions' | 'keys' | 'limiter' | 'settings'>;
    maintenance?: MaintenanceJobs | undefined;
    /** Notifications of other journeys' payments (online check-in), handed on by their reference. */
    paymentNotifications?: PaymentNotificationRouter | undefined;
  },
) {
  const orderAccess = createOrderAccessTokens({ hmacKey: () => deps.auth.keys.hmacKey(), now: deps.now });
  const ctx = createCommerceContext({ ...deps, orderAccess });
  deps.maintenance?.add('paymentsRecovered', () => recoverPayments(ctx));
  deps.maintenance?.add('pointsCredited', (now) => creditEarnedPoints(ctx, now));
  const { limiter, settings } = deps.auth;
  /** The member, and the cart of a valid order access key (a header: addresses and their logs never carry it). */
  const callerOf = async (c: Context<CommerceEnv>): Promise<OrderCaller> => ({
    viewer: viewerOf(c),
    keyCartId: await orderAccess.verifyAccessKey(c.req.header(ORDER_ACCESS_HEADER)),
  });
  const member = optionalMember(deps.auth);
  const signedIn = requiredMember(deps.auth);
  const ok = (c: Context<CommerceEnv>) => c.json({ data: { ok: true as const } }, 200);
  const signedInViewer = (c: Context<CommerceEnv>) => viewerOf(c) as Viewer;
  /** A pay answer that made (or waits to make) the cart's order, with the order's access key added. */
  const withAccessKey = async (body: unknown, cartId: string): Promise<unknown> => {
    const result = v.safeParse(PayResponseSchema, body);
    if (!result.success || result.output.data.status === 'declined') return body;
    return { data: { ...result.output.data, access_key: await orderAccess.accessKey(cartId) } };
  };

  const tracking = new Hono<CommerceEnv>();
  for (const path of Object.values(P.tracking)) {
    // Tracking never fails a booking: whatever comes, 200; nothing is stored.
    tracking.post(path, async (c) => {
      const body: unknown = await c.req.json().catch(() => ({}));
      v.safeParse(TrackingRequestSchema, body);
      return ok(c);
    });
  }

  const cartRoutes = new Hono<CommerceEnv>()
    .post(P.carts, member, validate('json', CreateCartRequestSchema), async (c) =>
      answer(c, await createCart(ctx, c.req.valid('json'), viewerOf(c)), 201),
    )
    .get(P.cart(':cartId'), member, validate('param', CartParams), async (c) => {
      const { cartId } = c.req.valid('param');
      const viewer = viewerOf(c);
      const loaded = await loadCart(ctx, cartId, viewer);
      if ('failure' in loaded) return answer(c, loaded);
      if (loaded.data.status === 'payment_pending') await refreshPending(ctx, loaded.data);
      const fresh = await loadCart(ctx, cartId, viewer);
      return answer(c, 'failure' in fresh ? fresh : await cartAnswer(ctx, fresh.data, viewer));
    })
    .put(P.cart(':cartId'), member, validate('param', CartParams), validate('json', UpdateCartRequestSchema), async (c) =>
      answer(c, await updateCart(ctx, c.req.valid('param').cartId, viewerOf(c), c.req.valid('json'))),
    )
    .put(P.paymentMethod(':cartId'), member, validate('param', CartParams), validate('json', SetPaymentMethodRequestSchema), async (c) =>
      answer(c, await setPaymentMethod(ctx, c.req.valid('param').cartId, viewerOf(c), c.req.valid('json').payment_method)),
    )
    .put(P.creditCard(':cartId'), member, validate('param', CartParams), validate('json', SetCreditCardRequestSchema), async (c) =>
      ctx.payments ? answer(c, await setCreditCard(ctx, c.req.valid('param').cartId, viewerOf(c), c.req.valid('json'))) : unavailable(c),
    )
    .post(
      P.pay(':cartId'),
      member,
      validate('param', CartParams),
      validate('header', IdempotencyHeaders),
      validate('json', PayRequestSchema),
      async (c) => {
        const result = await pay(
          ctx,
          c.req.valid('param').cartId,
          viewerOf(c),
          c.req.valid('header')['idempotency-key'],
          c.req.valid('json'),
        );
        // A guest's browser gets the key of the order this payment makes (the stored answer never holds it).
        const body = viewerOf(c) === null ? await withAccessKey(result.body, c.req.valid('param').cartId) : result.body;
        return c.json(body as object, result.status as ContentfulStatusCode);
      },
    )
    .put(P.stay(':cartId', ':stayId'), member, validate('param', StayParams), validate('json', UpdateStayRequestSchema), async (c) => {
      const { cartId, stayId } = c.req.valid('param');
      return answer(c, await updateStay(ctx, cartId, stayId, viewerOf(c), c.req.valid('json')));
    })
    .put(
      P.roomStay(':cartId', ':stayId', ':roomStayId'),
      member,
      validate('param', RoomStayParams),
      validate('json', UpdateRoomStayRequestSchema),
      async (c) => answer(c, await updateRoomStay(ctx, c.req.valid('param'), viewerOf(c), c.req.valid('json'))),
    )
    .get(P.availableAddons(':cartId', ':stayId', ':roomStayId'), member, validate('param', RoomStayParams), async (c) =>
      answer(c, await availableAddons(ctx, c.req.valid('param'), viewerOf(c))),
    );
  const extrasRoutes = new Hono<CommerceEnv>()
    .post(P.vouchers(':cartId'), member, validate('param', CartParams), validate('json', ApplyVoucherRequestSchema), async (c) =>
      answer(c, await applyVoucherCode(ctx, c.req.valid('param').cartId, viewerOf(c), c.req.valid('json').code)),
    )
    .post(P.voucher(':cartId', ':voucherId'), member, validate('param', VoucherParams), async (c) => {
      const { cartId, voucherId } = c.req.valid('param');
      return answer(c, await applyMemberVoucher(ctx, cartId, viewerOf(c), voucherId));
    })
    .delete(P.voucher(':cartId', ':voucherId'), member, validate('param', VoucherParams), async (c) => {
      const { cartId, voucherId } = c.req.valid('param');
      return answer(c, await removeVoucher(ctx, cartId, viewerOf(c), voucherId));
    })
    .post(P.insuranceCalculate(':cartId', ':product'), member, validate('param', InsuranceParams), async (c) =>
      answer(c, await insuranceQuote(ctx, c.req.valid('param').cartId, viewerOf(c))),
    )
    .post(P.insurance(':cartId', ':product'), member, validate('param', InsuranceParams), async (c) =>
      answer(c, await setInsurance(ctx, c.req.valid('param').cartId, viewerOf(c), true)),
    )
    .delete(P.insurance(':cartId', ':product'), member, validate('param', InsuranceParams), async (c) =>
      answer(c, await setInsurance(ctx, c.req.valid('param').cartId, viewerOf(c), false)),
    );
  const orderRoutes = new Hono<CommerceEnv>()
    .get(P.customerRateFlags, member, async (c) => c.json({ data: await customerRateFlags(ctx, viewerOf(c)) }, 200))
    .post(P.modifications, member, validate('json', StartModificationRequestSchema), async (c) =>
      answer(c, await startModification(ctx, await callerOf(c), c.req.valid('json')), 201),
    )
    .put(
      P.modificationRoomStay(':modificationId', ':roomStayId'),
      member,
      validate('param', ModificationRoomParams),
      validate('json', EditModificationRequestSchema),
      async (c) => answer(c, await editModification(ctx, await callerOf(c), c.req.valid('param'), c.req.valid('json'))),
    )
    .post(P.modificationComplete(':modificationId'), member, validate('param', ModificationParams), async (c) =>
      answer(c, await completeModification(ctx, await callerOf(c), c.req.valid('param').modificationId)),
    )
    .get(P.recentOrdersCount(':hotelCode'), validate('param', HotelParams), async (c) =>
      answer(c, await recentOrdersCount(ctx, c.req.valid('param').hotelCode)),
    )
    .post(P.orderAccess, validate('json', OrderAccessRequestSchema), async (c) =>
      answer(c, await exchangeLinkToken(ctx, c.req.valid('json').token)),
    )
    .post(P.orderLookup, validate('json', OrderLookupRequestSchema), async (c) => {
      const request = c.req.valid('json');
      // Counted before the check: parallel guesses are all counted, and a number is not tried without end from many addresses.
      const refusal = await firstRefusal(
        () => limiter.hit(ORDER_LOOKUP_LIMITS.perAddress, clientAddress(c, settings.trustProxy)),
        () => limiter.hit(ORDER_LOOKUP_LIMITS.perReservation, request.reservation_number),
      );
      if (refusal !== undefined) return tooManyRequests(c, refusal);
      return answer(c, await lookupOrder(ctx, request));
    })
    .get(P.order(':orderId'), member, validate('param', OrderParams), async (c) =>
      answer(c, await getOrder(ctx, c.req.valid('param').orderId, await callerOf(c))),
    )
    .post(P.cancelReservation(':orderId', ':reservationNumber'), member, validate('param', ReservationParams), async (c) => {
      const { orderId, reservationNumber } = c.req.valid('param');
      return answer(c, await cancelReservation(ctx, orderId, reservationNumber, await callerOf(c)));
    });
  const paymentRoutes = new Hono<CommerceEnv>()
    .post(P.applePaySession, validate('json', ApplePaySessionRequestSchema), async (c) => {
      if (!ctx.payments) return unavailable(c);
      const { validation_url, domain } = c.req.valid('json');
      try {
        return c.json({ data: { merchant_session: await ctx.payments.applePaySession(validation_url, domain) } }, 200);
      } catch (error) {
        // The provider refuses the validation URL or domain: the browser's request was wrong, not us.
        if (error instanceof PaymentRequestRejected) return c.json(errorBody({ status: 400, code: 'bad_request', message: error.message }), 400);
        if (error instanceof PaymentProviderUnavailable) return unavailable(c);
        throw error;
      }
    })
    .post(P.paymentNotifications, async (c) => {
      if (!ctx.payments) return unavailable(c);
      let notification;
      try {
        notification = await ctx.payments.verifyNotification(await c.req.text(), c.req.raw.headers);
      } catch (error) {
        if (error instanceof PaymentNotificationRejected)
          return c.json(
            errorBody({
              status: 400,
              code: 'bad_request',
              message: 'Notification rejected',
            }),
            400,
          );
        throw error;
      }
      if (await deps.paymentNotifications?.dispatch(notification)) return ok(c);
      if (v.is(UuidSchema, notification.reference)) await settlePayment(ctx, notification);
      return ok(c);
    });
  const cardRoutes = new Hono<CommerceEnv>()
    .get(P.merchant, (c) => {
      if (!ctx.payments) return unavailable(c);
      const { provider, hostedFormUrl, origin, hostedCvvUrl } = ctx.payments.merchant();
      return c.json({ data: { provider, hosted_form_url: hostedFormUrl, origin, ...(hostedCvvUrl ? { hosted_cvv_url: hostedCvvUrl } : {}) } }, 200);
    })
    .get(P.creditCards, signedIn, async (c) => c.json({ data: await listCards(ctx, signedInViewer(c)) }, 200))
    .post(P.creditCards, signedIn, validate('json', AddSavedCardRequestSchema), async (c) =>
      answer(c, await addCard(ctx, signedInViewer(c), c.req.valid('json')), 201),
    )
    .put(P.creditCardItem(':cardId'), signedIn, validate('param', CardParams), validate('json', UpdateSavedCardRequestSchema), async (c) =>
      answer(c, await updateCard(ctx, signedInViewer(c), c.req.valid('param').cardId, c.req.valid('json'))),
    )
    .put(P.creditCardCvv(':cardId'), signedIn, validate('param', CardParams), validate('json', SetCvvRequestSchema), async (c) =>
      answer(c, await setCvv(ctx, signedInViewer(c), c.req.valid('param').cardId, c.req.valid('json').cvv_token)),
    )
    .delete(P.creditCardItem(':cardId'), signedIn, validate('param', CardParams), async (c) =>
      answer(c, await deleteCard(ctx, signedInViewer(c), c.req.valid('param').cardId)),
    );
  // Mounted as one opaque app: the route types of the whole journey in one chain are too deep for the
  // compiler's typed client (hc<AppType>); the contract's schemas are what clients use.
  const all: Hono<CommerceEnv> = new Hono<CommerceEnv>()
    .route('/', cartRoutes)
    .route('/', extrasRoutes)
    .route('/', orderRoutes)
    .route('/', paymentRoutes)
    .route('/', tracking)
    .route('/', cardRoutes);
  return all;
}
