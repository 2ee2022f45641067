import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../test/web/memory-storage';
import { CONFIRMED_LINKS_KEY, linkFingerprint, NEWSLETTERS_KEY, readStoredNewsletters, rememberConfirmedLink, wasLinkConfirmedHere, writeStoredNewsletters } from './newsletter-storage';

describe('the newsletters entry (spec section 3)', () => {
  it('keeps name and active of each newsletter under the key newsletters, nothing else', () => {
    const storage = memoryStorage();
    // A whole newsletter item as the BFF answers it: only the spec's two fields are kept.
    const item = { name: 'HW_NL-SHG_NL_B2C', active: true, label: 'H Rewards newsletter', status: 'active' };
    writeStoredNewsletters([item], storage);
    expect(JSON.parse(storage.getItem(NEWSLETTERS_KEY) ?? 'null')).toEqual([{ name: 'HW_NL-SHG_NL_B2C', active: true }]);
    expect(readStoredNewsletters(storage)).toEqual([{ name: 'HW_NL-SHG_NL_B2C', active: true }]);
  });

  it('reads an entry in another shape, or none, as none', () => {
    const storage = memoryStorage();
    expect(readStoredNewsletters(storage)).toBeNull();
    storage.setItem(NEWSLETTERS_KEY, '{not json');
    expect(readStoredNewsletters(storage)).toBeNull();
    storage.setItem(NEWSLETTERS_KEY, JSON.stringify([{ name: 1 }]));
    expect(readStoredNewsletters(storage)).toBeNull();
  });
});

describe('confirmation links followed here', () => {
  it('are remembered by a fingerprint, never the token itself', () => {
    const storage = memoryStorage();
    expect(wasLinkConfirmedHere('link-token-1', storage)).toBe(false);
    rememberConfirmedLink('link-token-1', storage);
    expect(wasLinkConfirmedHere('link-token-1', storage)).toBe(true);
    expect(wasLinkConfirmedHere('link-token-2', storage)).toBe(false);
    expect(storage.getItem(CONFIRMED_LINKS_KEY)).not.toContain('link-token-1');
    expect(linkFingerprint('link-token-1')).toMatch(/^[0-9a-f]{16}$/);
    expect(linkFingerprint('link-token-1')).not.toBe(linkFingerprint('link-token-2'));
  });

  it('keep the newest 20, each once', () => {
    const storage = memoryStorage();
    for (let index = 0; index < 25; index++) rememberConfirmedLink(`link-${index}`, storage);
    rememberConfirmedLink('link-24', storage);
    expect(JSON.parse(storage.getItem(CONFIRMED_LINKS_KEY) ?? '[]')).toHaveLength(20);
    expect(wasLinkConfirmedHere('link-4', storage)).toBe(false);
    expect(wasLinkConfirmedHere('link-5', storage)).toBe(true);
  });

  it('start again when storage holds something unreadable', () => {
    const storage = memoryStorage();
    storage.setItem(CONFIRMED_LINKS_KEY, 'oops');
    expect(wasLinkConfirmedHere('link-1', storage)).toBe(false);
    rememberConfirmedLink('link-1', storage);
    expect(wasLinkConfirmedHere('link-1', storage)).toBe(true);
  });
});
