import * as v from 'valibot';
import { OUTBOX_PATH, OutboxResponseSchema } from '../../src/contract/auth';
import { BFF_PREFIX } from '../../src/contract/content';
import { TEST_TODAY } from '../../test/bff/database';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { createApp } from '../app';
import type { Database } from '../db/database';
import type { AuthOptions } from './core';
import { REFRESH_COOKIE } from './http';
import { defaultAuthSettings } from './settings';

/** What a test sees of an answer: status, parsed JSON body, headers. */
export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as `Authorization: Bearer ...`. */
  token?: string;
  /** Sent as the Cookie header. */
  cookie?: string;
  /** The client address (X-Forwarded-For; the test app trusts the proxy). */
  from?: string;
  headers?: Record<string, string>;
}

/**
 * The app for sign-in tests: a clock the test moves (no waiting), the outbox on, client addresses taken
 * from X-Forwarded-For, and the adapters the test passes. Helpers call routes and read the outbox.
 */
export function createAuthTestApp(
  db: Database,
  options: Omit<AuthOptions, 'settings'> & { settings?: Parameters<typeof defaultAuthSettings>[0] } = {},
) {
  let now = new Date(TEST_TODAY);
  const logger = createMemoryLogger();
  const { settings, ...adapters } = options;
  const app = createApp({
    db,
    logger,
    version: 'test',
    now: () => now,
    auth: { settings: defaultAuthSettings({ devOutbox: true, trustProxy: true, ...settings }), ...adapters },
  });

  async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'x-forwarded-for': options.from ?? '192.0.2.1', ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
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

  return {
    app,
    logger,
    call,
    post: (path: string, body: unknown, options: Omit<CallOptions, 'body'> = {}) => call('POST', path, { ...options, body }),
    get: (path: string, options: CallOptions = {}) => call('GET', path, options),
    now: () => now,
    /** Moves the clock on. */
    advance(milliseconds: number) {
      now = new Date(now.getTime() + milliseconds);
    },
    setNow(date: Date) {
      now = new Date(date);
    },
    outbox,
    /** The newest mail to this address. */
    async lastMail(to: string) {
      const [mail] = await outbox(to);
      if (!mail) throw new Error(`No mail to ${to}`);
      return mail;
    },
    /** The code of the newest sign-in code mail to this address. */
    async lastCode(to: string) {
      const mail = (await outbox(to)).find((candidate) => candidate.kind === 'otp');
      const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (!code) throw new Error(`No code mailed to ${to}`);
      return code;
    },
  };
}

export type AuthTestApp = ReturnType<typeof createAuthTestApp>;

/** The refresh token in a response's Set-Cookie, and the Cookie header that sends it back. */
export function refreshCookieOf(headers: Headers): { token: string; header: string; attributes: string } | undefined {
  const line = headers.getSetCookie().find((candidate) => candidate.startsWith(`${REFRESH_COOKIE}=`));
  if (!line) return undefined;
  const [pair = '', ...attributes] = line.split(';');
  const token = decodeURIComponent(pair.slice(REFRESH_COOKIE.length + 1));
  if (!token) return undefined;
  return { token, header: `${REFRESH_COOKIE}=${token}`, attributes: attributes.map((part) => part.trim()).join('; ') };
}
