import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { ServiceMessagesResponseSchema } from '../../src/contract/content';
import { ErrorBodySchema } from '../../src/contract/errors';
import { LOCALES } from '../../src/contract/locales';
import { useTestDatabase } from '../../test/bff/database';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { createApp } from '../app';
import { serviceMessages } from '../db/schema';
import { SERVICE_MESSAGE_SEEDS } from '../db/seed/messages';

const database = useTestDatabase();
let app: ReturnType<typeof createApp>;

beforeAll(() => {
  app = createApp({ db: database.db, logger: createMemoryLogger(), version: 'test' });
});

async function serviceMessagesIn(query: string) {
  const response = await app.request(`/bff/content/service-messages${query}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('public, max-age=300');
  return v.parse(ServiceMessagesResponseSchema, await response.json()).data;
}

describe('GET /bff/content/service-messages', () => {
  it.each(LOCALES)('answers the seeded messages in %s, each text in that locale', async (locale) => {
    const messages = await serviceMessagesIn(`?locale=${locale}`);
    expect(messages.map((message) => message.attributes.header)).toEqual(SERVICE_MESSAGE_SEEDS.map((seed) => seed.header[locale]));
    expect(messages.map((message) => message.attributes.description)).toEqual(
      SERVICE_MESSAGE_SEEDS.map((seed) => seed.description[locale]),
    );
  });

  it('defaults to English and keeps targets, open default and colour as stored', async () => {
    const messages = await serviceMessagesIn('');
    expect(messages.map(({ attributes }) => [attributes.header, attributes.targetUrls, attributes.isOpenedByDefault, attributes.backgroundColor])).toEqual([
      ['Planned maintenance', '/find-a-hotel/', true, '#fff4d6'],
      ['We are here for you', '', true, '#e8f1fb'],
    ]);
    expect(new Set(messages.map((message) => message.id)).size).toBe(messages.length);
  });

  it('falls back to English for a text missing in the locale, leaves out inactive messages and keeps the editors’ order', async () => {
    await database.db.insert(serviceMessages).values([
      {
        key: 'test-english-only',
        targetUrls: 'account/.*',
        isOpenedByDefault: false,
        header: { en: 'English only' },
        description: { en: '<p>Only in English</p>' },
        backgroundColour: '#000',
        sortOrder: 0,
      },
      { key: 'test-inactive', header: { en: 'Hidden' }, description: { en: 'x' }, backgroundColour: '#fff', active: false, sortOrder: -1 },
    ]);
    const messages = await serviceMessagesIn('?locale=pl');
    expect(messages.map((message) => message.attributes.header)).toEqual(['English only', 'Planowana konserwacja', 'Jesteśmy do Twojej dyspozycji']);
    expect(messages[0]?.attributes).toMatchObject({ targetUrls: 'account/.*', isOpenedByDefault: false, backgroundColor: '#000' });
  });

  it('refuses a colour that is not a hex colour at the database', async () => {
    await expect(
      database.db
        .insert(serviceMessages)
        .values({ key: 'test-bad-colour', header: { en: 'x' }, description: { en: 'x' }, backgroundColour: 'red; background: url(x)' }),
    ).rejects.toThrow();
  });

  it('answers 400 with the issue for an unknown locale', async () => {
    const response = await app.request('/bff/content/service-messages?locale=xx');
    expect(response.status).toBe(400);
    const body = v.parse(ErrorBodySchema, await response.json());
    expect(body.error.issues?.map((issue) => issue.path)).toEqual(['locale']);
  });
});
