import { eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../src/contract/errors';
import { LOYALTY_PATHS, MembershipLevelsResponseSchema } from '../../src/contract/loyalty';
import { MEMBER_SPECIALS_PATH, type MemberSpecials, MemberSpecialsResponseSchema } from '../../src/contract/member-specials';
import { TEST_TODAY } from '../../test/bff/database';
import { brands, promotionBrands, promotions } from '../db/schema';
import { DEMO_MEMBERS } from '../db/seed/members';
import { type Answer, useCommerceTests } from '../ecommerce/testing';
import { addDays, businessDate } from '../lib/calendar';

/*
 * The member area's offers through app.request(), on the seeded demo members (Anna: Gold, Omar: Silver)
 * and the seeded promotions (SUMMER10 every brand, ZLEEP15 two brands, WINTER25 over), at the tests'
 * fixed clock. Promotions a test adds are removed after it, so every test starts from the seed.
 */

const suite = useCommerceTests();
const { t, tokens } = suite;
const today = businessDate(TEST_TODAY);
const path = (locale: string) => `${MEMBER_SPECIALS_PATH}?locale=${locale}`;
const ADDED = ['SPRING20', 'LASTDAY5', 'LASTDAY6', 'GONE30'];

function specialsOf(answer: Answer): MemberSpecials {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return v.parse(MemberSpecialsResponseSchema, answer.body).data;
}
const errorOf = (answer: Answer) => v.parse(ErrorBodySchema, answer.body).error;

async function addPromotion(code: string, window: { stayFrom: string; stayUntil: string }, brandCodes: string[] = []) {
  const [row] = await suite.db.insert(promotions).values({ code, percentOff: 20, ...window }).returning({ id: promotions.id });
  if (!row) throw new Error(`Promotion ${code} was not inserted`);
  if (brandCodes.length === 0) return;
  const brandRows = await suite.db.select({ id: brands.id }).from(brands).where(inArray(brands.code, brandCodes));
  await suite.db.insert(promotionBrands).values(brandRows.map((brand) => ({ promotionId: row.id, brandId: brand.id })));
}

afterEach(async () => {
  await suite.db.delete(promotions).where(inArray(promotions.code, ADDED));
});

describe('who may call and what they may ask', () => {
  it('answers 401 without a token, and with a token that is not one', async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-token' }];
    for (const headers of attempts) {
      const answer = await t.call('GET', path('en'), undefined, headers);
      expect(answer.status).toBe(401);
      expect(errorOf(answer).code).toBe('unauthorized');
    }
  });

  it('refuses a locale the site is not published in, naming the locale', async () => {
    const answer = await t.get(path('xx'), tokens.anna);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    const error = errorOf(answer);
    expect(error.code).toBe('bad_request');
    expect((error.issues ?? []).map((issue) => issue.path)).toEqual(['locale']);
  });

  it('answers in the default locale when none is asked', async () => {
    expect(specialsOf(await t.get(MEMBER_SPECIALS_PATH, tokens.anna))).toEqual(specialsOf(await t.get(path('en'), tokens.anna)));
  });
});

describe('offers', () => {
  it('lists the seeded promotions whose stays have not ended, soonest ending first, with their brands named', async () => {
    const { offers } = specialsOf(await t.get(path('en'), tokens.anna));
    const year = today.slice(0, 4);
    expect(offers).toEqual([
      { code: 'SUMMER10', percentOff: 10, stayFrom: `${year}-06-01`, stayUntil: `${year}-09-30`, brands: [] },
      {
        code: 'ZLEEP15',
        percentOff: 15,
        stayFrom: today,
        stayUntil: addDays(today, 364),
        // In the site's brand order.
        brands: [
          { code: 'jaz', name: 'Jaz in the City' },
          { code: 'zleep', name: 'Zleep Hotels' },
        ],
      },
    ]);
    // WINTER25's stays ended 30 days ago: it is in the table, not in the list.
    const [winter] = await suite.db.select({ stayUntil: promotions.stayUntil }).from(promotions).where(eq(promotions.code, 'WINTER25'));
    expect(winter?.stayUntil).toBe(addDays(today, -30));
  });

  it('starts a window that opened in the past today, lists one ending today, leaves out one that ended yesterday, and breaks ties by code', async () => {
    await addPromotion('SPRING20', { stayFrom: addDays(today, -10), stayUntil: addDays(today, 5) }, ['steigenberger']);
    await addPromotion('LASTDAY6', { stayFrom: addDays(today, -3), stayUntil: today });
    await addPromotion('LASTDAY5', { stayFrom: today, stayUntil: today });
    await addPromotion('GONE30', { stayFrom: addDays(today, -20), stayUntil: addDays(today, -1) });
    const { offers } = specialsOf(await t.get(path('en'), tokens.anna));
    expect(offers.map((offer) => offer.code)).toEqual(['LASTDAY5', 'LASTDAY6', 'SPRING20', 'SUMMER10', 'ZLEEP15']);
    expect(offers.find((offer) => offer.code === 'SPRING20')).toEqual({
      code: 'SPRING20',
      percentOff: 20,
      stayFrom: today,
      stayUntil: addDays(today, 5),
      brands: [{ code: 'steigenberger', name: expect.any(String) as string }],
    });
    expect(offers.find((offer) => offer.code === 'LASTDAY6')).toMatchObject({ stayFrom: today, stayUntil: today, brands: [] });
    // Never a first night before today, whatever the stored window.
    for (const offer of offers) expect(offer.stayFrom >= today).toBe(true);
  });

  it('counts days in Berlin: just after midnight there, yesterday’s last night is gone and windows start on the new day', async () => {
    await addPromotion('LASTDAY5', { stayFrom: today, stayUntil: today });
    // 23:30 UTC is 00:30 in Berlin (winter time): the business date is already tomorrow.
    const lateEvening = new Date(`${today}T23:30:00Z`);
    t.setNow(lateEvening);
    const tomorrow = addDays(today, 1);
    expect(businessDate(lateEvening)).toBe(tomorrow);
    // A token of the new clock: the file's tokens were issued in the morning.
    const token = await t.tokenOf(DEMO_MEMBERS.withPassword);
    const { offers } = specialsOf(await t.get(path('en'), token));
    expect(offers.map((offer) => offer.code)).toEqual(['SUMMER10', 'ZLEEP15']);
    expect(offers.find((offer) => offer.code === 'ZLEEP15')?.stayFrom).toBe(tomorrow);
  });

  it('is the same list for every member and every locale', async () => {
    const anna = specialsOf(await t.get(path('de'), tokens.anna));
    const omar = specialsOf(await t.get(path('ar'), tokens.omar));
    expect(omar.offers).toEqual(anna.offers);
  });
});

describe('level and benefits', () => {
  const levelsOf = async (locale: string, token: string) => {
    const answer = await t.get(`${LOYALTY_PATHS.membershipLevels}?locale=${locale}`, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return v.parse(MembershipLevelsResponseSchema, answer.body).data;
  };

  it("names the demo member's level and its benefits in the asked locale, as membership-levels does", async () => {
    const en = specialsOf(await t.get(path('en'), tokens.anna));
    const de = specialsOf(await t.get(path('de'), tokens.anna));
    expect(en.level).toEqual({ code: 'DB', name: 'Gold' });
    expect(de.level).toEqual(en.level);
    // The same benefits, in the same order, each named in its own language.
    expect(de.benefits.map((benefit) => benefit.code)).toEqual(en.benefits.map((benefit) => benefit.code));
    expect(en.benefits).toContainEqual({ code: 'free-wifi', name: 'Free Wi-Fi' });
    expect(de.benefits).toContainEqual({ code: 'free-wifi', name: 'Kostenloses WLAN' });
    expect(en.benefits).toContainEqual({ code: 'weekend-breakfast', name: 'Breakfast for two at weekends' });
    expect(de.benefits).toContainEqual({ code: 'weekend-breakfast', name: 'Frühstück für zwei am Wochenende' });
    en.benefits.forEach((benefit, index) => expect(de.benefits[index]?.name).not.toBe(benefit.name));
    // Exactly what membership-levels lists for the member's current level.
    for (const [locale, specials] of [['en', en], ['de', de]] as const) {
      const current = (await levelsOf(locale, tokens.anna)).find((level) => level.current);
      expect(specials.benefits).toEqual(current?.benefits);
    }
  });

  it('answers every member with their own level', async () => {
    const omar = specialsOf(await t.get(path('en'), tokens.omar));
    const anna = specialsOf(await t.get(path('en'), tokens.anna));
    expect(omar.level).toEqual({ code: 'DA', name: 'Silver' });
    expect(omar.benefits.map((benefit) => benefit.code)).toEqual(['member-rates', 'points-per-euro', 'free-wifi', 'late-checkout-13', 'welcome-drink']);
    expect(anna.benefits.length).toBeGreaterThan(omar.benefits.length);
    expect(omar.benefits).not.toContainEqual(expect.objectContaining({ code: 'weekend-breakfast' }));
  });
});
