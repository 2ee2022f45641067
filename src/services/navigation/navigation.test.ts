import { describe, expect, it } from 'vitest';
import { alternateLinks } from './alternates';
import { switchLocaleHref } from './locale-switch';
import { isInHousePath, localizedPath, pathWithoutLocale, ROUTES } from './paths';

describe('route constants', () => {
  it('hold every path of the specification, and the favourite hotels page beyond it', () => {
    const paths = [
      ...Object.values(ROUTES.account),
      ROUTES.preferenceCenter,
      ROUTES.findAHotel,
      ...Object.values(ROUTES.booking),
      ROUTES.checkin.personalDetails,
      ROUTES.checkout.redirect,
    ];
    expect(paths).toEqual([
      '/account/overview',
      '/account/rewards',
      '/account/profile',
      '/account/preferences',
      '/account/status',
      '/account/bookings',
      '/account/points-history',
      '/account/booking',
      '/account/request-points',
      '/account/registration',
      '/account/complete-registration',
      '/account/login',
      '/account/activate',
      '/account/activated',
      '/account/password-updated',
      '/account/specials',
      '/account/favourites',
      '/preference-center',
      '/find-a-hotel',
      '/booking/select-room-rate',
      '/booking/check-out',
      '/booking/modify',
      '/booking/confirmation',
      '/checkin/personal-details',
      '/checkout/redirect',
    ]);
  });

  it('build localized paths', () => {
    expect(localizedPath('de', ROUTES.findAHotel)).toBe('/de/find-a-hotel');
    expect(localizedPath('ar', ROUTES.home)).toBe('/ar/');
    expect(localizedPath('en', ROUTES.hotel('SHDB'))).toBe('/en/hotels/SHDB');
    expect(localizedPath('en', ROUTES.brand('zleep-new'))).toBe('/en/brands/zleep-new');
  });

  it('strip the locale segment', () => {
    expect(pathWithoutLocale('/de/find-a-hotel')).toBe('/find-a-hotel');
    expect(pathWithoutLocale('/de')).toBe('/');
    expect(pathWithoutLocale('/de/')).toBe('/');
  });

  it('recognise the in-house paths', () => {
    expect(isInHousePath('/en/checkin/personal-details')).toBe(true);
    expect(isInHousePath('/en/checkout/redirect')).toBe(true);
    expect(isInHousePath('/en/booking/check-out')).toBe(false);
  });
});

describe('switchLocaleHref', () => {
  it('keeps the page, the query and the fragment', () => {
    expect(switchLocaleHref({ pathname: '/en/find-a-hotel', search: '?location=Berlin&rooms=2', hash: '#results' }, 'ar')).toBe(
      '/ar/find-a-hotel?location=Berlin&rooms=2#results',
    );
  });
  it('switches the home page', () => {
    expect(switchLocaleHref({ pathname: '/de/', search: '', hash: '' }, 'fr')).toBe('/fr/');
  });
});

describe('alternateLinks', () => {
  it('lists every locale plus x-default, and the canonical URL of the current locale', () => {
    const { alternates, canonical } = alternateLinks('https://example.test', '/de/brands/jaz', 'de');
    expect(alternates.map((link) => link.hrefLang)).toEqual(['en', 'de', 'fr', 'nl', 'es', 'it', 'pl', 'ar', 'x-default']);
    expect(alternates.find((link) => link.hrefLang === 'ar')?.href).toBe('https://example.test/ar/brands/jaz');
    expect(alternates.find((link) => link.hrefLang === 'x-default')?.href).toBe('https://example.test/en/brands/jaz');
    expect(canonical).toBe('https://example.test/de/brands/jaz');
  });
});
