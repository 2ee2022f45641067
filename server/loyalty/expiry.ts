import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { LOYALTY_LIMITS } from '../../src/contract/loyalty';
import type { Database } from '../db/database';
import { resultRows } from '../db/rows';
import { pointsLedger } from '../db/schema';
import { addDays, businessDate, type IsoDate } from '../lib/calendar';
import { lockMember, postEntry, type Writer } from './ledger';

/**
 * Points expire (decision record 0040): the points of each entry that added to the balance (a lot) stay
 * valid until the last day of the month LOYALTY_LIMITS.pointsValidMonths after the month they were
 * entered. Points are spent oldest first, so the lots the spends and expiries have not used up yet are the
 * newest: whatever order the entries were written in, the sum of every negative entry uses up the lots in
 * the order they were entered. An `expired` entry takes what is left of the lots past their validity; it
 * is written by the daily job and before every spend, so nobody spends points that are no longer valid.
 */

/** The last day the points entered on `postedOn` are valid. */
export function validUntil(postedOn: IsoDate): IsoDate {
  const [year = 1970, month = 1] = postedOn.split('-').map(Number);
  // Day 0 of the month after names the last day of the month the points expire in.
  return new Date(Date.UTC(year, month + LOYALTY_LIMITS.pointsValidMonths, 0)).toISOString().slice(0, 10);
}

/** Points entered before this day are past their validity on `today`. */
export function expiryCutoff(today: IsoDate): IsoDate {
  const [year = 1970, month = 1] = today.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 - LOYALTY_LIMITS.pointsValidMonths, 1)).toISOString().slice(0, 10);
}

export interface Lot {
  postedOn: IsoDate;
  points: number;
}

/** What is left of each lot (oldest first) after `used` points were spent or expired; used-up lots left out. */
export function remainingLots(lots: readonly Lot[], used: number): Lot[] {
  let toUse = used;
  const left: Lot[] = [];
  for (const lot of lots) {
    const taken = Math.min(lot.points, Math.max(0, toUse));
    toUse -= taken;
    if (lot.points > taken) left.push({ postedOn: lot.postedOn, points: lot.points - taken });
  }
  return left;
}

/** Lots that run out within `days` of `today` (or already have, not yet written off), by their last valid day. */
export function expiringWithin(lots: readonly Lot[], today: IsoDate, days: number): { date: IsoDate; points: number }[] {
  const until = addDays(today, days);
  const byDate = new Map<IsoDate, number>();
  for (const lot of lots) {
    const date = validUntil(lot.postedOn);
    if (date <= until) byDate.set(date, (byDate.get(date) ?? 0) + lot.points);
  }
  return [...byDate].sort(([a], [b]) => a.localeCompare(b)).map(([date, points]) => ({ date, points }));
}

/** The member's lots (points added, by day entered) and the points used by negative entries. */
export async function lotsOf(db: Writer, memberId: number): Promise<{ lots: Lot[]; used: number }> {
  const lots = await db
    .select({ postedOn: pointsLedger.postedOn, points: sql<number>`sum(${pointsLedger.points})::integer` })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.memberId, memberId), gt(pointsLedger.points, 0)))
    .groupBy(pointsLedger.postedOn)
    .orderBy(asc(pointsLedger.postedOn));
  const [spent] = await db
    .select({ used: sql<number>`coalesce(-sum(${pointsLedger.points}) filter (where ${pointsLedger.points} < 0), 0)::integer` })
    .from(pointsLedger)
    .where(eq(pointsLedger.memberId, memberId));
  return { lots, used: spent?.used ?? 0 };
}

/** Points of the member past their validity on `today` and not yet written off. */
async function dueOf(db: Writer, memberId: number, today: IsoDate): Promise<number> {
  const cutoff = expiryCutoff(today);
  const [row] = await db
    .select({
      old: sql<number>`coalesce(sum(${pointsLedger.points}) filter (where ${pointsLedger.points} > 0 and ${pointsLedger.postedOn} < ${cutoff}), 0)::integer`,
      used: sql<number>`coalesce(-sum(${pointsLedger.points}) filter (where ${pointsLedger.points} < 0), 0)::integer`,
    })
    .from(pointsLedger)
    .where(eq(pointsLedger.memberId, memberId));
  return Math.max(0, (row?.old ?? 0) - (row?.used ?? 0));
}

/** In the caller's transaction: writes off the member's points past their validity. Answers the points expired. */
export async function expireDue(tx: Writer, memberId: number, now: Date): Promise<number> {
  const today = businessDate(now);
  await lockMember(tx, memberId);
  const due = await dueOf(tx, memberId, today);
  if (due === 0) return 0;
  const posted = await postEntry(
    tx,
    { memberId, kind: 'expired', points: -due, note: `Points entered before ${expiryCutoff(today)} expired`, idempotencyKey: `expired:${memberId}:${today}` },
    { now, upToBalance: true },
  );
  return posted ? -posted.points : 0;
}

/** The daily job: every member with points past their validity gets them written off, one transaction each. */
export async function expirePoints(db: Database, now: Date): Promise<number> {
  const cutoff = expiryCutoff(businessDate(now));
  const candidates = resultRows<{ member_id: number }>(
    await db.execute(sql`
      SELECT ${pointsLedger.memberId} AS member_id FROM ${pointsLedger}
      GROUP BY ${pointsLedger.memberId}
      HAVING coalesce(sum(${pointsLedger.points}) FILTER (WHERE ${pointsLedger.points} > 0 AND ${pointsLedger.postedOn} < ${cutoff}), 0)
           + coalesce(sum(${pointsLedger.points}) FILTER (WHERE ${pointsLedger.points} < 0), 0) > 0
      ORDER BY 1
    `),
  );
  let expired = 0;
  for (const { member_id: memberId } of candidates) {
    if ((await db.transaction((tx) => expireDue(tx, Number(memberId), now))) > 0) expired += 1;
  }
  return expired;
}
