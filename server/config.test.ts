import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: '.data',
      smtpUrl: undefined,
      sentryDsn: undefined,
      staticDir: 'dist',
      ssrEntry: 'dist-server/entry-server.js',
      logLevel: 'info',
    });
  });

  it('reads every variable', () => {
    expect(
      loadConfig({
        PORT: '8080',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgres://app:secret@db:5432/hotels',
        DATA_DIR: '/var/lib/bff',
        SMTP_URL: 'smtp://mail:25',
        SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2',
        STATIC_DIR: '/srv/site',
        SSR_ENTRY: '/srv/render/entry-server.js',
        LOG_LEVEL: 'warn',
      }),
    ).toEqual({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://app:secret@db:5432/hotels',
      dataDir: '/var/lib/bff',
      smtpUrl: 'smtp://mail:25',
      sentryDsn: 'https://key@o1.ingest.sentry.io/2',
      staticDir: '/srv/site',
      ssrEntry: '/srv/render/entry-server.js',
      logLevel: 'warn',
    });
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
