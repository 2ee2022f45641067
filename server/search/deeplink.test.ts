import { describe, expect, it } from 'vitest';
import { parseDeeplink, readDate } from './deeplink';

/** Knows Berlin (any spelling), Köln and one hotel, as the catalogue would. */
const resolve = (text: string) => {
  const key = text.toLowerCase();
  if (key === 'shdb') return 'SHDB';
  if (key === 'berlin' || key === 'berlijn') return 'Berlin';
  if (key === 'koeln' || key === 'köln' || key === 'cologne') return 'Köln';
  return null;
};
const parse = (url: string) => parseDeeplink(url, 'en', resolve);

describe('readDate', () => {
  it('reads the accepted spellings and refuses dates that do not exist', () => {
    expect(readDate('2027-03-05')).toBe('2027-03-05');
    expect(readDate('05.03.2027')).toBe('2027-03-05');
    expect(readDate('5.3.2027')).toBe('2027-03-05');
    expect(readDate('05/03/2027')).toBe('2027-03-05');
    expect(readDate('20270305')).toBe('2027-03-05');
    expect(readDate('31.02.2027')).toBeNull();
    expect(readDate('2027-13-01')).toBeNull();
    expect(readDate('tomorrow')).toBeNull();
    expect(readDate(null)).toBeNull();
  });
});

describe('parseDeeplink', () => {
  it('reads the legacy path format, with or without a locale segment and as a whole URL', () => {
    for (const url of [
      '/hotels/berlin?arrival=2027-03-05&nights=2&adults=2',
      '/de/hotels/berlin?arrival=2027-03-05&nights=2&adults=2',
      'https://www.example.com/hotels/Berlin/?arrival=05.03.2027&departure=07.03.2027&adults=2',
    ]) {
      expect(parse(url), url).toEqual({
        format: 'legacy-path',
        query: { location: 'Berlin', startDate: '2027-03-05', endDate: '2027-03-07', rooms: '1', 'room-1-adults': '2' },
        href: '/en/find-a-hotel?location=Berlin&startDate=2027-03-05&endDate=2027-03-07&rooms=1&room-1-adults=2',
        warnings: [],
      });
    }
  });

  it('reads the partner format, with or without the question mark', () => {
    const expected = { location: 'SHDB', startDate: '2027-03-05', endDate: '2027-03-07', rooms: '2', 'room-1-adults': '1', 'room-2-adults': '1' };
    expect(parse('?hotel=SHDB&checkin=05.03.2027&checkout=07.03.2027&rooms=2')).toMatchObject({ format: 'partner', query: expected });
    expect(parse('hotel=shdb&checkin=2027-03-05&checkout=2027-03-07&rooms=2').query).toEqual(expected);
    expect(parse('?city=cologne&checkin=20270305&checkout=20270306&adults=2&childAges=3,15&promo=SPRING').query).toEqual({
      location: 'Köln',
      startDate: '2027-03-05',
      endDate: '2027-03-06',
      rooms: '1',
      'room-1-adults': '2',
      'room-1-child-1': '3',
      'room-1-child-2': '15',
      promo: 'SPRING',
    });
  });

  it('gives each room its adults: one number for all rooms, or one per room', () => {
    expect(parse('/hotels/berlin?rooms=3&adults=2').query).toMatchObject({ 'room-1-adults': '2', 'room-2-adults': '2', 'room-3-adults': '2' });
    expect(parse('/hotels/berlin?rooms=3&adults=2,1').query).toMatchObject({ 'room-1-adults': '2', 'room-2-adults': '1', 'room-3-adults': '1' });
  });

  it('checks the web app’s own query and passes its other keys on', () => {
    const parsed = parse('/en/find-a-hotel?location=berlijn&startDate=2027-03-05&endDate=2027-03-07&rooms=2&room-1-adults=2&room-1-child-1=4&room-2-adults=9&sortBy=price-asc&brands=jaz&utm_source=mail');
    expect(parsed.format).toBe('web');
    expect(parsed.query).toEqual({
      location: 'Berlin',
      startDate: '2027-03-05',
      endDate: '2027-03-07',
      rooms: '2',
      'room-1-adults': '2',
      'room-1-child-1': '4',
      'room-2-adults': '1',
      sortBy: 'price-asc',
      brands: 'jaz',
    });
    expect(parsed.warnings).toEqual(['Room 2: "9" adults']);
  });

  it('leaves out what cannot be used and says so', () => {
    const tooLong = parse('/hotels/berlin?arrival=2027-03-05&nights=45');
    expect(tooLong.query).toEqual({ location: 'Berlin', startDate: '2027-03-05', rooms: '1', 'room-1-adults': '1' });
    expect(tooLong.warnings).toEqual(['A stay of "45" nights cannot be searched']);
    const backwards = parse('?hotel=SHDB&checkin=07.03.2027&checkout=05.03.2027');
    expect(backwards.query.endDate).toBeUndefined();
    expect(backwards.warnings).toEqual(['A stay from 2027-03-07 to 2027-03-05 cannot be searched']);
    const unknownPlace = parse('/hotels/new-york?rooms=12&children=3,40');
    expect(unknownPlace.query).toEqual({ location: 'new york', rooms: '1', 'room-1-adults': '1' });
    expect(unknownPlace.warnings).toHaveLength(3);
    expect(parse('/about-us')).toMatchObject({ format: 'unknown', query: {}, href: '/en/find-a-hotel', warnings: ['No search was found in the link'] });
  });
});
