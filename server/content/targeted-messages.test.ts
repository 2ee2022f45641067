import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { TargetedMessagesResponseSchema } from '../../src/contract/content';
import { ErrorBodySchema } from '../../src/contract/errors';
import { LOCALES } from '../../src/contract/locales';
import { useTestDatabase } from '../../test/bff/database';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { createApp } from '../app';
import { targetedMessages } from '../db/schema';
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
