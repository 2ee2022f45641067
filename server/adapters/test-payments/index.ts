import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from '../../logger';
import type { PaymentsPort, ProviderPayment } from '../../ports/payments';
import { createProviderCore, type PaymentStore, PSP_PATH, type StoredPayments } from './provider';
import { createProviderRoutes } from './routes';
import { createCardVault, DEFAULT_TOKEN_LIFETIME_MS } from './vault';

/**
 * The bundled test payment provider: a stand-in for a real payment service provider, for development,
 * tests and demos. It implements the payments port and serves its own pages (hosted card form, CVV field,
 * 3-D Secure challenge, PayPal / iDEAL / Apple Pay approval) under /psp on our origin. Cards are in memory;
 * payments too unless `stateFile` keeps them. See docs/decisions/0015 and 0023.
 */

export { PSP_PATH, PSP_PATHS } from './provider';
export { SIGNATURE_HEADER, signatureHeader } from './signature';
export { TEST_CARDS } from './cards';

export interface TestPaymentProviderOptions {
  /**
   * The site's public URL (its origin is the provider's, the only parent its hosted form talks to, and the
   * only place return URLs may point to). A function when the URL is known only once the server listens.
   */
  publicUrl: string | (() => string);
  /** Delivers a signed notification to the merchant (the BFF's notification route). */
  notify: (rawBody: string, headers: Headers) => Promise<void>;
  signingSecret: string;
  now?: () => Date;
  logger: Logger;
  /** How long a token from the hosted form stays valid while the merchant has not used it. Default one hour. */
  tokenLifetimeMs?: number;
  /**
   * A JSON file where payments and the answers of authorisations are kept across restarts (never card
   * data: stored cards are still forgotten). Unset: all in memory.
   */
  stateFile?: string;
}

/** Payments kept in a JSON file, written whole (to a temporary file, then renamed) on every change. */
function fileStore(path: string): PaymentStore {
  return {
    load() {
      if (!existsSync(path)) return undefined;
      return JSON.parse(readFileSync(path, 'utf8')) as StoredPayments;
    },
    save(state) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(`${path}.tmp`, JSON.stringify(state));
      renameSync(`${path}.tmp`, path);
    },
  };
}

export interface TestPaymentProvider {
  port: PaymentsPort;
  /** The provider's pages and browser API; every path starts with /psp. */
  app: ReturnType<typeof createProviderRoutes>;
  /** Whether a request path belongs to the provider (mount it outside /bff, before the site). */
  matches(pathname: string): boolean;
  /** Every payment the provider holds for a reference (our cart id): tests count authorisations with it. */
  paymentsFor(reference: string): ProviderPayment[];
}

export function createTestPaymentProvider(options: TestPaymentProviderOptions): TestPaymentProvider {
  if (options.signingSecret.length < 16) throw new Error('The test payment provider needs a signing secret of at least 16 characters');
  const now = options.now ?? (() => new Date());
  const publicUrl = options.publicUrl;
  const origin = () => new URL(typeof publicUrl === 'function' ? publicUrl() : publicUrl).origin;
  const vault = createCardVault(now, options.tokenLifetimeMs ?? DEFAULT_TOKEN_LIFETIME_MS);
  const store = options.stateFile ? fileStore(options.stateFile) : undefined;
  const core = createProviderCore({ origin, vault, notify: options.notify, signingSecret: options.signingSecret, now, logger: options.logger, store });
  const app = createProviderRoutes({ core, vault, now, logger: options.logger });
  return {
    port: core.port,
    app,
    matches: (pathname) => pathname === PSP_PATH || pathname.startsWith(`${PSP_PATH}/`),
    paymentsFor: core.paymentsFor,
  };
}
