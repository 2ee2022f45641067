import * as v from 'valibot';
import { AUTH_ENV_ENTRIES, type AuthSettings, authSettingsFrom } from './auth/settings';
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

const EnvSchema = v.object({
  PORT: v.optional(PortSchema, '3000'),
  HOST: v.optional(nonEmpty, '0.0.0.0'),
  DATABASE_URL: v.optional(urlWithProtocol(['postgres:', 'postgresql:'], 'postgres://')),
  DATA_DIR: v.optional(nonEmpty, '.data'),
  SMTP_URL: v.optional(urlWithProtocol(['smtp:', 'smtps:'], 'smtp:// or smtps://')),
  SENTRY_DSN: v.optional(urlWithProtocol(['https:', 'http:'], 'https://')),
  STATIC_DIR: v.optional(nonEmpty, 'dist'),
  SSR_ENTRY: v.optional(nonEmpty, 'dist-server/entry-server.js'),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
  ...AUTH_ENV_ENTRIES,
});

export interface Config {
  port: number;
  host: string;
  /** Set: PostgreSQL at this URL. Unset: embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Read now so a typo fails at start-up; the SMTP mailer that uses it comes later. */
  smtpUrl: string | undefined;
  sentryDsn: string | undefined;
  staticDir: string;
  /** The server build of the app that renders pages before they are sent; pages are sent unrendered without it. */
  ssrEntry: string;
  logLevel: LogLevel;
  /** Sign-in, sessions, mail and the development identity provider (server/auth/settings.ts). */
  auth: AuthSettings;
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
  return {
    port: out.PORT,
    host: out.HOST,
    databaseUrl: out.DATABASE_URL,
    dataDir: out.DATA_DIR,
    smtpUrl: out.SMTP_URL,
    sentryDsn: out.SENTRY_DSN,
    staticDir: out.STATIC_DIR,
    ssrEntry: out.SSR_ENTRY,
    logLevel: out.LOG_LEVEL,
    auth: authSettingsFrom(out),
  };
}
