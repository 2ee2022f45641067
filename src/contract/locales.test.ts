import { describe, expect, it } from 'vitest';
import { isLocale, localeOfPath, negotiateLocale, parseAcceptLanguage, pickLocalized, textDirection } from './locales';

describe('negotiateLocale', () => {
  it('prefers the remembered cookie locale', () => {
    expect(negotiateLocale('ar', ['de-DE', 'en'])).toBe('ar');
  });
  it('ignores a cookie that is not one of our locales', () => {
    expect(negotiateLocale('xx', ['nl-BE'])).toBe('nl');
  });
  it('takes the first browser language we publish, matching by primary subtag', () => {
    expect(negotiateLocale(null, ['ja', 'de-CH', 'fr'])).toBe('de');
  });
  it('falls back to en', () => {
    expect(negotiateLocale(undefined, ['ja', 'zh-CN'])).toBe('en');
    expect(negotiateLocale(undefined, [])).toBe('en');
  });
});

describe('parseAcceptLanguage', () => {
  it('orders tags by weight, keeping header order for equal weights', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de-DE, ar;q=0.9, en;q=0.5')).toEqual(['de-DE', 'ar', 'fr', 'en']);
  });
  it('drops wildcards, zero weights and empty input', () => {
    expect(parseAcceptLanguage('*, pl;q=0, it')).toEqual(['it']);
    expect(parseAcceptLanguage('')).toEqual([]);
    expect(parseAcceptLanguage(null)).toEqual([]);
  });
});

describe('locale helpers', () => {
  it('knows which locales are ours', () => {
    expect(isLocale('pl')).toBe(true);
    expect(isLocale('PL')).toBe(false);
    expect(isLocale(3)).toBe(false);
  });
  it('writes only ar right to left', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('de')).toBe('ltr');
  });
  it('reads the locale segment of a path', () => {
    expect(localeOfPath('/es/find-a-hotel')).toBe('es');
    expect(localeOfPath('/')).toBeNull();
    expect(localeOfPath('/xx/')).toBeNull();
  });
  it('picks a localised text with en as fallback', () => {
    expect(pickLocalized({ en: 'Hello', de: 'Hallo' }, 'de')).toBe('Hallo');
    expect(pickLocalized({ en: 'Hello' }, 'ar')).toBe('Hello');
  });
});
