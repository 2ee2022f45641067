import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { loyaltyYearEnds, memberLevelChanges, members, pointsLedger } from '../db/schema';
import { businessDate } from '../lib/calendar';
import { lockMember, type Writer } from './ledger';
import { levelAfterYearEnd, levelOf, type LevelRule, qualifiedLevel, type YearActivity } from './levels';

/**
 * Levels move with the ledger (decision record 0040): qualifying nights and points are those of the
 * entries of one calendar year in Berlin (by the day they were entered). An entry that qualifies upgrades
 * the member in its own transaction when the year reaches a higher level; each year end sets every active
 * member's level for the next year (levels.ts: levelAfterYearEnd).
 */

export const yearOf = (date: string): number => Number(date.slice(0, 4));

/** Qualifying nights and points of the member's entries in a calendar year. */
export async function yearActivity(db: Writer, memberId: number, year: number): Promise<YearActivity> {
  const [row] = await db
    .select({
      nights: sql<number>`coalesce(sum(${pointsLedger.qualifyingNights}), 0)::integer`,
      points: sql<number>`coalesce(sum(${pointsLedger.qualifyingPoints}), 0)::integer`,
    })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.memberId, memberId), between(pointsLedger.postedOn, `${year}-01-01`, `${year}-12-31`)));
  return { nights: row?.nights ?? 0, points: row?.points ?? 0 };
}

/**
 * In the transaction of an entry that qualifies (the member's row is locked): when this year's nights or
 * points reach a level above the member's, the member has it at once. Answers the new level, if any.
 */
export async function upgradeIfReached(tx: Writer, memberId: number, now: Date): Promise<LevelRule | null> {
  const year = yearOf(businessDate(now));
  const member = await lockMember(tx, memberId);
  const current = levelOf(member.rewardLevelCode);
  const reached = qualifiedLevel(await yearActivity(tx, memberId, year));
  if (reached.order <= current.order) return null;
  await tx.update(members).set({ rewardLevelCode: reached.code }).where(eq(members.id, memberId));
  await tx.insert(memberLevelChanges).values({ memberId, fromCode: current.code, toCode: reached.code, reason: 'upgrade', year, changedAt: now });
  return reached;
}

export interface YearEndCounts {
  members: number;
  raised: number;
  kept: number;
  lowered: number;
}

/**
 * The year end of `year`: every active member's level becomes what that year reached, at most one level
 * below the level held. Each member is done once per year (a unique row per member and year), so running
 * it again, or in two processes at once, changes nothing more. Marks the year end as done.
 */
export async function requalifyYear(db: Database, year: number, now: Date): Promise<YearEndCounts> {
  const counts: YearEndCounts = { members: 0, raised: 0, kept: 0, lowered: 0 };
  const active = await db.select({ id: members.id }).from(members).where(eq(members.status, 'active')).orderBy(asc(members.id));
  for (const { id: memberId } of active) {
    const outcome = await db.transaction(async (tx) => {
      const member = await lockMember(tx, memberId);
      const current = levelOf(member.rewardLevelCode);
      const next = levelAfterYearEnd(current, await yearActivity(tx, memberId, year));
      const recorded = await tx
        .insert(memberLevelChanges)
        .values({ memberId, fromCode: current.code, toCode: next.code, reason: 'requalification', year, changedAt: now })
        .onConflictDoNothing()
        .returning({ id: memberLevelChanges.id });
      if (recorded.length === 0) return null;
      if (next.code !== member.rewardLevelCode) await tx.update(members).set({ rewardLevelCode: next.code }).where(eq(members.id, memberId));
      return Math.sign(next.order - current.order);
    });
    if (outcome === null) continue;
    counts.members += 1;
    if (outcome > 0) counts.raised += 1;
    else if (outcome < 0) counts.lowered += 1;
    else counts.kept += 1;
  }
  await db.insert(loyaltyYearEnds).values({ year, completedAt: now }).onConflictDoNothing();
  return counts;
}

/** The scheduled job: the year end of last year, once (the first run of each new year). Answers the members done. */
export async function requalifyLastYear(db: Database, now: Date): Promise<number> {
  const year = yearOf(businessDate(now)) - 1;
  const [done] = await db.select({ year: loyaltyYearEnds.year }).from(loyaltyYearEnds).where(eq(loyaltyYearEnds.year, year));
  if (done) return 0;
  return (await requalifyYear(db, year, now)).members;
}
