import { setupI18n } from '@lingui/core';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../contract/locales';
import { reportTranslationError } from '../errors/report';
import { activateLocale, activateLocaleOfPath, type CatalogLoaders, i18n, isGuestFlowPath, reportMissingMessages } from './catalogs';

vi.mock('../errors/report', () => ({ reportTranslationError: vi.fn() }));

const reported = vi.mocked(reportTranslationError);

/** Loaders where only `locale` answers, with `load`; the others must not be asked. */
function loaders(locale: Locale, load: () => Promise<{ messages: Record<string, string> }>): CatalogLoaders {
  const never = () => Promise.reject(new Error('asked for another locale'));
  return { en: never, de: never, fr: never, nl: never, es: never, it: never, pl: never, ar: never, [locale]: load };
}

afterEach(() => {
  reported.mockClear();
});

describe('translation errors (spec section 8)', () => {
  it('reports a catalog that fails to load as an error and rethrows it', async () => {
    const failure = new Error('Failed to fetch dynamically imported module');
    await expect(activateLocale('pl', loaders('pl', () => Promise.reject(failure)))).rejects.toBe(failure);
    expect(reported.mock.calls).toEqual([[{ kind: 'error', error: failure }]]);
    expect(i18n.locale).not.toBe('pl');

    // Nothing was remembered as loaded: the next attempt loads again.
    await activateLocale('pl', loaders('pl', () => Promise.resolve({ messages: {} })));
    expect(i18n.locale).toBe('pl');
    expect(reported).toHaveBeenCalledTimes(1);
  });

  it("hands Lingui's missing messages to the handler as 'missing'", async () => {
    await activateLocale('nl', loaders('nl', () => Promise.resolve({ messages: {} })));
    reported.mockClear();
    i18n._('no.such.message');
    expect(reported.mock.calls).toEqual([[{ kind: 'missing', id: 'no.such.message', locale: 'nl' }]]);
  });

  it('listens on the instance it is given until unsubscribed', () => {
    const other = setupI18n({ locale: 'de', messages: { de: {} } });
    const stop = reportMissingMessages(other);
    other._('absent');
    stop();
    other._('absent.again');
    expect(reported.mock.calls).toEqual([[{ kind: 'missing', id: 'absent', locale: 'de' }]]);
  });
});

describe('the member area’s catalog', () => {
  it('is loaded beside the main catalog on the member area’s pages only', async () => {
    // Compiled catalogs are keyed by the ids the macros make of the source texts.
    const text = (message: string) => i18n._({ id: generateMessageId(message), message });
    await activateLocaleOfPath('/it/');
    expect(i18n.locale).toBe('it');
    // Not on the home page: the member area's message is not there (the source text shows).
    expect(text('Redeem your points')).toBe('Redeem your points');
    await activateLocaleOfPath('/it/account/rewards');
    expect(text('Redeem your points')).not.toBe('Redeem your points');
    // The main catalog's messages are still there.
    expect(text('Sign in')).not.toBe('Sign in');
  });
});

describe('the account settings’ catalog', () => {
  it('is loaded on the profile, preferences and favourites pages only, beside the member area’s', async () => {
    const text = (message: string) => i18n._({ id: generateMessageId(message), message });
    await activateLocaleOfPath('/de/account/rewards');
    expect(text('Sign-in and security')).toBe('Sign-in and security');
    await activateLocaleOfPath('/de/account/profile');
    expect(text('Sign-in and security')).not.toBe('Sign-in and security');
    expect(text('Redeem your points')).not.toBe('Redeem your points');
  });
});

describe('the guest flows’ catalog', () => {
  it('is loaded on the check-in, hotel checkout and enrolment pages only', async () => {
    const text = (message: string) => i18n._({ id: generateMessageId(message), message });
    await activateLocaleOfPath('/de/booking/check-out');
    expect(text('Your bill')).toBe('Your bill');
    await activateLocaleOfPath('/de/checkout/folio');
    expect(text('Your bill')).not.toBe('Your bill');
    expect(text('Sign in')).not.toBe('Sign in');
  });

  it('belongs to the paths of those pages', () => {
    expect(['/en/checkin/personal-details', '/ar/checkout/redirect', '/de/checkout/folio', '/fr/enroll', '/fr/enroll/'].map(isGuestFlowPath)).toEqual([true, true, true, true, true]);
    expect(['/en/booking/check-out', '/en/', '/en/account/profile', '/en/enrollment'].map(isGuestFlowPath)).toEqual([false, false, false, false]);
  });
});
