import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  AddExternalReservationRequestSchema,
  MEMBER_RESERVATION_PATHS,
  RESERVATION_ALREADY_ADDED_MESSAGE,
  RESERVATION_NOT_FOUND_MESSAGE,
  ReservationNumberParamsSchema,
} from '../../src/contract/member-reservations';
import { bearerAuth, type MemberEnv } from '../auth/bearer';
import type { Auth } from '../auth/core';
import type { Database } from '../db/database';
import type { Logger } from '../logger';
import { missingPointsOf } from '../loyalty/missing-points';
import { errorBody, notFound } from '../middleware/errors';
import { validate } from '../middleware/validate';
import { type ReservationSystemPort, ReservationSystemUnavailableError } from '../ports/reservation-system';
import { addReservation, hideOldBooking, oldBookingsOf, refreshReservations, removeReservation } from './external-reservations';

const P = MEMBER_RESERVATION_PATHS;
/** Seconds a client is asked to wait before asking the reservation system again. */
const RETRY_AFTER_SECONDS = '30';

/**
 * The member area's bookings made outside this site and its missing points (spec section 7 "Members",
 * decision record 0041). Every route takes the member's bearer token (401 without a valid one) and answers
 * only about that member; another member's reservation answers 404, as an unknown one does. When the
 * reservation system cannot answer, the routes that ask it answer 503 service_unavailable and change
 * nothing (the web app lets a refresh fail quietly).
 */
export function memberReservationRoutes({
  auth,
  db,
  reservationSystem,
  logger,
}: {
  auth: Pick<Auth, 'tokens' | 'sessions' | 'now'>;
  db: Database;
  reservationSystem: ReservationSystemPort;
  logger: Logger;
}) {
  const bearer = bearerAuth(auth);
  const memberOf = (c: Context<MemberEnv>) => c.get('session').memberId;
  /** Runs a request that asks the reservation system, turning its failure into 503. */
  async function asking(c: Context<MemberEnv>, answer: () => Promise<Response>): Promise<Response> {
    try {
      return await answer();
    } catch (error) {
      if (!(error instanceof ReservationSystemUnavailableError)) throw error;
      logger.log('warn', 'reservation system unavailable', { requestId: c.get('requestId'), method: c.req.method, error });
      c.header('Retry-After', RETRY_AFTER_SECONDS);
      return c.json(errorBody('service_unavailable', 'Your bookings cannot be looked up for a moment. Please try again shortly.'), 503);
    }
  }
  return (
    new Hono<MemberEnv>()
      // The refresh's path would also match `:reservationNumber`; its own route comes first.
      .post(P.refresh, bearer, (c) =>
        asking(c, async () => c.json({ data: { added: await refreshReservations(db, reservationSystem, memberOf(c), auth.now()) } }, 200)),
      )
      .post(P.externalReservations, bearer, validate('json', AddExternalReservationRequestSchema), (c) =>
        asking(c, async () => {
          const outcome = await addReservation(db, reservationSystem, memberOf(c), c.req.valid('json'), auth.now());
          if (outcome.ok) return c.json({ data: outcome.booking }, 201);
          if (outcome.reason === 'conflict') return c.json(errorBody('conflict', RESERVATION_ALREADY_ADDED_MESSAGE), 409);
          return notFound(c, RESERVATION_NOT_FOUND_MESSAGE);
        }),
      )
      .delete(P.externalReservation, bearer, validate('param', ReservationNumberParamsSchema), async (c) => {
        const removed = await removeReservation(db, memberOf(c), c.req.valid('param').reservationNumber, auth.now());
        if (!removed) return notFound(c, 'No such reservation in your account');
        return c.body(null, 204);
      })
      .get(P.oldBookings, bearer, (c) => asking(c, async () => c.json({ data: await oldBookingsOf(db, reservationSystem, memberOf(c)) }, 200)))
      .delete(P.oldBooking, bearer, validate('param', ReservationNumberParamsSchema), (c) =>
        asking(c, async () => {
          const hidden = await hideOldBooking(db, reservationSystem, memberOf(c), c.req.valid('param').reservationNumber, auth.now());
          if (!hidden) return notFound(c, 'No such old booking');
          return c.body(null, 204);
        }),
      )
      .get(P.missingPoints, bearer, async (c) => c.json({ data: await missingPointsOf(db, memberOf(c), auth.now()) }, 200))
  );
}
