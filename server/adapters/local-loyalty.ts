import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { pickLocalized } from '../../src/contract/locales';
import type { Database } from '../db/database';
import { members } from '../db/schema';
import { businessDate } from '../lib/calendar';
import { claimOf, claimsOf, requestPoints } from '../loyalty/claims';
import { expirePoints } from '../loyalty/expiry';
import { InsufficientPoints, ledgerTotals } from '../loyalty/ledger';
import { levelOf } from '../loyalty/levels';
import { yearOf, requalifyLastYear } from '../loyalty/qualification';
import { buyReward, REWARDS, rewardOf, rewardView } from '../loyalty/rewards';
import { balanceOf, memberVoucher, memberVouchers, membershipLevels, pointsHistory, pointsStatus } from '../loyalty/statements';
import type { MaintenanceJobs } from '../maintenance/purge';
import type { LoyaltyPort, LoyaltyProgrammePort } from '../ports/loyalty';

/**
 * The loyalty system as the BFF runs it without a real one: a new member starts at the first level
 * (Star) with no points, and gets a master id derived from the member's guid (the same member always
 * gets the same id). Levels and points then live on the member row.
 */
export function createLocalLoyalty(): LoyaltyPort {
  return {
    async enrol(member) {
      const digits = BigInt(`0x${createHash('sha256').update(member.guid).digest('hex').slice(0, 12)}`)
        .toString()
        .padStart(12, '0')
        .slice(0, 10);
      return { dailypointMasterId: `DP${digits}`, rewardLevelCode: 'DP', points: 0, crsId: null };
    },
  };
}

/**
 * The programme kept in the BFF's database (server/loyalty/, decision record 0040): the points ledger,
 * levels, the rewards catalogue and requests for missing points. Its scheduled work runs with the
 * maintenance jobs: points past their validity are written off once a day, and the first run of a year
 * requalifies every member's level for the year before.
 */
export function createLocalLoyaltyProgramme({ db, now, maintenance }: { db: Database; now: () => Date; maintenance?: MaintenanceJobs | undefined }): LoyaltyProgrammePort {
  let expiredOn: string | undefined;
  maintenance?.add('pointsExpired', async (at) => {
    // The jobs run every minute; validity ends with a day, so one pass a day is enough.
    const today = businessDate(at);
    if (expiredOn === today) return 0;
    const expired = await expirePoints(db, at);
    expiredOn = today;
    return expired;
  });
  maintenance?.add('levelsRequalified', (at) => requalifyLastYear(db, at));

  return {
    pointsStatus: (memberId) => pointsStatus(db, memberId, now()),
    pointsHistory: (memberId, { year, locale }) => pointsHistory(db, memberId, year ?? yearOf(businessDate(now())), locale, now()),
    membershipLevels: (memberId, locale) => membershipLevels(db, memberId, locale),
    vouchers: (memberId) => memberVouchers(db, memberId, now()),
    voucher: (memberId, voucherId) => memberVoucher(db, memberId, voucherId, now()),
    async rewards(memberId, locale) {
      const balance = await balanceOf(db, memberId);
      return REWARDS.map((reward) => rewardView(reward, locale, balance));
    },
    async buyReward(memberId, rewardId, locale) {
      const reward = rewardOf(rewardId);
      if (!reward) return { ok: false, reason: 'unknown_reward' };
      try {
        const { voucherId, balance } = await buyReward(db, memberId, reward, now());
        const voucher = await memberVoucher(db, memberId, voucherId, now());
        if (!voucher) throw new Error('The voucher just bought has gone');
        return { ok: true, result: { voucher, reward: { id: reward.id, name: pickLocalized(reward.name, locale), points: reward.points }, balance } };
      } catch (error) {
        if (error instanceof InsufficientPoints) return { ok: false, reason: 'insufficient_points', balance: error.balance, needed: error.needed };
        throw error;
      }
    },
    requestPoints: (memberId, request) => requestPoints(db, memberId, request, now()),
    claims: (memberId) => claimsOf(db, memberId),
    claim: (memberId, claimId) => claimOf(db, memberId, claimId),
    async dailypointProfile(memberId) {
      const [member] = await db
        .select({ masterId: members.dailypointMasterId, levelCode: members.rewardLevelCode, points: members.points, crsId: members.crsId })
        .from(members)
        .where(eq(members.id, memberId));
      if (!member?.masterId) return undefined;
      const level = levelOf(member.levelCode);
      // The stored balance is the ledger's (written with every entry); pending points are summed from it.
      const { pending } = await ledgerTotals(db, memberId);
      return { dailypointMasterId: member.masterId, rewardLevel: { code: level.code, name: level.name }, points: member.points, pendingPoints: pending, crsId: member.crsId };
    },
  };
}
