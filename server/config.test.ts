import { describe, expect, it } from 'vitest';
import { defaultAuthSettings } from './auth/settings';
import { ConfigError, loadConfig, pageConnectSources } from './config';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    expect(loadConfig({})).toEqual({
      mode: 'demo',
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: '.data',
      databaseTimeouts: { connectMs: 5_000, statementMs: 15_000 },
      requestTimeoutMs: 30_000,
      smtpUrl: undefined,
      mailFrom: 'no-reply@localhost',
      sentryDsn: undefined,
      staticDir: 'dist',
      ssrEntry: 'dist-server/entry-server.js',
      logLevel: 'info',
      paymentProvider: 'test',
      // Outside production the outbox page and the local identity provider are on.
      auth: defaultAuthSettings({ devOutbox: true, devIdp: true }),
      features: { file: 'server/features/flags.json', clientKey: 'sdk-local' },
    });
  });

  it('reads every variable', () => {
    expect(
      loadConfig({
        PORT: '8080',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgres://app:secret@db:5432/hotels',
        DATA_DIR: '/var/lib/bff',
        DATABASE_CONNECT_TIMEOUT_MS: '250',
        DATABASE_STATEMENT_TIMEOUT_MS: '1000',
        BFF_REQUEST_TIMEOUT_MS: '4000',
        SMTP_URL: 'smtp://mail:25',
        MAIL_FROM: 'Hotel Group <no-reply@hotels.example.com>',
        SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2',
        STATIC_DIR: '/srv/site',
        SSR_ENTRY: '/srv/render/entry-server.js',
        LOG_LEVEL: 'warn',
        PAYMENT_PROVIDER: 'none',
        FEATURES_FILE: '/etc/site/flags.json',
        GROWTHBOOK_CLIENT_KEY: 'sdk-abc123',
        GROWTHBOOK_API_HOST: 'https://flags.example.com',
        SITE_MODE: 'demo',
      }),
    ).toEqual({
      mode: 'demo',
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://app:secret@db:5432/hotels',
      dataDir: '/var/lib/bff',
      databaseTimeouts: { connectMs: 250, statementMs: 1_000 },
      requestTimeoutMs: 4_000,
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Hotel Group <no-reply@hotels.example.com>',
      sentryDsn: 'https://key@o1.ingest.sentry.io/2',
      staticDir: '/srv/site',
      ssrEntry: '/srv/render/entry-server.js',
      logLevel: 'warn',
      paymentProvider: 'none',
      auth: defaultAuthSettings({ devOutbox: true, devIdp: true }),
      features: { file: '/etc/site/flags.json', clientKey: 'sdk-abc123', apiHost: 'https://flags.example.com' },
    });
  });

  it('lets pages connect to the error-reporting ingest and an external GrowthBook server, and nothing else', () => {
    expect(pageConnectSources(loadConfig({}))).toEqual([]);
    expect(
      pageConnectSources(loadConfig({ SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2', GROWTHBOOK_API_HOST: 'https://flags.example.com:8443/api' })),
    ).toEqual(['https://o1.ingest.sentry.io', 'https://flags.example.com:8443']);
  });

  it('reads the sign-in variables; production turns the development pages off unless enabled', () => {
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://www.example.com/',
        AUTH_ISSUER: 'https://www.example.com/bff',
        AUTH_SECRET: 'x'.repeat(32),
        GOOGLE_ISSUER: 'https://accounts.google.com',
        GOOGLE_CLIENT_ID: 'google-client',
        APPLE_ISSUER: 'https://appleid.apple.com',
        APPLE_CLIENT_ID: 'apple-client',
        FACEBOOK_APP_ID: 'fb-app',
        FACEBOOK_APP_SECRET: 'fb-secret',
        TRUST_PROXY: '1',
      }).auth,
    ).toEqual({
      issuer: 'https://www.example.com/bff',
      publicUrl: 'https://www.example.com',
      signingKey: undefined,
      secret: 'x'.repeat(32),
      google: { issuer: 'https://accounts.google.com', clientId: 'google-client' },
      apple: { issuer: 'https://appleid.apple.com', clientId: 'apple-client' },
      facebook: { appId: 'fb-app', appSecret: 'fb-secret' },
      devOutbox: false,
      devIdp: false,
      trustProxy: true,
      production: true,
    });
    expect(loadConfig({ NODE_ENV: 'production', ENABLE_DEV_OUTBOX: '1', ENABLE_DEV_IDP: 'true' }).auth).toMatchObject({ devOutbox: true, devIdp: true });
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET must have at least 32 characters/);
    expect(() => loadConfig({ ENABLE_DEV_IDP: 'yes' })).toThrow(/ENABLE_DEV_IDP must be 1, 0, true or false/);
  });

  it('runs as the demo unless SITE_MODE=production, or NODE_ENV=production set by the operator, says otherwise', () => {
    expect(loadConfig({})).toMatchObject({ mode: 'demo', auth: { devOutbox: true, devIdp: true, production: false } });
    expect(loadConfig({ SITE_MODE: 'production' })).toMatchObject({ mode: 'production', auth: { devOutbox: false, devIdp: false, production: true } });
    expect(loadConfig({ NODE_ENV: 'production' }).mode).toBe('production');
    expect(loadConfig({ NODE_ENV: 'production', SITE_MODE: 'demo' })).toMatchObject({ mode: 'demo', auth: { devOutbox: true, devIdp: true } });
    expect(loadConfig({ SITE_MODE: 'production', ENABLE_DEV_OUTBOX: '1' }).auth).toMatchObject({ devOutbox: true, devIdp: false });
    expect(() => loadConfig({ SITE_MODE: 'staging' })).toThrow(/SITE_MODE must be one of demo, production/);
  });

  it('sends mail from no-reply at the public host unless MAIL_FROM says otherwise', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://www.hotels.example.com:8443/' }).mailFrom).toBe('no-reply@www.hotels.example.com');
    expect(loadConfig({ PUBLIC_URL: 'https://www.hotels.example.com', MAIL_FROM: 'bookings@hotels.example.com' }).mailFrom).toBe(
      'bookings@hotels.example.com',
    );
    expect(loadConfig({ MAIL_FROM: 'H Rewards <rewards@hotels.example.com>' }).mailFrom).toBe('H Rewards <rewards@hotels.example.com>');
  });

  it.each([
    'not an address',
    'rewards@',
    'H Rewards rewards@hotels.example.com',
    'H Rewards <rewards@hotels.example.com',
    // A comma or quote in the name would turn the header into two addresses or another one.
    'Rewards, Bookings <rewards@hotels.example.com>',
    'a@hotels.example.com, b@hotels.example.com',
    // A line break would let the value add headers of its own.
    'H Rewards\r\nBcc: x@example.com <rewards@hotels.example.com>',
  ])('rejects MAIL_FROM=%j', (value) => {
    expect(() => loadConfig({ MAIL_FROM: value })).toThrow(/^Invalid configuration:\n {2}- MAIL_FROM must be an email address/);
  });

  it('refuses an unknown payment provider', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER must be one of test, none/);
  });

  it('treats an empty variable as not set', () => {
    expect(loadConfig({ SENTRY_DSN: '', DATABASE_URL: '', PORT: '' })).toMatchObject({ sentryDsn: undefined, databaseUrl: undefined, port: 3000 });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://db/hotels'],
    ['DATABASE_URL', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['SENTRY_DSN', 'sentry'],
    ['LOG_LEVEL', 'verbose'],
    // The key is a path segment of the flag routes: no slashes, spaces or other surprises.
    ['GROWTHBOOK_CLIENT_KEY', 'sdk/../admin'],
    ['GROWTHBOOK_CLIENT_KEY', 'x'.repeat(101)],
    ['GROWTHBOOK_API_HOST', 'flags.example.com'],
    ['DATABASE_CONNECT_TIMEOUT_MS', '5s'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', '0'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  - ${name} must`));
  });

  it('does not repeat a value, which may hold a password', () => {
    const error = (() => {
      try {
        loadConfig({ DATABASE_URL: 'mysql://app:hunter2@db/hotels' });
      } catch (caught) {
        return caught as Error;
      }
      throw new Error('expected a ConfigError');
    })();
    expect(error.message).toContain('DATABASE_URL');
    expect(error.message).not.toContain('hunter2');
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'x', DATABASE_URL: 'mysql://db' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });
});
