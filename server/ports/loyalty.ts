import type * as v from 'valibot';
import type { Locale } from '../../src/contract/locales';
import type {
  BuyVoucherResponseSchema,
  DailypointProfile,
  MembershipLevel,
  MemberVoucher,
  PointsClaim,
  PointsHistory,
  PointsStatus,
  RequestPointsRequestSchema,
  Reward,
} from '../../src/contract/loyalty';

/** The loyalty system (dailypoint in the spec): the member's master record, reward level and points. */
export interface LoyaltyProfile {
  dailypointMasterId: string;
  /** A code of MEMBER_LEVELS (DP, DA, ...). */
  rewardLevelCode: string;
  points: number;
  crsId: string | null;
}

export interface LoyaltyPort {
  /**
   * Creates the member's loyalty profile, or fetches it when it exists (called at activation). Throws
   * when the loyalty system cannot be reached or answers with an error.
   */
  enrol(member: { guid: string; email: string; firstName: string; lastName: string }): Promise<LoyaltyProfile>;
}

export class LoyaltyUnavailableError extends Error {
  constructor(message = 'The loyalty system did not answer', options?: ErrorOptions) {
    super(message, options);
    this.name = 'LoyaltyUnavailableError';
  }
}

/**
 * The member area's side of the loyalty system (decision record 0040): points status and history, levels,
 * vouchers and rewards, requests for missing points. The BFF's own implementation
 * (adapters/local-loyalty.ts) keeps them in its database; a real loyalty system can replace it here.
 * Members are named by the BFF's member id; an adapter for another system maps it to that system's id.
 */
export interface LoyaltyProgrammePort {
  pointsStatus(memberId: number): Promise<PointsStatus>;
  /** `year` defaults to this calendar year in Berlin. */
  pointsHistory(memberId: number, query: { year?: number | undefined; locale: Locale }): Promise<PointsHistory>;
  membershipLevels(memberId: number, locale: Locale): Promise<MembershipLevel[]>;
  vouchers(memberId: number): Promise<MemberVoucher[]>;
  /** Undefined when the voucher is not the member's. */
  voucher(memberId: number, voucherId: string): Promise<MemberVoucher | undefined>;
  rewards(memberId: number, locale: Locale): Promise<Reward[]>;
  buyReward(memberId: number, rewardId: string, locale: Locale): Promise<BuyRewardOutcome>;
  requestPoints(memberId: number, request: RequestPointsInput): Promise<ClaimOutcome>;
  claims(memberId: number): Promise<PointsClaim[]>;
  /** Undefined when the request is not the member's. */
  claim(memberId: number, claimId: string): Promise<PointsClaim | undefined>;
  /** The member's profile in the loyalty system; undefined while the member has none (not enrolled yet). */
  dailypointProfile(memberId: number): Promise<DailypointProfile | undefined>;
}

export type RequestPointsInput = v.InferOutput<typeof RequestPointsRequestSchema>;

export type BuyRewardOutcome =
  | { ok: true; result: v.InferOutput<typeof BuyVoucherResponseSchema>['data'] }
  | { ok: false; reason: 'unknown_reward' }
  | { ok: false; reason: 'insufficient_points'; balance: number; needed: number };

export type ClaimOutcome =
  | { ok: true; claim: PointsClaim }
  | { ok: false; status: 400 | 409; message: string; path: 'hotelCode' | 'departureDate' | 'reservationNumber' };
