import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { OUTBOX_PATH, OutboxResponseSchema } from '../../src/contract/auth';
import { BFF_PREFIX } from '../../src/contract/content';
import { CORPORATE_PATHS, ENROLMENT_CODE_HEADER, SCIM_SCHEMAS } from '../../src/contract/corporate';
import type { FeatureFlag } from '../../src/contract/features';
import { TEST_TODAY } from '../../test/bff/database';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { createApp } from '../app';
import { createAuth } from '../auth/core';
import { defaultAuthSettings } from '../auth/settings';
import type { Database } from '../db/database';
import { members } from '../db/schema';
import { defaultServerFlags } from '../features/server-flags';

/** What a test sees of an answer: status, parsed JSON body (SCIM's media type included), headers. */
export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

/** A SCIM User to enrol the work email with. */
export function scimUser(email: string, overrides: Record<string, unknown> = {}) {
  return {
    schemas: [SCIM_SCHEMAS.user, SCIM_SCHEMAS.enterpriseUser],
    userName: email,
    name: { givenName: 'Casey', familyName: 'Corporate' },
    emails: [{ value: email, type: 'work', primary: true }],
    active: true,
    [SCIM_SCHEMAS.enterpriseUser]: { organization: 'Northwind Traders' },
    ...overrides,
  };
}

/**
 * The app for corporate self-enrolment tests: a clock the test moves, flags the test switches (the
 * `lock-invites` flag above all), the outbox on, client addresses from X-Forwarded-For.
 */
export function createCorporateTestApp(db: Database) {
  let now = new Date(TEST_TODAY);
  const flags = new Map<FeatureFlag, boolean>();
  const logger = createMemoryLogger();
  const app = createApp({
    db,
    logger,
    version: 'test',
    now: () => now,
    auth: { settings: defaultAuthSettings({ devOutbox: true, trustProxy: true }) },
    flags: (flag) => flags.get(flag) ?? defaultServerFlags(flag),
  });
  const auth = createAuth({ db, logger, now: () => now });

  async function call(method: string, path: string, options: { body?: unknown; token?: string; from?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'x-forwarded-for': options.from ?? '192.0.2.50', ...options.headers };
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await app.request(`${BFF_PREFIX}${path}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: response.headers };
  }

  async function outbox(to: string) {
    const answer = await call('GET', `${OUTBOX_PATH}?to=${encodeURIComponent(to)}`);
    if (answer.status !== 200) throw new Error(`The outbox answered ${answer.status}`);
    return v.parse(OutboxResponseSchema, answer.body).data;
  }

  const t = {
    app,
    logger,
    call,
    now: () => now,
    advance(milliseconds: number) {
      now = new Date(now.getTime() + milliseconds);
    },
    setFlag(flag: FeatureFlag, on: boolean) {
      flags.set(flag, on);
    },
    outbox,
    /** The code of the newest enrolment code mail to this address. */
    async lastCode(to: string): Promise<string> {
      const mail = (await outbox(to)).find((candidate) => candidate.kind === 'corporate-otp');
      const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (!code) throw new Error(`No enrolment code mailed to ${to}`);
      return code;
    },
    /** The token of the newest invite link mailed to this address. */
    async lastInviteToken(to: string): Promise<string> {
      const mail = (await outbox(to)).find((candidate) => candidate.kind === 'corporate-invite');
      const token = mail && /[?&]invite=([\w-]+)/.exec(mail.text)?.[1];
      if (!token) throw new Error(`No invite mailed to ${to}`);
      return token;
    },
    requestCode: (email: string, from = '192.0.2.50', locale = 'en') => call('POST', CORPORATE_PATHS.otp, { body: { email, locale }, from }),
    /** POST scim/user with the code in its header. */
    enrol: (body: unknown, code: string | undefined, token?: string, from?: string) =>
      call('POST', CORPORATE_PATHS.scimUser, {
        body,
        ...(token ? { token } : {}),
        ...(from ? { from } : {}),
        headers: { 'content-type': 'application/scim+json', ...(code === undefined ? {} : { [ENROLMENT_CODE_HEADER]: code }) },
      }),
    /** Mails a code to the work email and enrols with it. */
    async enrolWithCode(email: string, token?: string, from?: string): Promise<Answer> {
      await t.requestCode(email, from);
      return t.enrol(scimUser(email), await t.lastCode(email), token, from);
    },
    /** A session token of the member with this email (an active member is created when there is none). */
    async tokenOf(email: string): Promise<string> {
      let [member] = await db.select().from(members).where(eq(members.email, email));
      if (!member) {
        [member] = await db
          .insert(members)
          .values({ guid: crypto.randomUUID(), email, firstName: 'Test', lastName: 'Member', locale: 'en', status: 'active', activatedAt: now, createdAt: now })
          .returning();
      }
      if (!member) throw new Error(`No member ${email}`);
      const { session } = await auth.sessions.create(member.id);
      return auth.tokens.accessToken({ memberGuid: member.guid, sessionId: session.sessionId, email: member.email });
    },
  };
  return t;
}

export type CorporateTestApp = ReturnType<typeof createCorporateTestApp>;
