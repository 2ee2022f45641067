import { eq } from 'drizzle-orm';
import { CHECKIN_LIMITS, CHECKIN_LINK_PARAMS } from '../../src/contract/checkin';
import { addDays } from '../../src/contract/calendar-dates';
import { onlineCheckins, orders, preArrivalMails, reservations } from '../db/schema';
import { businessDate } from '../lib/calendar';
import type { PmsStay } from '../ports/property-management';
import { preArrivalMail } from './mails';
import { bookingLocale, type CheckinDeps, hotelOf, hotelToday, openness } from './service';

/**
 * The pre-arrival mail (decision record 0054): once per stay, when online check-in opens
 * (CHECKIN_LIMITS.preArrivalDays before arrival), or at once for a booking made inside that window. The
 * maintenance schedule runs it every minute over the stays arriving in the window, and a new order runs
 * it for its own stays. A stay is claimed by inserting its id into pre_arrival_mails before its mail is
 * sent: of two runs at the same moment (two processes, or the schedule and an order) one wins, the other
 * sends nothing. A mail that could not be sent gives its claim back, so the next run tries again.
 */

/** The link of the mail: the check-in page with a stay link token, valid until the day after departure. */
async function checkinLink(deps: CheckinDeps, stay: PmsStay, locale: string): Promise<string> {
  const expiresAt = new Date(`${addDays(stay.departureDate, 1)}T00:00:00Z`);
  const token = await deps.stayAccess.linkToken(stay.id, expiresAt);
  const url = new URL(`/${locale}/checkin/personal-details`, deps.origin());
  url.searchParams.set(CHECKIN_LINK_PARAMS.token, token);
  return url.toString();
}

/** Sends the stay's pre-arrival mail unless it was sent (or claimed) before; answers whether this call sent it. */
export async function sendPreArrivalMail(deps: CheckinDeps, stay: PmsStay): Promise<boolean> {
  const hotel = await hotelOf(deps.db, stay.hotelCode);
  if (openness(stay, hotelToday(hotel, deps.now())) !== 'open') return false;
  const claimed = await deps.db
    .insert(preArrivalMails)
    .values({ stayId: stay.id, reservationNumber: stay.reservationNumber, sentAt: deps.now() })
    .onConflictDoNothing()
    .returning({ stayId: preArrivalMails.stayId });
  if (claimed.length === 0) return false;
  // Checked in online already (before the mail's turn came): nothing to invite to; the claim stays.
  const [checkin] = await deps.db.select({ status: onlineCheckins.status }).from(onlineCheckins).where(eq(onlineCheckins.stayId, stay.id));
  if (checkin?.status === 'completed') return false;
  try {
    const locale = await bookingLocale(deps.db, stay);
    await deps.mail.send(
      preArrivalMail({
        to: stay.guest.email,
        locale,
        guestName: `${stay.guest.firstName} ${stay.guest.lastName}`,
        hotelName: hotel.name,
        arrivalDate: stay.arrivalDate,
        departureDate: stay.departureDate,
        reservationNumber: stay.reservationNumber,
        checkinLink: await checkinLink(deps, stay, locale),
      }),
    );
    return true;
  } catch (error) {
    await deps.db.delete(preArrivalMails).where(eq(preArrivalMails.stayId, stay.id));
    deps.logger.log('error', 'pre-arrival mail not sent; the next run tries again', { error });
    return false;
  }
}

/** The job: every stay arriving from today to today + preArrivalDays gets its mail once. Answers how many were sent. */
export async function sendPreArrivalMails(deps: CheckinDeps, now: Date): Promise<number> {
  const today = businessDate(now);
  // A day either side of the business day: hotels east and west of Berlin may be a day ahead or behind; openness decides per hotel.
  const stays = await deps.propertyManagement.staysArriving(addDays(today, -1), addDays(today, CHECKIN_LIMITS.preArrivalDays + 1));
  let sent = 0;
  for (const stay of stays) if (await sendPreArrivalMail(deps, stay)) sent++;
  return sent;
}

/** After an order: the pre-arrival mail of each of its stays that arrives inside the window (a booking for today gets it at once). */
export async function preArrivalForOrder(deps: CheckinDeps, orderId: string): Promise<void> {
  try {
    const rows = await deps.db
      .select({ reservationNumber: reservations.reservationNumber })
      .from(reservations)
      .innerJoin(orders, eq(orders.id, reservations.orderId))
      .where(eq(orders.id, orderId));
    for (const { reservationNumber } of rows) {
      const stay = await deps.propertyManagement.stayOfReservation(reservationNumber);
      if (stay) await sendPreArrivalMail(deps, stay);
    }
  } catch (error) {
    // The order stands; the schedule sends the mail on its next run.
    deps.logger.log('warn', 'pre-arrival mail after an order not sent; the schedule tries again', { orderId, error });
  }
}
