import { describe, expect, it } from 'vitest';
import type { ServiceMessage } from '../../contract/content';
import { bannerStorageKey, readBannerOpenState, showsOnPage, writeBannerOpenState } from './service-messages';

function message(targetUrls: string): ServiceMessage {
  return { id: 7, attributes: { targetUrls, isOpenedByDefault: true, header: 'h', description: 'd', backgroundColor: '#fff' } };
}

describe('showsOnPage', () => {
  const cases: [targetUrls: string, pathname: string, shows: boolean][] = [
    ['', '/en/', true],
    ['', '/de/account/overview', true],
    ['   ', '/en/find-a-hotel', true],
    ['/find-a-hotel', '/en/find-a-hotel', true],
    ['/find-a-hotel', '/ar/find-a-hotel/', true],
    ['/find-a-hotel', '/en/', false],
    ['/find-a-hotel', '/en/find-a-hotel/berlin', false],
    ['/account/.* /find-a-hotel', '/fr/account/bookings', true],
    ['/account/.* /find-a-hotel', '/fr/booking/check-out', false],
    ['/FIND-A-HOTEL', '/nl/find-a-hotel', true],
    ['(unclosed', '/en/(unclosed', false],
    ['(unclosed /', '/en/', true],
  ];
  it.each(cases)('targets %j on %s → %s', (targetUrls, pathname, expected) => {
    expect(showsOnPage(message(targetUrls), pathname)).toBe(expected);
  });
});

describe('banner open state in storage', () => {
  it('is null until the visitor chose, then what they chose, per message', () => {
    const storage = window.localStorage;
    storage.clear();
    expect(readBannerOpenState(1, storage)).toBeNull();
    writeBannerOpenState(1, false, storage);
    expect(readBannerOpenState(1, storage)).toBe(false);
    expect(readBannerOpenState(2, storage)).toBeNull();
    writeBannerOpenState(1, true, storage);
    expect(readBannerOpenState(1, storage)).toBe(true);
  });

  it('ignores a value it did not write, and blocked storage', () => {
    window.localStorage.setItem(bannerStorageKey(3), 'maybe');
    expect(readBannerOpenState(3, window.localStorage)).toBeNull();
    expect(readBannerOpenState(3, null)).toBeNull();
    expect(() => writeBannerOpenState(3, true, null)).not.toThrow();
  });
});
