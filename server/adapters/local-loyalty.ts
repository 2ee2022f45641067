import { createHash } from 'node:crypto';
import type { LoyaltyPort } from '../ports/loyalty';

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
