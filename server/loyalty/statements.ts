import { and, asc, between, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { type Locale, pickLocalized } from '../../src/contract/locales';
import { LOYALTY_LIMITS, type MembershipLevel, type MemberVoucher, type PointsEntry, type PointsHistory, type PointsStatus } from '../../src/contract/loyalty';
import type { Database } from '../db/database';
import { currencies, hotels, members, pointsLedger, vouchers } from '../db/schema';
import { addDays, businessDate } from '../lib/calendar';
import { toMajor } from '../search/money';
import { expiringWithin, lotsOf, remainingLots } from './expiry';
import { ledgerTotals } from './ledger';
import { benefitsOf, LEVEL_RULES, levelOf, levelView, progressOf } from './levels';
import { yearActivity, yearOf } from './qualification';
import { rewardOf } from './rewards';

/** What a member reads about their points, level and vouchers (decision record 0040): reads only, no changes. */

async function memberRow(db: Database, memberId: number) {
  const [member] = await db.select({ points: members.points, rewardLevelCode: members.rewardLevelCode }).from(members).where(eq(members.id, memberId));
  // The bearer check has just seen the member's live session.
  if (!member) throw new Error('The signed-in member has gone');
  return member;
}

/** GET points-status: balance, pending points, points running out soon, the level and this year's progress. */
export async function pointsStatus(db: Database, memberId: number, now: Date): Promise<PointsStatus> {
  const today = businessDate(now);
  const year = yearOf(today);
  const member = await memberRow(db, memberId);
  const { pending } = await ledgerTotals(db, memberId);
  const { lots, used } = await lotsOf(db, memberId);
  const dates = expiringWithin(remainingLots(lots, used), today, LOYALTY_LIMITS.expiringWithinDays);
  const level = levelOf(member.rewardLevelCode);
  const activity = await yearActivity(db, memberId, year);
  const progress = progressOf(level, activity);
  return {
    balance: member.points,
    pending,
    expiring: { withinDays: LOYALTY_LIMITS.expiringWithinDays, points: dates.reduce((total, entry) => total + entry.points, 0), dates },
    level: levelView(level),
    progress: {
      year,
      nights: activity.nights,
      points: activity.points,
      keep: progress.keep,
      next: progress.next && {
        level: levelView(progress.next.level),
        nights: progress.next.level.nights,
        points: progress.next.level.points,
        nightsNeeded: progress.next.nightsNeeded,
        pointsNeeded: progress.next.pointsNeeded,
      },
    },
  };
}

/** GET points-history-v2: the entries of a calendar year (Berlin), newest first, and the years beside it with entries. */
export async function pointsHistory(db: Database, memberId: number, year: number, locale: Locale, now: Date): Promise<PointsHistory> {
  const thisYear = yearOf(businessDate(now));
  const rows = await db
    .select({ entry: pointsLedger, hotelCode: hotels.hotelCode, hotelName: hotels.name })
    .from(pointsLedger)
    .leftJoin(hotels, eq(hotels.id, pointsLedger.hotelId))
    .where(and(eq(pointsLedger.memberId, memberId), between(pointsLedger.postedOn, `${year}-01-01`, `${year}-12-31`)))
    .orderBy(desc(pointsLedger.postedOn), desc(pointsLedger.id));
  const entries = rows.map(({ entry, hotelCode, hotelName }): PointsEntry => {
    const reward = entry.rewardId ? rewardOf(entry.rewardId) : undefined;
    return {
      id: String(entry.id),
      kind: entry.kind,
      date: entry.postedOn,
      points: entry.points,
      pendingPoints: entry.pendingPoints,
      balanceAfter: entry.balanceAfter,
      qualifyingNights: entry.qualifyingNights,
      qualifyingPoints: entry.qualifyingPoints,
      hotel: hotelCode !== null && hotelName !== null ? { code: hotelCode, name: hotelName } : null,
      reservationNumber: entry.reservationNumber,
      stay: entry.arrivalDate && entry.departureDate ? { arrivalDate: entry.arrivalDate, departureDate: entry.departureDate } : null,
      orderId: entry.orderId,
      reward: entry.rewardId ? { id: entry.rewardId, name: reward ? pickLocalized(reward.name, locale) : entry.rewardId, voucherId: entry.voucherId } : null,
      note: entry.note,
    };
  });
  const nearest = async (before: boolean) => {
    const [row] = await db
      .select({ postedOn: pointsLedger.postedOn })
      .from(pointsLedger)
      .where(
        and(
          eq(pointsLedger.memberId, memberId),
          before ? lt(pointsLedger.postedOn, `${year}-01-01`) : and(gt(pointsLedger.postedOn, `${year}-12-31`), lt(pointsLedger.postedOn, `${thisYear + 1}-01-01`)),
        ),
      )
      .orderBy(before ? desc(pointsLedger.postedOn) : asc(pointsLedger.postedOn))
      .limit(1);
    return row ? yearOf(row.postedOn) : null;
  };
  return { year, entries, previousYear: await nearest(true), nextYear: await nearest(false) };
}

/** GET membership-levels: every level by level_order, its thresholds and all its benefits. */
export async function membershipLevels(db: Database, memberId: number, locale: Locale): Promise<MembershipLevel[]> {
  const current = levelOf((await memberRow(db, memberId)).rewardLevelCode);
  return [...LEVEL_RULES]
    .sort((a, b) => a.order - b.order)
    .map((level) => ({
      ...levelView(level),
      nights: level.nights,
      points: level.points,
      benefits: benefitsOf(level).map((benefit) => ({ code: benefit.code, name: pickLocalized(benefit.name, locale) })),
      current: level.code === current.code,
    }));
}

const voucherColumns = {
  id: vouchers.id,
  code: vouchers.code,
  category: vouchers.category,
  amountMinor: vouchers.amountMinor,
  currency: vouchers.currency,
  decimals: currencies.decimals,
  validUntil: vouchers.validUntil,
  redeemed: sql<boolean>`${vouchers.redeemedOrderId} is not null`,
};

function voucherView(row: { id: string; code: string; category: MemberVoucher['category']; amountMinor: number; currency: string; decimals: number; validUntil: string; redeemed: boolean }, today: string): MemberVoucher {
  const status = row.redeemed ? 'used' : row.validUntil < today ? 'expired' : 'valid';
  return {
    id: row.id,
    code: row.code,
    category: row.category,
    amount: toMajor(row.amountMinor, { code: row.currency, decimals: row.decimals, ratePerEurMicros: 0 }),
    currency: row.currency,
    validUntil: row.validUntil,
    status,
    expiringSoon: status === 'valid' && row.validUntil <= addDays(today, LOYALTY_LIMITS.voucherExpiringSoonDays),
  };
}

const STATUS_ORDER = { valid: 0, used: 1, expired: 2 } as const;

/** GET vouchers: the member's own vouchers, valid ones first (soonest to run out first), then used and expired. */
export async function memberVouchers(db: Database, memberId: number, now: Date): Promise<MemberVoucher[]> {
  const today = businessDate(now);
  const rows = await db
    .select(voucherColumns)
    .from(vouchers)
    .innerJoin(currencies, eq(currencies.code, vouchers.currency))
    .where(eq(vouchers.memberId, memberId))
    .orderBy(asc(vouchers.validUntil), asc(vouchers.code));
  return rows.map((row) => voucherView(row, today)).sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status]);
}

/** One of the member's vouchers; undefined for another member's (or an unknown id). */
export async function memberVoucher(db: Database, memberId: number, voucherId: string, now: Date): Promise<MemberVoucher | undefined> {
  const [row] = await db
    .select(voucherColumns)
    .from(vouchers)
    .innerJoin(currencies, eq(currencies.code, vouchers.currency))
    .where(and(eq(vouchers.id, voucherId), eq(vouchers.memberId, memberId)));
  return row && voucherView(row, businessDate(now));
}

/** The member's balance (`members.points`, the sum of the ledger). */
export async function balanceOf(db: Database, memberId: number): Promise<number> {
  return (await memberRow(db, memberId)).points;
}
