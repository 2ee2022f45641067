import { eq, inArray } from 'drizzle-orm';
import { addDays, type IsoDate } from '../../lib/calendar';
import type { Database } from '../database';
import { brands, members, stayVouchers } from '../schema';
import { DEMO_MEMBERS } from './members';

/**
 * Demo stay vouchers (README, "Demo members"; decision record 0042). Anna holds one valid and one used;
 * `STAY-DEMO-2NIGHTS` waits for anyone to redeem it (once per database: then it is that member's), and
 * `STAY-DEMO-EXPIRED` ran out before anyone redeemed it. Fixed ids and codes, dates relative to the
 * seeding date, so the same date gives the same rows.
 */
export const DEMO_STAY_VOUCHERS = {
  annaValid: { id: '3e8f1a2b-6c7d-4e5f-9a0b-000000000501', code: 'ANNA-STAY-2N' },
  annaUsed: { id: '3e8f1a2b-6c7d-4e5f-9a0b-000000000502', code: 'ANNA-STAY-1N' },
  open: { id: '3e8f1a2b-6c7d-4e5f-9a0b-000000000503', code: 'STAY-DEMO-2NIGHTS' },
  expired: { id: '3e8f1a2b-6c7d-4e5f-9a0b-000000000504', code: 'STAY-DEMO-EXPIRED' },
} as const;

type Writer = Pick<Database, 'insert' | 'select'>;

/** A moment on a seeded day: 10:00 in Berlin in winter, the same instant every time. */
const at = (date: IsoDate) => new Date(`${date}T09:00:00Z`);

/** Inserts the demo stay vouchers that are missing (by code); those present stay as they are. */
export async function insertDemoStayVouchers(db: Writer, today: IsoDate): Promise<void> {
  const [anna] = await db.select({ id: members.id }).from(members).where(eq(members.email, DEMO_MEMBERS.withPassword));
  const brandIds = new Map(
    (await db.select({ id: brands.id, code: brands.code }).from(brands).where(inArray(brands.code, ['steigenberger', 'jaz']))).map((row) => [row.code, row.id]),
  );
  const ago = (days: number) => addDays(today, -days);
  const rows: (typeof stayVouchers.$inferInsert)[] = [
    {
      ...DEMO_STAY_VOUCHERS.open,
      nights: 2,
      guests: 2,
      brandId: null,
      room: 'Double room',
      board: 'breakfast',
      description: '2 nights for two at any hotel of the group, breakfast included',
      validUntil: addDays(today, 365),
      createdAt: at(ago(30)),
    },
    {
      ...DEMO_STAY_VOUCHERS.expired,
      nights: 3,
      guests: 2,
      brandId: brandIds.get('jaz') ?? null,
      room: 'Double room',
      board: 'room_only',
      description: '3 nights for two at any Jaz in the City hotel',
      validUntil: ago(10),
      createdAt: at(ago(400)),
    },
  ];
  if (anna) {
    rows.push(
      {
        ...DEMO_STAY_VOUCHERS.annaValid,
        nights: 2,
        guests: 2,
        brandId: brandIds.get('steigenberger') ?? null,
        room: 'Double room',
        board: 'breakfast',
        description: '2 nights for two at any Steigenberger hotel, breakfast included',
        validUntil: addDays(today, 300),
        memberId: anna.id,
        redeemedAt: at(ago(40)),
        createdAt: at(ago(65)),
      },
      {
        ...DEMO_STAY_VOUCHERS.annaUsed,
        nights: 1,
        guests: 2,
        brandId: null,
        room: 'Superior double room',
        board: 'half_board',
        description: '1 night for two at any hotel of the group, dinner and breakfast included',
        validUntil: addDays(today, 120),
        memberId: anna.id,
        redeemedAt: at(ago(200)),
        usedAt: at(ago(14)),
        createdAt: at(ago(240)),
      },
    );
  }
  await db.insert(stayVouchers).values(rows).onConflictDoNothing({ target: stayVouchers.code });
}
