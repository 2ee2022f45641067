import { and, count, eq, inArray } from 'drizzle-orm';
import type { Cart } from '../../../src/contract/ecommerce';
import type { MemberLevelCode, PointsEntryKind } from '../../../src/contract/loyalty';
import { nightsBetween } from '../../../src/contract/calendar-dates';
import { addDays, type IsoDate } from '../../lib/calendar';
import { expiryCutoff, validUntil } from '../../loyalty/expiry';
import type { Database } from '../database';
import {
  type CartRoomStayRow,
  carts,
  hotels,
  loyaltyYearEnds,
  memberLevelChanges,
  members,
  orders,
  pointsClaims,
  pointsLedger,
  reservations,
  roomTypes,
  vouchers,
} from '../schema';
import { DEMO_MEMBERS } from './members';

/**
 * The demo members' rewards history (README, "Demo members"; decision record 0040): a few years of
 * points entries for Anna and Omar whose sum is their seeded balance, with stays, the green option, rewards
 * bought, a request for missing points and points that expired; Anna's bookings (one ahead with pending
 * points, one cancelled, and a stay three weeks ago on a non-member rate that earned nothing, so its points
 * can be asked for); vouchers of each category, one running out within 30 days. Every date follows from the
 * seeding date and every id is fixed, so the same date gives the same rows. The demo bookings take no rooms
 * from the generated inventory.
 */

export const DEMO_LOYALTY = {
  /** Anna's stay three weeks ago on the flexible (non-member) rate: it earned nothing. */
  annaPastStay: {
    orderId: '7c1d2e3f-4a5b-4c6d-8e7f-000000000101',
    reservationId: '7c1d2e3f-4a5b-4c6d-8e7f-000000000102',
    reservationNumber: 'SMSB-ANNA7PAS',
    hotelCode: 'SMSB',
    /** Days before the seeding date. */
    arrivalDaysAgo: 22,
    departureDaysAgo: 20,
    /** One point per full euro without tax: 2 nights at 112.00 EUR with 7 % VAT. */
    claimablePoints: 209,
  },
  annaUpcomingOrderId: '7c1d2e3f-4a5b-4c6d-8e7f-000000000201',
  annaCancelledOrderId: '7c1d2e3f-4a5b-4c6d-8e7f-000000000301',
  /** Anna's Bonus voucher, valid for 20 more days. */
  annaBonusVoucherId: '0b7e4a52-5d1c-4f0e-9b7a-3c2d1e0f0103',
  omarVoucherId: '0b7e4a52-5d1c-4f0e-9b7a-3c2d1e0f0201',
  /** Omar's request for the points of a stay booked elsewhere, waiting for the hotel. */
  omarClaimId: '5a6b7c8d-9e0f-4a1b-8c2d-000000000201',
} as const;

type Writer = Pick<Database, 'insert' | 'select'>;

/** The day `day` (at most the month's last) of the month `months` before the month of `today`. */
function monthsBefore(today: IsoDate, months: number, day: number): IsoDate {
  const [year = 1970, month = 1] = today.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return `${first.toISOString().slice(0, 8)}${String(Math.min(day, last)).padStart(2, '0')}`;
}

/** A moment on a seeded day: 10:00 in Berlin in winter, the same instant every time. */
const at = (date: IsoDate) => new Date(`${date}T09:00:00Z`);

interface EntrySeed {
  on: IsoDate;
  kind: PointsEntryKind;
  points: number;
  pendingPoints?: number;
  qualifyingNights?: number;
  qualifyingPoints?: number;
  hotelCode?: string;
  reservationNumber?: string;
  reservationId?: string;
  orderId?: string;
  stay?: [IsoDate, IsoDate];
  voucherId?: string;
  rewardId?: string;
  claimId?: string;
  note?: string;
}

/** A stay credited the day after its departure: its points, its nights, and the green option's points if taken. */
function stay(on: IsoDate, hotelCode: string, reservationNumber: string, nights: number, points: number, green = 0): EntrySeed[] {
  const departure = addDays(on, -1);
  const explained = { hotelCode, reservationNumber, stay: [addDays(departure, -nights), departure] as [IsoDate, IsoDate] };
  const entries: EntrySeed[] = [{ on, kind: 'earned', points, qualifyingNights: nights, qualifyingPoints: points, ...explained }];
  if (green > 0) entries.push({ on, kind: 'green', points: green, qualifyingPoints: green, ...explained });
  return entries;
}

interface VoucherSeed {
  id: string;
  code: string;
  category: 'Voucher' | 'Bonus' | 'Other';
  amountMinor: number;
  validUntil: IsoDate;
  redeemedOrderId?: string;
}

interface OrderSeed {
  orderId: string;
  cartId: string;
  stayId: string;
  reservationId: string;
  reservationNumber: string;
  hotelCode: string;
  member: boolean;
  arrival: IsoDate;
  departure: IsoDate;
  /** A night's room price with 7 % VAT, euro cents. */
  nightlyGrossMinor: number;
  bookedOn: IsoDate;
  cancelledOn?: IsoDate;
  green: boolean;
  voucher?: VoucherSeed;
}

interface MemberPlan {
  email: string;
  /** The balance the entries must add up to (the member row's seeded points). */
  balance: number;
  entries: EntrySeed[];
  vouchers: VoucherSeed[];
  orders: OrderSeed[];
  claims: (typeof pointsClaims.$inferInsert & { hotelCode: string })[];
  levels: { year: number; from: MemberLevelCode; to: MemberLevelCode }[];
}

const RATE = {
  member: { code: 'HRW1X', name: 'Flexibler Mitgliedertarif' },
  nonMember: { code: 'AX', name: 'Flexibler Tarif' },
} as const;

/** Points a member rate earns: one per full euro of the price without tax (7 % VAT). */
const earnedPoints = (order: OrderSeed) => (order.member ? Math.floor(netMinor(order) / 100) : 0);
const grossMinor = (order: OrderSeed) => order.nightlyGrossMinor * nightsBetween(order.arrival, order.departure);
const netMinor = (order: OrderSeed) => Math.round(grossMinor(order) / 1.07);
const GREEN_POINTS = 500;

function plans(today: IsoDate, year: number): MemberPlan[] {
  const m = (months: number, day: number) => monthsBefore(today, months, day);
  const ago = (days: number) => addDays(today, -days);
  const { annaPastStay } = DEMO_LOYALTY;
  const annaVouchers = {
    oldStay: { id: '0b7e4a52-5d1c-4f0e-9b7a-3c2d1e0f0101', code: 'ANNA-RW25-OLD', category: 'Voucher', amountMinor: 2_500, validUntil: addDays(m(30, 5), 365) },
    spa: { id: '0b7e4a52-5d1c-4f0e-9b7a-3c2d1e0f0102', code: 'ANNA-SPA30', category: 'Other', amountMinor: 3_000, validUntil: addDays(m(2, 8), 182) },
    bonus: { id: DEMO_LOYALTY.annaBonusVoucherId, code: 'ANNA-GOLD-BONUS', category: 'Bonus', amountMinor: 2_000, validUntil: addDays(today, 20) },
    used: {
      id: '0b7e4a52-5d1c-4f0e-9b7a-3c2d1e0f0104',
      code: 'ANNA-RW25',
      category: 'Voucher',
      amountMinor: 2_500,
      validUntil: addDays(ago(45), 365),
      redeemedOrderId: annaPastStay.orderId,
    },
  } as const satisfies Record<string, VoucherSeed>;
  const past: OrderSeed = {
    orderId: annaPastStay.orderId,
    cartId: '7c1d2e3f-4a5b-4c6d-8e7f-000000000103',
    stayId: '7c1d2e3f-4a5b-4c6d-8e7f-000000000104',
    reservationId: annaPastStay.reservationId,
    reservationNumber: annaPastStay.reservationNumber,
    hotelCode: annaPastStay.hotelCode,
    member: false,
    arrival: ago(annaPastStay.arrivalDaysAgo),
    departure: ago(annaPastStay.departureDaysAgo),
    nightlyGrossMinor: 11_200,
    bookedOn: ago(40),
    green: false,
    voucher: annaVouchers.used,
  };
  const upcoming: OrderSeed = {
    orderId: DEMO_LOYALTY.annaUpcomingOrderId,
    cartId: '7c1d2e3f-4a5b-4c6d-8e7f-000000000203',
    stayId: '7c1d2e3f-4a5b-4c6d-8e7f-000000000204',
    reservationId: '7c1d2e3f-4a5b-4c6d-8e7f-000000000202',
    reservationNumber: 'SKDO-ANNA7UPC',
    hotelCode: 'SKDO',
    member: true,
    arrival: addDays(today, 45),
    departure: addDays(today, 48),
    nightlyGrossMinor: 12_840,
    bookedOn: ago(10),
    green: true,
  };
  const cancelled: OrderSeed = {
    orderId: DEMO_LOYALTY.annaCancelledOrderId,
    cartId: '7c1d2e3f-4a5b-4c6d-8e7f-000000000303',
    stayId: '7c1d2e3f-4a5b-4c6d-8e7f-000000000304',
    reservationId: '7c1d2e3f-4a5b-4c6d-8e7f-000000000302',
    reservationNumber: 'SFWE-ANNA7CXL',
    hotelCode: 'SFWE',
    member: true,
    arrival: addDays(today, 20),
    departure: addDays(today, 22),
    nightlyGrossMinor: 10_700,
    bookedOn: ago(30),
    cancelledOn: ago(25),
    green: false,
  };
  const booked = (order: OrderSeed, kind: 'earned' | 'green', points: number, on: IsoDate): EntrySeed => ({
    on,
    kind,
    points: 0,
    pendingPoints: points,
    hotelCode: order.hotelCode,
    reservationNumber: order.reservationNumber,
    reservationId: order.reservationId,
    orderId: order.orderId,
    stay: [order.arrival, order.departure],
  });
  const reward = (on: IsoDate, rewardId: string, points: number, voucher: VoucherSeed): EntrySeed => ({ on, kind: 'redeemed', points: -points, rewardId, voucherId: voucher.id });
  const annaClaimId = '5a6b7c8d-9e0f-4a1b-8c2d-000000000101';
  const claimStay: [IsoDate, IsoDate] = [m(11, 3), m(11, 5)];
  return [
    {
      email: DEMO_MEMBERS.withPassword,
      balance: 12_500,
      entries: [
        ...stay(m(35, 10), 'SMSB', 'SMSB-H7K2MP4Q', 3, 1_240),
        ...stay(m(33, 20), 'ASN', 'ASN-Q3ZV8KDW', 4, 1_860, GREEN_POINTS),
        reward(m(30, 5), 'stay-voucher-25', 2_500, annaVouchers.oldStay),
        ...stay(m(23, 15), 'PDHH', 'PDHH-W4XN6TRE', 12, 6_000),
        ...stay(m(17, 9), 'SFWE', 'SFWE-B8RT5YHU', 4, 1_480),
        ...stay(m(14, 22), 'SIFM', 'SIFM-J2KL9MNB', 5, 2_650),
        {
          on: m(11, 20),
          kind: 'claimed',
          points: 760,
          qualifyingNights: 2,
          qualifyingPoints: 760,
          hotelCode: 'SHDX',
          reservationNumber: 'EXT-4471902',
          stay: claimStay,
          claimId: annaClaimId,
        },
        ...stay(m(9, 14), 'SBTG', 'SBTG-C6DF3GHJ', 5, 1_900),
        ...stay(m(6, 2), 'SMSB', 'SMSB-K5LM8NPQ', 6, 2_300, GREEN_POINTS),
        ...stay(m(4, 18), 'SKDO', 'SKDO-R3ST6UVW', 4, 1_260),
        ...stay(m(3, 7), 'ASN', 'ASN-X2YZ4ABC', 3, 1_150),
        reward(m(2, 8), 'spa-credit-30', 3_000, annaVouchers.spa),
        reward(ago(45), 'stay-voucher-25', 2_500, annaVouchers.used),
        booked(cancelled, 'earned', earnedPoints(cancelled), cancelled.bookedOn),
        { ...booked(cancelled, 'earned', earnedPoints(cancelled), ago(25)), kind: 'refunded', pendingPoints: -earnedPoints(cancelled) },
        booked(upcoming, 'earned', earnedPoints(upcoming), upcoming.bookedOn),
        booked(upcoming, 'green', GREEN_POINTS, upcoming.bookedOn),
      ],
      vouchers: Object.values(annaVouchers),
      orders: [past, upcoming, cancelled],
      claims: [
        {
          id: annaClaimId,
          memberId: 0,
          hotelId: 0,
          hotelCode: 'SHDX',
          arrivalDate: claimStay[0],
          departureDate: claimStay[1],
          reservationNumber: 'EXT-4471902',
          status: 'approved',
          reason: 'credited',
          points: 760,
          createdAt: at(addDays(claimStay[1], 3)),
          decidedAt: at(m(11, 20)),
        },
      ],
      levels: [
        { year: year - 2, from: 'DA', to: 'DX' },
        { year: year - 1, from: 'DX', to: 'DB' },
      ],
    },
    {
      email: DEMO_MEMBERS.codeOnly,
      balance: 2_300,
      entries: [
        ...stay(m(20, 11), 'IBHB', 'IBHB-D4EF5GHJ', 2, 430),
        ...stay(m(15, 4), 'ZLBF', 'ZLBF-L6MN7PQR', 3, 310, GREEN_POINTS),
        ...stay(m(8, 25), 'JAMO', 'JAMO-S8TU9VWX', 4, 760),
        ...stay(m(2, 14), 'ASN', 'ASN-Y2ZA3BCD', 2, 300),
      ],
      vouchers: [{ id: DEMO_LOYALTY.omarVoucherId, code: 'OMAR-WELCOME', category: 'Bonus', amountMinor: 1_500, validUntil: addDays(today, 300) }],
      orders: [],
      claims: [
        {
          id: DEMO_LOYALTY.omarClaimId,
          memberId: 0,
          hotelId: 0,
          hotelCode: 'JHSP',
          arrivalDate: ago(60),
          departureDate: ago(58),
          reservationNumber: 'EXT-7781234',
          status: 'submitted',
          reason: 'review',
          points: 0,
          createdAt: at(ago(50)),
          decidedAt: null,
        },
      ],
      levels: [{ year: year - 1, from: 'DP', to: 'DA' }],
    },
  ];
}

/**
 * The entries in the order they happened, with the `expired` entries the daily job would have written
 * (expiry.ts: points run out at the end of the month 24 months after they were entered, the oldest are
 * spent first) and the balance each entry left. Throws when the plan spends more than it has.
 */
export function simulateLedger(entries: readonly EntrySeed[], today: IsoDate): (EntrySeed & { balanceAfter: number })[] {
  const sorted = [...entries].sort((a, b) => a.on.localeCompare(b.on));
  const out: (EntrySeed & { balanceAfter: number })[] = [];
  const lots: { on: IsoDate; points: number }[] = [];
  let used = 0;
  let balance = 0;
  const expireUntil = (day: IsoDate) => {
    const days = [...new Set(lots.map((lot) => addDays(validUntil(lot.on), 1)))].filter((candidate) => candidate <= day).sort();
    for (const expiryDay of days) {
      const cutoff = expiryCutoff(expiryDay);
      const due = lots.filter((lot) => lot.on < cutoff).reduce((total, lot) => total + lot.points, 0) - used;
      if (due <= 0) continue;
      used += due;
      balance -= due;
      out.push({ on: expiryDay, kind: 'expired', points: -due, note: `Points entered before ${cutoff} expired`, balanceAfter: balance });
    }
  };
  for (const entry of sorted) {
    expireUntil(entry.on);
    balance += entry.points;
    if (balance < 0) throw new Error(`The seeded points history spends more than it has on ${entry.on}`);
    if (entry.points > 0) lots.push({ on: entry.on, points: entry.points });
    else used -= entry.points;
    out.push({ ...entry, balanceAfter: balance });
  }
  expireUntil(today);
  return out;
}

/** An order as the booking journey writes it: its cart, its snapshot and its one reservation. */
function orderRows(order: OrderSeed, member: { id: number; guid: string; email: string; firstName: string; lastName: string }, hotel: { id: number; name: string }, roomTypeId: number) {
  const gross = grossMinor(order);
  const net = netMinor(order);
  const nights = nightsBetween(order.arrival, order.departure);
  const earned = earnedPoints(order) + (order.green ? GREEN_POINTS : 0);
  const cancelled = order.cancelledOn !== undefined;
  const voucherMinor = order.voucher?.amountMinor ?? 0;
  const total = cancelled ? 0 : gross - voucherMinor;
  const rate = order.member ? RATE.member : RATE.nonMember;
  const booked = at(order.bookedOn);
  const freeUntil = new Date(`${order.arrival}T17:00:00Z`);
  const row: CartRoomStayRow = {
    id: order.reservationId,
    roomTypeCode: 'STD',
    rateCode: rate.code,
    adults: 2,
    childAges: [],
    traveller: { first_name: member.firstName, last_name: member.lastName, email: member.email },
    addons: [],
    green: order.green,
  };
  const major = (minor: number) => minor / 100;
  const snapshot: Cart = {
    cart_id: order.cartId,
    order_id: order.orderId,
    status: 'ordered',
    currency: 'EUR',
    price_tax: major(gross - net),
    promo_code: null,
    promo_status: null,
    business: false,
    customer: { email: member.email, sso_guid: member.guid },
    payment_method: 'card',
    credit_card_id: null,
    card: null,
    payments: [{ captured_at: null, payment_method: 'card', amount: 0, points: 0, status: 'authorized' }],
    vouchers: order.voucher ? [{ voucher_id: order.voucher.id, code: order.voucher.code, category: order.voucher.category, amount: major(voucherMinor) }] : [],
    insurance: null,
    amount_to_pay_total: major(gross - voucherMinor),
    amount_to_pay_now: 0,
    amount_at_hotel: major(gross - voucherMinor),
    city_tax_total: 0,
    points_to_pay_total: 0,
    points_earned: earned,
    hold_expires_at: null,
    last_decline_reason: null,
    stays: [
      {
        stay_id: order.stayId,
        hotel_code: order.hotelCode,
        hotel_name: hotel.name,
        check_in_date: order.arrival,
        check_out_date: order.departure,
        night_count: nights,
        room_stays: [
          {
            room_stay_id: order.reservationId,
            room_type_code: 'STD',
            room_type_name: 'Standardzimmer',
            rate_code: rate.code,
            adults_count: 2,
            child_ages: [],
            price: major(net),
            price_with_tax: major(gross),
            city_tax: 0,
            points_price: 0,
            reservation_number: order.reservationNumber,
            addons: [],
            unclaimed_benefits: [],
            receive_points_for_green_option: order.green,
            traveller: row.traveller,
            reservation_info: {
              rate_name: rate.name,
              guarantee_policy_code: 'HOLD18',
              guarantee_type: 'hold',
              cancellation_policy_code: 'CXL18',
              free_cancellation_until: freeUntil.toISOString(),
              breakfast_included: false,
              is_member_rate: order.member,
            },
          },
        ],
      },
    ],
  };
  return {
    cart: {
      id: order.cartId,
      memberId: member.id,
      status: 'ordered' as const,
      hotelId: hotel.id,
      stayId: order.stayId,
      checkInDate: order.arrival,
      checkOutDate: order.departure,
      currency: 'EUR',
      locale: 'de' as const,
      roomStays: [row],
      paymentMethod: 'card' as const,
      orderId: order.orderId,
      createdAt: booked,
      updatedAt: booked,
    },
    order: {
      id: order.orderId,
      cartId: order.cartId,
      memberId: member.id,
      hotelId: hotel.id,
      createdAt: booked,
      currency: 'EUR',
      locale: 'de' as const,
      customerEmail: member.email,
      paymentMethod: 'card' as const,
      amountPaidMinor: 0,
      pointsPaid: 0,
      amountAtHotelMinor: total,
      amountTotalMinor: total,
      cityTaxMinor: 0,
      pointsEarned: cancelled ? 0 : earned,
      snapshot,
    },
    reservation: {
      id: order.reservationId,
      orderId: order.orderId,
      reservationNumber: order.reservationNumber,
      roomTypeId,
      checkInDate: order.arrival,
      checkOutDate: order.departure,
      status: cancelled ? ('cancelled' as const) : ('confirmed' as const),
      details: row,
      grossEurMinor: gross,
      paidMinor: 0,
      pointsPaid: 0,
      pointsEarned: earned,
      freeCancellationUntil: freeUntil,
      cancelledAt: order.cancelledOn ? at(order.cancelledOn) : null,
    },
  };
}

/**
 * Inserts the demo members' rewards history. A member gets it only while they have no points entries and
 * the balance the history adds up to (a fresh seed), so seeding again, or a database whose members have
 * moved on, is left as it is.
 */
export async function insertDemoLoyalty(db: Writer, today: IsoDate): Promise<void> {
  const year = Number(today.slice(0, 4));
  const memberPlans = plans(today, year);
  const demo = await db
    .select({ id: members.id, guid: members.guid, email: members.email, firstName: members.firstName, lastName: members.lastName, points: members.points })
    .from(members)
    .where(inArray(members.email, memberPlans.map((plan) => plan.email)));
  const codes = [...new Set(memberPlans.flatMap((plan) => [...plan.entries.map((entry) => entry.hotelCode), ...plan.orders.map((order) => order.hotelCode), ...plan.claims.map((claim) => claim.hotelCode)]))];
  const hotelRows = await db
    .select({ id: hotels.id, code: hotels.hotelCode, name: hotels.name })
    .from(hotels)
    .where(inArray(hotels.hotelCode, codes.filter((code): code is string => code !== undefined)));
  const hotelOf = (code: string) => {
    const hotel = hotelRows.find((row) => row.code === code);
    if (!hotel) throw new Error(`The loyalty seed refers to unknown hotel ${code}`);
    return hotel;
  };
  for (const plan of memberPlans) {
    const member = demo.find((row) => row.email === plan.email);
    if (!member || member.points !== plan.balance) continue;
    const [existing] = await db.select({ entries: count() }).from(pointsLedger).where(eq(pointsLedger.memberId, member.id));
    if ((existing?.entries ?? 0) > 0) continue;

    const entries = simulateLedger(plan.entries, today);
    const last = entries.at(-1);
    if (!last || last.balanceAfter !== plan.balance) throw new Error(`The seeded points history of ${plan.email} adds up to ${last?.balanceAfter}, not ${plan.balance}`);

    if (plan.vouchers.length > 0) {
      await db
        .insert(vouchers)
        .values(plan.vouchers.map((voucher) => ({ ...voucher, memberId: member.id, redeemedOrderId: voucher.redeemedOrderId ?? null })))
        .onConflictDoNothing({ target: vouchers.code });
    }
    for (const order of plan.orders) {
      const hotel = hotelOf(order.hotelCode);
      const [roomType] = await db.select({ id: roomTypes.id }).from(roomTypes).where(and(eq(roomTypes.hotelId, hotel.id), eq(roomTypes.typeCode, 'STD')));
      if (!roomType) throw new Error(`The loyalty seed needs a standard room at ${order.hotelCode}`);
      const rows = orderRows(order, member, hotel, roomType.id);
      await db.insert(carts).values(rows.cart).onConflictDoNothing();
      await db.insert(orders).values(rows.order).onConflictDoNothing();
      await db.insert(reservations).values(rows.reservation).onConflictDoNothing();
    }
    if (plan.claims.length > 0) {
      await db
        .insert(pointsClaims)
        .values(plan.claims.map(({ hotelCode, ...claim }) => ({ ...claim, memberId: member.id, hotelId: hotelOf(hotelCode).id })))
        .onConflictDoNothing();
    }
    await db.insert(pointsLedger).values(
      entries.map((entry, index) => ({
        memberId: member.id,
        kind: entry.kind,
        points: entry.points,
        pendingPoints: entry.pendingPoints ?? 0,
        balanceAfter: entry.balanceAfter,
        qualifyingNights: entry.qualifyingNights ?? 0,
        qualifyingPoints: entry.qualifyingPoints ?? 0,
        postedOn: entry.on,
        createdAt: at(entry.on),
        hotelId: entry.hotelCode ? hotelOf(entry.hotelCode).id : null,
        reservationId: entry.reservationId ?? null,
        reservationNumber: entry.reservationNumber ?? null,
        orderId: entry.orderId ?? null,
        arrivalDate: entry.stay?.[0] ?? null,
        departureDate: entry.stay?.[1] ?? null,
        voucherId: entry.voucherId ?? null,
        rewardId: entry.rewardId ?? null,
        claimId: entry.claimId ?? null,
        note: entry.note ?? null,
        idempotencyKey: `seed:${member.id}:${index + 1}`,
      })),
    );
    await db.insert(memberLevelChanges).values(
      plan.levels.map((level) => ({
        memberId: member.id,
        fromCode: level.from,
        toCode: level.to,
        reason: 'requalification' as const,
        year: level.year,
        changedAt: new Date(`${level.year + 1}-01-01T00:05:00Z`),
      })),
    );
  }
  await db
    .insert(loyaltyYearEnds)
    .values([year - 2, year - 1].map((done) => ({ year: done, completedAt: new Date(`${done + 1}-01-01T00:05:00Z`) })))
    .onConflictDoNothing();
}
