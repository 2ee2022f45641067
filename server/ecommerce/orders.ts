import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Cart, Order } from '../../src/contract/ecommerce';
import { inventoryChanged } from '../db/inventory-changes';
import { carts, hotels, inventoryHolds, orders, reservations, vouchers } from '../db/schema';
import type { QuotedCart } from './carts';
import { type CommerceContext, fail, notFoundFailure, type Result, type Viewer } from './context';
import { addNights, applyNights, changeOf, type NightDeltas, type Writer } from './inventory';
import type { Catalogue } from '../search/catalogue';
import { convertMinor, type CurrencyRate, toMajor } from '../search/money';
import { sendCancellationMail, sendConfirmationMail } from './booking-mail-sending';
import { roomPointsEarned } from './pricing';
import { freeCancellationDeadline, orderHotelView, orderMoney, orderStatus } from './views';
import { InsufficientPoints } from '../loyalty/ledger';
import {
  enterPendingPoints,
  refundPointsPaid,
  spendPointsOnBooking,
  splitEarned,
  type StayRef,
  takeBackCreditedPoints,
  withdrawPendingPoints,
} from '../loyalty/stays';

export { InsufficientPoints };

/**
 * Orders: a paid cart becomes an order with one reservation (and reservation number) per room, in the
 * same transaction that marks the cart ordered, redeems its vouchers and enters its points in the points
 * ledger (spent, and earned as pending: server/loyalty/stays.ts). An order is read, cancelled and changed
 * by its member, or by a caller with a valid order access key for it (order-access.ts, decision record
 * 0024); to anyone else it is not there (404).
 */

/** Readable and unique: the hotel code and eight characters without look-alikes (I, O, 0, 1). */
const NUMBER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function reservationNumber(hotelCode: string): string {
  const bytes = randomBytes(8);
  return `${hotelCode}-${[...bytes].map((byte) => NUMBER_ALPHABET[byte % NUMBER_ALPHABET.length]).join('')}`;
}

export interface OrderPayment {
  method: Cart['payment_method'] & string;
  providerPaymentId: string | null;
  /** Points debited (paying with points). */
  points: number;
}

/**
 * In a transaction that already took the rooms (or moved the cart's hold to the order): debits points,
 * redeems the vouchers and writes the order with its reservations. Answers the order id and snapshot.
 */
export async function insertOrder(
  ctx: CommerceContext,
  tx: Writer,
  quoted: QuotedCart,
  payment: OrderPayment,
  /** The cart's view, made before the transaction (PGlite runs nothing else while a transaction is open). */
  base: Cart,
): Promise<{ orderId: string; snapshot: Cart }> {
  const { cart, priced, money } = quoted;
  const orderId = randomUUID();
  const now = ctx.now();
  if (payment.points > 0 && cart.memberId === null) throw new InsufficientPoints(0, payment.points);
  await tx
    .update(vouchers)
    .set({ redeemedOrderId: orderId })
    .where(and(eq(vouchers.cartId, cart.id), isNull(vouchers.redeemedOrderId)));
  // Members earn; a guest's booking earns nothing (decision record 0014). The points are pending on the
  // reservations until the stay is over, then credited (points-credit.ts, decision record 0031).
  const earned = priced.rooms.map((room) => (cart.memberId === null ? 0 : roomPointsEarned(room, payment.points > 0)));
  const pointsEarned = earned.reduce((total, points) => total + points, 0);
  const numbers = priced.rooms.map(() => reservationNumber(priced.hotel.code));
  if (payment.points > 0 && cart.memberId !== null) {
    // The member's row is locked from here to the commit: two payments with points wait for each other.
    await spendPointsOnBooking(
      tx,
      { memberId: cart.memberId, hotelId: cart.hotelId, orderId, reservationNumbers: numbers, arrivalDate: priced.stay.startDate, departureDate: priced.stay.endDate, points: payment.points },
      now,
    );
  }
  const major = (minor: number) => toMajor(minor, money.currency);
  const snapshot: Cart = {
    ...base,
    order_id: orderId,
    status: 'ordered',
    hold_expires_at: null,
    last_decline_reason: null,
    payments: [
      {
        captured_at: money.now > 0 ? now.toISOString() : null,
        payment_method: payment.method,
        amount: payment.points > 0 ? 0 : major(money.now),
        points: payment.points,
        status: payment.points > 0 || money.now > 0 ? 'captured' : 'authorized',
      },
    ],
    stays: base.stays.map((stay) => ({ ...stay, room_stays: stay.room_stays.map((room, index) => ({ ...room, reservation_number: numbers[index] ?? null })) })),
  };
  const customerEmail = base.customer.email ?? '';
  await tx
    .insert(orders)
    .values({
      id: orderId,
      cartId: cart.id,
      memberId: cart.memberId,
      hotelId: cart.hotelId,
      createdAt: now,
      currency: cart.currency,
      locale: cart.locale,
      promoCode: cart.promoCode,
      customerEmail,
      paymentMethod: payment.method,
      providerPaymentId: payment.providerPaymentId,
      amountPaidMinor: payment.points > 0 ? 0 : money.now,
      pointsPaid: payment.points,
      amountAtHotelMinor: money.atHotel,
      amountTotalMinor: money.total,
      cityTaxMinor: money.cityTax,
      pointsEarned,
      snapshot: { ...snapshot, points_earned: pointsEarned },
    });
  await tx.insert(reservations).values(
    priced.rooms.map((room, index) => {
      const deadline = freeCancellationDeadline(room.plan.cancellation, priced.stay.startDate, priced.hotel.timeZone);
      return {
        id: room.row.id,
        orderId,
        reservationNumber: numbers[index] as string,
        roomTypeId: room.roomType.id,
        checkInDate: priced.stay.startDate,
        checkOutDate: priced.stay.endDate,
        status: 'confirmed' as const,
        details: room.row,
        grossEurMinor: room.rate.gross,
        paidMinor: money.rooms[index]?.payNow ?? 0,
        pointsPaid: payment.points > 0 ? room.rate.pointsPrice : 0,
        pointsEarned: earned[index] ?? 0,
        freeCancellationUntil: deadline === null ? null : new Date(deadline),
      };
    }),
  );
  if (cart.memberId !== null) {
    for (const [index, room] of priced.rooms.entries()) {
      const stay = { memberId: cart.memberId, hotelId: cart.hotelId, orderId, reservationId: room.row.id, reservationNumber: numbers[index] as string, arrivalDate: priced.stay.startDate, departureDate: priced.stay.endDate };
      await enterPendingPoints(tx, stay, splitEarned(earned[index] ?? 0, room.row.green), now);
    }
  }
  await tx.update(carts).set({ status: 'ordered', orderId, holdExpiresAt: null, pendingPaymentId: null, lastDeclineReason: null, updatedAt: now }).where(eq(carts.id, cart.id));
  await tx.delete(inventoryHolds).where(eq(inventoryHolds.cartId, cart.id));
  return { orderId, snapshot };
}

/** The nights a quoted cart takes. */
export function cartNights(quoted: QuotedCart): NightDeltas {
  const deltas: NightDeltas = new Map();
  for (const room of quoted.priced.rooms) addNights(deltas, room.roomType.id, quoted.priced.stay.startDate, quoted.priced.stay.endDate, 1);
  return deltas;
}

/** A member's reservation as points entries explain it; null for a guest's booking (guests have no points). */
export function stayOf(
  order: Pick<typeof orders.$inferSelect, 'id' | 'memberId' | 'hotelId'>,
  reservation: Pick<typeof reservations.$inferSelect, 'id' | 'reservationNumber' | 'checkInDate' | 'checkOutDate'>,
): StayRef | null {
  if (order.memberId === null) return null;
  return {
    memberId: order.memberId,
    hotelId: order.hotelId,
    orderId: order.id,
    reservationId: reservation.id,
    reservationNumber: reservation.reservationNumber,
    arrivalDate: reservation.checkInDate,
    departureDate: reservation.checkOutDate,
  };
}

/** A provider call after the database has committed: a failure is logged for operations, the booking stands. */
export async function providerCall(ctx: CommerceContext, what: string, call: () => Promise<unknown> | undefined): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    ctx.logger.log('error', `${what} failed`, { error });
    return false;
  }
}

/** A refund keyed for what it pays back: sent again with the same key, the provider refunds once. */
export function refundOnce(ctx: CommerceContext, paymentId: string, amountMinor: number, key: string): Promise<boolean> {
  return providerCall(ctx, 'refund', () => ctx.payments?.refund(paymentId, amountMinor, key));
}

/** After an order committed: the confirmation mail with its signed link (a failure is logged; the booking stands). */
export async function afterOrder(ctx: CommerceContext, _quoted: QuotedCart, snapshot: Cart): Promise<void> {
  const [order] = snapshot.order_id ? await ctx.db.select().from(orders).where(eq(orders.id, snapshot.order_id)) : [];
  if (order) await sendConfirmationMail(ctx, order, () => orderAnswer(ctx, order));
  if (order) await ctx.orderPlaced?.(order.id);
}

type OrderRow = typeof orders.$inferSelect;
type ReservationRow = typeof reservations.$inferSelect;

/**
 * Who asks for an order: the signed-in member, if any, and the cart named by a valid order access key
 * (X-Order-Access), if one was sent. The order id alone is no credential: it is in addresses and logs.
 */
export interface OrderCaller {
  viewer: Viewer | null;
  keyCartId: string | null;
}

export const mayAccess = (order: Pick<OrderRow, 'memberId' | 'cartId'>, caller: OrderCaller) =>
  (order.memberId !== null && order.memberId === caller.viewer?.memberId) || (caller.keyCartId !== null && caller.keyCartId === order.cartId);

export async function loadOrder(ctx: CommerceContext, orderId: string, caller: OrderCaller): Promise<Result<OrderRow>> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || !mayAccess(order, caller)) return notFoundFailure(`order ${orderId}`);
  return { data: order };
}

const cancellable = (reservation: ReservationRow, nowMs: number) =>
  reservation.status === 'confirmed' && reservation.freeCancellationUntil !== null && reservation.freeCancellationUntil.getTime() > nowMs;

/** The vouchers an order redeemed, in its currency (as the cart converted them). */
async function redeemedVoucherMinor(db: CommerceContext['db'] | Writer, orderId: string, catalogue: Catalogue, currency: CurrencyRate): Promise<number> {
  const rows = await db.select({ amountMinor: vouchers.amountMinor, currency: vouchers.currency }).from(vouchers).where(eq(vouchers.redeemedOrderId, orderId));
  return rows.reduce((total, row) => {
    const from = catalogue.currencies.get(row.currency);
    return total + (from ? convertMinor(row.amountMinor, from, currency) : 0);
  }, 0);
}

/** The order's money as it stands with these reservations (orderMoney), from its row's charges and refunds. */
function moneyOf(order: OrderRow, rows: readonly ReservationRow[], voucherMinor: number, currency: CurrencyRate) {
  return orderMoney({
    snapshot: order.snapshot,
    cancelled: new Set(rows.filter((row) => row.status === 'cancelled').map((row) => row.id)),
    paidWithPoints: order.pointsPaid > 0,
    paidMinor: order.amountPaidMinor,
    refundedMinor: order.amountRefundedMinor,
    voucherMinor,
    currency,
  });
}

export async function orderAnswer(ctx: CommerceContext, order: OrderRow): Promise<Order> {
  const rows = await ctx.db.select().from(reservations).where(eq(reservations.orderId, order.id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const nowMs = ctx.now().getTime();
  const catalogue = await ctx.catalogue();
  const currency = ctx.currency(catalogue, order.currency);
  const major = (minor: number) => toMajor(minor, currency);
  const { snapshot } = order;
  // Recomputed on every read, so the totals follow each cancellation and modification.
  const money = moneyOf(order, rows, await redeemedVoucherMinor(ctx.db, order.id, catalogue, currency), currency);
  const hotel = catalogue.hotels.find((candidate) => candidate.id === order.hotelId);
  const [address] = await ctx.db
    .select({ street: hotels.street, postalCode: hotels.postalCode, phone: hotels.phone, checkInFrom: hotels.checkInFrom, checkOutUntil: hotels.checkOutUntil })
    .from(hotels)
    .where(eq(hotels.id, order.hotelId));
  const roomStatuses = snapshot.stays.flatMap((stay) => stay.room_stays.map((room) => byId.get(room.room_stay_id)?.status ?? 'confirmed'));
  return {
    order_id: order.id,
    cart_id: order.cartId,
    created_at: order.createdAt.toISOString(),
    currency: order.currency,
    customer: { email: order.customerEmail, sso_guid: snapshot.customer.sso_guid },
    payment_method: order.paymentMethod,
    amount_paid: major(order.amountPaidMinor),
    points_paid: order.pointsPaid,
    amount_at_hotel: major(money.atHotel),
    amount_to_pay_total: major(money.total),
    city_tax_total: major(money.cityTax),
    amount_refunded: major(order.amountRefundedMinor),
    points_earned: order.pointsEarned,
    points_pending: rows.some((row) => row.status === 'confirmed' && row.pointsEarned > 0 && row.pointsCreditedAt === null),
    status: orderStatus(roomStatuses),
    insurance: snapshot.insurance,
    voucher_discount: major(money.vouchers),
    hotel: hotel && address ? orderHotelView(hotel, address, order.locale) : null,
    stays: snapshot.stays.map((stay) => ({
      ...stay,
      room_stays: stay.room_stays.map((room) => {
        const reservation = byId.get(room.room_stay_id);
        return {
          ...room,
          reservation_number: reservation?.reservationNumber ?? room.reservation_number ?? '',
          status: reservation?.status ?? 'confirmed',
          cancellable: reservation ? cancellable(reservation, nowMs) : false,
          modifiable: reservation ? cancellable(reservation, nowMs) && order.pointsPaid === 0 : false,
        };
      }),
    })),
  };
}

export async function getOrder(ctx: CommerceContext, orderId: string, caller: OrderCaller): Promise<Result<Order>> {
  const loaded = await loadOrder(ctx, orderId, caller);
  if ('failure' in loaded) return loaded;
  return { data: await orderAnswer(ctx, loaded.data) };
}

/**
 * Cancels one reservation while free cancellation applies (409 not_cancellable otherwise): marks it
 * cancelled, gives its nights back, the points it was paid with back and the points it earned away in
 * one transaction, then refunds what was charged for it through the provider. A repeated cancel answers
 * the order as it is (and sends the refund again under the same key: the provider refunds once).
 */
export async function cancelReservation(ctx: CommerceContext, orderId: string, number: string, caller: OrderCaller): Promise<Result<Order>> {
  const loaded = await loadOrder(ctx, orderId, caller);
  if ('failure' in loaded) return loaded;
  const order = loaded.data;
  const [reservation] = await ctx.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.orderId, orderId), eq(reservations.reservationNumber, number)));
  if (!reservation) return notFoundFailure(`reservation ${number} in order ${orderId}`);
  if (reservation.status === 'cancelled') {
    // Sent again with the same key: the provider refunds once, and a refund whose first call failed is made now.
    if (reservation.refundedMinor > 0 && order.providerPaymentId) await refundOnce(ctx, order.providerPaymentId, reservation.refundedMinor, `refund:${reservation.id}`);
    return { data: await orderAnswer(ctx, order) };
  }
  const now = ctx.now();
  if (!cancellable(reservation, now.getTime())) return fail(409, 'not_cancellable', 'This reservation can no longer be cancelled free of charge');
  if (reservation.paidMinor > 0 && (!ctx.payments || !order.providerPaymentId)) return fail(503, 'payments_unavailable', 'Refunds are not possible right now');
  const catalogue = await ctx.catalogue();
  const currency = ctx.currency(catalogue, order.currency);
  // Read before the transaction (PGlite runs nothing else while one is open); vouchers never change after the order.
  const voucherMinor = await redeemedVoucherMinor(ctx.db, order.id, catalogue, currency);
  // The reservation is locked first (as a modification's completion takes it) and read again: a
  // completion that got there first moved its nights and changed what was paid, and that is what goes back.
  const outcome = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(reservations).where(eq(reservations.id, reservation.id)).for('update');
    if (!row || !cancellable(row, now.getTime())) return null;
    const deltas = addNights(new Map(), row.roomTypeId, row.checkInDate, row.checkOutDate, -1);
    await applyNights(tx, deltas);
    const [amounts] = await tx.select({ paid: orders.amountPaidMinor, refunded: orders.amountRefundedMinor }).from(orders).where(eq(orders.id, order.id)).for('update');
    const refund = Math.max(0, Math.min(row.paidMinor, (amounts?.paid ?? 0) - (amounts?.refunded ?? 0)));
    await tx.update(reservations).set({ status: 'cancelled', cancelledAt: now, refundedMinor: refund }).where(eq(reservations.id, row.id));
    // Points paid come back; points the room earned are taken back if they were already credited (never
    // below zero), and pending ones withdrawn: they will never be credited (the room is no longer confirmed).
    const stay = stayOf(order, row);
    if (stay) {
      await refundPointsPaid(tx, stay, row.pointsPaid, now);
      if (row.pointsCreditedAt) await takeBackCreditedPoints(tx, stay, row.pointsEarned, now);
      else await withdrawPendingPoints(tx, stay, row.pointsEarned, now);
    }
    // The order's totals as they stand without the room, kept on its row as its answer shows them.
    const [current] = await tx.select().from(orders).where(eq(orders.id, order.id));
    const rows = await tx.select().from(reservations).where(eq(reservations.orderId, order.id));
    const money = current ? moneyOf({ ...current, amountRefundedMinor: current.amountRefundedMinor + refund }, rows, voucherMinor, currency) : null;
    await tx
      .update(orders)
      .set({
        amountRefundedMinor: sql`${orders.amountRefundedMinor} + ${refund}`,
        pointsEarned: sql`${orders.pointsEarned} - ${row.pointsEarned}`,
        ...(money ? { amountTotalMinor: money.total, amountAtHotelMinor: money.atHotel, cityTaxMinor: money.cityTax } : {}),
      })
      .where(eq(orders.id, order.id));
    return { refund, deltas };
  });
  if (outcome) {
    inventoryChanged(ctx.db, changeOf(outcome.deltas));
    if (outcome.refund > 0 && order.providerPaymentId) await refundOnce(ctx, order.providerPaymentId, outcome.refund, `refund:${reservation.id}`);
  }
  const [fresh] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  // The guest gets a mail when this call cancelled the room (not for a repeated cancel).
  if (outcome) await sendCancellationMail(ctx, fresh ?? order, () => orderAnswer(ctx, fresh ?? order), number, outcome.refund);
  return { data: await orderAnswer(ctx, fresh ?? order) };
}

/** Orders made at the hotel in the 24 hours before now. */
export async function recentOrdersCount(ctx: CommerceContext, hotelCode: string): Promise<Result<{ count: number }>> {
  const hotel = (await ctx.catalogue()).hotelsByCode.get(hotelCode);
  if (!hotel) return notFoundFailure(`hotel with code ${hotelCode}`);
  const since = new Date(ctx.now().getTime() - 24 * 3_600_000);
  const [row] = await ctx.db
    .select({ count: count() })
    .from(orders)
    .where(and(eq(orders.hotelId, hotel.id), gt(orders.createdAt, since)));
  return { data: { count: row?.count ?? 0 } };
}

/** A name or email as compared: Unicode-normalised, trimmed, single spaces, lower case. */
const comparable = (text: string) => text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** Equal in constant time: both sides are hashed first, so neither their length nor their content shows in the timing. */
function sameText(given: string, stored: string): boolean {
  const digest = (text: string) => createHash('sha256').update(comparable(text)).digest();
  return timingSafeEqual(digest(given), digest(stored));
}

/**
 * "Manage my booking": a reservation number with the last name of its traveller or the booking's email
 * gives an access key for its order. A wrong pair and an unknown number answer the same 404 after the
 * same work; the route limits how often an address and a reservation number may try.
 */
export async function lookupOrder(
  ctx: CommerceContext,
  request: { reservation_number: string } & ({ last_name: string } | { email: string }),
): Promise<Result<{ order_id: string; access_key: string }>> {
  const [row] = await ctx.db
    .select({ orderId: orders.id, cartId: orders.cartId, email: orders.customerEmail, details: reservations.details })
    .from(reservations)
    .innerJoin(orders, eq(orders.id, reservations.orderId))
    .where(eq(reservations.reservationNumber, request.reservation_number));
  const given = 'last_name' in request ? request.last_name : request.email;
  const stored = 'last_name' in request ? row?.details.traveller?.last_name : row?.email;
  // Compared also when there is nothing to compare with, so an unknown number takes as long as a wrong name.
  const matches = sameText(given, stored ?? '\u0000') && row !== undefined && stored !== undefined;
  // One message for every miss: it must not tell a guesser whether the number or the name was wrong.
  if (!matches) return fail(404, 'not_found', 'No booking matches these details');
  return { data: { order_id: row.orderId, access_key: await ctx.orderAccess.accessKey(row.cartId) } };
}

/** A confirmation mail's link token for an access key to its order; 404 when altered, expired or unknown. */
export async function exchangeLinkToken(ctx: CommerceContext, token: string): Promise<Result<{ order_id: string; access_key: string }>> {
  const cartId = await ctx.orderAccess.verifyLinkToken(token);
  const [order] = cartId ? await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.cartId, cartId)) : [];
  if (!cartId || !order) return notFoundFailure('booking for this link');
  return { data: { order_id: order.id, access_key: await ctx.orderAccess.accessKey(cartId) } };
}
