import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BuyVoucherResponseSchema, buyVoucherPath } from '../../src/contract/loyalty';
import { pointsLedger, vouchers } from '../db/schema';
import { DEMO_MEMBERS } from '../db/seed/members';
import { useCommerceTests } from '../ecommerce/testing';
import { postEntry } from './ledger';
import { balanceOf, expectLedgerConsistent, memberIdOf } from './testing';

/*
 * Races that only a real PostgreSQL can show: PGlite is one session, so concurrent requests on it run one
 * after the other and racy code would pass. Skipped without DATABASE_URL.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
const suite = useCommerceTests();
const { t, tokens } = suite;

describe.skipIf(!onPostgres)('concurrent purchases on PostgreSQL (PGlite runs one session: skipped there)', () => {
  it('12 purchases at once of a 2,500-point reward with 12,500 points: exactly 5 go through, 7 answer 409, the balance never goes below 0', async () => {
    const anna = await memberIdOf(suite.db, DEMO_MEMBERS.withPassword);
    expect(await balanceOf(suite.db, DEMO_MEMBERS.withPassword)).toBe(12_500);
    const vouchersBefore = (await suite.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.memberId, anna))).length;
    const answers = await Promise.all(Array.from({ length: 12 }, () => t.post(buyVoucherPath('stay-voucher-25'), undefined, tokens.anna)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array<number>(5).fill(201), ...Array<number>(7).fill(409)]);
    const balances = answers.filter((answer) => answer.status === 201).map((answer) => v.parse(BuyVoucherResponseSchema, answer.body).data.balance);
    // Each purchase saw the one before it: every balance from 10,000 down to 0 once.
    expect(balances.sort((a, b) => b - a)).toEqual([10_000, 7_500, 5_000, 2_500, 0]);
    expect(await balanceOf(suite.db, DEMO_MEMBERS.withPassword)).toBe(0);
    expect((await suite.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.memberId, anna))).length).toBe(vouchersBefore + 5);
    const redeemed = (await suite.db.select().from(pointsLedger).where(eq(pointsLedger.memberId, anna))).filter((entry) => entry.rewardId === 'stay-voucher-25' && entry.postedOn === '2026-03-02');
    expect(redeemed).toHaveLength(5);
    await expectLedgerConsistent(suite.db, DEMO_MEMBERS.withPassword);
  });

  it('purchases of different prices at once never spend more than the balance, and stop only when it is too low', async () => {
    const omar = await memberIdOf(suite.db, DEMO_MEMBERS.codeOnly);
    await suite.db.transaction((tx) => postEntry(tx, { memberId: omar, kind: 'adjusted', points: 2_700, note: 'Test points', idempotencyKey: null }, { now: t.now() }));
    expect(await balanceOf(suite.db, DEMO_MEMBERS.codeOnly)).toBe(5_000);
    const rewards = ['stay-voucher-25', 'spa-credit-30', 'stay-voucher-25', 'spa-credit-30', 'stay-voucher-25'];
    const costs: Record<string, number> = { 'stay-voucher-25': 2_500, 'spa-credit-30': 3_000 };
    const answers = await Promise.all(rewards.map((reward) => t.post(buyVoucherPath(reward), undefined, tokens.omar)));
    const spent = answers.reduce((total, answer, index) => total + (answer.status === 201 ? (costs[rewards[index] ?? ''] ?? 0) : 0), 0);
    expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThanOrEqual(5_000);
    const left = await balanceOf(suite.db, DEMO_MEMBERS.codeOnly);
    expect(left).toBe(5_000 - spent);
    // Every refusal was right: what was left could not pay for it.
    for (const [index, answer] of answers.entries()) if (answer.status === 409) expect(costs[rewards[index] ?? '']).toBeGreaterThan(left);
    await expectLedgerConsistent(suite.db, DEMO_MEMBERS.codeOnly);
  });
});

describe.skipIf(onPostgres)('on PGlite', () => {
  it('skips the concurrency tests: they need DATABASE_URL (PostgreSQL), PGlite serialises every request', () => {
    expect(onPostgres).toBe(false);
  });
});
