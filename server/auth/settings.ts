import * as v from 'valibot';

/**
 * Settings of sign-in, sessions and mail, read from the environment with the rest of the configuration
 * (server/config.ts). Secrets are never echoed in configuration errors.
 */
export interface AuthSettings {
  /** `iss` of our session tokens. */
  issuer: string;
  /** The site's public origin for links in mails and the local identity provider; default: the server's own URL. */
  publicUrl: string | undefined;
  /** ES256 private key, PKCS#8 PEM or a JWK (JSON); unset: generated once and kept in the database. */
  signingKey: string | undefined;
  /** Key of the one-time-code HMAC (32+ characters); unset: generated once and kept in the database. */
  secret: string | undefined;
  /** Unset issuer: the local provider when it runs, else this sign-in is off. */
  google: { issuer: string | undefined; clientId: string | undefined };
  apple: { issuer: string | undefined; clientId: string | undefined };
  facebook: { appId: string | undefined; appSecret: string | undefined };
  /** GET /bff/dev/outbox answers (else 404). */
  devOutbox: boolean;
  /** The local OpenID Connect provider runs under /dev/idp/{google,apple}. */
  devIdp: boolean;
  /** Take the client address from X-Forwarded-For (behind a proxy we run), for rate limits. */
  trustProxy: boolean;
  production: boolean;
}

/**
 * `demo`: demo data with the outbox, its mailbox page and the local Google and Apple on; `production`:
 * all of them off unless switched on one by one (decision 0030).
 */
export const SITE_MODES = ['demo', 'production'] as const;
export type SiteMode = (typeof SITE_MODES)[number];

export const DEFAULT_TOKEN_ISSUER = 'urn:hotel-group:bff';
/** Client ids of the local identity provider (and the defaults when GOOGLE_ISSUER / APPLE_ISSUER are unset). */
export const LOCAL_CLIENT_IDS = { google: 'local-google-client', apple: 'local-apple-client' } as const;

const flag = v.pipe(
  v.picklist(['0', '1', 'true', 'false'], 'must be 1, 0, true or false'),
  v.transform((value) => value === '1' || value === 'true'),
);
const nonEmpty = v.pipe(v.string(), v.nonEmpty('must not be empty'));
const httpUrl = v.pipe(
  v.string(),
  v.url('must be a URL starting with https:// or http://'),
  v.check((value) => ['https:', 'http:'].includes(new URL(value).protocol), 'must start with https:// or http://'),
  v.transform((value) => value.replace(/\/+$/, '')),
);

/** The environment variables of sign-in; merged into the configuration schema. */
export const AUTH_ENV_ENTRIES = {
  NODE_ENV: v.optional(nonEmpty),
  /** `demo` (the default) or `production` (decision 0030); unset with NODE_ENV=production: production. */
  SITE_MODE: v.optional(v.picklist(SITE_MODES, `must be one of ${SITE_MODES.join(', ')}`)),
  PUBLIC_URL: v.optional(httpUrl),
  AUTH_ISSUER: v.optional(nonEmpty, DEFAULT_TOKEN_ISSUER),
  AUTH_SIGNING_KEY: v.optional(
    v.pipe(
      v.string(),
      v.check((value) => value.includes('PRIVATE KEY') || value.trim().startsWith('{'), 'must be a PKCS#8 PEM or a JWK'),
    ),
  ),
  AUTH_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must have at least 32 characters'))),
  GOOGLE_ISSUER: v.optional(httpUrl),
  GOOGLE_CLIENT_ID: v.optional(nonEmpty),
  APPLE_ISSUER: v.optional(httpUrl),
  APPLE_CLIENT_ID: v.optional(nonEmpty),
  FACEBOOK_APP_ID: v.optional(nonEmpty),
  FACEBOOK_APP_SECRET: v.optional(nonEmpty),
  ENABLE_DEV_OUTBOX: v.optional(flag),
  ENABLE_DEV_IDP: v.optional(flag),
  TRUST_PROXY: v.optional(flag),
};

type AuthEnv = v.InferOutput<v.ObjectSchema<typeof AUTH_ENV_ENTRIES, undefined>>;

export function authSettingsFrom(env: AuthEnv): AuthSettings {
  const production = (env.SITE_MODE ?? (env.NODE_ENV === 'production' ? 'production' : 'demo')) === 'production';
  return {
    issuer: env.AUTH_ISSUER,
    publicUrl: env.PUBLIC_URL,
    signingKey: env.AUTH_SIGNING_KEY,
    secret: env.AUTH_SECRET,
    google: { issuer: env.GOOGLE_ISSUER, clientId: env.GOOGLE_CLIENT_ID },
    apple: { issuer: env.APPLE_ISSUER, clientId: env.APPLE_CLIENT_ID },
    facebook: { appId: env.FACEBOOK_APP_ID, appSecret: env.FACEBOOK_APP_SECRET },
    devOutbox: env.ENABLE_DEV_OUTBOX ?? !production,
    devIdp: env.ENABLE_DEV_IDP ?? !production,
    trustProxy: env.TRUST_PROXY ?? false,
    production,
  };
}

/** Settings for tests and for an app built without configuration: everything local, development pages off. */
export function defaultAuthSettings(overrides: Partial<AuthSettings> = {}): AuthSettings {
  return {
    issuer: DEFAULT_TOKEN_ISSUER,
    publicUrl: undefined,
    signingKey: undefined,
    secret: undefined,
    google: { issuer: undefined, clientId: undefined },
    apple: { issuer: undefined, clientId: undefined },
    facebook: { appId: undefined, appSecret: undefined },
    devOutbox: false,
    devIdp: false,
    trustProxy: false,
    production: false,
    ...overrides,
  };
}
