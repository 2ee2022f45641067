import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { BFF_PREFIX } from '../src/contract/content';
import { MAILBOX_PATH } from '../src/contract/auth';
import { ECOMMERCE_PATHS } from '../src/contract/ecommerce';
import { createOutboxMailer } from './adapters/outbox-mailer';
import { createSmtpMailer, withCopy } from './adapters/smtp-mailer';
import { createTestPaymentProvider } from './adapters/test-payments';
import { createApp } from './app';
import { type Config, loadConfig, pageConnectSources } from './config';
import { type DatabaseHandle, migrate, openDatabase } from './db/database';
import { ensureInventoryWindow, seedIfEmpty } from './db/seed';
import { devIdentityProviderMount } from './dev/identity-provider';
import { createErrorReporter } from './error-reporting';
import { featuresMount } from './features/mount';
import { serverFlags } from './features/server-flags';
import { createJsonLogger, type Logger } from './logger';
import { createMaintenanceJobs, schedulePurge } from './maintenance/purge';
import { LOOPBACK_HOSTNAMES } from './middleware/security-headers';
import { loadPageRenderer } from './page-renderer';
import type { MailPort } from './ports/mail';
import { createSiteApp } from './static';

export interface StartOptions {
  /** Defaults to loadConfig() from the environment. */
  config?: Config;
  /** Overrides config.port; 0 picks a free port. */
  port?: number;
  /** false: only the BFF (the development server puts Vite in front of it). Default true. */
  serveStatic?: boolean;
  logger?: Logger;
  now?: () => Date;
}

export interface RunningServer {
  url: string;
  port: number;
  /** Milliseconds from the call to listening, database preparation included. */
  startupMs: number;
  close(): Promise<void>;
}

/** A long-running process moves its inventory window along with the calendar. */
const INVENTORY_TOP_UP_INTERVAL_MS = 60 * 60 * 1000;
/** How long an idle kept-alive connection stays open: longer than clients and proxies keep theirs. */
const KEEP_ALIVE_MS = 65_000;

/**
 * Opens and prepares the database (migrations, seed when empty, inventory window), then serves the BFF
 * under /bff and, unless disabled, the built site everywhere else.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const started = performance.now();
  const config = options.config ?? loadConfig();
  const logger = options.logger ?? createJsonLogger({ minLevel: config.logLevel });
  const now = options.now ?? (() => new Date());
  const version = process.env.APP_VERSION ?? packageVersion();
  const errorReporter = await createErrorReporter(config.sentryDsn, version);
  // The GrowthBook-compatible flag routes, on the site's origin where the SDK looks; a bad flags file stops the start here.
  const features = featuresMount({ file: config.features.file, clientKeys: [config.features.clientKey], logger });

  let database: DatabaseHandle;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeouts: config.databaseTimeouts });
  } catch (error) {
    // The data folder in use or damaged, or PostgreSQL unreachable: stop watching the flags file too.
    features.close();
    throw error;
  }
  let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
  try {
    prepared = await prepareDatabase(database, now());
  } catch (error) {
    features.close();
    await database.close();
    throw error;
  }

  // The local Google and Apple stand-ins (development and tests): their issuer URLs need the server's URL.
  const devIdp = config.auth.devIdp ? devIdentityProviderMount() : undefined;
  const listening: { url?: string } = {};
  // The site's origin for links and the card form: PUBLIC_URL, else (the demo) the loopback name the
  // browser used for this request, else the server's own URL.
  const requestOrigin = new AsyncLocalStorage<string>();
  const siteOrigin = () => config.auth.publicUrl ?? requestOrigin.getStore() ?? listening.url;
  const auth = {
    settings: config.auth,
    mail: mailer(config, { db: database.db, logger, now }),
    localIssuer: (name: 'google' | 'apple') => devIdp?.issuer(name),
    origin: siteOrigin,
  };
  // The bundled test payment provider serves its pages under /psp on this server and tells the BFF of
  // payment outcomes with signed notifications, delivered in-process (the BFF exists once it is made).
  const notifyBff: { request?: (path: string, init: RequestInit) => Response | Promise<Response> } = {};
  const psp =
    config.paymentProvider === 'test'
      ? createTestPaymentProvider({
          publicUrl: () => siteOrigin() ?? 'http://localhost',
          signingSecret: randomBytes(32).toString('hex'),
          // Kept across restarts, so a payment authorised just before the process stopped is finished after it.
          stateFile: join(config.dataDir, 'test-payments.json'),
          logger,
          now,
          notify: async (rawBody, headers) => {
            const answer = await notifyBff.request?.(`${BFF_PREFIX}${ECOMMERCE_PATHS.paymentNotifications}`, { method: 'POST', body: rawBody, headers });
            if (!answer?.ok) throw new Error(`The payment notification was refused (${answer?.status ?? 'no BFF'})`);
          },
        })
      : undefined;
  // Jobs the app adds (the recovery of interrupted payments) run with the purge, at start and every minute.
  const maintenance = createMaintenanceJobs();
  const bff = createApp({
    maintenance,
    requestDeadlineMs: config.requestTimeoutMs,
    db: database.db,
    logger,
    version,
    now,
    errorReporter,
    auth,
    flags: serverFlags(features.store),
    ...(psp ? { payments: psp.port } : {}),
  });
  notifyBff.request = (path, init) => bff.request(path, init);
  // Pages rendered on the server ask the BFF for their data in-process, not over the network.
  const bffInProcess: typeof fetch = async (input, init) => bff.request(input instanceof Request ? input : String(input), init);
  const site =
    options.serveStatic === false
      ? undefined
      : createSiteApp({
          staticDir: config.staticDir,
          logger,
          connectSources: pageConnectSources(config),
          renderer: await loadPageRenderer(config.ssrEntry, bffInProcess, logger),
        });

  const route = (request: Request, env: Parameters<typeof bff.fetch>[1]) => {
    const { pathname } = new URL(request.url);
    if (devIdp?.matches(pathname)) return devIdp.fetch(env);
    if (psp?.matches(pathname)) return psp.app.fetch(request, env);
    if (features.matches(pathname)) return features.app.fetch(request, env);
    return site && !isBffPath(pathname) ? site.fetch(request, env) : bff.fetch(request, env);
  };
  const server = serve({
    fetch: (request, env) => {
      const loopback = demoLoopbackOrigin(config, request.url);
      return loopback ? requestOrigin.run(loopback, () => route(request, env)) : route(request, env);
    },
    port: options.port ?? config.port,
    hostname: config.host,
  });
  // An idle kept-alive connection is closed by the client first, never by the server just as the client
  // sends its next request on it (which the client sees as a reset connection). Clients and proxies keep
  // idle connections for up to a minute; Node's default of 5 s races with them.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  }
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
  } catch (error) {
    // Port taken or not allowed: leave nothing open behind the error.
    await database.close();
    throw error;
  }

  const topUp = setInterval(() => {
    ensureInventoryWindow(database.db, now()).catch((error: unknown) => logger.log('error', 'inventory top-up failed', { error }));
  }, INVENTORY_TOP_UP_INTERVAL_MS);
  topUp.unref();
  const purge = schedulePurge({ db: database.db, logger, now, jobs: maintenance });

  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;
  listening.url = url;
  try {
    await devIdp?.start(config.auth.publicUrl ?? url);
  } catch (error) {
    clearInterval(topUp);
    await purge.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
    throw error;
  }
  if (config.auth.devIdp && config.auth.production) logger.log('warn', 'the local identity provider is on (ENABLE_DEV_IDP): anyone can sign in as anyone');
  if (psp && config.auth.production) logger.log('warn', 'payments go to the bundled test provider (PAYMENT_PROVIDER=test): no money moves');
  const startupMs = Math.round(performance.now() - started);
  logger.log('info', `${config.mode} mode`, {
    mode: config.mode,
    mailbox: config.auth.devOutbox ? `${url}${BFF_PREFIX}${MAILBOX_PATH}` : null,
    localSignIn: config.auth.devIdp,
    ...(config.mode === 'demo' ? { productionSwitch: 'SITE_MODE=production' } : {}),
  });
  logger.log('info', 'listening', { url, startupMs, database: database.kind, ...prepared, serveStatic: Boolean(site), mail: config.smtpUrl ? 'smtp' : 'outbox', version });

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    startupMs,
    close() {
      closing ??= (async () => {
        clearInterval(topUp);
        features.close();
        await purge.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive connections would hold close() open until they time out.
          if ('closeAllConnections' in server) server.closeAllConnections();
        });
        await database.close();
        await errorReporter?.flush();
        logger.log('info', 'stopped', { url });
      })();
      return closing;
    },
  };
}

/**
 * SMTP_URL set: mail goes out by SMTP, plus a copy in the outbox table while the development outbox is
 * on (its page and the browser tests read codes from the table). Unset: undefined, and the app keeps
 * mail in the outbox table only.
 */
function mailer(config: Config, deps: Parameters<typeof createOutboxMailer>[0]): MailPort | undefined {
  if (!config.smtpUrl) return undefined;
  const smtp = createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom, logger: deps.logger });
  return config.auth.devOutbox ? withCopy(smtp, createOutboxMailer(deps)) : smtp;
}

async function prepareDatabase(database: DatabaseHandle, today: Date) {
  const timings: Record<string, number> = {};
  const timed = async <T>(name: string, step: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await step();
    timings[name] = Math.round(performance.now() - started);
    return result;
  };
  await timed('migrateMs', () => migrate(database.db));
  const seeded = await timed('seedMs', () => seedIfEmpty(database.db, today));
  const inventoryNightsAdded = await timed('inventoryMs', () => ensureInventoryWindow(database.db, today));
  return { seeded, inventoryNightsAdded, ...timings };
}

/**
 * In the demo without PUBLIC_URL, a request to a loopback name (localhost, 127.0.0.1, [::1]) is served as
 * that origin: the card form and its checks, and links in mails, follow the name the browser used, so the
 * demo works on any of them. The Host header is the client's, hence loopback names only, and only in the demo.
 */
export function demoLoopbackOrigin(config: Pick<Config, 'mode' | 'auth'>, requestUrl: string): string | undefined {
  if (config.mode !== 'demo' || config.auth.publicUrl) return undefined;
  const url = URL.parse(requestUrl);
  return url && LOOPBACK_HOSTNAMES.includes(url.hostname) ? url.origin : undefined;
}

function isBffPath(pathname: string): boolean {
  return pathname === BFF_PREFIX || pathname.startsWith(`${BFF_PREFIX}/`);
}

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}
