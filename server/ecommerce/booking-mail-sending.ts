import type { Order } from '../../src/contract/ecommerce';
import type { orders } from '../db/schema';
import { toMajor } from '../search/money';
import { bookingOfOrder, type MailBooking } from './booking-mail';
import type { CommerceContext } from './context';
import { cancellationMail, confirmationMail, modificationMail, orderLink } from './mails';
import { linkExpiry } from './order-access';

/**
 * Sends the booking mails once the change they tell of is committed, each with the booking as it is
 * now and a freshly signed link to it. A mail that cannot be sent is logged and the booking stands: the
 * guest still finds it on the confirmation page. The caller passes how to read the order's answer
 * (orders.ts), which this module cannot import without a cycle.
 */

type OrderRow = typeof orders.$inferSelect;

async function send(
  ctx: CommerceContext,
  what: string,
  order: OrderRow,
  answer: () => Promise<Order>,
  compose: (booking: MailBooking, toMajorUnits: (minor: number) => number) => Parameters<CommerceContext['mail']['send']>[0],
): Promise<void> {
  if (!order.customerEmail) return;
  try {
    const current = await answer();
    const linkToken = await ctx.orderAccess.linkToken(
      order.cartId,
      linkExpiry(
        current.stays.map((stay) => stay.check_out_date),
        ctx.now(),
      ),
    );
    const booking = bookingOfOrder(current, order.locale, orderLink(ctx.origin(), order.locale, order.id, linkToken));
    const currency = ctx.currency(await ctx.catalogue(), order.currency);
    await ctx.mail.send(compose(booking, (minor) => toMajor(minor, currency)));
  } catch (error) {
    ctx.logger.log('error', `${what} mail not sent`, { orderId: order.id, error });
  }
}

/** After an order committed: the confirmation. */
export function sendConfirmationMail(ctx: CommerceContext, order: OrderRow, answer: () => Promise<Order>): Promise<void> {
  return send(ctx, 'booking confirmation', order, answer, (booking) => confirmationMail(order.customerEmail, booking));
}

/** After a room was cancelled: `refundMinor` in the order's currency, minor units. */
export function sendCancellationMail(ctx: CommerceContext, order: OrderRow, answer: () => Promise<Order>, reservationNumber: string, refundMinor: number): Promise<void> {
  return send(ctx, 'booking cancellation', order, answer, (booking, major) => cancellationMail(order.customerEmail, booking, reservationNumber, major(refundMinor)));
}

/** After a change was saved: the price difference (new minus old) and what was charged now (negative: refunded), minor units. */
export function sendModificationMail(
  ctx: CommerceContext,
  order: OrderRow,
  answer: () => Promise<Order>,
  change: { reservationNumber: string; differenceMinor: number; chargedMinor: number },
): Promise<void> {
  return send(ctx, 'booking modification', order, answer, (booking, major) =>
    modificationMail(order.customerEmail, booking, { reservationNumber: change.reservationNumber, difference: major(change.differenceMinor), charged: major(change.chargedMinor) }),
  );
}
