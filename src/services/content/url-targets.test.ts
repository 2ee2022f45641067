import { describe, expect, it } from 'vitest';
import { matchesAnyUrlTarget, matchesUrlTarget, splitTargetUrls, stripSlashes } from './url-targets';

describe('matchesUrlTarget', () => {
  const cases: [pattern: string, path: string, matches: boolean, why: string][] = [
    ['/find-a-hotel', '/find-a-hotel', true, 'the same path'],
    ['find-a-hotel', '/find-a-hotel/', true, 'leading and trailing slashes of the path are stripped'],
    ['/find-a-hotel/', 'find-a-hotel', true, 'leading and trailing slashes of the pattern are stripped'],
    ['//find-a-hotel//', '/find-a-hotel', true, 'repeated slashes at either end are stripped too'],
    ['/FIND-A-Hotel', '/find-a-hotel', true, 'case-insensitive: pattern in capitals'],
    ['/find-a-hotel', '/Find-A-HOTEL', true, 'case-insensitive: path in capitals'],
    ['/find-a-hotel', '/find-a-hotel/berlin', false, 'the whole path must match, not a prefix'],
    ['/find-a-hotel', '/en/find-a-hotel-old', false, 'nor a part of it'],
    ['find-a-hotel(/.*)?', '/find-a-hotel/berlin', true, 'a pattern can cover a section'],
    ['find-a-hotel(/.*)?', '/find-a-hotel', true, 'the section pattern also covers its root'],
    ['account/.*', '/account/overview', true, 'regular expression syntax is honoured'],
    ['account/.*', '/booking/check-out', false, 'and does not match other paths'],
    ['hotels/[a-z]+', '/hotels/berlin', true, 'character classes'],
    ['hotels/[a-z]+', '/hotels/berlin-2', false, 'character classes, not matching'],
    ['booking/(select-room-rate|check-out)', '/booking/check-out', true, 'alternation'],
    ['booking/(select-room-rate|check-out', '/booking/check-out', false, 'an invalid pattern (unclosed group) never matches'],
    ['[', '/[', false, 'an invalid pattern (unclosed class) never matches, even its own text'],
    ['*', '/anything', false, 'a lone quantifier is invalid and never matches'],
    ['', '/', true, 'an empty pattern is the home page'],
    ['/', '/', true, 'so is a lone slash'],
    ['/', '/find-a-hotel', false, 'the home page pattern does not match other pages'],
    ['.*', '/any/page', true, 'a catch-all'],
  ];
  it.each(cases)('%s on %s → %s (%s)', (pattern, path, expected) => {
    expect(matchesUrlTarget(pattern, path)).toBe(expected);
  });

  it('gives the same answer when an invalid pattern is asked about again', () => {
    expect(matchesUrlTarget('(', '/(')).toBe(false);
    expect(matchesUrlTarget('(', '/(')).toBe(false);
  });
});

describe('splitTargetUrls', () => {
  it.each([
    ['', []],
    ['   ', []],
    ['/find-a-hotel', ['/find-a-hotel']],
    ['/find-a-hotel /account/.*', ['/find-a-hotel', '/account/.*']],
    [' /a\n\t/b   /c ', ['/a', '/b', '/c']],
  ] as const)('%j → %j', (input, expected) => {
    expect(splitTargetUrls(input)).toEqual(expected);
  });
});

describe('matchesAnyUrlTarget', () => {
  it.each([
    [[], '/find-a-hotel', false],
    [['/account/.*', '/find-a-hotel'], '/find-a-hotel', true],
    [['(', '/find-a-hotel'], '/find-a-hotel', true],
    [['(', '/account'], '/find-a-hotel', false],
  ] as const)('%j on %s → %s', (patterns, path, expected) => {
    expect(matchesAnyUrlTarget(patterns, path)).toBe(expected);
  });
});

describe('stripSlashes', () => {
  it.each([
    ['/a/b/', 'a/b'],
    ['a/b', 'a/b'],
    ['///', ''],
  ] as const)('%s → %s', (input, expected) => {
    expect(stripSlashes(input)).toBe(expected);
  });
});
