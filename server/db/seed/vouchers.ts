import { eq } from 'drizzle-orm';
import { addDays, type IsoDate } from '../../lib/calendar';
import type { Database } from '../database';
import { members, vouchers } from '../schema';
import { DEMO_MEMBERS } from './members';

/**
 * Demo vouchers (README, "Demo vouchers"): fixed ids and codes, valid for a year from the seeding date,
 * so the demo behaves the same whenever it is seeded. Two are public (anyone, by code, on any number of
 * bookings); one belongs to the demo member Anna Schmidt, used once (applied by id from her vouchers, or by code when she is signed in).
 */
export const DEMO_VOUCHERS = {
  welcome: { id: '0b7e4a52-5d1c-4f0e-9b7a-3c2d1e0f0001', code: 'WELCOME50', category: 'Voucher', amountMinor: 5_000 },
  bonus: { id: '0b7e4a52-5d1c-4f0e-9b7a-3c2d1e0f0002', code: 'BONUS20', category: 'Bonus', amountMinor: 2_000 },
  anna: { id: '0b7e4a52-5d1c-4f0e-9b7a-3c2d1e0f0003', code: 'ANNA-GIFT-100', category: 'Voucher', amountMinor: 10_000 },
} as const;

type Writer = Pick<Database, 'insert' | 'select'>;

/** Inserts the demo vouchers that are missing (by code); those present stay as they are. */
export async function insertDemoVouchers(db: Writer, today: IsoDate): Promise<void> {
  const [anna] = await db.select({ id: members.id }).from(members).where(eq(members.email, DEMO_MEMBERS.withPassword));
  const validUntil = addDays(today, 365);
  await db
    .insert(vouchers)
    .values([
      { ...DEMO_VOUCHERS.welcome, validUntil },
      { ...DEMO_VOUCHERS.bonus, validUntil },
      ...(anna ? [{ ...DEMO_VOUCHERS.anna, memberId: anna.id, validUntil }] : []),
    ])
    .onConflictDoNothing({ target: vouchers.code });
}
