import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_PATHS,
  LoginResponseSchema,
  MAIN_NEWSLETTER_ID,
  MEMBER_PATHS,
  NewslettersResponseSchema,
  PreferencesResponseSchema,
} from '../../src/contract/auth';
import { ErrorBodySchema } from '../../src/contract/errors';
import { useTestDatabase } from '../../test/bff/database';
import { type AuthTestApp, createAuthTestApp } from '../auth/testing';
import { memberPreferences, members } from '../db/schema';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../db/seed/members';
import { PREFERENCES } from './preferences';

/*
 * The preferences and newsletters helpers (spec section 7, helpers by locale) for the seeded members:
 * Anna has two preferences on and the main newsletter; Omar has chosen none and has not confirmed his newsletter.
 */

const database = useTestDatabase();
let t: AuthTestApp;
let anna: string;
let omar: string;

const CATALOGUE = PREFERENCES.map((preference) => preference.name);

async function signInWithPassword(email: string, from: string) {
  const login = v.parse(LoginResponseSchema, (await t.post(AUTH_PATHS.passwordLogin, { email, password: DEMO_PASSWORD }, { from })).body).data;
  if (login.result !== 'Authenticated') throw new Error(login.result);
  return login.token;
}

async function signInWithCode(email: string, from: string) {
  await t.post(AUTH_PATHS.otpCode, { email, locale: 'en' }, { from });
  const login = v.parse(LoginResponseSchema, (await t.post(AUTH_PATHS.otpLogin, { email, code: await t.lastCode(email) }, { from })).body).data;
  if (login.result !== 'Authenticated') throw new Error(login.result);
  return login.token;
}

const preferences = async (token: string, query = '') => {
  const answer = await t.get(`${MEMBER_PATHS.preferences}${query}`, { token });
  expect(answer.status).toBe(200);
  return v.parse(PreferencesResponseSchema, answer.body).data;
};

const newsletters = async (token: string, query = '') => {
  const answer = await t.get(`${MEMBER_PATHS.newsletters}${query}`, { token });
  expect(answer.status).toBe(200);
  return v.parse(NewslettersResponseSchema, answer.body).data;
};

beforeAll(async () => {
  t = createAuthTestApp(database.db);
  anna = await signInWithPassword(DEMO_MEMBERS.withPassword, '198.51.100.70');
  omar = await signInWithCode(DEMO_MEMBERS.codeOnly, '198.51.100.71');
});

describe('GET preferences (bearer)', () => {
  it('answers every preference of the catalogue, with Anna’s two active ones', async () => {
    const items = await preferences(anna);
    expect(items.map((item) => item.name)).toEqual(CATALOGUE);
    expect(items.filter((item) => item.active).map((item) => item.name)).toEqual(['spa', 'late-checkout']);
    // A preference she turned off again is as inactive as one she never chose.
    expect(items.find((item) => item.name === 'quiet-room')).toMatchObject({ active: false });
  });

  it('answers every preference inactive for Omar, who has chosen none', async () => {
    const items = await preferences(omar);
    expect(items.map((item) => item.name)).toEqual(CATALOGUE);
    expect(items.every((item) => !item.active)).toBe(true);
  });

  it('labels the preferences in the asked locale, English without one', async () => {
    expect((await preferences(anna, '?locale=de')).map((item) => [item.name, item.label])).toEqual([
      ['spa', 'Spa und Wellness'],
      ['late-checkout', 'Später Check-out'],
      ['quiet-room', 'Ruhiges Zimmer'],
      ['high-floor', 'Hohe Etage'],
      ['vegetarian-breakfast', 'Vegetarisches Frühstück'],
    ]);
    expect((await preferences(anna)).find((item) => item.name === 'spa')?.label).toBe('Spa and wellness');
    expect((await preferences(omar, '?locale=ar')).find((item) => item.name === 'spa')?.label).toBe('السبا والعافية');
  });

  it('answers only the member’s own choices', async () => {
    const [lena] = await database.db.select({ id: members.id }).from(members).where(eq(members.email, DEMO_MEMBERS.notActivated));
    if (!lena) throw new Error('no seeded member Lena');
    await database.db.insert(memberPreferences).values({ memberId: lena.id, name: 'high-floor', active: true });
    expect((await preferences(omar)).every((item) => !item.active)).toBe(true);
    expect((await preferences(anna)).find((item) => item.name === 'high-floor')?.active).toBe(false);
  });
});

describe('GET newsletters (bearer)', () => {
  it('answers the main newsletter active for Anna', async () => {
    expect(await newsletters(anna)).toEqual([{ name: MAIN_NEWSLETTER_ID, label: 'H Rewards newsletter', active: true, dailypointId: 'DPNL-1001' }]);
  });

  it('answers it inactive for Omar, labelled in his locale', async () => {
    expect(await newsletters(omar, '?locale=de')).toEqual([
      { name: MAIN_NEWSLETTER_ID, label: 'H Rewards Newsletter', active: false, dailypointId: 'DPNL-1001' },
    ]);
  });
});

describe('both helpers', () => {
  const paths = [MEMBER_PATHS.preferences, MEMBER_PATHS.newsletters];

  it('answer 401 without a token, or with one that is not valid', async () => {
    for (const path of paths) {
      const missing = await t.get(path);
      expect(missing.status).toBe(401);
      expect(v.parse(ErrorBodySchema, missing.body).error.code).toBe('unauthorized');
      expect(missing.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      expect((await t.get(path, { token: `${anna.slice(0, -4)}AAAA` })).status).toBe(401);
      expect((await t.get(path, { token: 'not-a-token' })).status).toBe(401);
    }
  });

  it('answer 400 with the issue for a locale that is not one of ours', async () => {
    for (const path of paths) {
      const answer = await t.get(`${path}?locale=xx`, { token: anna });
      expect(answer.status).toBe(400);
      const { error } = v.parse(ErrorBodySchema, answer.body);
      expect(error.code).toBe('bad_request');
      expect(error.issues?.map((issue) => issue.path)).toEqual(['locale']);
    }
  });

  it('answer 401 once the member has signed out', async () => {
    const token = await signInWithPassword(DEMO_MEMBERS.withPassword, '198.51.100.72');
    expect((await t.get(MEMBER_PATHS.preferences, { token })).status).toBe(200);
    expect((await t.post(AUTH_PATHS.logout, {}, { token })).status).toBe(200);
    for (const path of paths) expect((await t.get(path, { token })).status).toBe(401);
  });
});
