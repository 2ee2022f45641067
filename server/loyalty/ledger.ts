import { eq, sql } from 'drizzle-orm';
import type { PointsEntryKind } from '../../src/contract/loyalty';
import type { Database } from '../db/database';
import { members, pointsLedger } from '../db/schema';
import { businessDate } from '../lib/calendar';

/**
 * The one writer of points (decision record 0040). Each entry is appended in the caller's transaction
 * with the member's row locked (`SELECT ... FOR UPDATE`): the balance is read, the entry written with the
 * balance it leaves, and `members.points` set to it, so concurrent spends wait for each other and the
 * stored balance is always the sum of the entries. A spend the balance does not cover throws
 * InsufficientPoints, which rolls the caller's transaction back.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The database or an open transaction. */
export type Writer = Database | Tx;

export class InsufficientPoints extends Error {
  constructor(
    readonly balance: number,
    readonly needed: number,
  ) {
    super('Not enough points');
    this.name = 'InsufficientPoints';
  }
}

export interface NewEntry {
  memberId: number;
  kind: PointsEntryKind;
  /** Change of the balance. */
  points: number;
  /** Change of the pending points. */
  pendingPoints?: number;
  qualifyingNights?: number;
  qualifyingPoints?: number;
  hotelId?: number | null;
  reservationId?: string | null;
  reservationNumber?: string | null;
  orderId?: string | null;
  arrivalDate?: string | null;
  departureDate?: string | null;
  voucherId?: string | null;
  rewardId?: string | null;
  claimId?: string | null;
  note?: string | null;
  /** What the entry is for (`credit:<reservation id>`): an entry with the same key is never written twice. */
  idempotencyKey: string | null;
}

export interface PostOptions {
  now: Date;
  /**
   * Taking points back (a credited stay cancelled): take at most the balance instead of refusing. What was
   * spent meanwhile stays spent; no debt is recorded.
   */
  upToBalance?: boolean;
}

export interface Posted {
  id: number;
  points: number;
  balance: number;
}

export interface LockedMember {
  points: number;
  rewardLevelCode: string | null;
}

/** Locks the member's row until the transaction ends and answers their balance and level. */
export async function lockMember(tx: Writer, memberId: number): Promise<LockedMember> {
  const [member] = await tx
    .select({ points: members.points, rewardLevelCode: members.rewardLevelCode })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  if (!member) throw new Error(`No member ${memberId}`);
  return member;
}

/**
 * Appends an entry and moves the balance. Answers null when there was nothing to enter (no change, or an
 * entry with the same key exists: the change was made before).
 */
export async function postEntry(tx: Writer, entry: NewEntry, { now, upToBalance = false }: PostOptions): Promise<Posted | null> {
  const member = await lockMember(tx, entry.memberId);
  let points = entry.points;
  if (member.points + points < 0) {
    if (!upToBalance) throw new InsufficientPoints(member.points, -points);
    points = -member.points;
  }
  const pendingPoints = entry.pendingPoints ?? 0;
  if (points === 0 && pendingPoints === 0) return null;
  const balance = member.points + points;
  const [row] = await tx
    .insert(pointsLedger)
    .values({
      memberId: entry.memberId,
      kind: entry.kind,
      points,
      pendingPoints,
      balanceAfter: balance,
      // Qualifying nights and points follow the stay, not the balance: a stay taken back stops qualifying
      // in full even when fewer points could be taken back.
      qualifyingNights: entry.qualifyingNights ?? 0,
      qualifyingPoints: entry.qualifyingPoints ?? 0,
      postedOn: businessDate(now),
      createdAt: now,
      hotelId: entry.hotelId ?? null,
      reservationId: entry.reservationId ?? null,
      reservationNumber: entry.reservationNumber ?? null,
      orderId: entry.orderId ?? null,
      arrivalDate: entry.arrivalDate ?? null,
      departureDate: entry.departureDate ?? null,
      voucherId: entry.voucherId ?? null,
      rewardId: entry.rewardId ?? null,
      claimId: entry.claimId ?? null,
      note: entry.note ?? null,
      idempotencyKey: entry.idempotencyKey,
    })
    .onConflictDoNothing({ target: pointsLedger.idempotencyKey })
    .returning({ id: pointsLedger.id });
  if (!row) return null;
  if (points !== 0) await tx.update(members).set({ points: balance }).where(eq(members.id, entry.memberId));
  return { id: row.id, points, balance };
}

/** The balance and pending points as the member's entries sum them up (what `members.points` must equal). */
export async function ledgerTotals(db: Writer, memberId: number): Promise<{ balance: number; pending: number }> {
  const [row] = await db
    .select({
      balance: sql<number>`coalesce(sum(${pointsLedger.points}), 0)::integer`,
      pending: sql<number>`coalesce(sum(${pointsLedger.pendingPoints}), 0)::integer`,
    })
    .from(pointsLedger)
    .where(eq(pointsLedger.memberId, memberId));
  return { balance: row?.balance ?? 0, pending: row?.pending ?? 0 };
}
