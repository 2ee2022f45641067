import type { Cart, OrderHotel, OrderStatus, RoomStay, Stay } from '../../src/contract/ecommerce';
import { type Locale, pickLocalized } from '../../src/contract/locales';
import { GUARANTEE_TYPES } from '../../src/contract/search';
import type { carts } from '../db/schema';
import { benefitsFor } from '../search/benefits';
import type { CancellationPolicy, CatalogueHotel, CatalogueRatePlan } from '../search/catalogue';
import { type CurrencyRate, fromMajor, toMajor } from '../search/money';
import { promoOutcome } from '../search/promotions';
import { freeCancellationUntil } from '../search/views';
import type { CartMoney, PricedStay } from './pricing';

/** Turning priced carts into the contract's shapes: amounts in major units of the cart's currency. */

export type CartRow = typeof carts.$inferSelect;

export interface AppliedVoucher {
  id: string;
  code: string;
  category: Cart['vouchers'][number]['category'];
  amountMinor: number;
  currency: string;
}

const GUARANTEE_KIND = { [GUARANTEE_TYPES.hold]: 'hold', [GUARANTEE_TYPES.guarantee]: 'guarantee', [GUARANTEE_TYPES.deposit]: 'deposit' } as const;

/** The end of free cancellation as an instant (milliseconds), whether or not it has passed; null: not refundable. */
export function freeCancellationDeadline(policy: CancellationPolicy, arrival: string, timeZone: string): number | null {
  const formatted = freeCancellationUntil(policy, arrival, timeZone, Number.NEGATIVE_INFINITY);
  return formatted === null ? null : Date.parse(formatted);
}

export function reservationInfo(plan: CatalogueRatePlan, arrival: string, timeZone: string, locale: Locale, nowMs: number): RoomStay['reservation_info'] {
  const deadline = freeCancellationDeadline(plan.cancellation, arrival, timeZone);
  return {
    rate_name: pickLocalized(plan.name, locale),
    guarantee_policy_code: plan.guarantee.code,
    guarantee_type: GUARANTEE_KIND[plan.guarantee.type],
    cancellation_policy_code: plan.cancellation.code,
    free_cancellation_until: deadline !== null && deadline > nowMs ? new Date(deadline).toISOString() : null,
    breakfast_included: plan.breakfastIncluded,
    is_member_rate: plan.isMemberRate,
  };
}

/** The cart's one stay with its rooms, priced. */
export function stayView(priced: PricedStay, money: CartMoney, cart: CartRow, locale: Locale, nowMs: number): Stay {
  const major = (minor: number) => toMajor(minor, money.currency);
  const benefits = benefitsFor(priced.stay.nights, locale);
  return {
    stay_id: cart.stayId,
    hotel_code: priced.hotel.code,
    hotel_name: priced.hotel.name,
    check_in_date: priced.stay.startDate,
    check_out_date: priced.stay.endDate,
    night_count: priced.stay.nights,
    room_stays: priced.rooms.map((room, index) => {
      const roomMoney = money.rooms[index] as CartMoney['rooms'][number];
      return {
        room_stay_id: room.row.id,
        room_type_code: room.roomType.typeCode,
        room_type_name: pickLocalized(room.roomType.saleName, locale),
        rate_code: room.plan.rateCode,
        ...(room.plan.company ? { company: { name: room.plan.company.name } } : {}),
        adults_count: room.row.adults,
        child_ages: room.row.childAges,
        price: major(roomMoney.net),
        price_with_tax: major(roomMoney.gross),
        city_tax: major(roomMoney.cityTax),
        points_price: room.rate.pointsPrice,
        reservation_number: null,
        addons: room.addons.map((addon) => ({
          addon_code: addon.addon.code,
          name: pickLocalized(addon.addon.name, locale),
          pricing: addon.addon.pricingMode,
          quantity: addon.quantity,
          price: major(addon.price),
        })),
        unclaimed_benefits: room.row.green ? [] : benefits.map(({ code, name, points }) => ({ code, name, points })),
        receive_points_for_green_option: room.row.green,
        traveller: room.row.traveller,
        reservation_info: reservationInfo(room.plan, priced.stay.startDate, priced.hotel.timeZone, locale, nowMs),
      };
    }),
  };
}

/**
 * The cart's card as the browser sees it: a saved card's id or our own reference, and brand, last four and
 * expiry. Never the provider's token (decision record 0023): a token in a browser could be replayed.
 */
export function cardView(card: CartRow['card']): Pick<Cart, 'credit_card_id' | 'card'> {
  if (!card) return { credit_card_id: null, card: null };
  return {
    credit_card_id: card.savedCardId ?? card.reference ?? null,
    card: {
      brand: card.brand,
      last4: card.last4,
      expiry_month: card.expiryMonth,
      expiry_year: card.expiryYear,
      cvv_required: card.savedCardId !== null && (card.source ?? 'saved') === 'saved',
    },
  };
}

export function cartView(input: {
  cart: CartRow;
  priced: PricedStay;
  money: CartMoney;
  vouchers: readonly AppliedVoucher[];
  currencies: ReadonlyMap<string, CurrencyRate>;
  customer: Cart['customer'];
  payments: Cart['payments'];
  status: Cart['status'];
  nowMs: number;
}): Cart {
  const { cart, priced, money } = input;
  const major = (minor: number) => toMajor(minor, money.currency);
  const promo = promoOutcome(priced.promo, priced.percentOff > 0);
  return {
    cart_id: cart.id,
    order_id: cart.orderId,
    status: input.status,
    currency: money.currency.code,
    price_tax: major(money.tax),
    promo_code: promo?.code ?? null,
    promo_status: promo?.status ?? null,
    business: cart.business,
    customer: input.customer,
    payment_method: cart.paymentMethod,
    ...cardView(cart.card),
    payments: input.payments,
    vouchers: input.vouchers.map((voucher) => {
      const from = input.currencies.get(voucher.currency);
      return { voucher_id: voucher.id, code: voucher.code, category: voucher.category, amount: from ? toMajor(voucher.amountMinor, from) : 0 };
    }),
    insurance: cart.insuranceProduct === 'cancellation' ? { product: 'cancellation', price: major(money.insurance) } : null,
    amount_to_pay_total: major(money.total),
    amount_to_pay_now: major(money.now),
    amount_at_hotel: major(money.atHotel),
    city_tax_total: major(money.cityTax),
    points_to_pay_total: money.pointsToPay,
    points_earned: money.pointsEarned,
    hold_expires_at: input.status === 'payment_pending' && cart.holdExpiresAt ? cart.holdExpiresAt.toISOString() : null,
    last_decline_reason: cart.lastDeclineReason,
    stays: [stayView(priced, money, cart, cart.locale, input.nowMs)],
  };
}

/** What an order costs as it stands now, in minor units of its currency (see `orderMoney`). */
export interface OrderMoney {
  total: number;
  atHotel: number;
  cityTax: number;
  vouchers: number;
}

/**
 * An order's totals recomputed from what it still holds, after every cancellation and modification:
 * the rooms not cancelled (their price with tax unless points paid for them, their add-ons, their city
 * tax as the order's snapshot has them, a modified room as changed) and the insurance bought, less the
 * vouchers (never more than that). What is due at the hotel is what remains once what was charged, less
 * what was refunded, is counted; the city tax is apart, paid at the hotel, as in the cart (pricing.ts).
 */
export function orderMoney(input: {
  snapshot: Pick<Cart, 'stays' | 'insurance'>;
  /** Room stay ids of the reservations that are cancelled. */
  cancelled: ReadonlySet<string>;
  paidWithPoints: boolean;
  paidMinor: number;
  refundedMinor: number;
  /** The vouchers the order redeemed, in its currency. */
  voucherMinor: number;
  currency: CurrencyRate;
}): OrderMoney {
  const minor = (amount: number) => fromMajor(amount, input.currency);
  const kept = input.snapshot.stays.flatMap((stay) => stay.room_stays).filter((room) => !input.cancelled.has(room.room_stay_id));
  const sum = (pick: (room: RoomStay) => number) => kept.reduce((total, room) => total + pick(room), 0);
  const rooms = input.paidWithPoints ? 0 : sum((room) => minor(room.price_with_tax));
  const addons = sum((room) => room.addons.reduce((total, addon) => total + minor(addon.price), 0));
  const insurance = input.snapshot.insurance ? minor(input.snapshot.insurance.price) : 0;
  const before = rooms + addons + insurance;
  const vouchers = Math.min(input.voucherMinor, before);
  const total = before - vouchers;
  return { total, atHotel: Math.max(0, total - (input.paidMinor - input.refundedMinor)), cityTax: sum((room) => minor(room.city_tax)), vouchers };
}

/** The booking as a whole, from the status of its reservations. */
export function orderStatus(statuses: readonly ('confirmed' | 'cancelled')[]): OrderStatus {
  const cancelled = statuses.filter((status) => status === 'cancelled').length;
  if (cancelled === 0) return 'confirmed';
  return cancelled === statuses.length ? 'cancelled' : 'partly_cancelled';
}

/** A plain link to a point on OpenStreetMap: opens in the guest's browser or map app, with no script on our pages. */
export function mapUrl(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(5);
  const lon = longitude.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

/** What the hotel's row holds for guests on their way: address, reception phone and its own arrival and departure times. */
export interface HotelContact {
  street: string;
  postalCode: string;
  phone: string | null;
  checkInFrom: string;
  checkOutUntil: string;
}

/** The hotel's practical details for a booking. */
export function orderHotelView(hotel: CatalogueHotel, address: HotelContact, locale: Locale): OrderHotel {
  return {
    hotel_code: hotel.code,
    name: hotel.name,
    street: address.street,
    postal_code: address.postalCode,
    city: pickLocalized(hotel.city.name, locale),
    country_code: hotel.city.countryCode,
    country: pickLocalized(hotel.city.countryName, locale),
    phone: address.phone,
    latitude: hotel.latitude,
    longitude: hotel.longitude,
    check_in_from: address.checkInFrom,
    check_out_until: address.checkOutUntil,
    time_zone: hotel.timeZone,
    map_url: mapUrl(hotel.latitude, hotel.longitude),
  };
}
