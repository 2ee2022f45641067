import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BFF_PREFIX } from '../../src/contract/content';
import { ErrorBodySchema } from '../../src/contract/errors';
import { STAY_VOUCHER_LIMITS, STAY_VOUCHER_PATHS, StayVoucherResponseSchema, StayVouchersResponseSchema } from '../../src/contract/stay-vouchers';
import { TEST_TODAY } from '../../test/bff/database';
import { stayVouchers } from '../db/schema';
import { DEMO_STAY_VOUCHERS } from '../db/seed/stay-vouchers';
import { type Answer, useCommerceTests } from '../ecommerce/testing';
import { addDays, businessDate } from '../lib/calendar';
import { memberIdOf } from './testing';
import { DEMO_MEMBERS } from '../db/seed/members';
import { ALREADY_REDEEMED_MESSAGE } from './stay-vouchers';

/*
 * Stay vouchers through app.request(), on the seed: Anna holds ANNA-STAY-2N (valid, Steigenberger) and
 * ANNA-STAY-1N (used); STAY-DEMO-2NIGHTS waits for anyone, STAY-DEMO-EXPIRED ran out ten days ago. Each
 * test that redeems or guesses runs in an hour of its own, so the per-hour limit of one does not reach
 * into another.
 */

const suite = useCommerceTests();
const { t, tokens } = suite;
const P = STAY_VOUCHER_PATHS;
const today = businessDate(TEST_TODAY);
const HOUR = 60 * 60 * 1000;
/** Both members signed in now (an access token lasts minutes: a test that moves the clock signs in again). */
const signIn = async () => ({ anna: await t.tokenOf(DEMO_MEMBERS.withPassword), omar: await t.tokenOf(DEMO_MEMBERS.codeOnly) });
/** The clock `hour` hours after the test day's 09:00 (a limiter window's start), both members signed in then. */
async function atHour(hour: number) {
  t.setNow(new Date(TEST_TODAY.getTime() + hour * HOUR));
  return signIn();
}
const onPostgres = Boolean(process.env.DATABASE_URL);

const errorOf = (answer: Answer) => v.parse(ErrorBodySchema, answer.body).error;
const listOf = async (token: string) => {
  const answer = await t.get(P.list, token);
  expect(answer.status).toBe(200);
  return v.parse(StayVouchersResponseSchema, answer.body).data;
};
const redeem = (code: unknown, token: string) => t.post(P.redeem, { code }, token);

let made = 0;
/** A new unredeemed voucher (two nights for two, any hotel) valid for `days` more days; its code. */
async function newCode(days = 100): Promise<string> {
  made += 1;
  const code = `TEST-STAY-${String(made).padStart(4, '0')}`;
  await suite.db.insert(stayVouchers).values({
    id: `3e8f1a2b-6c7d-4e5f-9a0b-1000000${String(made).padStart(5, '0')}`,
    code,
    nights: 2,
    guests: 2,
    room: 'Double room',
    board: 'breakfast',
    description: '2 nights for two at any hotel of the group, breakfast included',
    validUntil: addDays(today, days),
    createdAt: TEST_TODAY,
  });
  return code;
}

describe('who may call', () => {
  it.each([
    ['GET', P.list, undefined],
    ['POST', P.redeem, { code: DEMO_STAY_VOUCHERS.open.code }],
  ])('%s %s answers 401 without a token, and with a token that is not one', async (method, path, body) => {
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-token' }];
    for (const headers of attempts) {
      const answer = await t.call(method, path, body, headers);
      expect(answer.status).toBe(401);
      expect(errorOf(answer).code).toBe('unauthorized');
    }
    // Nobody redeemed it.
    const [open] = await suite.db.select().from(stayVouchers).where(eq(stayVouchers.code, DEMO_STAY_VOUCHERS.open.code));
    expect(open?.memberId).toBeNull();
  });
});

describe('bad input', () => {
  it('refuses a missing, short, long or malformed code with 400 and the issue, without counting it as a guess', async () => {
    const k = await atHour(1);
    const bodies: unknown[] = [{}, { code: '' }, { code: 'AB1' }, { code: 'STAY DEMO 2' }, { code: 'A'.repeat(STAY_VOUCHER_LIMITS.codeLength.max + 1) }, { code: 42 }, { code: 'STAY\u0000DEMO' }];
    for (const body of [...bodies, ...bodies]) {
      const answer = await t.post(P.redeem, body, k.omar);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(answer).code).toBe('bad_request');
      expect([...new Set((errorOf(answer).issues ?? []).map((issue) => issue.path))]).toEqual(['code']);
    }
    expect((await t.post(P.redeem, 'not json', k.omar)).status).toBe(400);
    // Fourteen refusals above; none was a guess, so a code still goes through.
    expect((await redeem(await newCode(), k.omar)).status).toBe(201);
  });
});

describe('the list', () => {
  it("lists Anna's vouchers, valid first, with nights, brand or any hotel, room and board, last day and status", async () => {
    const anna = await listOf(tokens.anna);
    expect(anna).toEqual([
      {
        id: DEMO_STAY_VOUCHERS.annaValid.id,
        code: 'ANNA-STAY-2N',
        nights: 2,
        guests: 2,
        brand: { code: 'steigenberger', name: 'Steigenberger Hotels & Resorts' },
        room: 'Double room',
        board: 'breakfast',
        description: '2 nights for two at any Steigenberger hotel, breakfast included',
        validUntil: addDays(today, 300),
        status: 'valid',
        redeemedAt: `${addDays(today, -40)}T09:00:00.000Z`,
        usedAt: null,
      },
      {
        id: DEMO_STAY_VOUCHERS.annaUsed.id,
        code: 'ANNA-STAY-1N',
        nights: 1,
        guests: 2,
        brand: null,
        room: 'Superior double room',
        board: 'half_board',
        description: '1 night for two at any hotel of the group, dinner and breakfast included',
        validUntil: addDays(today, 120),
        status: 'used',
        redeemedAt: `${addDays(today, -200)}T09:00:00.000Z`,
        usedAt: `${addDays(today, -14)}T09:00:00.000Z`,
      },
    ]);
  });

  it('holds only the caller’s own vouchers, and shows one expired after its last day', async () => {
    let k = await atHour(2);
    expect((await listOf(k.omar)).map((voucher) => voucher.code)).not.toContain('ANNA-STAY-2N');
    const soon = await newCode(3);
    const later = await newCode(200);
    for (const code of [later, soon]) expect((await redeem(code, k.omar)).status).toBe(201);
    const mine = (await listOf(k.omar)).filter((voucher) => voucher.code === soon || voucher.code === later);
    expect(mine.map((voucher) => [voucher.code, voucher.status])).toEqual([
      [soon, 'valid'],
      [later, 'valid'],
    ]);
    // Four days on, the first has run out: it moves behind the valid one.
    t.setNow(new Date(TEST_TODAY.getTime() + 4 * 24 * HOUR));
    k = await signIn();
    const after = (await listOf(k.omar)).filter((voucher) => voucher.code === soon || voucher.code === later);
    expect(after.map((voucher) => [voucher.code, voucher.status])).toEqual([
      [later, 'valid'],
      [soon, 'expired'],
    ]);
    expect((await listOf(k.anna)).map((voucher) => voucher.code)).toEqual(['ANNA-STAY-2N', 'ANNA-STAY-1N']);
  });
});

describe('redeeming', () => {
  it('adds the demo code to the account (in any case), then answers 409 to everyone, with one message whoever holds it', async () => {
    const k = await atHour(3);
    const answer = await redeem('  stay-demo-2nights ', k.omar);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const voucher = v.parse(StayVoucherResponseSchema, answer.body).data;
    expect(voucher).toMatchObject({ code: 'STAY-DEMO-2NIGHTS', nights: 2, guests: 2, brand: null, board: 'breakfast', status: 'valid', usedAt: null, validUntil: addDays(today, 365) });
    expect(voucher.redeemedAt).toBe(t.now().toISOString());
    expect((await listOf(k.omar)).map((row) => row.id)).toContain(voucher.id);
    expect((await listOf(k.anna)).map((row) => row.id)).not.toContain(voucher.id);

    const byOther = await redeem(DEMO_STAY_VOUCHERS.open.code, k.anna);
    const byHolder = await redeem(DEMO_STAY_VOUCHERS.open.code, k.omar);
    const annasOwn = await redeem(DEMO_STAY_VOUCHERS.annaValid.code, k.omar);
    for (const refused of [byOther, byHolder, annasOwn]) {
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ error: { code: 'conflict', message: ALREADY_REDEEMED_MESSAGE } });
    }
    const [row] = await suite.db.select().from(stayVouchers).where(eq(stayVouchers.code, DEMO_STAY_VOUCHERS.open.code));
    expect(row?.memberId).toBe(await memberIdOf(suite.db, DEMO_MEMBERS.codeOnly));
  });

  it('answers 404 for a code nobody issued and 409 for one past its last day, redeeming neither', async () => {
    const k = await atHour(4);
    const unknown = await redeem('STAY-NOBODY-1', k.anna);
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown)).toEqual({ code: 'not_found', message: 'There is no stay voucher with this code' });
    const expired = await redeem(DEMO_STAY_VOUCHERS.expired.code, k.anna);
    expect(expired.status).toBe(409);
    expect(errorOf(expired)).toEqual({ code: 'conflict', message: `This stay voucher expired on ${addDays(today, -10)} and can no longer be redeemed` });
    const [row] = await suite.db.select().from(stayVouchers).where(eq(stayVouchers.code, DEMO_STAY_VOUCHERS.expired.code));
    expect(row?.memberId).toBeNull();
    // Its last day still counts: a voucher valid until today can be redeemed today.
    const lastDay = await newCode(0);
    expect((await redeem(lastDay, k.anna)).status).toBe(201);
  });
});

describe('the limit on codes tried in vain', () => {
  const raw = (token: string, code: string) =>
    t.app.request(`${BFF_PREFIX}${P.redeem}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });

  it(`takes ${STAY_VOUCHER_LIMITS.redeemFailuresPerHour} codes in vain a member and hour, then 429 with Retry-After, even for a good code, until the hour is over`, async () => {
    let k = await atHour(5);
    const good = await newCode();
    const statuses: number[] = [];
    for (let n = 0; n < STAY_VOUCHER_LIMITS.redeemFailuresPerHour - 1; n += 1) statuses.push((await redeem(`GUESS-${n}-XYZ`, k.omar)).status);
    statuses.push((await redeem(DEMO_STAY_VOUCHERS.expired.code, k.omar)).status);
    expect(statuses).toEqual([...Array<number>(STAY_VOUCHER_LIMITS.redeemFailuresPerHour - 1).fill(404), 409]);

    t.advance(20 * 60 * 1000);

    k = await signIn();
    const refused = await raw(k.omar, good);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(40 * 60));
    expect(v.parse(ErrorBodySchema, await refused.json()).error.code).toBe('bad_request');
    const [row] = await suite.db.select().from(stayVouchers).where(eq(stayVouchers.code, good));
    expect(row?.memberId).toBeNull();
    // Another member is not held up; the list still answers.
    expect((await redeem('GUESS-ANNA-XYZ', k.anna)).status).toBe(404);
    expect((await t.get(P.list, k.omar)).status).toBe(200);

    t.advance(40 * 60 * 1000);

    k = await signIn();
    expect((await redeem(good, k.omar)).status).toBe(201);
  });

  it('does not count codes that work', async () => {
    const k = await atHour(7);
    for (let n = 0; n < STAY_VOUCHER_LIMITS.redeemFailuresPerHour + 3; n += 1) expect((await redeem(await newCode(), k.anna)).status).toBe(201);
    expect((await redeem('GUESS-AFTER-XYZ', k.anna)).status).toBe(404);
  });
});

describe.skipIf(!onPostgres)('redeeming at once on PostgreSQL (PGlite runs one session: skipped there)', () => {
  it('two members redeeming the same code at once: exactly one wins, the other is told it is taken', async () => {
    const k = await atHour(9);
    const anna = await memberIdOf(suite.db, DEMO_MEMBERS.withPassword);
    const omar = await memberIdOf(suite.db, DEMO_MEMBERS.codeOnly);
    // Several codes, each raced by both, so the race is run more than once.
    for (let round = 0; round < 8; round += 1) {
      const code = await newCode();
      const answers = await Promise.all([redeem(code, k.anna), redeem(code, k.omar)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      const loser = answers.find((answer) => answer.status === 409);
      expect(loser?.body).toEqual({ error: { code: 'conflict', message: ALREADY_REDEEMED_MESSAGE } });
      const winner = answers[0]?.status === 201 ? anna : omar;
      const [row] = await suite.db.select().from(stayVouchers).where(eq(stayVouchers.code, code));
      expect(row?.memberId).toBe(winner);
      const holders = await Promise.all([listOf(k.anna), listOf(k.omar)]);
      expect(holders.flat().filter((voucher) => voucher.code === code)).toHaveLength(1);
    }
  });
});

describe.skipIf(onPostgres)('on PGlite', () => {
  it('skips the concurrency test: it needs DATABASE_URL (PostgreSQL), PGlite serialises every request', () => {
    expect(onPostgres).toBe(false);
  });
});
