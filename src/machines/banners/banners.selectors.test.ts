import { describe, expect, it } from 'vitest';
import { selectBannerExpanded, selectBannerShown } from './banners.selectors';

/** A hand-made snapshot: the state value of each region and the tags in force. */
function snapshot(disclosure: 'pending' | 'expanded' | 'collapsed', overlay: 'visible' | 'hidden') {
  const tags = new Set<string>([...(disclosure === 'expanded' ? ['expanded'] : []), ...(overlay === 'hidden' ? ['hiddenByModal'] : [])]);
  return {
    matches: (value: unknown) => JSON.stringify(value) === JSON.stringify({ disclosure }) || JSON.stringify(value) === JSON.stringify({ overlay }),
    hasTag: (tag: string) => tags.has(tag),
  } as never;
}

describe('banner selectors', () => {
  it.each([
    ['pending', 'visible', false, false],
    ['pending', 'hidden', false, false],
    ['expanded', 'visible', true, true],
    ['expanded', 'hidden', false, true],
    ['collapsed', 'visible', true, false],
    ['collapsed', 'hidden', false, false],
  ] as const)('%s and %s: shown %s, expanded %s', (disclosure, overlay, shown, expanded) => {
    expect(selectBannerShown(snapshot(disclosure, overlay))).toBe(shown);
    expect(selectBannerExpanded(snapshot(disclosure, overlay))).toBe(expanded);
  });
});
