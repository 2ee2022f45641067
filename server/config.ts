import * as v from 'valibot';
import { AUTH_ENV_ENTRIES, type AuthSettings, authSettingsFrom, type SiteMode } from './auth/settings';
import type { DatabaseTimeouts } from './db/database';
import { LOG_LEVELS, type LogLevel } from './logger';

/**
 * Process configuration, read once from the environment at start-up. A wrong value stops the process
 * with a message naming the variable, instead of failing later on the first request that needs it.
 */

const PortSchema = v.pipe(
  v.string(),
  v.regex(/^[0-9]{1,5}$/, 'must be a whole number'),
  v.transform(Number),
  v.maxValue(65_535, 'must be at most 65535'),
);

const urlWithProtocol = (protocols: readonly string[], hint: string) =>
  v.pipe(
    v.string(),
    v.url(`must be a URL starting with ${hint}`),
    v.check((value) => protocols.includes(new URL(value).protocol), `must start with ${hint}`),
  );

const nonEmpty = v.pipe(v.string(), v.nonEmpty('must not be empty'));

const MillisecondsSchema = v.pipe(
  v.string(),
  v.regex(/^[0-9]{1,7}$/, 'must be a whole number of milliseconds'),
  v.transform(Number),
  v.minValue(1, 'must be at least 1'),
);

const MailAddressSchema = v.pipe(v.string(), v.email());

/**
 * A sender: `no-reply@example.com` or `Hotel Group <no-reply@example.com>`. The display name may not hold
 * the characters that would make the header a list or another address (`<>",;`), nor line breaks.
 */
const MailFromSchema = v.pipe(
  v.string(),
  v.check((value) => {
    const named = /^([^<>",;\p{Cc}]+?)\s*<([^<>]+)>$/u.exec(value);
    return v.is(MailAddressSchema, named ? named[2] : value);
  }, 'must be an email address, optionally with a name: Name <address@example.com>'),
);

/** The client key of development and tests; the web app uses the same one unless built with another (vite.config.ts). */
export const DEFAULT_GROWTHBOOK_CLIENT_KEY = 'sdk-local';

export const PAYMENT_PROVIDERS = ['test', 'none'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

const EnvSchema = v.object({
  PORT: v.optional(PortSchema, '3000'),
  HOST: v.optional(nonEmpty, '0.0.0.0'),
  DATABASE_URL: v.optional(urlWithProtocol(['postgres:', 'postgresql:'], 'postgres://')),
  DATA_DIR: v.optional(nonEmpty, '.data'),
  DATABASE_CONNECT_TIMEOUT_MS: v.optional(MillisecondsSchema, '5000'),
  DATABASE_STATEMENT_TIMEOUT_MS: v.optional(MillisecondsSchema, '15000'),
  BFF_REQUEST_TIMEOUT_MS: v.optional(MillisecondsSchema, '30000'),
  SMTP_URL: v.optional(urlWithProtocol(['smtp:', 'smtps:'], 'smtp:// or smtps://')),
  MAIL_FROM: v.optional(MailFromSchema),
  SENTRY_DSN: v.optional(urlWithProtocol(['https:', 'http:'], 'https://')),
  STATIC_DIR: v.optional(nonEmpty, 'dist'),
  SSR_ENTRY: v.optional(nonEmpty, 'dist-server/entry-server.js'),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
  PAYMENT_PROVIDER: v.optional(v.picklist(PAYMENT_PROVIDERS, `must be one of ${PAYMENT_PROVIDERS.join(', ')}`), 'test'),
  FEATURES_FILE: v.optional(nonEmpty, 'server/features/flags.json'),
  GROWTHBOOK_CLIENT_KEY: v.optional(v.pipe(v.string(), v.regex(/^[\w-]{1,100}$/, 'must be letters, digits, _ or -')), DEFAULT_GROWTHBOOK_CLIENT_KEY),
  GROWTHBOOK_API_HOST: v.optional(urlWithProtocol(['https:', 'http:'], 'https://')),
  ...AUTH_ENV_ENTRIES,
});

export interface Config {
  /**
   * `demo` (default): the outbox, its mailbox page and the local Google and Apple are on; `production`
   * (SITE_MODE=production, or NODE_ENV=production set by the operator): off unless enabled one by one.
   */
  mode: SiteMode;
  port: number;
  host: string;
  /** Set: PostgreSQL at this URL. Unset: embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * PostgreSQL only: how long to wait for a connection, and for one statement (lock waits included),
   * before the request answers 503. A database that is down or hangs never holds requests for long.
   */
  databaseTimeouts: DatabaseTimeouts;
  /** The longest a BFF request may take before it answers 503, even when the database never answers. */
  requestTimeoutMs: number;
  /** Set: mail is sent through this SMTP server (server/adapters/smtp-mailer.ts). Unset: it stays in the outbox table. */
  smtpUrl: string | undefined;
  /** The From of mail sent by SMTP; default `no-reply@` the PUBLIC_URL host, else `no-reply@localhost`. */
  mailFrom: string;
  sentryDsn: string | undefined;
  staticDir: string;
  /** The server build of the app that renders pages before they are sent; pages are sent unrendered without it. */
  ssrEntry: string;
  logLevel: LogLevel;
  /**
   * Who takes payments: `test`, the bundled test provider (server/adapters/test-payments, decision 0015),
   * the only one so far; `none`, no provider (card, PayPal, iDEAL and Apple Pay answer 503; points still work).
   */
  paymentProvider: PaymentProviderName;
  /** Sign-in, sessions, mail and the development identity provider (server/auth/settings.ts). */
  auth: AuthSettings;
  /** The feature flags served to the GrowthBook SDK (server/features, decision 0018). */
  features: {
    /** The flags file, read at start and again whenever it changes. */
    file: string;
    /** The client key the flag routes answer for (`/api/features/{clientKey}`); a public value, not a secret. */
    clientKey: string;
    /** A GrowthBook server the browser build asks for flags instead of the site's own routes. */
    apiHost?: string;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and checks the configuration; throws a ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (`SENTRY_DSN=`) means "not set", as shells and .env files usually intend.
  const setVariables = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  // abortPipeEarly: one message per variable, and later checks may assume earlier ones passed.
  const result = v.safeParse(EnvSchema, setVariables, { abortPipeEarly: true });
  if (!result.success) {
    throw new ConfigError(
      result.issues.map((issue) => {
        // The value is not repeated: URLs may carry passwords, and this message ends up in logs.
        return `${v.getDotPath(issue) ?? 'environment'} ${issue.message}`;
      }),
    );
  }
  const out = result.output;
  const auth = authSettingsFrom(out);
  return {
    mode: auth.production ? 'production' : 'demo',
    port: out.PORT,
    host: out.HOST,
    databaseUrl: out.DATABASE_URL,
    dataDir: out.DATA_DIR,
    databaseTimeouts: { connectMs: out.DATABASE_CONNECT_TIMEOUT_MS, statementMs: out.DATABASE_STATEMENT_TIMEOUT_MS },
    requestTimeoutMs: out.BFF_REQUEST_TIMEOUT_MS,
    smtpUrl: out.SMTP_URL,
    mailFrom: out.MAIL_FROM ?? `no-reply@${out.PUBLIC_URL ? new URL(out.PUBLIC_URL).hostname : 'localhost'}`,
    sentryDsn: out.SENTRY_DSN,
    staticDir: out.STATIC_DIR,
    ssrEntry: out.SSR_ENTRY,
    logLevel: out.LOG_LEVEL,
    paymentProvider: out.PAYMENT_PROVIDER,
    auth,
    features: { file: out.FEATURES_FILE, clientKey: out.GROWTHBOOK_CLIENT_KEY, ...(out.GROWTHBOOK_API_HOST ? { apiHost: out.GROWTHBOOK_API_HOST } : {}) },
  };
}

/**
 * The origins other than its own that the site's pages may connect to (the content security policy's
 * connect-src): the error-reporting ingest and an external GrowthBook server, when configured.
 */
export function pageConnectSources(config: Pick<Config, 'sentryDsn' | 'features'>): string[] {
  return [config.sentryDsn, config.features.apiHost].flatMap((url) => (url ? [new URL(url).origin] : []));
}
