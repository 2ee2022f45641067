import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Cart, EditModificationRequestSchema, Modification, RoomStay } from '../../src/contract/ecommerce';
import { inventoryChanged } from '../db/inventory-changes';
import { carts, type CartRoomStayRow, orders, reservationModifications, reservations } from '../db/schema';
import { convertMinor, type CurrencyRate, EURO, fromMajor, toMajor } from '../search/money';
import { type CommerceContext, fail, notFoundFailure, type Result, type Viewer } from './context';
import { addNights, applyNights, changeOf, RoomGone } from './inventory';
import { loadOrder } from './orders';
import { cartMoney, isDepositPlan, priceAddons, type PricedStay, priceStay, stayProblem } from './pricing';
import { stayView } from './views';

/**
 * Reservation modification (spec section 4: start, edit room stays, complete). The proposal is priced
 * and checked like a cart, counting the reservation's own room as free on the nights it already has.
 * Completing gives the old nights back and takes the new ones in one transaction (409
 * modification_unavailable when a new night is gone), keeps the reservation number, and for deposit rates
 * charges or refunds the difference; for other rates the difference is due at the hotel.
 */

type Proposed = CartRoomStayRow & { checkInDate: string; checkOutDate: string };
type ReservationRow = typeof reservations.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type ModificationRow = typeof reservationModifications.$inferSelect;

interface Evaluated {
  view: Modification;
  priced: PricedStay | null;
  /** Minor units of the order's currency. */
  difference: number;
  newGross: number;
  roomStay: RoomStay | null;
  currency: CurrencyRate;
}

const modifiable = (reservation: ReservationRow, order: OrderRow, nowMs: number) =>
  reservation.status === 'confirmed' &&
  order.pointsPaid === 0 &&
  reservation.freeCancellationUntil !== null &&
  reservation.freeCancellationUntil.getTime() > nowMs;

async function evaluate(
  ctx: CommerceContext,
  modification: ModificationRow,
  reservation: ReservationRow,
  order: OrderRow,
): Promise<Evaluated> {
  const catalogue = await ctx.catalogue();
  const hotel = catalogue.hotels.find((candidate) => candidate.id === order.hotelId);
  const currency = ctx.currency(catalogue, order.currency);
  const proposed = modification.proposed;
  const original = reservation.details;
  const originalGross = convertMinor(reservation.grossEurMinor, EURO, currency);
  const summary = (row: CartRoomStayRow, dates: { checkInDate: string; checkOutDate: string }) => ({
    check_in_date: dates.checkInDate,
    check_out_date: dates.checkOutDate,
    room_type_code: row.roomTypeCode,
    rate_code: row.rateCode,
    adults_count: row.adults,
    child_ages: row.childAges,
  });
  let priced: PricedStay | null = null;
  let available = false;
  if (hotel && !stayProblem(proposed.checkInDate, proposed.checkOutDate)) {
    const roomType = hotel.roomTypes.find((candidate) => candidate.typeCode === proposed.roomTypeCode);
    const inventory = roomType ? await ctx.inventory([roomType.id], proposed.checkInDate, proposed.checkOutDate) : [];
    const outcome = priceStay({
      catalogue,
      hotel,
      checkIn: proposed.checkInDate,
      checkOut: proposed.checkOutDate,
      today: ctx.today(),
      rooms: [proposed],
      promoCode: order.promoCode,
      business: false,
      member: order.memberId !== null,
      inventory,
    });
    if ('priced' in outcome && roomType) {
      priced = outcome.priced;
      // The reservation's own room counts as free on the nights it already holds.
      const own = (date: string) =>
        reservation.roomTypeId === roomType.id && date >= reservation.checkInDate && date < reservation.checkOutDate ? 1 : 0;
      available = priced.stay.dates.every((date) => {
        const row = inventory.find((night) => night.stayDate === date);
        return (row?.availableRooms ?? 0) + own(date) >= 1;
      });
    }
  }
  let roomStay: RoomStay | null = null;
  let newGross = 0;
  if (priced) {
    for (const room of priced.rooms) room.addons = priceAddons(room, priced.hotel, priced.stay.nights, catalogue.currencies, currency);
    const money = cartMoney({
      priced,
      currency,
      currencies: catalogue.currencies,
      insurance: false,
      vouchers: [],
      payWithPoints: false,
    });
    newGross = money.roomsGross;
    const cartLike = {
      stayId: order.snapshot.stays[0]?.stay_id ?? modification.id,
    } as Parameters<typeof stayView>[2];
    roomStay = {
      ...(stayView(priced, money, cartLike, order.locale, ctx.now().getTime()).room_stays[0] as RoomStay),
      reservation_number: reservation.reservationNumber,
    };
  }
  const difference = priced ? newGross - originalGross : 0;
  return {
    priced,
    difference,
    newGross,
    roomStay,
    currency,
    view: {
      modification_id: modification.id,
      order_id: order.id,
      reservation_number: reservation.reservationNumber,
      room_stay_id: reservation.id,
      status: modification.status,
      currency: currency.code,
      original: {
        ...summary(original, reservation),
        price_with_tax: toMajor(originalGross, currency),
      },
      proposed: {
        ...summary(proposed, proposed),
        price_with_tax: toMajor(newGross, currency),
        traveller: proposed.traveller,
      },
      available: available && modification.status === 'open',
      price_difference: toMajor(difference, currency),
    },
  };
}

async function loadModification(ctx: CommerceContext, modificationId: string, viewer: Viewer | null) {
  const [modification] = await ctx.db.select().from(reservationModifications).where(eq(reservationModifications.id, modificationId));
  if (!modification) return notFoundFailure(`modification ${modificationId}`);
  const [reservation] = await ctx.db.select().from(reservations).where(eq(reservations.id, modification.reservationId));
  if (!reservation) return notFoundFailure(`modification ${modificationId}`);
  const order = await loadOrder(ctx, reservation.orderId, viewer);
  if ('failure' in order) return notFoundFailure(`modification ${modificationId}`);
  return { data: { modification, reservation, order: order.data } };
}

export async function startModification(
  ctx: CommerceContext,
  viewer: Viewer | null,
  request: { order_id: string; reservation_number: string },
): Promise<Result<Modification>> {
  const order = await loadOrder(ctx, request.order_id, viewer);
  if ('failure' in order) return order;
  const [reservation] = await ctx.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.orderId, order.data.id), eq(reservations.reservationNumber, request.reservation_number)));
  if (!reservation) return notFoundFailure(`reservation ${request.reservation_number}`);
  if (!modifiable(reservation, order.data, ctx.now().getTime()))
    return fail(409, 'modification_unavailable', 'This reservation can no longer be changed');
  const [modification] = await ctx.db
    .insert(reservationModifications)
    .values({
      id: randomUUID(),
      reservationId: reservation.id,
      status: 'open',
      proposed: {
        ...reservation.details,
        checkInDate: reservation.checkInDate,
        checkOutDate: reservation.checkOutDate,
      },
      createdAt: ctx.now(),
    })
    .returning();
  return {
    data: (await evaluate(ctx, modification as ModificationRow, reservation, order.data)).view,
  };
}

export async function editModification(
  ctx: CommerceContext,
  viewer: Viewer | null,
  ids: { modificationId: string; roomStayId: string },
  request: v.InferOutput<typeof EditModificationRequestSchema>,
): Promise<Result<Modification>> {
  const loaded = await loadModification(ctx, ids.modificationId, viewer);
  if ('failure' in loaded) return loaded;
  const { modification, reservation, order } = loaded.data;
  if (reservation.id !== ids.roomStayId) return notFoundFailure(`room stay ${ids.roomStayId}`);
  if (modification.status !== 'open') return fail(409, 'modification_unavailable', 'This modification is completed');
  const current = modification.proposed;
  const proposed: Proposed = {
    ...current,
    checkInDate: request.check_in_date ?? current.checkInDate,
    checkOutDate: request.check_out_date ?? current.checkOutDate,
    roomTypeCode: request.room_type_code ?? current.roomTypeCode,
    rateCode: request.rate_code ?? current.rateCode,
    adults: request.adults_count ?? current.adults,
    childAges: request.child_ages ?? current.childAges,
    traveller: request.traveller ?? current.traveller,
  };
  const problem = stayProblem(proposed.checkInDate, proposed.checkOutDate);
  if (problem) return fail(400, 'bad_request', problem.message, problem.path);
  const [updated] = await ctx.db
    .update(reservationModifications)
    .set({ proposed })
    .where(and(eq(reservationModifications.id, modification.id), eq(reservationModifications.status, 'open')))
    .returning();
  return {
    data: (await evaluate(ctx, updated ?? modification, reservation, order)).view,
  };
}

export async function completeModification(
  ctx: CommerceContext,
  viewer: Viewer | null,
  modificationId: string,
): Promise<Result<Modification>> {
  const loaded = await loadModification(ctx, modificationId, viewer);
  if ('failure' in loaded) return loaded;
  const { modification, reservation, order } = loaded.data;
  const unavailable = () => fail(409, 'modification_unavailable', 'The changed stay cannot be booked');
  if (modification.status !== 'open' || !modifiable(reservation, order, ctx.now().getTime())) return unavailable();
  const evaluated = await evaluate(ctx, modification, reservation, order);
  const room = evaluated.priced?.rooms[0];
  if (!evaluated.view.available || !evaluated.priced || !room || !evaluated.roomStay) return unavailable();
  const deposit = isDepositPlan(room.plan);
  const charge = deposit ? evaluated.difference : 0;
  let paymentId: string | null = null;
  if (charge !== 0 && (!ctx.payments || !order.providerPaymentId))
    return fail(503, 'payments_unavailable', 'Payments are not possible right now');
  if (charge > 0 && ctx.payments) {
    const [cart] = await ctx.db.select({ card: carts.card }).from(carts).where(eq(carts.id, order.cartId));
    const status = await ctx.payments.authorize({
      idempotencyKey: `modify:${modification.id}`,
      method: 'card',
      ...(cart?.card ? { cardToken: cart.card.token } : {}),
      amountMinor: charge,
      currency: order.currency,
      reference: order.cartId,
      returnUrl: new URL(`/${order.locale}/booking/modify`, ctx.origin()).toString(),
      locale: order.locale,
    });
    if (status.status !== 'authorized') return fail(409, 'modification_unavailable', 'The difference could not be charged to the card');
    paymentId = status.paymentId;
  }
  const { stay } = evaluated.priced;
  const deltas = addNights(new Map(), reservation.roomTypeId, reservation.checkInDate, reservation.checkOutDate, -1);
  addNights(deltas, room.roomType.id, stay.startDate, stay.endDate, 1);
  const snapshot: Cart = {
    ...order.snapshot,
    stays: order.snapshot.stays.map((entry) => ({
      ...entry,
      check_in_date: stay.startDate,
      check_out_date: stay.endDate,
      night_count: stay.nights,
      room_stays: entry.room_stays.map((candidate) =>
        candidate.room_stay_id === reservation.id ? (evaluated.roomStay as RoomStay) : candidate,
      ),
    })),
  };
  const before = order.snapshot.stays[0]?.room_stays.find((candidate) => candidate.room_stay_id === reservation.id);
  const oldCityTax = fromMajor(before?.city_tax ?? 0, evaluated.currency);
  const newCityTax = fromMajor(evaluated.roomStay.city_tax, evaluated.currency);
  try {
    await ctx.db.transaction(async (tx) => {
      const marked = await tx
        .update(reservationModifications)
        .set({ status: 'completed', completedAt: ctx.now() })
        .where(and(eq(reservationModifications.id, modification.id), eq(reservationModifications.status, 'open')))
        .returning({ id: reservationModifications.id });
      if (marked.length === 0) throw new RoomGone();
      await applyNights(tx, deltas);
      await tx
        .update(reservations)
        .set({
          roomTypeId: room.roomType.id,
          checkInDate: stay.startDate,
          checkOutDate: stay.endDate,
          details: room.row,
          grossEurMinor: room.rate.gross,
          paidMinor: sql`${reservations.paidMinor} + ${charge}`,
        })
        .where(eq(reservations.id, reservation.id));
      await tx
        .update(orders)
        .set({
          snapshot,
          amountTotalMinor: sql`${orders.amountTotalMinor} + ${evaluated.difference}`,
          amountPaidMinor: sql`${orders.amountPaidMinor} + ${Math.max(0, charge)}`,
          amountRefundedMinor: sql`${orders.amountRefundedMinor} + ${Math.max(0, -charge)}`,
          amountAtHotelMinor: sql`${orders.amountAtHotelMinor} + ${deposit ? 0 : evaluated.difference}`,
          cityTaxMinor: sql`${orders.cityTaxMinor} + ${newCityTax - oldCityTax}`,
        })
        .where(eq(orders.id, order.id));
    });
  } catch (error) {
    if (error instanceof RoomGone) {
      if (paymentId) await ctx.payments?.cancel(paymentId);
      return unavailable();
    }
    throw error;
  }
  inventoryChanged(ctx.db, changeOf(deltas));
  if (paymentId) await ctx.payments?.capture(paymentId, charge, `modify-capture:${modification.id}`);
  if (charge < 0 && order.providerPaymentId)
    await ctx.payments?.refund(order.providerPaymentId, -charge, `modify-refund:${modification.id}`);
  return { data: { ...evaluated.view, status: 'completed', available: false } };
}
