import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../contract/locales';
import { dateTimeFormat } from './intl-cache';
import { bookingDateLocale, formattingLocale } from './site-locale';

describe('formattingLocale', () => {
  it('gives each site language its region and keeps the extensions', () => {
    expect(formattingLocale('en')).toBe('en-GB');
    expect(formattingLocale('en-u-ca-gregory-nu-latn')).toBe('en-GB-u-ca-gregory-nu-latn');
    expect(formattingLocale('de-u-nu-latn')).toBe('de-DE-u-nu-latn');
    expect(bookingDateLocale('ar')).toBe('ar-u-ca-gregory-nu-latn');
  });

  it('leaves a tag with a region, a language the site does not publish and a malformed tag alone', () => {
    expect(formattingLocale('en-US')).toBe('en-US');
    expect(formattingLocale('ja')).toBe('ja');
    expect(formattingLocale('not a tag')).toBe('not a tag');
  });
});

describe('dates and times in English', () => {
  const december = new Date(Date.UTC(2027, 11, 1, 18, 0));

  it('are written day first, with a 24-hour clock', () => {
    expect(dateTimeFormat('en', { dateStyle: 'short', timeZone: 'UTC' }).format(december)).toBe('01/12/2027');
    expect(dateTimeFormat('en-u-ca-gregory-nu-latn', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(december)).toBe('18:00');
  });

  it('start the week on Monday in every site language but Arabic', () => {
    // Intl.Locale's week info: 1 is Monday, 7 Sunday (getWeekInfo in newer engines, weekInfo in older ones).
    const firstDay = (tag: string) => {
      const locale = new Intl.Locale(tag) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
      return (locale.getWeekInfo?.() ?? locale.weekInfo)?.firstDay;
    };
    for (const locale of LOCALES.filter((code) => code !== 'ar')) expect(firstDay(bookingDateLocale(locale)), locale).toBe(1);
  });
});
