import { randomUUID } from 'node:crypto';
import { createMemoryLogger } from '../../../test/bff/memory-logger';
import type { AuthorizeRequest } from '../../ports/payments';
import { createTestPaymentProvider } from './index';

/** A provider with a clock the test moves and a notify that records what it got (tests of this folder only). */

export const PUBLIC_URL = 'https://hotels.example';
export const SECRET = 'test-signing-secret-0123456789';
export const START = new Date('2026-03-10T10:00:00Z');
/** A card expiry well after START. */
export const EXPIRY = { expiryMonth: 8, expiryYear: 2029 } as const;

export function setup(options: { notify?: (rawBody: string, headers: Headers) => Promise<void>; stateFile?: string } = {}) {
  let current = START;
  const clock = {
    now: () => current,
    advance(ms: number) {
      current = new Date(current.getTime() + ms);
    },
  };
  const logger = createMemoryLogger();
  const notifications: { rawBody: string; headers: Headers }[] = [];
  const provider = createTestPaymentProvider({
    publicUrl: PUBLIC_URL,
    signingSecret: SECRET,
    now: clock.now,
    logger,
    ...(options.stateFile ? { stateFile: options.stateFile } : {}),
    notify:
      options.notify ??
      (async (rawBody, headers) => {
        notifications.push({ rawBody, headers });
      }),
  });
  return { provider, port: provider.port, clock, logger, notifications };
}

export function paymentRequest(overrides: Partial<AuthorizeRequest> = {}): AuthorizeRequest {
  return {
    idempotencyKey: randomUUID(),
    method: 'card',
    amountMinor: 12_500,
    currency: 'EUR',
    reference: 'cart-1',
    returnUrl: `${PUBLIC_URL}/en/booking/check-out?step=payment`,
    locale: 'en',
    ...overrides,
  };
}
