import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Cart, EditModificationRequestSchema, Modification, RoomStay } from '../../src/contract/ecommerce';
import { inventoryChanged } from '../db/inventory-changes';
import { carts, type CartRoomStayRow, orders, reservationModifications, reservations } from '../db/schema';
import type { PaymentStatus } from '../ports/payments';
import type { CatalogueHotel, CatalogueRatePlan } from '../search/catalogue';
import { convertMinor, type CurrencyRate, EURO, fromMajor, toMajor } from '../search/money';
import { type CommerceContext, fail, notFoundFailure, type Result } from './context';
import { addNights, applyNights, changeOf, RoomGone } from './inventory';
import { modificationOptions, type ModificationOption, withOwnRoom } from './modification-options';
import { sendModificationMail } from './booking-mail-sending';
import { changeEarnedPoints } from '../loyalty/stays';
import { loadOrder, type OrderCaller, orderAnswer, providerCall, refundOnce, stayOf } from './orders';
import { rejectionFailure } from './payments';
import {
  availabilityProblem,
  type CartMoney,
  cartMoney,
  isDepositPlan,
  priceAddons,
  type PricedStay,
  priceStay,
  stayProblem,
} from './pricing';
import { freeCancellationDeadline, stayView } from './views';
import { isCompanyRateCode } from '../../src/contract/corporate';
import { companyRateOf } from '../corporate/rates';

/**
 * Reservation modification (spec section 4: start, edit room stays, complete). The proposal is priced
 * and checked like a cart, counting the reservation's own room as free on the nights it already has.
 * Completing gives the old nights back and takes the new ones in one transaction (409
 * modification_unavailable when a new night is gone), keeps the reservation number, and for deposit rates
 * charges or refunds the difference; for other rates the difference is due at the hotel. Every answer
 * lists the room types and rates the reservation could be changed to (modification-options.ts).
 */

type Proposed = CartRoomStayRow & { checkInDate: string; checkOutDate: string };
type ReservationRow = typeof reservations.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type ModificationRow = typeof reservationModifications.$inferSelect;

interface Evaluated {
  view: Modification;
  priced: PricedStay | null;
  /** Minor units of the order's currency: the rooms' price with tax, proposed minus original. */
  difference: number;
  originalGross: number;
  newGross: number;
  /** Points the proposed room earns (member bookings). */
  pointsEarned: number;
  roomStay: RoomStay | null;
  currency: CurrencyRate;
}

const modifiable = (reservation: ReservationRow, order: OrderRow, nowMs: number) =>
  reservation.status === 'confirmed' &&
  order.pointsPaid === 0 &&
  reservation.freeCancellationUntil !== null &&
  reservation.freeCancellationUntil.getTime() > nowMs;

const summary = (row: CartRoomStayRow, dates: { checkInDate: string; checkOutDate: string }) => ({
  check_in_date: dates.checkInDate,
  check_out_date: dates.checkOutDate,
  room_type_code: row.roomTypeCode,
  rate_code: row.rateCode,
  adults_count: row.adults,
  child_ages: row.childAges,
});

/**
 * The proposal priced like a cart and checked against a fresh inventory read in which the reservation's
 * own room is free on the nights it already holds; with the room types and rates it could be changed to.
 */
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
  const originalGross = convertMinor(reservation.grossEurMinor, EURO, currency);
  const member = order.memberId !== null;
  let priced: PricedStay | null = null;
  let available = false;
  let options: ModificationOption[] = [];
  if (hotel && !stayProblem(proposed.checkInDate, proposed.checkOutDate)) {
    const stayInput = {
      catalogue,
      hotel,
      checkIn: proposed.checkInDate,
      checkOut: proposed.checkOutDate,
      today: ctx.today(),
      promoCode: order.promoCode,
      business: order.snapshot.business,
      member,
      // A booking on a company rate is changed on it while its member is still enrolled with the company.
      companyRate: order.memberId !== null && isCompanyRateCode(proposed.rateCode) ? ((await companyRateOf(ctx.db, order.memberId))?.plan ?? null) : null,
      inventory: withOwnRoom(
        await ctx.inventory(
          hotel.roomTypes.map((roomType) => roomType.id),
          proposed.checkInDate,
          proposed.checkOutDate,
        ),
        reservation,
      ),
    };
    const outcome = priceStay({ ...stayInput, rooms: [proposed] });
    if ('priced' in outcome) {
      priced = outcome.priced;
      available = availabilityProblem(priced) === null;
    }
    const guests = { adults: proposed.adults, childAges: proposed.childAges };
    options = modificationOptions({ ...stayInput, guests, currency, locale: order.locale });
  }
  let roomStay: RoomStay | null = null;
  let money: CartMoney | null = null;
  if (priced) {
    for (const room of priced.rooms) room.addons = priceAddons(room, priced.hotel, priced.stay.nights, catalogue.currencies, currency);
    money = cartMoney({
      priced,
      currency,
      currencies: catalogue.currencies,
      insurance: false,
      vouchers: [],
      payWithPoints: false,
      member,
    });
    const cartLike = {
      stayId: order.snapshot.stays[0]?.stay_id ?? modification.id,
    } as Parameters<typeof stayView>[2];
    roomStay = {
      ...(stayView(priced, money, cartLike, order.locale, ctx.now().getTime()).room_stays[0] as RoomStay),
      reservation_number: reservation.reservationNumber,
    };
  }
  const newGross = money?.roomsGross ?? 0;
  const difference = priced ? newGross - originalGross : 0;
  return {
    priced,
    difference,
    originalGross,
    newGross,
    pointsEarned: money?.pointsEarned ?? 0,
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
        ...summary(reservation.details, reservation),
        price_with_tax: toMajor(originalGross, currency),
      },
      proposed: {
        ...summary(proposed, proposed),
        price_with_tax: toMajor(newGross, currency),
        traveller: proposed.traveller,
      },
      available: available && modification.status === 'open',
      price_difference: toMajor(difference, currency),
      options: modification.status === 'open' ? options : [],
    },
  };
}

async function loadModification(ctx: CommerceContext, modificationId: string, caller: OrderCaller) {
  const [modification] = await ctx.db.select().from(reservationModifications).where(eq(reservationModifications.id, modificationId));
  if (!modification) return notFoundFailure(`modification ${modificationId}`);
  const [reservation] = await ctx.db.select().from(reservations).where(eq(reservations.id, modification.reservationId));
  if (!reservation) return notFoundFailure(`modification ${modificationId}`);
  const order = await loadOrder(ctx, reservation.orderId, caller);
  if ('failure' in order) return notFoundFailure(`modification ${modificationId}`);
  return { data: { modification, reservation, order: order.data } };
}

export async function startModification(
  ctx: CommerceContext,
  caller: OrderCaller,
  request: { order_id: string; reservation_number: string },
): Promise<Result<Modification>> {
  const order = await loadOrder(ctx, request.order_id, caller);
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
  caller: OrderCaller,
  ids: { modificationId: string; roomStayId: string },
  request: v.InferOutput<typeof EditModificationRequestSchema>,
): Promise<Result<Modification>> {
  const loaded = await loadModification(ctx, ids.modificationId, caller);
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

/** The modification was completed by another request meanwhile, or the reservation changed under it: nothing to do. */
class Superseded extends Error {
  constructor() {
    super('The modification or its reservation changed meanwhile');
    this.name = 'Superseded';
  }
}

/**
 * What completing moves now, in minor units of the order's currency: the proposed room's prepaid price
 * (deposit rates) minus what the original room had prepaid. Positive is charged, negative refunded; a
 * change between a deposit and a pay-at-hotel rate moves the whole prepaid amount.
 */
function prepaidChange(evaluated: Evaluated, reservation: ReservationRow, newPlan: CatalogueRatePlan, hotel: CatalogueHotel): number {
  const oldPlan = hotel.ratePlans.find((plan) => plan.rateCode === reservation.details.rateCode);
  const before = oldPlan && isDepositPlan(oldPlan) ? evaluated.originalGross : 0;
  const after = isDepositPlan(newPlan) ? evaluated.newGross : 0;
  return after - before;
}

/** Authorises the extra amount on the order's card (idempotent per modification); the payment id, or why not. */
async function authorizeDifference(
  ctx: CommerceContext,
  order: OrderRow,
  modificationId: string,
  amountMinor: number,
): Promise<Result<{ paymentId: string }>> {
  const cannot = fail(409, 'modification_payment_failed', 'The difference could not be charged to the card');
  const [cart] = await ctx.db.select({ card: carts.card }).from(carts).where(eq(carts.id, order.cartId));
  if (!ctx.payments || !cart?.card) return cannot;
  let status: PaymentStatus;
  try {
    status = await ctx.payments.authorize({
      idempotencyKey: `modify:${modificationId}`,
      method: 'card',
      cardToken: cart.card.token,
      amountMinor,
      currency: order.currency,
      reference: order.cartId,
      returnUrl: new URL(`/${order.locale}/booking/modify`, ctx.origin()).toString(),
      locale: order.locale,
    });
  } catch (error) {
    const rejected = rejectionFailure(error);
    if (rejected) return { failure: rejected };
    ctx.logger.log('error', 'modification charge failed', { orderId: order.id, error });
    return fail(503, 'payments_unavailable', 'The payment provider did not answer; nothing was changed');
  }
  if (status.status === 'authorized') return { data: { paymentId: status.paymentId } };
  // A card that wants the guest (3-D Secure) cannot be asked here: the waiting payment is dropped.
  if (status.status === 'action_required') await ctx.payments.cancel(status.paymentId).catch(() => undefined);
  return cannot;
}

/**
 * Completes the modification: in one transaction the reservation is changed (only if it is still the
 * confirmed reservation that was priced), its old nights given back and the new ones taken (a night that
 * is gone rolls it all back: 409 modification_unavailable), the order's amounts and the member's points
 * adjusted. A prepaid difference is authorised before and captured after; a smaller prepaid amount is
 * refunded after. Every provider call has a key of this modification, so nothing moves twice.
 */
export async function completeModification(
  ctx: CommerceContext,
  caller: OrderCaller,
  modificationId: string,
): Promise<Result<Modification>> {
  const loaded = await loadModification(ctx, modificationId, caller);
  if ('failure' in loaded) return loaded;
  const { modification, reservation, order } = loaded.data;
  const unavailable = () => fail(409, 'modification_unavailable', 'The changed stay cannot be booked');
  if (modification.status !== 'open' || !modifiable(reservation, order, ctx.now().getTime())) return unavailable();
  const evaluated = await evaluate(ctx, modification, reservation, order);
  const { priced, roomStay } = evaluated;
  const room = priced?.rooms[0];
  if (!evaluated.view.available || !priced || !room || !roomStay) return unavailable();
  const charge = prepaidChange(evaluated, reservation, room.plan, priced.hotel);
  if (charge < 0 && (!ctx.payments || !order.providerPaymentId))
    return fail(503, 'payments_unavailable', 'Refunds are not possible right now');
  const authorised = charge > 0 ? await authorizeDifference(ctx, order, modification.id, charge) : { data: { paymentId: null } };
  if ('failure' in authorised) return authorised;
  const { paymentId } = authorised.data;

  const { stay } = priced;
  const deltas = addNights(new Map(), reservation.roomTypeId, reservation.checkInDate, reservation.checkOutDate, -1);
  addNights(deltas, room.roomType.id, stay.startDate, stay.endDate, 1);
  const snapshot: Cart = {
    ...order.snapshot,
    stays: order.snapshot.stays.map((entry) => ({
      ...entry,
      check_in_date: stay.startDate,
      check_out_date: stay.endDate,
      night_count: stay.nights,
      room_stays: entry.room_stays.map((candidate) => (candidate.room_stay_id === reservation.id ? roomStay : candidate)),
    })),
  };
  const before = order.snapshot.stays[0]?.room_stays.find((candidate) => candidate.room_stay_id === reservation.id);
  const cityTaxChange = fromMajor(roomStay.city_tax, evaluated.currency) - fromMajor(before?.city_tax ?? 0, evaluated.currency);
  const deadline = freeCancellationDeadline(room.plan.cancellation, stay.startDate, priced.hotel.timeZone);
  const pointsChange = evaluated.pointsEarned - reservation.pointsEarned;
  try {
    await ctx.db.transaction(async (tx) => {
      const marked = await tx
        .update(reservationModifications)
        .set({ status: 'completed', completedAt: ctx.now() })
        .where(and(eq(reservationModifications.id, modification.id), eq(reservationModifications.status, 'open')))
        .returning({ id: reservationModifications.id });
      if (marked.length === 0) throw new Superseded();
      // The reservation row first (as cancelling takes it), and only as it was priced: a cancel or another
      // modification that got there first leaves nothing to move.
      const changed = await tx
        .update(reservations)
        .set({
          roomTypeId: room.roomType.id,
          checkInDate: stay.startDate,
          checkOutDate: stay.endDate,
          details: room.row,
          grossEurMinor: room.rate.gross,
          paidMinor: sql`${reservations.paidMinor} + ${charge}`,
          pointsEarned: evaluated.pointsEarned,
          freeCancellationUntil: deadline === null ? null : new Date(deadline),
        })
        .where(
          and(
            eq(reservations.id, reservation.id),
            eq(reservations.status, 'confirmed'),
            eq(reservations.roomTypeId, reservation.roomTypeId),
            eq(reservations.checkInDate, reservation.checkInDate),
            eq(reservations.checkOutDate, reservation.checkOutDate),
          ),
        )
        .returning({ id: reservations.id });
      if (changed.length === 0) throw new Superseded();
      await applyNights(tx, deltas);
      await tx
        .update(orders)
        .set({
          snapshot,
          amountTotalMinor: sql`${orders.amountTotalMinor} + ${evaluated.difference}`,
          amountPaidMinor: sql`${orders.amountPaidMinor} + ${Math.max(0, charge)}`,
          amountRefundedMinor: sql`${orders.amountRefundedMinor} + ${Math.max(0, -charge)}`,
          amountAtHotelMinor: sql`${orders.amountAtHotelMinor} + ${evaluated.difference - charge}`,
          cityTaxMinor: sql`${orders.cityTaxMinor} + ${cityTaxChange}`,
          pointsEarned: sql`${orders.pointsEarned} + ${pointsChange}`,
        })
        .where(eq(orders.id, order.id));
      // Earned points are pending until the stay is over (points-credit.ts); only credited ones move the balance.
      const changedStay = stayOf(order, { ...reservation, checkInDate: stay.startDate, checkOutDate: stay.endDate });
      if (changedStay)
        await changeEarnedPoints(tx, changedStay, { delta: pointsChange, credited: reservation.pointsCreditedAt !== null, modificationId: modification.id }, ctx.now());
    });
  } catch (error) {
    if (error instanceof RoomGone || error instanceof Superseded) {
      // Only a night that was gone drops the charge; a request that lost to another completion leaves
      // the winner's payment (the same provider payment, by the shared key) alone.
      if (paymentId && error instanceof RoomGone) await ctx.payments?.cancel(paymentId);
      return unavailable();
    }
    throw error;
  }
  inventoryChanged(ctx.db, changeOf(deltas));
  if (paymentId) {
    const capture = () => ctx.payments?.capture(paymentId, charge, `modify-capture:${modification.id}`);
    await providerCall(ctx, 'modification capture', capture);
  }
  if (charge < 0 && order.providerPaymentId)
    await refundOnce(ctx, order.providerPaymentId, -charge, `modify-refund:${modification.id}`);
  // The guest gets a mail with the new stay and the price difference.
  const [changed] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
  if (changed)
    await sendModificationMail(ctx, changed, () => orderAnswer(ctx, changed), {
      reservationNumber: reservation.reservationNumber,
      differenceMinor: evaluated.difference,
      chargedMinor: charge,
    });
  return { data: { ...evaluated.view, status: 'completed', available: false, options: [] } };
}
