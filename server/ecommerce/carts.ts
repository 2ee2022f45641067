import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import {
  type AvailableAddons,
  type Cart,
  type CartStatus,
  type CreateCartRequestSchema,
  ECOMMERCE_LIMITS,
  type UpdateCartRequestSchema,
  type UpdateRoomStayRequestSchema,
} from '../../src/contract/ecommerce';
import { isCompanyRateCode } from '../../src/contract/corporate';
import { nightsBetween } from '../../src/contract/search';
import { companyRateOf } from '../corporate/rates';
import { type CartRoomStayRow, carts, members, orders } from '../db/schema';
import { addonsView } from '../search/addons';
import { benefitsFor } from '../search/benefits';
import type { Catalogue } from '../search/catalogue';
import { toMajor } from '../search/money';
import { appliedVouchers } from './applied-vouchers';
import type { CommerceContext, Failure, Result, Viewer } from './context';
import { fail, notFoundFailure } from './context';
import { availabilityProblem, type CartMoney, cartMoney, priceAddons, type PricedStay, priceStay, type StayProblem } from './pricing';
import { type AppliedVoucher, cardView, cartView, type CartRow } from './views';

type CreateCart = v.InferOutput<typeof CreateCartRequestSchema>;
type UpdateCart = v.InferOutput<typeof UpdateCartRequestSchema>;
type UpdateRoomStay = v.InferOutput<typeof UpdateRoomStayRequestSchema>;

const LIFETIME_MS = ECOMMERCE_LIMITS.cartLifetimeHours * 3_600_000;

export interface QuotedCart {
  cart: CartRow;
  catalogue: Catalogue;
  priced: PricedStay;
  money: CartMoney;
  vouchers: AppliedVoucher[];
}

const fromProblem = (problem: StayProblem): { failure: Failure } => fail(problem.status, problem.code, problem.message, problem.path);

/** The company rate of the cart's member (or of the member creating it), when a room asks for a company rate. */
async function cartCompanyRate(ctx: CommerceContext, cart: CartRow, viewer: Viewer | null) {
  const memberId = cart.memberId ?? viewer?.memberId;
  if (memberId === undefined || !cart.roomStays.some((room) => isCompanyRateCode(room.rateCode))) return null;
  return (await companyRateOf(ctx.db, memberId))?.plan ?? null;
}

/** Cart rows, read for a caller: a member's cart only by that member (anyone else: 404), a guest's by its id. */
export async function loadCart(ctx: CommerceContext, cartId: string, viewer: Viewer | null): Promise<Result<CartRow>> {
  const [cart] = await ctx.db.select().from(carts).where(eq(carts.id, cartId));
  if (!cart || (cart.memberId !== null && cart.memberId !== viewer?.memberId)) return notFoundFailure(`cart ${cartId}`);
  return { data: cart };
}

/** An open cart untouched for longer than its lifetime is expired: it is not priced or paid any more. */
export function effectiveStatus(cart: CartRow, now: Date): CartStatus {
  if (cart.status === 'open' && now.getTime() - cart.updatedAt.getTime() > LIFETIME_MS) return 'expired';
  return cart.status;
}

/** Prices a cart as it is (or as `changes` would make it), optionally checking that its rooms are free. */
export async function quoteCart(
  ctx: CommerceContext,
  cart: CartRow,
  viewer: Viewer | null,
  options: { checkAvailability?: boolean } = {},
): Promise<Result<QuotedCart>> {
  const catalogue = await ctx.catalogue();
  const hotel = catalogue.hotels.find((candidate) => candidate.id === cart.hotelId);
  if (!hotel) return notFoundFailure(`hotel of cart ${cart.id}`);
  const inventory = await ctx.inventory(
    hotel.roomTypes.map((roomType) => roomType.id),
    cart.checkInDate,
    cart.checkOutDate,
  );
  const outcome = priceStay({
    catalogue,
    hotel,
    checkIn: cart.checkInDate,
    checkOut: cart.checkOutDate,
    today: ctx.today(),
    rooms: cart.roomStays,
    promoCode: cart.promoCode,
    business: cart.business,
    member: viewer !== null || cart.memberId !== null,
    // Only the cart's member's own company rate can be booked; it is looked up on every quote, so leaving the company ends it.
    companyRate: await cartCompanyRate(ctx, cart, viewer),
    inventory,
  });
  if ('problem' in outcome) return fromProblem(outcome.problem);
  const { priced } = outcome;
  if (options.checkAvailability) {
    const problem = availabilityProblem(priced);
    if (problem) return fromProblem(problem);
  }
  const currency = ctx.currency(catalogue, cart.currency);
  for (const room of priced.rooms) room.addons = priceAddons(room, hotel, priced.stay.nights, catalogue.currencies, currency);
  const vouchers = await appliedVouchers(ctx.db, cart.id);
  const money = cartMoney({
    priced,
    currency,
    currencies: catalogue.currencies,
    insurance: cart.insuranceProduct !== null,
    vouchers,
    payWithPoints: cart.paymentMethod === 'points',
    member: cart.memberId !== null,
  });
  return { data: { cart, catalogue, priced, money, vouchers } };
}

async function customerOf(ctx: CommerceContext, cart: CartRow): Promise<Cart['customer']> {
  const traveller = cart.roomStays.find((room) => room.traveller)?.traveller ?? null;
  if (cart.memberId === null) return { email: traveller?.email ?? null, sso_guid: null };
  const [member] = await ctx.db.select({ email: members.email, guid: members.guid }).from(members).where(eq(members.id, cart.memberId));
  return {
    email: traveller?.email ?? member?.email ?? null,
    sso_guid: member?.guid ?? null,
  };
}

/** The cart as the API answers it: an ordered cart as it was paid, any other priced now. */
export async function cartAnswer(ctx: CommerceContext, cart: CartRow, viewer: Viewer | null): Promise<Result<Cart>> {
  if (cart.status === 'ordered' && cart.orderId) {
    const [order] = await ctx.db.select({ snapshot: orders.snapshot }).from(orders).where(eq(orders.id, cart.orderId));
    // The card as shown now: snapshots of carts paid before tokens were kept from the browser still hold one.
    if (order) return { data: { ...order.snapshot, ...cardView(cart.card) } };
  }
  const quoted = await quoteCart(ctx, cart, viewer);
  if ('failure' in quoted) return quoted;
  return { data: await viewOf(ctx, quoted.data) };
}

export async function viewOf(ctx: CommerceContext, quoted: QuotedCart, payments: Cart['payments'] = []): Promise<Cart> {
  const { cart } = quoted;
  const status = effectiveStatus(cart, ctx.now());
  return cartView({
    ...quoted,
    currencies: quoted.catalogue.currencies,
    customer: await customerOf(ctx, cart),
    payments:
      payments.length > 0 || status !== 'payment_pending'
        ? payments
        : [
            {
              captured_at: null,
              payment_method: cart.paymentMethod ?? 'card',
              amount: toMajor(quoted.money.now, quoted.money.currency),
              points: 0,
              status: 'pending',
            },
          ],
    status,
    nowMs: ctx.now().getTime(),
  });
}

export async function createCart(ctx: CommerceContext, request: CreateCart, viewer: Viewer | null): Promise<Result<Cart>> {
  const catalogue = await ctx.catalogue();
  const hotel = catalogue.hotelsByCode.get(request.hotel_code);
  if (!hotel) return notFoundFailure(`hotel with code ${request.hotel_code}`);
  const now = ctx.now();
  const cart: CartRow = {
    id: randomUUID(),
    memberId: viewer?.memberId ?? null,
    status: 'open',
    hotelId: hotel.id,
    stayId: randomUUID(),
    checkInDate: request.check_in_date,
    checkOutDate: request.check_out_date,
    currency: request.currency ?? 'EUR',
    locale: request.locale,
    promoCode: request.promo_code?.trim().toUpperCase() || null,
    business: request.business ?? false,
    payWithPoints: request.pay_with_points ?? false,
    roomStays: request.room_stays.map((room): CartRoomStayRow => ({
      id: randomUUID(),
      roomTypeCode: room.room_type_code,
      rateCode: room.rate_code,
      adults: room.adults_count,
      childAges: room.child_ages,
      traveller: null,
      addons: [],
      green: false,
    })),
    paymentMethod: null,
    card: null,
    insuranceProduct: null,
    lastDeclineReason: null,
    pendingPaymentId: null,
    pendingIntentId: null,
    holdExpiresAt: null,
    orderId: null,
    createdAt: now,
    updatedAt: now,
  };
  if (cart.payWithPoints && !viewer) return fail(409, 'points_not_allowed', 'Sign in to pay with points');
  const quoted = await quoteCart(ctx, cart, viewer, {
    checkAvailability: true,
  });
  if ('failure' in quoted) return quoted;
  if (cart.payWithPoints && quoted.data.money.pointsToPay === 0)
    return fail(409, 'points_not_allowed', 'These rooms cannot be paid with points');
  await ctx.db.insert(carts).values(cart);
  return { data: await viewOf(ctx, quoted.data) };
}

/** An open cart of the caller, or why it cannot be changed (404, 409 cart_not_open, 410 cart_expired). */
export async function openCart(ctx: CommerceContext, cartId: string, viewer: Viewer | null): Promise<Result<CartRow>> {
  const loaded = await loadCart(ctx, cartId, viewer);
  if ('failure' in loaded) return loaded;
  const status = effectiveStatus(loaded.data, ctx.now());
  if (status === 'expired') return fail(410, 'cart_expired', 'This cart has expired; start a new booking');
  if (status !== 'open') return fail(409, 'cart_not_open', 'This cart is paid or being paid');
  return loaded;
}

/**
 * Changes an open cart: `change` gives the new fields (or a failure); the changed cart is priced (and its
 * rooms checked when `checkAvailability`) before it is written, so a change that cannot be booked leaves
 * the cart as it was. The write is conditional on the cart still being open.
 */
export async function changeCart(
  ctx: CommerceContext,
  cartId: string,
  viewer: Viewer | null,
  change: (
    cart: CartRow,
    catalogue: Catalogue,
  ) => Promise<Partial<CartRow> | { failure: Failure }> | Partial<CartRow> | { failure: Failure },
  options: { checkAvailability?: boolean } = {},
): Promise<Result<Cart>> {
  const loaded = await openCart(ctx, cartId, viewer);
  if ('failure' in loaded) return loaded;
  const changes = await change(loaded.data, await ctx.catalogue());
  if ('failure' in changes) return changes;
  const next: CartRow = { ...loaded.data, ...changes, updatedAt: ctx.now() };
  const quoted = await quoteCart(ctx, next, viewer, options);
  if ('failure' in quoted) return quoted;
  const { id: _id, ...fields } = next;
  const written = await ctx.db
    .update(carts)
    .set(fields)
    .where(and(eq(carts.id, cartId), eq(carts.status, 'open')))
    .returning({ id: carts.id });
  if (written.length === 0) return fail(409, 'cart_not_open', 'This cart is paid or being paid');
  return { data: await viewOf(ctx, quoted.data) };
}

export function updateCart(ctx: CommerceContext, cartId: string, viewer: Viewer | null, request: UpdateCart) {
  return changeCart(ctx, cartId, viewer, () => ({
    ...(request.promo_code !== undefined ? { promoCode: request.promo_code?.trim().toUpperCase() || null } : {}),
    ...(request.currency !== undefined ? { currency: request.currency } : {}),
    ...(request.business !== undefined ? { business: request.business } : {}),
    ...(request.locale !== undefined ? { locale: request.locale } : {}),
  }));
}

export function updateStay(
  ctx: CommerceContext,
  cartId: string,
  stayId: string,
  viewer: Viewer | null,
  dates: { check_in_date: string; check_out_date: string },
) {
  return changeCart(
    ctx,
    cartId,
    viewer,
    (cart) =>
      cart.stayId === stayId
        ? {
            checkInDate: dates.check_in_date,
            checkOutDate: dates.check_out_date,
          }
        : notFoundFailure(`stay ${stayId}`),
    { checkAvailability: true },
  );
}

export function updateRoomStay(
  ctx: CommerceContext,
  ids: { cartId: string; stayId: string; roomStayId: string },
  viewer: Viewer | null,
  request: UpdateRoomStay,
) {
  return changeCart(ctx, ids.cartId, viewer, (cart, catalogue) => {
    const index = cart.roomStays.findIndex((room) => room.id === ids.roomStayId);
    const room = cart.roomStays[index];
    if (cart.stayId !== ids.stayId || !room) return notFoundFailure(`room stay ${ids.roomStayId}`);
    const hotel = catalogue.hotels.find((candidate) => candidate.id === cart.hotelId);
    const next: CartRoomStayRow = { ...room };
    if (request.traveller !== undefined) next.traveller = request.traveller;
    if (request.addons !== undefined) {
      const codes = new Set<string>();
      for (const [position, wanted] of request.addons.entries()) {
        if (!hotel?.addons.some((addon) => addon.code === wanted.addon_code)) {
          return fail(400, 'bad_request', `The hotel offers no add-on ${wanted.addon_code}`, `addons.${position}.addon_code`);
        }
        if (codes.has(wanted.addon_code))
          return fail(400, 'bad_request', `Add-on ${wanted.addon_code} is listed twice`, `addons.${position}.addon_code`);
        codes.add(wanted.addon_code);
      }
      next.addons = request.addons.map((wanted) => ({
        code: wanted.addon_code,
        quantity: wanted.quantity ?? 1,
      }));
    }
    if (request.receive_points_for_green_option !== undefined) {
      const nights = nightsBetween(cart.checkInDate, cart.checkOutDate);
      if (request.receive_points_for_green_option && benefitsFor(nights, cart.locale).length === 0) {
        return fail(400, 'bad_request', 'The green option needs a stay of two nights or more', 'receive_points_for_green_option');
      }
      next.green = request.receive_points_for_green_option;
    }
    const roomStays = [...cart.roomStays];
    roomStays[index] = next;
    return { roomStays };
  });
}

/** The add-ons the hotel offers for one room stay, priced for it in every pricing mode, and the benefits it can claim. */
export async function availableAddons(
  ctx: CommerceContext,
  ids: { cartId: string; stayId: string; roomStayId: string },
  viewer: Viewer | null,
): Promise<Result<AvailableAddons>> {
  const loaded = await loadCart(ctx, ids.cartId, viewer);
  if ('failure' in loaded) return loaded;
  const cart = loaded.data;
  const room = cart.roomStays.find((candidate) => candidate.id === ids.roomStayId);
  if (cart.stayId !== ids.stayId || !room) return notFoundFailure(`room stay ${ids.roomStayId}`);
  const quoted = await quoteCart(ctx, cart, viewer);
  if ('failure' in quoted) return quoted;
  const { priced, catalogue, money } = quoted.data;
  const pricedRoom = priced.rooms.find((candidate) => candidate.row.id === room.id);
  if (!pricedRoom) return notFoundFailure(`room stay ${ids.roomStayId}`);
  const selected = new Set(room.addons.map((addon) => addon.code));
  const offered = addonsView(priced.hotel.addons, pricedRoom.guests, priced.stay.nights, catalogue.currencies, money.currency, cart.locale);
  return {
    data: {
      addons: offered.map((addon) => ({
        code: addon.code,
        name: addon.name,
        pricing: addon.pricing,
        unit_price: addon.unitPrice,
        price: addon.price,
        selected: selected.has(addon.code),
      })),
      benefits: benefitsFor(priced.stay.nights, cart.locale).map(({ code, name, points }) => ({ code, name, points })),
    },
  };
}
