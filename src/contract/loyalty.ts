import * as v from 'valibot';
import { MEMBER_LEVELS } from './auth';
import { ORDER_STATUSES, PAYMENT_METHODS, RESERVATION_STATUSES, VOUCHER_CATEGORIES } from './ecommerce';
import { DEFAULT_LOCALE, LocaleSchema } from './locales';
import { IsoDateSchema, TextSchema } from './primitives';
import { HotelCodeSchema } from './search';

/**
 * The rewards programme of the member area (spec sections 2, 3 and 7 "Members"; decision record 0040):
 * points status and history, membership levels, vouchers and the rewards catalogue, requests for missing
 * points and the member's bookings. Every route takes the member's bearer token and answers only about
 * that member: another member's voucher or request answers 404. Paths are relative to BFF_PREFIX.
 */
export const LOYALTY_PATHS = {
  pointsStatus: '/members/points-status',
  /** `?year=yyyy` (default: this year in Berlin). */
  pointsHistory: '/members/points-history-v2',
  /** `?locale`: every level by level_order, with its thresholds and benefits. */
  membershipLevels: '/members/membership-levels',
  vouchers: '/members/vouchers',
  voucher: '/members/vouchers/:voucherId',
  /** `?locale`: the rewards catalogue (what points buy). */
  rewards: '/members/rewards',
  /** POST `?locale`: buys the catalogue reward with points. */
  buyVoucher: '/members/buy-voucher/:rewardId',
  /** POST asks for the points of a stay that earned none; GET lists the member's requests. */
  requestPoints: '/members/request-points',
  requestPointsItem: '/members/request-points/:claimId',
  bookings: '/members/bookings',
  /** The loyalty system's profile of the member, by their dailypointMasterId (another id answers 404). */
  dailypointProfile: '/members/dailypoint-profile/:id',
} as const;

export const buyVoucherPath = (rewardId: string) => `/members/buy-voucher/${encodeURIComponent(rewardId)}`;
export const memberVoucherPath = (voucherId: string) => `/members/vouchers/${encodeURIComponent(voucherId)}`;
export const pointsClaimPath = (claimId: string) => `/members/request-points/${encodeURIComponent(claimId)}`;
export const dailypointProfilePath = (id: string) => `/members/dailypoint-profile/${encodeURIComponent(id)}`;

/** The programme's numbers the web app shows or checks against (decision record 0040). */
export const LOYALTY_LIMITS = {
  /** Points whose validity ends within this many days are shown as expiring. */
  expiringWithinDays: 90,
  /** A valid voucher whose validity ends within this many days is flagged as expiring soon. */
  voucherExpiringSoonDays: 30,
  /** Missing points may be asked for up to this many days after the departure. */
  claimWindowDays: 365,
  /** Points stay valid until the end of the month this many months after the month they were credited. */
  pointsValidMonths: 24,
  /** The years a points history may be asked for. */
  historyYears: { min: 2000, max: 2999 },
  /**
   * Requests for missing points (POST request-points) a member may send in an hour; more answer 429 with
   * Retry-After. A member has a handful of stays a year: this only stops a script filling the hotels' queue.
   */
  claimsPerHour: 10,
} as const;

/**
 * What a points entry records. `earned`: a stay (pending from the booking, credited after check-out);
 * `green`: the green option's points of a stay; `redeemed`: points spent (a reward, a booking paid with
 * points); `refunded`: points given back (a cancelled booking paid with points) or pending points of a
 * cancelled booking withdrawn; `expired`; `adjusted`: a correction (the opening balance, a change of a
 * booking); `claimed`: the points of a stay granted on request.
 */
export const POINTS_ENTRY_KINDS = ['earned', 'green', 'redeemed', 'refunded', 'expired', 'adjusted', 'claimed'] as const;
export type PointsEntryKind = (typeof POINTS_ENTRY_KINDS)[number];

export type MemberLevelCode = (typeof MEMBER_LEVELS)[number]['code'];
const LEVEL_CODES = MEMBER_LEVELS.map((level) => level.code) as [MemberLevelCode, ...MemberLevelCode[]];
export const MemberLevelCodeSchema = v.picklist(LEVEL_CODES);

const LevelSchema = v.object({ code: MemberLevelCodeSchema, name: v.string(), order: v.number() });
export type MemberLevel = v.InferOutput<typeof LevelSchema>;

const LocaleQueryEntries = { locale: v.optional(LocaleSchema, DEFAULT_LOCALE) };
export const LoyaltyLocaleQuerySchema = v.object(LocaleQueryEntries);

// ---------- points status ----------

export const PointsStatusSchema = v.object({
  /** Points the member can spend now: the sum of the points entries. */
  balance: v.number(),
  /** Points of booked stays, credited after check-out. */
  pending: v.number(),
  /** Points of the balance whose validity ends within `withinDays`, by the last day they are valid. */
  expiring: v.object({
    withinDays: v.number(),
    points: v.number(),
    dates: v.array(v.object({ date: v.string(), points: v.number() })),
  }),
  level: LevelSchema,
  /** Qualifying nights and points of this calendar year (Berlin), and what the next level and keeping this one take. */
  progress: v.object({
    year: v.number(),
    nights: v.number(),
    points: v.number(),
    keep: v.object({ met: v.boolean(), nightsNeeded: v.number(), pointsNeeded: v.number() }),
    next: v.nullable(
      v.object({ level: LevelSchema, nights: v.number(), points: v.number(), nightsNeeded: v.number(), pointsNeeded: v.number() }),
    ),
  }),
});
export type PointsStatus = v.InferOutput<typeof PointsStatusSchema>;
export const PointsStatusResponseSchema = v.object({ data: PointsStatusSchema });

// ---------- points history ----------

const YearSchema = v.pipe(
  v.string('A year is text like 2026'),
  v.regex(/^\d{4}$/, 'A year is written yyyy'),
  v.transform(Number),
  v.minValue(LOYALTY_LIMITS.historyYears.min, `A year from ${LOYALTY_LIMITS.historyYears.min}`),
  v.maxValue(LOYALTY_LIMITS.historyYears.max, `A year up to ${LOYALTY_LIMITS.historyYears.max}`),
);
export const PointsHistoryQuerySchema = v.object({ year: v.optional(YearSchema), ...LocaleQueryEntries });
export type PointsHistoryQuery = v.InferInput<typeof PointsHistoryQuerySchema>;

export const PointsEntrySchema = v.object({
  id: v.string(),
  kind: v.picklist(POINTS_ENTRY_KINDS),
  /** The day it was entered (Berlin). */
  date: v.string(),
  /** The change of the balance (negative: spent, expired or taken back). */
  points: v.number(),
  /** The change of the pending points (a booking's points before its stay is over). */
  pendingPoints: v.number(),
  balanceAfter: v.number(),
  qualifyingNights: v.number(),
  qualifyingPoints: v.number(),
  hotel: v.nullable(v.object({ code: v.string(), name: v.string() })),
  reservationNumber: v.nullable(v.string()),
  stay: v.nullable(v.object({ arrivalDate: v.string(), departureDate: v.string() })),
  orderId: v.nullable(v.string()),
  /** The reward bought (redeemed for a voucher), named in the asked locale. */
  reward: v.nullable(v.object({ id: v.string(), name: v.string(), voucherId: v.nullable(v.string()) })),
  /** Plain English for corrections (the web app shows its own words for each kind). */
  note: v.nullable(v.string()),
});
export type PointsEntry = v.InferOutput<typeof PointsEntrySchema>;

export const PointsHistorySchema = v.object({
  year: v.number(),
  /** Newest first. */
  entries: v.array(PointsEntrySchema),
  /** The nearest earlier and later year with entries (never after this year), or null. */
  previousYear: v.nullable(v.number()),
  nextYear: v.nullable(v.number()),
});
export type PointsHistory = v.InferOutput<typeof PointsHistorySchema>;
export const PointsHistoryResponseSchema = v.object({ data: PointsHistorySchema });

// ---------- membership levels ----------

export const MembershipLevelSchema = v.object({
  ...LevelSchema.entries,
  /** Reached in a calendar year with either this many qualifying nights or this many qualifying points. */
  nights: v.number(),
  points: v.number(),
  benefits: v.array(v.object({ code: v.string(), name: v.string() })),
  /** The signed-in member's level. */
  current: v.boolean(),
});
export type MembershipLevel = v.InferOutput<typeof MembershipLevelSchema>;
export const MembershipLevelsResponseSchema = v.object({ data: v.array(MembershipLevelSchema) });

// ---------- vouchers and rewards ----------

export const VOUCHER_STATUSES = ['valid', 'used', 'expired'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

export const MemberVoucherSchema = v.object({
  id: v.string(),
  code: v.string(),
  category: v.picklist(VOUCHER_CATEGORIES),
  /** Taken off a booking, in `currency` (major units). */
  amount: v.number(),
  currency: v.string(),
  /** The last day it can be used. */
  validUntil: v.string(),
  status: v.picklist(VOUCHER_STATUSES),
  /** Valid, and its validity ends within LOYALTY_LIMITS.voucherExpiringSoonDays. */
  expiringSoon: v.boolean(),
});
export type MemberVoucher = v.InferOutput<typeof MemberVoucherSchema>;
export const MemberVouchersResponseSchema = v.object({ data: v.array(MemberVoucherSchema) });
export const MemberVoucherResponseSchema = v.object({ data: MemberVoucherSchema });
export const VoucherParamsSchema = v.object({ voucherId: v.pipe(v.string(), v.uuid('Not a valid id')) });

export const RewardIdSchema = v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/, 'Not a reward of the catalogue'));
export const RewardParamsSchema = v.object({ rewardId: RewardIdSchema });

export const RewardSchema = v.object({
  id: v.string(),
  category: v.picklist(VOUCHER_CATEGORIES),
  name: v.string(),
  description: v.string(),
  /** What it costs. */
  points: v.number(),
  /** The voucher it gives: this amount off a booking (major units of `currency`), valid for `validityDays`. */
  amount: v.number(),
  currency: v.string(),
  validityDays: v.number(),
  /** The member's balance covers it. */
  affordable: v.boolean(),
});
export type Reward = v.InferOutput<typeof RewardSchema>;
export const RewardsResponseSchema = v.object({ data: v.array(RewardSchema) });

/** 201 after buying; not enough points answers 409 insufficient_points (the message names price and balance), nothing spent. */
export const BuyVoucherResponseSchema = v.object({
  data: v.object({ voucher: MemberVoucherSchema, reward: v.object({ id: v.string(), name: v.string(), points: v.number() }), balance: v.number() }),
});

// ---------- missing points ----------

export const RESERVATION_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{3,39}$/;

export const RequestPointsRequestSchema = v.pipe(
  v.object({
    hotelCode: HotelCodeSchema,
    arrivalDate: IsoDateSchema,
    departureDate: IsoDateSchema,
    reservationNumber: v.pipe(
      TextSchema({ max: 40, required: 'Required' }),
      v.regex(RESERVATION_NUMBER_PATTERN, 'A reservation number is 4 to 40 letters, digits or dashes'),
      v.toUpperCase(),
    ),
  }),
  v.forward(
    v.partialCheck([['arrivalDate'], ['departureDate']], (input) => input.departureDate > input.arrivalDate, 'The departure comes after the arrival'),
    ['departureDate'],
  ),
);
export type RequestPointsRequest = v.InferInput<typeof RequestPointsRequestSchema>;

export const CLAIM_STATUSES = ['submitted', 'approved', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
/**
 * Why a request has its status. `credited`: approved, the points are on the balance; `review`: waiting
 * for the hotel's answer; `already_earned`: the stay earned its points already; `stay_not_over`:
 * points come after check-out; `cancelled`: the reservation was cancelled; `paid_with_points`: a stay
 * paid with points earns none.
 */
export const CLAIM_REASONS = ['credited', 'review', 'already_earned', 'stay_not_over', 'cancelled', 'paid_with_points'] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];

export const PointsClaimSchema = v.object({
  id: v.string(),
  hotel: v.object({ code: v.string(), name: v.string() }),
  arrivalDate: v.string(),
  departureDate: v.string(),
  reservationNumber: v.string(),
  status: v.picklist(CLAIM_STATUSES),
  reason: v.picklist(CLAIM_REASONS),
  /** Granted (approved), else 0. */
  points: v.number(),
  submittedAt: v.string(),
  decidedAt: v.nullable(v.string()),
});
export type PointsClaim = v.InferOutput<typeof PointsClaimSchema>;
export const PointsClaimResponseSchema = v.object({ data: PointsClaimSchema });
export const PointsClaimsResponseSchema = v.object({ data: v.array(PointsClaimSchema) });
export const ClaimParamsSchema = v.object({ claimId: v.pipe(v.string(), v.uuid('Not a valid id')) });

// ---------- bookings ----------

/** Where a booking of the member area comes from: this site's booking journey, or the reservation system (decision record 0041). */
export const MEMBER_BOOKING_SOURCES = ['online', 'reservation-system'] as const;
export type MemberBookingSource = (typeof MEMBER_BOOKING_SOURCES)[number];

export const MemberBookingSchema = v.object({
  /**
   * The order's id for a booking of this site; `crs:<reservationNumber>` for a reservation added from the
   * reservation system (it has no order here: nothing to open on the confirmation page).
   */
  orderId: v.string(),
  /** `online`: booked on this site; `reservation-system`: made by phone or at the hotel and added to the account. */
  source: v.picklist(MEMBER_BOOKING_SOURCES),
  status: v.picklist(ORDER_STATUSES),
  hotel: v.object({ code: v.string(), name: v.string() }),
  arrivalDate: v.string(),
  departureDate: v.string(),
  nights: v.number(),
  bookedAt: v.string(),
  currency: v.string(),
  /** What the booking costs in money as it stands (cancelled rooms left out), major units. */
  totalAmount: v.number(),
  /** How it was paid; the reservation system does not say, so an added reservation reads `card` (`points` when paid with points). */
  paymentMethod: v.picklist(PAYMENT_METHODS),
  pointsPaid: v.number(),
  pointsEarned: v.number(),
  /** Some of the earned points wait for the stay to be over. */
  pointsPending: v.boolean(),
  rooms: v.array(v.object({ reservationNumber: v.string(), roomTypeName: v.string(), rateName: v.string(), status: v.picklist(RESERVATION_STATUSES) })),
});
export type MemberBooking = v.InferOutput<typeof MemberBookingSchema>;

/** Upcoming: departure after today (stays under way included), soonest first; past: newest first; cancelled: every room cancelled. */
export const MemberBookingsSchema = v.object({
  upcoming: v.array(MemberBookingSchema),
  past: v.array(MemberBookingSchema),
  cancelled: v.array(MemberBookingSchema),
});
export type MemberBookings = v.InferOutput<typeof MemberBookingsSchema>;
export const MemberBookingsResponseSchema = v.object({ data: MemberBookingsSchema });

// ---------- the loyalty system's profile ----------

/**
 * A dailypoint master id as the BFF's loyalty adapter gives them (server/adapters/local-loyalty.ts) and the
 * member row stores them: `DP` and ten digits.
 */
export const DAILYPOINT_MASTER_ID_PATTERN = /^DP\d{10}$/;
export const DailypointProfileParamsSchema = v.object({
  id: v.pipe(v.string(), v.regex(DAILYPOINT_MASTER_ID_PATTERN, 'A dailypoint master id is DP and ten digits')),
});

/** The member as the loyalty system (dailypoint) knows them: master id, reward level, points and the CRS id. */
export const DailypointProfileSchema = v.object({
  dailypointMasterId: v.string(),
  rewardLevel: v.object({ code: MemberLevelCodeSchema, name: v.string() }),
  /** The balance: points the member can spend now. */
  points: v.number(),
  /** Points of booked stays, credited after check-out. */
  pendingPoints: v.number(),
  /** The member's id in the central reservation system, once they have one. */
  crsId: v.nullable(v.string()),
});
export type DailypointProfile = v.InferOutput<typeof DailypointProfileSchema>;
export const DailypointProfileResponseSchema = v.object({ data: DailypointProfileSchema });
