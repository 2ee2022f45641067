import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsBatch } from '../../contract/analytics';
import { flushAnalytics, resetAnalytics } from '../analytics/analytics';
import { storeCartId } from '../booking/persisted-cart';
import { HttpError } from '../bff/client';
import { chooseConsent } from '../consent/consent';
import { errorMessageOf, initErrorReporting, isErrorReportingActive } from './capture';
import { reportError, reportTranslationError, trackedMessage } from './report';

const beacons: string[] = [];

beforeEach(() => {
  localStorage.clear();
  resetAnalytics();
  beacons.length = 0;
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (_url: string, body: Blob) => {
      void body.text().then((text) => beacons.push(text));
      return true;
    },
  });
  window.history.replaceState(null, '', '/de/booking/check-out?cart_id=cart-42');
});

afterEach(() => {
  vi.restoreAllMocks();
  resetAnalytics();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

async function sentBatches(): Promise<AnalyticsBatch[]> {
  flushAnalytics();
  await vi.waitFor(() => expect(beacons.length).toBeGreaterThan(0));
  return beacons.map((text) => JSON.parse(text) as AnalyticsBatch);
}

describe('the error handler (spec section 8)', () => {
  it('prefixes the optional context and a colon', () => {
    expect(trackedMessage(new Error('Sign in with Google failed'), 'login')).toBe('login: Sign in with Google failed');
    expect(trackedMessage(new Error('Google Login Timeout'))).toBe('Google Login Timeout');
    expect(trackedMessage('plain text', 'page')).toBe('page: plain text');
  });

  it('words any HTTP failure as "Request failed with status code {status}"', () => {
    expect(errorMessageOf(new HttpError(503))).toBe('Request failed with status code 503');
    expect(errorMessageOf(new Response(null, { status: 404 }))).toBe('Request failed with status code 404');
    expect(errorMessageOf({ message: 'x', response: { status: 422 } })).toBe('Request failed with status code 422');
    expect(trackedMessage(new HttpError(500), 'members')).toBe('members: Request failed with status code 500');
  });

  it('logs, and sends the Error event with pathname, locale, message and cart once analytics is allowed', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reportError(new HttpError(502), 'checkout');
    expect(log).toHaveBeenCalledWith('checkout: Request failed with status code 502', expect.any(HttpError));
    chooseConsent(['analytics']);
    const [batch] = await sentBatches();
    expect(batch?.events).toEqual([
      expect.objectContaining({
        type: 'error',
        pathname: '/de/booking/check-out',
        locale: 'de',
        errorMessage: 'checkout: Request failed with status code 502',
        cartId: 'cart-42',
      }),
    ]);
  });

  it("takes a member's stored cart id first", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    chooseConsent(['analytics']);
    storeCartId('member-cart-7');
    reportError(new Error('boom'));
    const [batch] = await sentBatches();
    expect(batch?.events[0]).toMatchObject({ type: 'error', errorMessage: 'boom', cartId: 'member-cart-7' });
  });

  it('never throws, even when logging does', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {
      throw new Error('console gone');
    });
    expect(() => reportError(new Error('boom'))).not.toThrow();
  });

  it('ignores missing translations and logs other translation errors', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reportTranslationError({ kind: 'missing', id: 'abc', locale: 'de' });
    expect(log).not.toHaveBeenCalled();
    reportTranslationError({ kind: 'error', error: new Error('Catalog for de could not load') });
    expect(log).toHaveBeenCalledWith('translation: Catalog for de could not load', expect.any(Error));
  });

  it('starts no error reporting without a DSN', async () => {
    await initErrorReporting('');
    expect(isErrorReportingActive()).toBe(false);
  });
});
