import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import {
  CHECKIN_ACCESS_HEADER,
  CHECKIN_PATHS,
  CheckinAvailabilityQuerySchema,
  CheckinParamsSchema,
  CheckinPayRequestSchema,
  PersonalDetailsRequestSchema,
  SetCheckinPaymentMethodRequestSchema,
  StartCheckinRequestSchema,
} from '../../src/contract/checkin';
import { ORDER_ACCESS_HEADER } from '../../src/contract/ecommerce';
import { LocaleSchema } from '../../src/contract/locales';
import { bearerAuth } from '../auth/bearer';
import type { Auth } from '../auth/core';
import { clientAddress, firstRefusal, tooManyRequests } from '../auth/http';
import type { RateLimitRule } from '../auth/rate-limit';
import type { LiveSession } from '../auth/sessions';
import { errorBody, type Result } from '../ecommerce/context';
import { createOrderAccessTokens } from '../ecommerce/order-access';
import type { AppEnv } from '../env';
import type { PaymentNotificationRouter } from '../lib/payment-notifications';
import type { MaintenanceJobs } from '../maintenance/purge';
import { validate } from '../middleware/validate';
import { stayAccessTokensOf } from '../pms/stay-access';
import { CHECKIN_PAYMENT_REFERENCE_PREFIX, payCheckin, refreshPendingCheckin, refreshPendingCheckins, settleCheckinPayment } from './payments';
import { preArrivalForOrder, sendPreArrivalMails } from './pre-arrival';
import {
  type CheckinCaller,
  type CheckinDeps,
  checkinAvailability,
  checkinView,
  HOTEL_SYSTEM_UNAVAILABLE,
  HotelSystemUnavailable,
  loadCheckin,
  savePersonalDetails,
  setCheckinPaymentMethod,
  startCheckin,
} from './service';

type CheckinEnv = { Variables: AppEnv['Variables'] & { session?: LiveSession } };

/** How often "manage my booking" may try a reservation number and last name (per 15 minutes), counted before each check, as the booking lookup. */
export const CHECKIN_LOOKUP_LIMITS = {
  perAddress: { name: 'checkin-lookup:address', limit: 20, windowSeconds: 15 * 60 },
  perReservation: { name: 'checkin-lookup:reservation', limit: 5, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;

const IdempotencyHeaders = v.object({
  'idempotency-key': v.pipe(v.string('Send an Idempotency-Key header'), v.regex(/^[\w-]{8,100}$/, 'An Idempotency-Key of 8 to 100 letters, digits, - or _')),
});
/** The start may say the page's language (the check-in's mails follow it); the booking's otherwise. */
const StartQuerySchema = v.object({ locale: v.optional(LocaleSchema) });

/** A bearer token when there is one (a failing one answers 401); a guest without. */
function optionalMember(auth: Pick<Auth, 'tokens' | 'sessions'>): MiddlewareHandler<CheckinEnv> {
  const required = bearerAuth(auth) as unknown as MiddlewareHandler<CheckinEnv>;
  return async (c, next) => (c.req.header('authorization') === undefined ? next() : required(c, next));
}

/**
 * Online check-in (spec section 7 "Commerce": checkin; decision record 0054). Every body, parameter and
 * header is checked with the contract's schemas; a check-in answers 404 to anyone but the holder of its
 * stay's access key and the member who booked. The hotel's system not answering is 503
 * hotel_system_unavailable, with nothing changed.
 */
export function checkinRoutes(
  deps: Omit<CheckinDeps, 'stayAccess' | 'orderAccess'> & {
    auth: Pick<Auth, 'tokens' | 'sessions' | 'keys' | 'limiter' | 'settings' | 'now'>;
    maintenance?: MaintenanceJobs | undefined;
    paymentNotifications?: PaymentNotificationRouter | undefined;
  },
) {
  const checkin: CheckinDeps = {
    ...deps,
    stayAccess: stayAccessTokensOf(deps.auth),
    orderAccess: createOrderAccessTokens({ hmacKey: () => deps.auth.keys.hmacKey(), now: deps.now }),
  };
  deps.maintenance?.add('preArrivalMails', (now) => sendPreArrivalMails(checkin, now));
  deps.maintenance?.add('checkinPaymentsSettled', () => refreshPendingCheckins(checkin));
  deps.paymentNotifications?.add(CHECKIN_PAYMENT_REFERENCE_PREFIX, (notification) => settleCheckinPayment(checkin, notification));
  const { limiter, settings } = deps.auth;
  const member = optionalMember(deps.auth);

  const callerOf = async (c: Context<CheckinEnv>): Promise<CheckinCaller> => {
    const session = c.get('session');
    return {
      viewer: session ? { memberId: session.memberId, memberGuid: session.memberGuid, email: session.email } : null,
      keyStayId: await checkin.stayAccess.verifyAccessKey(c.req.header(CHECKIN_ACCESS_HEADER)),
      keyCartId: await checkin.orderAccess.verifyAccessKey(c.req.header(ORDER_ACCESS_HEADER)),
    };
  };
  /** The result as the contract answers it; the hotel's system down is 503 with nothing changed. */
  const answer = async <T,>(c: Context<CheckinEnv>, work: () => Promise<Result<T>>, status: ContentfulStatusCode = 200) => {
    let result: Result<T>;
    try {
      result = await work();
    } catch (error) {
      if (error instanceof HotelSystemUnavailable) return c.json(errorBody(HOTEL_SYSTEM_UNAVAILABLE), 503);
      throw error;
    }
    if ('failure' in result) return c.json(errorBody(result.failure), result.failure.status);
    return c.json({ data: result.data }, status);
  };

  const P = CHECKIN_PATHS;
  const routes: Hono<CheckinEnv> = new Hono<CheckinEnv>()
    .post(P.start, member, validate('query', StartQuerySchema), validate('json', StartCheckinRequestSchema), async (c) => {
      const request = c.req.valid('json');
      if ('last_name' in request) {
        // Counted before the check, as the booking lookup: guesses from many addresses still count per number.
        const refusal = await firstRefusal(
          () => limiter.hit(CHECKIN_LOOKUP_LIMITS.perAddress, clientAddress(c, settings.trustProxy)),
          () => limiter.hit(CHECKIN_LOOKUP_LIMITS.perReservation, request.reservation_number),
        );
        if (refusal !== undefined) return tooManyRequests(c, refusal);
      }
      const caller = await callerOf(c);
      return answer(c, () => startCheckin(checkin, request, caller, c.req.valid('query').locale));
    })
    .get(P.availability, member, validate('query', CheckinAvailabilityQuerySchema), async (c) => {
      const caller = await callerOf(c);
      return answer(c, () => checkinAvailability(checkin, c.req.valid('query').reservation_number, caller));
    })
    .get(P.checkin(':checkinId'), member, validate('param', CheckinParamsSchema), async (c) => {
      const caller = await callerOf(c);
      const { checkinId } = c.req.valid('param');
      return answer(c, async () => {
        const loaded = await loadCheckin(checkin, checkinId, caller);
        if ('failure' in loaded) return loaded;
        let { row } = loaded.data;
        // Back from the provider's page: what it says now (a lost notification must not strand the guest).
        if (await refreshPendingCheckin(checkin, row)) {
          const again = await loadCheckin(checkin, checkinId, caller);
          if ('failure' in again) return again;
          row = again.data.row;
        }
        return { data: await checkinView(checkin, row, loaded.data.stay) };
      });
    })
    .put(P.personalDetails(':checkinId'), member, validate('param', CheckinParamsSchema), validate('json', PersonalDetailsRequestSchema), async (c) => {
      const caller = await callerOf(c);
      return answer(c, () => savePersonalDetails(checkin, c.req.valid('param').checkinId, caller, c.req.valid('json')));
    })
    .put(P.paymentMethod(':checkinId'), member, validate('param', CheckinParamsSchema), validate('json', SetCheckinPaymentMethodRequestSchema), async (c) => {
      const caller = await callerOf(c);
      return answer(c, () => setCheckinPaymentMethod(checkin, c.req.valid('param').checkinId, caller, c.req.valid('json').payment_method));
    })
    .post(
      P.pay(':checkinId'),
      member,
      validate('param', CheckinParamsSchema),
      validate('header', IdempotencyHeaders),
      validate('json', CheckinPayRequestSchema),
      async (c) => {
        const caller = await callerOf(c);
        const result = await payCheckin(checkin, c.req.valid('param').checkinId, caller, c.req.valid('header')['idempotency-key'], c.req.valid('json'));
        return c.json(result.body as object, result.status as ContentfulStatusCode);
      },
    );
  return {
    routes,
    /** After an order is placed: the pre-arrival mail of its stays that arrive inside the window. */
    orderPlaced: (orderId: string) => preArrivalForOrder(checkin, orderId),
  };
}
