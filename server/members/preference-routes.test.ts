import { and, eq, isNotNull } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_PATHS, LoginResponseSchema, MAIN_NEWSLETTER_ID, PreferencesResponseSchema } from '../../src/contract/auth';
import { ErrorBodySchema } from '../../src/contract/errors';
import {
  BrandPreferenceItemResponseSchema,
  BrandPreferencesResponseSchema,
  MEMBER_PREFERENCE_PATHS as P,
  NEWSLETTER_LIMITS,
  NewsletterConfirmResponseSchema,
  NewsletterStatusItemResponseSchema,
  NewsletterStatusItemsResponseSchema,
  PreferenceCenterResponseSchema,
  PreferenceItemResponseSchema,
  SubscribeResponseSchema,
} from '../../src/contract/member-preferences';
import { useTestDatabase } from '../../test/bff/database';
import { type Answer, type AuthTestApp, createAuthTestApp } from '../auth/testing';
import { brands, members, memberUserTypes, newsletterConfirmations, newsletterSubscriptions, rateLimitBuckets } from '../db/schema';
import { DEMO_MEMBERS, DEMO_PASSWORD, DEMO_PASSWORD_HASH } from '../db/seed/members';

/*
 * Preferences, brand preferences, newsletters with double opt-in, visitors' subscriptions and the
 * preference centre (decision record 0044), on the seeded members: Anna receives the main newsletter,
 * Omar's subscription waits for his confirmation.
 */

const database = useTestDatabase();
let t: AuthTestApp;
let anna: string;
let omar: string;

const DAY_MS = 24 * 60 * 60 * 1000;
const MAIN = MAIN_NEWSLETTER_ID;
const path = (template: string, id: string) => template.replace(':id', encodeURIComponent(id));
const del = (route: string, token?: string) => t.call('DELETE', route, token ? { token } : {});
let nextAddress = 10;
/** A client address of its own, so the per-address limits of one test never refuse another's requests. */
const freshAddress = () => `198.51.100.${nextAddress++}`;

async function signIn(email: string) {
  const answer = await t.post(AUTH_PATHS.passwordLogin, { email, password: DEMO_PASSWORD }, { from: freshAddress() });
  const login = v.parse(LoginResponseSchema, answer.body).data;
  if (login.result !== 'Authenticated') throw new Error(login.result);
  return login.token;
}

const errorOf = (answer: Answer) => v.parse(ErrorBodySchema, answer.body).error;

async function newsletters(token: string) {
  const answer = await t.get(`${P.newsletters}?locale=en`, { token });
  expect(answer.status).toBe(200);
  return v.parse(NewsletterStatusItemsResponseSchema, answer.body).data;
}
const mainStatus = async (token: string) => (await newsletters(token)).find((item) => item.name === MAIN)?.status;

/** The newest confirmation mail to this address, with the tokens of its two links. */
async function confirmationMail(to: string) {
  const mail = (await t.outbox(to)).find((candidate) => candidate.kind === 'newsletter-confirmation');
  if (!mail) throw new Error(`No confirmation mail to ${to}`);
  const confirmToken = /\/newsletter-confirmation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  const preferenceCenterToken = /\/preference-center\?token=([A-Za-z0-9_.-]+)/.exec(mail.text)?.[1];
  if (!confirmToken || !preferenceCenterToken) throw new Error('The mail lacks its links');
  return { ...mail, confirmToken, preferenceCenterToken };
}

const confirm = (token: unknown) => t.post(P.newsletterConfirm, { token });
const subscribe = (email: string, from = freshAddress(), extra: Record<string, unknown> = {}) =>
  t.post(P.subscribe, { email, locale: 'en', ...extra }, { from });
const centre = (token: string, query = '') => `${P.preferenceCenterNewsletters}?token=${encodeURIComponent(token)}${query}`;
const centreItem = (id: string, token: string) => `${path(P.preferenceCenterNewsletter, id)}?token=${encodeURIComponent(token)}&locale=en`;

async function memberId(email: string) {
  const [row] = await database.db.select({ id: members.id }).from(members).where(eq(members.email, email));
  if (!row) throw new Error(`No member ${email}`);
  return row.id;
}

beforeAll(async () => {
  t = createAuthTestApp(database.db);
  // Omar signs in with codes only; a password lets this file sign him in without reading codes.
  await database.db.update(members).set({ passwordHash: DEMO_PASSWORD_HASH }).where(eq(members.email, DEMO_MEMBERS.codeOnly));
  anna = await signIn(DEMO_MEMBERS.withPassword);
  omar = await signIn(DEMO_MEMBERS.codeOnly);
});

beforeEach(async () => {
  // Each test starts with fresh limits; the limit tests fill them on purpose.
  await database.db.delete(rateLimitBuckets);
});

describe('every member route', () => {
  const routes: [string, string][] = [
    ['GET', `${P.preferences}?locale=xx`],
    ['POST', `${path(P.preference, 'x'.repeat(99))}?locale=xx`],
    ['DELETE', path(P.preference, 'spa')],
    ['GET', `${P.brandPreferences}?locale=xx`],
    ['POST', path(P.brandPreference, 'bad id!')],
    ['DELETE', path(P.brandPreference, 'jaz')],
    ['GET', `${P.newsletters}?locale=xx`],
    ['POST', `${path(P.newsletter, MAIN)}?locale=xx`],
    ['DELETE', path(P.newsletter, 'x'.repeat(99))],
  ];

  it('answers 401 without a valid token, before looking at the input', async () => {
    for (const [method, route] of routes) {
      const answer = await t.call(method, route);
      expect(answer.status, `${method} ${route}`).toBe(401);
      expect(errorOf(answer).code).toBe('unauthorized');
      expect((await t.call(method, route, { token: 'not-a-token' })).status).toBe(401);
    }
  });

  it('answers 400 with the issue for bad input', async () => {
    const cases: [string, string, string][] = [
      ['GET', `${P.preferences}?locale=xx`, 'locale'],
      ['POST', path(P.preference, 'x'.repeat(65)), 'id'],
      ['POST', path(P.brandPreference, 'bad id!'), 'id'],
      ['GET', `${P.brandPreferences}?locale=xx`, 'locale'],
      ['POST', `${path(P.newsletter, MAIN)}?locale=xx`, 'locale'],
      ['DELETE', path(P.newsletter, 'x'.repeat(65)), 'id'],
    ];
    for (const [method, route, issue] of cases) {
      const answer = await t.call(method, route, { token: anna });
      expect(answer.status, `${method} ${route}`).toBe(400);
      expect(errorOf(answer).issues?.map((entry) => entry.path)).toEqual([issue]);
    }
  });

  it('answers 404 for a preference, brand or newsletter that does not exist', async () => {
    for (const [method, route] of [
      ['POST', path(P.preference, 'golf')],
      ['DELETE', path(P.preference, 'golf')],
      ['POST', path(P.brandPreference, 'nohotel')],
      ['DELETE', path(P.brandPreference, 'nohotel')],
      ['POST', path(P.newsletter, 'HW_NL-NOPE')],
      ['DELETE', path(P.newsletter, 'HW_NL-NOPE')],
    ] as const) {
      const answer = await t.call(method, route, { token: anna });
      expect(answer.status, `${method} ${route}`).toBe(404);
      expect(errorOf(answer).code).toBe('not_found');
    }
  });
});

describe('preferences', () => {
  const active = async (token: string, name: string) => {
    const answer = await t.get(P.preferences, { token });
    return v.parse(PreferencesResponseSchema, answer.body).data.find((item) => item.name === name)?.active;
  };

  it('chooses and unchooses a preference, idempotently, for the member only', async () => {
    for (let round = 0; round < 2; round++) {
      const answer = await t.post(`${path(P.preference, 'high-floor')}?locale=de`, undefined, { token: omar });
      expect(answer.status).toBe(200);
      expect(v.parse(PreferenceItemResponseSchema, answer.body).data).toEqual({ name: 'high-floor', label: 'Hohe Etage', active: true });
    }
    expect(await active(omar, 'high-floor')).toBe(true);
    // Another member's choices are theirs: Anna's stay as they were.
    expect(await active(anna, 'high-floor')).toBe(false);
    for (let round = 0; round < 2; round++) {
      const answer = await del(path(P.preference, 'high-floor'), omar);
      expect(answer.status).toBe(200);
      expect(v.parse(PreferenceItemResponseSchema, answer.body).data.active).toBe(false);
    }
    expect(await active(omar, 'high-floor')).toBe(false);
    // Unchoosing something never chosen is as fine as choosing it twice.
    expect((await del(path(P.preference, 'vegetarian-breakfast'), omar)).status).toBe(200);
    expect(await active(anna, 'spa')).toBe(true);
  });
});

describe('brand preferences', () => {
  it('lists every brand of the group with its name, none chosen at first', async () => {
    const answer = await t.get(`${P.brandPreferences}?locale=ar`, { token: omar });
    expect(answer.status).toBe(200);
    const items = v.parse(BrandPreferencesResponseSchema, answer.body).data;
    const stored = await database.db.select({ code: brands.code, name: brands.name }).from(brands);
    expect(items.map((item) => item.name).sort()).toEqual(stored.map((brand) => brand.code).sort());
    for (const item of items) expect(item.label).toBe(stored.find((brand) => brand.code === item.name)?.name);
    expect(items.every((item) => !item.active)).toBe(true);
  });

  it('chooses and unchooses a brand by its code, idempotently, for the member only', async () => {
    for (let round = 0; round < 2; round++) {
      const answer = await t.post(path(P.brandPreference, 'jaz'), undefined, { token: omar });
      expect(answer.status).toBe(200);
      expect(v.parse(BrandPreferenceItemResponseSchema, answer.body).data).toMatchObject({ name: 'jaz', active: true });
    }
    const chosen = async (token: string) =>
      v
        .parse(BrandPreferencesResponseSchema, (await t.get(P.brandPreferences, { token })).body)
        .data.filter((item) => item.active)
        .map((item) => item.name);
    expect(await chosen(omar)).toEqual(['jaz']);
    expect(await chosen(anna)).toEqual([]);
    for (let round = 0; round < 2; round++) expect((await del(path(P.brandPreference, 'jaz'), omar)).status).toBe(200);
    expect(await chosen(omar)).toEqual([]);
  });
});

describe('newsletters with double opt-in (members)', () => {
  it('keeps the subscription pending until the mailed link is followed, once', async () => {
    expect(await mainStatus(omar)).toBe('pending');
    const asked = await t.post(`${path(P.newsletter, MAIN)}?locale=en`, undefined, { token: omar });
    expect(asked.status).toBe(202);
    expect(v.parse(NewsletterStatusItemResponseSchema, asked.body).data).toMatchObject({ name: MAIN, active: false, status: 'pending' });
    const mail = await confirmationMail(DEMO_MEMBERS.codeOnly);
    expect(await mainStatus(omar)).toBe('pending');

    const confirmed = await confirm(mail.confirmToken);
    expect(confirmed.status).toBe(200);
    expect(v.parse(NewsletterConfirmResponseSchema, confirmed.body).data).toEqual({ newsletter: MAIN, status: 'active' });
    expect(await mainStatus(omar)).toBe('active');
    const [row] = await database.db.select({ newsletter: members.newsletter }).from(members).where(eq(members.email, DEMO_MEMBERS.codeOnly));
    expect(row?.newsletter).toBe(true);

    // Single use.
    const again = await confirm(mail.confirmToken);
    expect(again.status).toBe(400);
    expect(errorOf(again).issues?.map((issue) => issue.path)).toEqual(['token']);
    // Asking again when active: nothing to confirm, no new mail.
    const before = (await t.outbox(DEMO_MEMBERS.codeOnly)).length;
    expect((await t.post(path(P.newsletter, MAIN), undefined, { token: omar })).status).toBe(200);
    expect(await t.outbox(DEMO_MEMBERS.codeOnly)).toHaveLength(before);
  });

  it('unsubscribes at once, idempotently, and a pending link dies with its subscription', async () => {
    for (let round = 0; round < 2; round++) {
      const answer = await del(`${path(P.newsletter, MAIN)}?locale=en`, omar);
      expect(answer.status).toBe(200);
      expect(v.parse(NewsletterStatusItemResponseSchema, answer.body).data).toMatchObject({ active: false, status: 'none' });
    }
    expect(await mainStatus(omar)).toBe('none');
    await t.post(path(P.newsletter, MAIN), undefined, { token: omar });
    const { confirmToken } = await confirmationMail(DEMO_MEMBERS.codeOnly);
    await del(path(P.newsletter, MAIN), omar);
    expect((await confirm(confirmToken)).status).toBe(400);
    expect(await mainStatus(omar)).toBe('none');
  });

  it('refuses an expired link (after 7 days), accepts one just before, and only the newest of two', async () => {
    await del(path(P.newsletter, MAIN), omar);
    await t.post(path(P.newsletter, MAIN), undefined, { token: omar });
    const first = (await confirmationMail(DEMO_MEMBERS.codeOnly)).confirmToken;
    await t.post(path(P.newsletter, MAIN), undefined, { token: omar });
    const second = (await confirmationMail(DEMO_MEMBERS.codeOnly)).confirmToken;
    expect(second).not.toBe(first);
    const start = t.now();
    try {
      t.advance(NEWSLETTER_LIMITS.confirmationValidDays * DAY_MS);
      expect((await confirm(second)).status).toBe(400);
      t.setNow(new Date(start.getTime() + NEWSLETTER_LIMITS.confirmationValidDays * DAY_MS - 1000));
      // The earlier link stopped working when the new one was mailed.
      expect((await confirm(first)).status).toBe(400);
      expect((await confirm(second)).status).toBe(200);
    } finally {
      t.setNow(start);
    }
    expect(await mainStatus(omar)).toBe('active');
  });

  it('refuses a wrong or malformed token', async () => {
    expect((await confirm('A'.repeat(43))).status).toBe(400);
    for (const token of ['', 'not a token', 42, 'x'.repeat(5000)]) {
      const answer = await confirm(token);
      expect(answer.status).toBe(400);
      expect(new Set(errorOf(answer).issues?.map((issue) => issue.path))).toEqual(new Set(['token']));
    }
  });

  it('words the mail for a consumer (B2C) or a business customer (B2B), with the preference-centre link', async () => {
    await del(path(P.newsletter, MAIN), omar);
    await t.post(`${path(P.newsletter, MAIN)}?locale=en`, undefined, { token: omar });
    const consumer = await confirmationMail(DEMO_MEMBERS.codeOnly);
    expect(consumer.subject).toBe('Please confirm your subscription: H Rewards newsletter');
    expect(consumer.text).toContain('offers and news for your next trip');
    expect(consumer.text).not.toMatch(/business/i);
    expect(consumer.text).toContain(`/en/preference-center?token=${consumer.preferenceCenterToken}`);
    expect(consumer.text).toMatch(/^Manage your newsletters: https?:\/\/[^/]+\/en\/preference-center\?token=/m);

    await database.db.insert(memberUserTypes).values({ memberId: await memberId(DEMO_MEMBERS.withPassword), userType: 'b2b' });
    try {
      await del(path(P.newsletter, MAIN), anna);
      await t.post(`${path(P.newsletter, MAIN)}?locale=en`, undefined, { token: anna });
      const business = await confirmationMail(DEMO_MEMBERS.withPassword);
      expect(business.subject).toBe('Please confirm your business subscription: H Rewards newsletter');
      expect(business.text).toContain('as a business customer');
      // Without a locale the mail is in the member's language (Anna's is German).
      await t.post(path(P.newsletter, MAIN), undefined, { token: anna });
      const german = await confirmationMail(DEMO_MEMBERS.withPassword);
      expect(german.text).toContain('als Geschäftskunde');
      expect((await confirm(german.confirmToken)).status).toBe(200);
      expect(await mainStatus(anna)).toBe('active');
    } finally {
      await database.db.delete(memberUserTypes);
    }
  });

  it('limits confirmation mails to one address', async () => {
    await del(path(P.newsletter, MAIN), omar);
    const statuses: number[] = [];
    for (let round = 0; round <= NEWSLETTER_LIMITS.subscribeMailsPerEmailPerHour; round++) {
      statuses.push((await t.post(path(P.newsletter, MAIN), undefined, { token: omar })).status);
    }
    expect(statuses).toEqual([...Array.from({ length: NEWSLETTER_LIMITS.subscribeMailsPerEmailPerHour }, () => 202), 429]);
  });
});

describe('visitors subscribing', () => {
  it('answers the same for a member’s email, a pending member’s and a new one; the member’s email subscribes the member', async () => {
    const answers: { status: number; body: unknown }[] = [];
    for (const email of [DEMO_MEMBERS.withPassword, DEMO_MEMBERS.codeOnly, DEMO_MEMBERS.notActivated, 'new.visitor@example.org']) {
      const answer = await subscribe(email);
      answers.push({ status: answer.status, body: answer.body });
    }
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(v.parse(SubscribeResponseSchema, answer.body)).toEqual({ data: { accepted: true } });
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    // Omar's mail confirms Omar's own subscription.
    await del(path(P.newsletter, MAIN), omar);
    await subscribe(DEMO_MEMBERS.codeOnly);
    expect(await mainStatus(omar)).toBe('pending');
    expect((await confirm((await confirmationMail(DEMO_MEMBERS.codeOnly)).confirmToken)).status).toBe(200);
    expect(await mainStatus(omar)).toBe('active');
  });

  it('keeps a visitor pending until confirmed; the email is stored lower case', async () => {
    expect((await subscribe('Mixed.Case@Example.org')).status).toBe(202);
    const [row] = await database.db
      .select({ status: newsletterSubscriptions.status })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'mixed.case@example.org'));
    expect(row?.status).toBe('pending');
    const mail = await confirmationMail('mixed.case@example.org');
    expect(mail.text).not.toMatch(/business/i);
    expect((await confirm(mail.confirmToken)).status).toBe(200);
    const centreAnswer = await t.get(centre(mail.preferenceCenterToken, '&locale=en'));
    expect(v.parse(PreferenceCenterResponseSchema, centreAnswer.body).data.newsletters[0]).toMatchObject({ name: MAIN, status: 'active' });
  });

  it('answers 400 for bad input and 404 for a newsletter that does not exist', async () => {
    const bad = await t.post(P.subscribe, { email: 'not-an-email', locale: 'en' });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).issues?.map((issue) => issue.path)).toEqual(['email']);
    expect((await t.post(P.subscribe, { email: 'a@example.org', locale: 'xx' })).status).toBe(400);
    expect((await subscribe('a@example.org', freshAddress(), { newsletter: 'HW_NL-NOPE' })).status).toBe(404);
  });

  it('is limited per email and per client address', async () => {
    const perEmail: number[] = [];
    for (let round = 0; round <= NEWSLETTER_LIMITS.subscribeMailsPerEmailPerHour; round++) {
      perEmail.push((await subscribe('often@example.org')).status);
    }
    expect(perEmail.at(-1)).toBe(429);
    expect(perEmail.slice(0, -1).every((status) => status === 202)).toBe(true);
    // A member's email is limited alike: the answer tells nothing about membership.
    const memberAnswers: number[] = [];
    for (let round = 0; round <= NEWSLETTER_LIMITS.subscribeMailsPerEmailPerHour; round++) {
      memberAnswers.push((await subscribe(DEMO_MEMBERS.withPassword)).status);
    }
    expect(memberAnswers).toEqual(perEmail);

    const from = freshAddress();
    const perAddress: number[] = [];
    for (let round = 0; round <= NEWSLETTER_LIMITS.subscribePerAddressPerHour; round++) {
      perAddress.push((await subscribe(`visitor${round}@example.org`, from)).status);
    }
    expect(perAddress.at(-1)).toBe(429);
    expect(perAddress.slice(0, -1).every((status) => status === 202)).toBe(true);
    const refused = await subscribe('one.more@example.org', from);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('the preference centre (signed link, no sign-in)', () => {
  async function visitorLink(email: string) {
    await subscribe(email);
    return (await confirmationMail(email)).preferenceCenterToken;
  }

  it('reads and changes the newsletters of the link’s email only', async () => {
    const link = await visitorLink('centre.visitor@example.org');
    const read = await t.get(centre(link, '&locale=de'));
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toContain('no-store');
    expect(v.parse(PreferenceCenterResponseSchema, read.body).data).toEqual({
      email: 'centre.visitor@example.org',
      newsletters: [{ name: MAIN, label: 'H Rewards Newsletter', active: false, dailypointId: 'DPNL-1001', status: 'pending' }],
    });
    // The link proves the mailbox: subscribing through it is active at once.
    const on = await t.post(centreItem(MAIN, link), undefined);
    expect(on.status).toBe(200);
    expect(v.parse(NewsletterStatusItemResponseSchema, on.body).data).toMatchObject({ active: true, status: 'active' });
    const annaBefore = await mainStatus(anna);
    const off = await t.call('DELETE', centreItem(MAIN, link));
    expect(v.parse(NewsletterStatusItemResponseSchema, off.body).data.status).toBe('none');
    // Another email's subscriptions are untouched, and an email in the query changes nothing.
    expect(await mainStatus(anna)).toBe(annaBefore);
    const sneaky = await t.get(`${centre(link)}&email=${encodeURIComponent(DEMO_MEMBERS.withPassword)}`);
    expect(v.parse(PreferenceCenterResponseSchema, sneaky.body).data.email).toBe('centre.visitor@example.org');
    expect((await t.call('DELETE', centreItem('HW_NL-NOPE', link))).status).toBe(404);
  });

  it('changes a member’s own subscription when the link is for a member’s email', async () => {
    await del(path(P.newsletter, MAIN), anna);
    await t.post(`${path(P.newsletter, MAIN)}?locale=en`, undefined, { token: anna });
    const { preferenceCenterToken } = await confirmationMail(DEMO_MEMBERS.withPassword);
    expect((await t.post(centreItem(MAIN, preferenceCenterToken), undefined)).status).toBe(200);
    expect(await mainStatus(anna)).toBe('active');
    expect((await t.call('DELETE', centreItem(MAIN, preferenceCenterToken))).status).toBe(200);
    expect(await mainStatus(anna)).toBe('none');
    const [row] = await database.db.select({ newsletter: members.newsletter }).from(members).where(eq(members.email, DEMO_MEMBERS.withPassword));
    expect(row?.newsletter).toBe(false);
    expect((await t.post(centreItem(MAIN, preferenceCenterToken), undefined)).status).toBe(200);
  });

  it('is refused by the member routes, and takes no session token itself', async () => {
    const link = await visitorLink('not.a.session@example.org');
    for (const route of [P.newsletters, P.preferences, P.brandPreferences, '/members/profile']) {
      expect((await t.get(route, { token: link })).status, route).toBe(401);
    }
    expect((await t.post(path(P.newsletter, MAIN), undefined, { token: link })).status).toBe(401);
    expect((await t.get(centre(anna))).status).toBe(401);
  });

  it('answers 401 for a missing, forged or expired link, before the input is looked at', async () => {
    const link = await visitorLink('expiring@example.org');
    expect((await t.get(`${P.preferenceCenterNewsletters}?locale=xx`)).status).toBe(401);
    expect((await t.post(path(P.preferenceCenterNewsletter, 'x'.repeat(99)), undefined)).status).toBe(401);
    const [header, payload, signature] = link.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object), sub: DEMO_MEMBERS.withPassword }),
    ).toString('base64url');
    expect((await t.get(centre(`${header}.${forgedPayload}.${signature}`))).status).toBe(401);
    expect((await t.get(centre(`${link.slice(0, -4)}AAAA`))).status).toBe(401);
    expect((await t.get(centre(link, '&locale=xx'))).status).toBe(400);
    const start = t.now();
    try {
      t.advance(NEWSLETTER_LIMITS.preferenceCenterValidDays * DAY_MS - 1000);
      expect((await t.get(centre(link))).status).toBe(200);
      t.advance(2000);
      expect((await t.get(centre(link))).status).toBe(401);
    } finally {
      t.setNow(start);
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('confirming on PostgreSQL (PGlite runs one session: skipped there)', () => {
  it('two confirmations of one link at once activate the subscription once', async () => {
    for (let round = 0; round < 5; round++) {
      const email = `race${round}@example.org`;
      await subscribe(email);
      const { confirmToken } = await confirmationMail(email);
      const answers = await Promise.all([confirm(confirmToken), confirm(confirmToken)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      const used = await database.db
        .select({ usedAt: newsletterConfirmations.usedAt })
        .from(newsletterConfirmations)
        .innerJoin(newsletterSubscriptions, eq(newsletterSubscriptions.id, newsletterConfirmations.subscriptionId))
        .where(and(eq(newsletterSubscriptions.email, email), isNotNull(newsletterConfirmations.usedAt)));
      expect(used).toHaveLength(1);
    }
  });
});
