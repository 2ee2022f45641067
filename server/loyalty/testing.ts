import { and, eq, isNull, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/database';
import { members, orders, pointsLedger, reservations } from '../db/schema';
import { ledgerTotals } from './ledger';

/** For the loyalty tests: who a demo member is, and the ledger's invariant. */

export async function memberIdOf(db: Database, email: string): Promise<number> {
  const [member] = await db.select({ id: members.id }).from(members).where(eq(members.email, email));
  if (!member) throw new Error(`No member ${email}`);
  return member.id;
}

export async function balanceOf(db: Database, email: string): Promise<number> {
  const [member] = await db.select({ points: members.points }).from(members).where(eq(members.email, email));
  return member?.points ?? -1;
}

/**
 * The ledger's invariant for a member: the stored balance is the sum of the entries, no entry left a
 * negative balance, and the pending points are those of the member's confirmed reservations not credited yet.
 */
export async function expectLedgerConsistent(db: Database, email: string): Promise<void> {
  const memberId = await memberIdOf(db, email);
  const { balance, pending } = await ledgerTotals(db, memberId);
  expect(await balanceOf(db, email), `balance of ${email}`).toBe(balance);
  expect(balance).toBeGreaterThanOrEqual(0);
  const [negative] = await db
    .select({ n: sql<number>`count(*)::integer` })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.memberId, memberId), sql`${pointsLedger.balanceAfter} < 0`));
  expect(negative?.n).toBe(0);
  const [booked] = await db
    .select({ pending: sql<number>`coalesce(sum(${reservations.pointsEarned}), 0)::integer` })
    .from(reservations)
    .innerJoin(orders, eq(orders.id, reservations.orderId))
    .where(and(eq(orders.memberId, memberId), eq(reservations.status, 'confirmed'), isNull(reservations.pointsCreditedAt)));
  expect(pending, `pending points of ${email}`).toBe(booked?.pending ?? 0);
}
