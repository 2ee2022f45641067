import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, LoginResponseSchema, MAIN_NEWSLETTER_ID, MEMBER_PATHS, NewslettersResponseSchema, PreferencesResponseSchema } from '../../src/contract/auth';
import { TargetedMessagesResponseSchema } from '../../src/contract/content';
import { ErrorBodySchema } from '../../src/contract/errors';
import { LOCALES } from '../../src/contract/locales';
import { MEMBER_PREFERENCE_PATHS } from '../../src/contract/member-preferences';
import { useTestDatabase } from '../../test/bff/database';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { createApp } from '../app';
import { type AuthTestApp, createAuthTestApp } from '../auth/testing';
import { memberBrandPreferences, memberPreferences, members, newsletterSubscriptions, targetedMessages } from '../db/schema';
import { DEMO_MEMBERS, DEMO_PASSWORD, DEMO_PASSWORD_HASH } from '../db/seed/members';
import { TARGETED_MESSAGE_SEEDS } from '../db/seed/messages';

const database = useTestDatabase();
let app: ReturnType<typeof createApp>;

beforeAll(() => {
  app = createApp({ db: database.db, logger: createMemoryLogger(), version: 'test' });
});

async function targetedMessagesIn(query: string) {
  const response = await app.request(`/bff/content/targeted-messages${query}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('public, max-age=300');
  return v.parse(TargetedMessagesResponseSchema, await response.json()).data;
}

describe('GET /bff/content/targeted-messages', () => {
  it.each(LOCALES)('answers the seeded messages in %s, each text in that locale', async (locale) => {
    const messages = await targetedMessagesIn(`?locale=${locale}`);
    expect(messages.map((message) => message.attributes.header)).toEqual(TARGETED_MESSAGE_SEEDS.map((seed) => seed.header[locale]));
    expect(messages.map((message) => message.attributes.body)).toEqual(TARGETED_MESSAGE_SEEDS.map((seed) => seed.body[locale]));
    expect(messages.map((message) => message.attributes.ctaLabel)).toEqual(
      TARGETED_MESSAGE_SEEDS.map((seed) => (seed.ctaLabel ? seed.ctaLabel[locale] : null)),
    );
  });

  it('defaults to English and keeps priority, trigger, kind, filters, targets and countdown as stored', async () => {
    const messages = await targetedMessagesIn('');
    expect(messages.map(({ attributes: a }) => [a.header, a.priority, a.trigger, a.kind, a.memberType, a.targets.urls, a.countdownDate])).toEqual([
      ['Members pay less', 20, 'onLoad', 'popup', 'all', ['find-a-hotel'], null],
      ['Welcome back', 10, 'onLogin', 'notification', 'member', [], null],
      ['Spring offer', 5, 'onScroll', 'popup', 'member', ['hotels/.*'], '2030-02-28T23:00:00.000Z'],
    ]);
    expect(messages[0]?.attributes).toMatchObject({
      deviceType: 'all',
      memberAddressStatus: 'all',
      memberPreferencesStatus: 'all',
      memberNotificationsStatus: 'all',
      excludedPages: [],
      ctaLink: '/account/registration',
      imageUrl: null,
    });
    expect(new Set(messages.map((message) => message.id)).size).toBe(messages.length);
  });

  it('orders by descending priority, leaves out inactive ones and rows with a filter value the rules do not know', async () => {
    await database.db.insert(targetedMessages).values([
      {
        key: 'test-top',
        priority: 99,
        trigger: 'onInactivity',
        kind: 'notification',
        deviceType: 'mobile',
        memberNotificationsStatus: 'not-subscribed',
        targets: { brands: ['pure'], hotels: ['BER1'], urls: [] },
        excludedPages: ['/en/find-a-hotel'],
        header: { en: 'English only' },
        body: { en: '<p>x</p>' },
      },
      { key: 'test-inactive', priority: 100, trigger: 'onLoad', kind: 'popup', header: { en: 'Hidden' }, body: { en: 'x' }, active: false },
      { key: 'test-unknown-filter', priority: 100, trigger: 'onLoad', kind: 'popup', deviceType: 'tablet', header: { en: 'Tablet' }, body: { en: 'x' } },
    ]);
    const messages = await targetedMessagesIn('?locale=pl');
    expect(messages.map((message) => message.attributes.header)).toEqual(['English only', 'Członkowie płacą mniej', 'Witamy ponownie', 'Oferta wiosenna']);
    expect(messages[0]?.attributes).toMatchObject({
      trigger: 'onInactivity',
      deviceType: 'mobile',
      memberNotificationsStatus: 'not-subscribed',
      targets: { brands: ['pure'], hotels: ['BER1'], urls: [] },
      excludedPages: ['/en/find-a-hotel'],
      ctaLabel: null,
    });
  });

  it('refuses a countdown without a date at the database', async () => {
    await expect(
      database.db
        .insert(targetedMessages)
        .values({ key: 'test-countdown', trigger: 'onLoad', kind: 'popup', isCountdown: true, header: { en: 'x' }, body: { en: 'x' } }),
    ).rejects.toThrow();
  });

  it('answers 400 with the issue for an unknown locale', async () => {
    const response = await app.request('/bff/content/targeted-messages?locale=xx');
    expect(response.status).toBe(400);
    const body = v.parse(ErrorBodySchema, await response.json());
    expect(body.error.issues?.map((issue) => issue.path)).toEqual(['locale']);
  });
});

/*
 * The preference and newsletter filters (spec section 4: "Preferences are selected if any is active",
 * "Newsletter status is subscribed if the main newsletter is active") are judged in the browser
 * (src/services/content/targeted-eligibility.ts, decision record 0021) from the member's answers of
 * GET /members/preferences and GET /members/newsletters. These tests hold the BFF to its part: those
 * answers follow member_preferences and newsletter_subscriptions (decision record 0044) through every
 * change a member or a mail's link makes, so each filter sees the member as the tables have them.
 */
describe('the member facts behind the preference and newsletter filters', () => {
  let auth: AuthTestApp;
  let address = 20;
  const item = (template: string, id: string) => template.replace(':id', encodeURIComponent(id));

  /** The two statuses the filters compare, from the answers the browser reads. */
  async function statusesOf(token: string) {
    const preferences = await auth.get(`${MEMBER_PATHS.preferences}?locale=en`, { token });
    const newsletters = await auth.get(`${MEMBER_PATHS.newsletters}?locale=en`, { token });
    expect([preferences.status, newsletters.status]).toEqual([200, 200]);
    const chosen = v.parse(PreferencesResponseSchema, preferences.body).data;
    const received = v.parse(NewslettersResponseSchema, newsletters.body).data;
    return {
      preferences: chosen.some((entry) => entry.active) ? 'selected' : 'not-selected',
      notifications: received.some((entry) => entry.name === MAIN_NEWSLETTER_ID && entry.active) ? 'subscribed' : 'not-subscribed',
    };
  }

  async function signIn(email: string) {
    const answer = await auth.post(AUTH_PATHS.passwordLogin, { email, password: DEMO_PASSWORD }, { from: `198.51.100.${address++}` });
    const login = v.parse(LoginResponseSchema, answer.body).data;
    if (login.result !== 'Authenticated') throw new Error(login.result);
    return login.token;
  }

  async function memberIdOf(email: string) {
    const [row] = await database.db.select({ id: members.id }).from(members).where(eq(members.email, email));
    if (!row) throw new Error(`No member ${email}`);
    return row.id;
  }

  /** The newest confirmation mail's two links: the confirmation token and the preference centre's. */
  async function mailedLinks(to: string) {
    const mail = (await auth.outbox(to)).find((candidate) => candidate.kind === 'newsletter-confirmation');
    const confirm = mail && /\/newsletter-confirmation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    const centre = mail && /\/preference-center\?token=([A-Za-z0-9_.-]+)/.exec(mail.text)?.[1];
    if (!confirm || !centre) throw new Error(`No confirmation mail with its links to ${to}`);
    return { confirm, centre };
  }

  beforeAll(async () => {
    auth = createAuthTestApp(database.db);
    // Omar signs in with codes only; a password lets these tests sign him in without reading codes.
    await database.db.update(members).set({ passwordHash: DEMO_PASSWORD_HASH }).where(eq(members.email, DEMO_MEMBERS.codeOnly));
  });

  it('reads the seeded members from the tables: Anna selected and subscribed, Omar neither (his subscription waits)', async () => {
    expect(await statusesOf(await signIn(DEMO_MEMBERS.withPassword))).toEqual({ preferences: 'selected', notifications: 'subscribed' });
    expect(await statusesOf(await signIn(DEMO_MEMBERS.codeOnly))).toEqual({ preferences: 'not-selected', notifications: 'not-subscribed' });
  });

  it('follows the member’s preferences: a brand alone selects nothing, a preference does until it is turned off again', async () => {
    const omar = await signIn(DEMO_MEMBERS.codeOnly);
    const id = await memberIdOf(DEMO_MEMBERS.codeOnly);
    expect((await auth.post(item(MEMBER_PREFERENCE_PATHS.brandPreference, 'jaz'), undefined, { token: omar })).status).toBe(200);
    expect(await database.db.select().from(memberBrandPreferences).where(eq(memberBrandPreferences.memberId, id))).toHaveLength(1);
    expect((await statusesOf(omar)).preferences).toBe('not-selected');

    expect((await auth.post(item(MEMBER_PREFERENCE_PATHS.preference, 'spa'), undefined, { token: omar })).status).toBe(200);
    expect((await statusesOf(omar)).preferences).toBe('selected');
    expect((await auth.call('DELETE', item(MEMBER_PREFERENCE_PATHS.preference, 'spa'), { token: omar })).status).toBe(200);
    expect((await statusesOf(omar)).preferences).toBe('not-selected');
    // Turned off, the choice stays a row of its own, inactive.
    const [row] = await database.db.select().from(memberPreferences).where(and(eq(memberPreferences.memberId, id), eq(memberPreferences.name, 'spa')));
    expect(row?.active).toBe(false);
  });

  it('follows the double opt-in: pending is not subscribed, the mailed link subscribes, the preference centre unsubscribes', async () => {
    const omar = await signIn(DEMO_MEMBERS.codeOnly);
    const id = await memberIdOf(DEMO_MEMBERS.codeOnly);
    expect((await auth.post(`${item(MEMBER_PREFERENCE_PATHS.newsletter, MAIN_NEWSLETTER_ID)}?locale=en`, undefined, { token: omar })).status).toBe(202);
    expect((await statusesOf(omar)).notifications).toBe('not-subscribed');

    const links = await mailedLinks(DEMO_MEMBERS.codeOnly);
    expect((await auth.post(MEMBER_PREFERENCE_PATHS.newsletterConfirm, { token: links.confirm })).status).toBe(200);
    expect((await statusesOf(omar)).notifications).toBe('subscribed');
    const [subscription] = await database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.memberId, id));
    expect(subscription?.status).toBe('active');

    const centre = `${item(MEMBER_PREFERENCE_PATHS.preferenceCenterNewsletter, MAIN_NEWSLETTER_ID)}?token=${encodeURIComponent(links.centre)}&locale=en`;
    expect((await auth.call('DELETE', centre)).status).toBe(200);
    expect((await statusesOf(omar)).notifications).toBe('not-subscribed');
    expect(await database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.memberId, id))).toEqual([]);
  });

  it('counts the registration’s consent of a member without a subscription row as subscribed, and a newer request waiting for its link as not', async () => {
    const omar = await signIn(DEMO_MEMBERS.codeOnly);
    const id = await memberIdOf(DEMO_MEMBERS.codeOnly);
    await database.db.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.memberId, id));
    await database.db.update(members).set({ newsletter: true }).where(eq(members.id, id));
    expect((await statusesOf(omar)).notifications).toBe('subscribed');
    // A pending row says more than the old flag: the member asked again and has not confirmed.
    await database.db
      .insert(newsletterSubscriptions)
      .values({ memberId: id, newsletter: MAIN_NEWSLETTER_ID, status: 'pending', locale: 'en', createdAt: new Date('2026-03-02T09:00:00Z') });
    expect((await statusesOf(omar)).notifications).toBe('not-subscribed');
  });

  it('leaves the list of messages the same for every visitor: the filters are judged where the member is known', async () => {
    const anna = await signIn(DEMO_MEMBERS.withPassword);
    const asGuest = await auth.get('/content/targeted-messages?locale=en');
    const asMember = await auth.get('/content/targeted-messages?locale=en', { token: anna });
    expect(asMember.body).toEqual(asGuest.body);
    expect(asMember.headers.get('cache-control')).toBe('public, max-age=300');
  });
});
