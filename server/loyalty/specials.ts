import { asc, eq, gte } from 'drizzle-orm';
import { Hono } from 'hono';
import { MEMBER_SPECIALS_PATH, type MemberSpecial, type MemberSpecials, MemberSpecialsQuerySchema } from '../../src/contract/member-specials';
import type { Locale } from '../../src/contract/locales';
import { bearerAuth, type MemberEnv } from '../auth/bearer';
import type { Auth } from '../auth/core';
import type { Database } from '../db/database';
import { brands, promotionBrands, promotions } from '../db/schema';
import { businessDate, type IsoDate } from '../lib/calendar';
import { validate } from '../middleware/validate';
import type { LoyaltyProgrammePort } from '../ports/loyalty';

/**
 * The member area's offers (/account/specials): the promo codes whose stays have not ended yet, and what
 * the member's own level adds to every stay. Promotions are the BFF's own (the search applies them); the
 * level and its benefits belong to the loyalty programme, so they come through its port as they do for
 * membership-levels, named in the asked locale by the same code.
 */

/**
 * Every promotion whose last night is today or later, soonest ending first (then by code), its brands in
 * the site's brand order. A window that opened before today starts today: the nights before it can no
 * longer be booked. Brand names are not localised (they are proper names), so they need no locale.
 */
export async function currentOffers(db: Database, today: IsoDate): Promise<MemberSpecial[]> {
  // One query: a promotion limited to brands comes once per brand, an every-brand one once with no brand.
  const rows = await db
    .select({
      code: promotions.code,
      percentOff: promotions.percentOff,
      stayFrom: promotions.stayFrom,
      stayUntil: promotions.stayUntil,
      brandCode: brands.code,
      brandName: brands.name,
    })
    .from(promotions)
    .leftJoin(promotionBrands, eq(promotionBrands.promotionId, promotions.id))
    .leftJoin(brands, eq(brands.id, promotionBrands.brandId))
    .where(gte(promotions.stayUntil, today))
    .orderBy(asc(promotions.stayUntil), asc(promotions.code), asc(brands.sortOrder), asc(brands.code));
  const offers: MemberSpecial[] = [];
  for (const row of rows) {
    let offer = offers.at(-1);
    // Rows of one promotion are adjacent: the order is by its window and its unique code first.
    if (offer?.code !== row.code) {
      offer = {
        code: row.code,
        percentOff: row.percentOff,
        stayFrom: row.stayFrom < today ? today : row.stayFrom,
        stayUntil: row.stayUntil,
        brands: [],
      };
      offers.push(offer);
    }
    if (row.brandCode !== null && row.brandName !== null) offer.brands.push({ code: row.brandCode, name: row.brandName });
  }
  return offers;
}

/** The member's current level and all its benefits, as the programme names them for membership-levels. */
async function levelAndBenefits(programme: LoyaltyProgrammePort, memberId: number, locale: Locale): Promise<Pick<MemberSpecials, 'level' | 'benefits'>> {
  const current = (await programme.membershipLevels(memberId, locale)).find((level) => level.current);
  // Every member holds a level (Star at the least); a programme that marks none has broken its contract.
  if (!current) throw new Error('The loyalty programme marks no level of the member as current');
  return { level: { code: current.code, name: current.name }, benefits: current.benefits.map(({ code, name }) => ({ code, name })) };
}

export function memberSpecialsRoutes({ auth, programme, db }: { auth: Pick<Auth, 'tokens' | 'sessions' | 'now'>; programme: LoyaltyProgrammePort; db: Database }) {
  return new Hono<MemberEnv>()
    .use(MEMBER_SPECIALS_PATH, bearerAuth(auth))
    .get(MEMBER_SPECIALS_PATH, validate('query', MemberSpecialsQuerySchema), async (c) => {
      const memberId = c.get('session').memberId;
      const [offers, level] = await Promise.all([currentOffers(db, businessDate(auth.now())), levelAndBenefits(programme, memberId, c.req.valid('query').locale)]);
      const data: MemberSpecials = { offers, ...level };
      return c.json({ data }, 200);
    });
}
