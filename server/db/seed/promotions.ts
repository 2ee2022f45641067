import { inArray } from 'drizzle-orm';
import { addDays, type IsoDate } from '../../lib/calendar';
import type { Database } from '../database';
import { brands, promotionBrands, promotions } from '../schema';

/**
 * Demo promo codes (decision record 0009), their stay windows worked out from the seeding date so the
 * demo behaves the same whenever it is seeded: one for the coming summer, one limited to two brands, one
 * whose stays are over.
 */
export interface PromotionSeed {
  code: string;
  percentOff: number;
  /** Brand codes; empty: every brand. */
  brands: readonly string[];
  stayFrom: IsoDate;
  stayUntil: IsoDate;
}

export function promotionSeeds(today: IsoDate): PromotionSeed[] {
  // The summer (June to September) that has not ended yet on the seeding date.
  const year = Number(today.slice(0, 4)) + (today.slice(5) > '09-30' ? 1 : 0);
  return [
    { code: 'SUMMER10', percentOff: 10, brands: [], stayFrom: `${year}-06-01`, stayUntil: `${year}-09-30` },
    { code: 'ZLEEP15', percentOff: 15, brands: ['zleep', 'jaz'], stayFrom: today, stayUntil: addDays(today, 364) },
    { code: 'WINTER25', percentOff: 25, brands: [], stayFrom: addDays(today, -150), stayUntil: addDays(today, -30) },
  ];
}

type Writer = Pick<Database, 'insert' | 'select'>;

/** Inserts the demo promotions that are missing (by code) with their brands; those present stay as they are. */
export async function insertPromotions(db: Writer, today: IsoDate): Promise<void> {
  const seeds = promotionSeeds(today);
  const inserted = await db
    .insert(promotions)
    .values(seeds.map(({ brands: _brands, ...promotion }) => promotion))
    .onConflictDoNothing({ target: promotions.code })
    .returning({ id: promotions.id, code: promotions.code });
  const brandCodes = [...new Set(seeds.flatMap((seed) => seed.brands))];
  if (inserted.length === 0 || brandCodes.length === 0) return;
  const brandIds = new Map(
    (await db.select({ id: brands.id, code: brands.code }).from(brands).where(inArray(brands.code, brandCodes))).map((row) => [row.code, row.id]),
  );
  const links = inserted.flatMap((row) =>
    (seeds.find((seed) => seed.code === row.code)?.brands ?? []).flatMap((code) => {
      const brandId = brandIds.get(code);
      return brandId === undefined ? [] : [{ promotionId: row.id, brandId }];
    }),
  );
  if (links.length > 0) await db.insert(promotionBrands).values(links);
}
