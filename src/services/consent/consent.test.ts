import { afterEach, describe, expect, it, vi } from 'vitest';
import { isConsentChosen } from '../../contract/consent';
import { CONSENT_CATEGORIES, CONSENT_STORAGE_KEY, CONSENT_VERSION, chooseConsent, grantedCategories, hasChosen, hasConsent, onConsentChange, syncConsentCookie } from './consent';
import type { ConsentCategory } from './consent';
import { memoryStorage } from '../../../test/web/memory-storage';


const stored = (value: unknown) => memoryStorage({ [CONSENT_STORAGE_KEY]: JSON.stringify(value) });
const NOW = Date.UTC(2026, 4, 1, 10, 0, 0);

describe('consent before the visitor chooses', () => {
  it('grants only the necessary category and counts as not chosen', () => {
    const storage = memoryStorage();
    expect([...grantedCategories(storage)]).toEqual(['necessary']);
    expect(hasChosen(storage)).toBe(false);
    for (const category of CONSENT_CATEGORIES) expect(hasConsent(category, storage), category).toBe(category === 'necessary');
  });

  it('grants only the necessary category where there is no storage (the server)', () => {
    expect([...grantedCategories(null)]).toEqual(['necessary']);
    expect(hasChosen(null)).toBe(false);
    expect(hasConsent('analytics', null)).toBe(false);
  });

  it.each<[string, string]>([
    ['not JSON', '{granted'],
    ['another shape', JSON.stringify({ version: CONSENT_VERSION, granted: 'analytics' })],
    ['an unknown category', JSON.stringify({ version: CONSENT_VERSION, at: NOW, granted: ['analytics', 'mindReading'] })],
  ])('ignores a stored value that is %s', (_name, raw) => {
    const storage = memoryStorage({ [CONSENT_STORAGE_KEY]: raw });
    expect(hasChosen(storage)).toBe(false);
    expect(hasConsent('analytics', storage)).toBe(false);
  });
});

describe('the visitor’s choice', () => {
  it('grants what was chosen, always necessary, and refuses the rest', () => {
    const storage = memoryStorage();
    chooseConsent(['analytics', 'video'], NOW, storage);
    expect(hasChosen(storage)).toBe(true);
    expect([...grantedCategories(storage)].sort()).toEqual(['analytics', 'necessary', 'video']);
    expect(hasConsent('socialSignIn', storage)).toBe(false);
    expect(hasConsent('marketing', storage)).toBe(false);
  });

  it('stores version, time and the granted categories (without necessary, without repeats) under "consent"', () => {
    const storage = memoryStorage();
    chooseConsent(['necessary', 'socialSignIn', 'socialSignIn'], NOW, storage);
    expect(JSON.parse(storage.getItem('consent') ?? 'null')).toEqual({ version: CONSENT_VERSION, at: NOW, granted: ['socialSignIn'] });
  });

  it('counts refusing everything as a choice', () => {
    const storage = memoryStorage();
    chooseConsent([], NOW, storage);
    expect(hasChosen(storage)).toBe(true);
    expect([...grantedCategories(storage)]).toEqual(['necessary']);
  });

  it('accepting everything grants every category', () => {
    const storage = memoryStorage();
    chooseConsent(CONSENT_CATEGORIES, NOW, storage);
    for (const category of CONSENT_CATEGORIES) expect(hasConsent(category, storage), category).toBe(true);
  });

  it('a later choice replaces the earlier one', () => {
    const storage = memoryStorage();
    chooseConsent(['analytics', 'marketing'], NOW, storage);
    chooseConsent(['video'], NOW + 1000, storage);
    expect([...grantedCategories(storage)].sort()).toEqual(['necessary', 'video']);
  });

  it('forgets a choice given for another version of the categories (the banner asks again)', () => {
    const granted: ConsentCategory[] = ['analytics', 'abTesting'];
    for (const version of [CONSENT_VERSION - 1, CONSENT_VERSION + 1]) {
      const storage = stored({ version, at: NOW, granted });
      expect(hasChosen(storage), `version ${version}`).toBe(false);
      expect(hasConsent('analytics', storage), `version ${version}`).toBe(false);
    }
    const current = stored({ version: CONSENT_VERSION, at: NOW, granted });
    expect(hasChosen(current)).toBe(true);
    expect(hasConsent('analytics', current)).toBe(true);
  });
});

describe('listeners', () => {
  const unsubscribes: (() => void)[] = [];
  afterEach(() => {
    for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
  });

  it('hear every choice with the categories granted after it', () => {
    const storage = memoryStorage();
    const heard: string[][] = [];
    unsubscribes.push(onConsentChange((granted) => heard.push([...granted].sort())));
    chooseConsent(['marketing'], NOW, storage);
    chooseConsent([], NOW, storage);
    expect(heard).toEqual([['marketing', 'necessary'], ['necessary']]);
  });

  it('are told nothing after unsubscribing, while others still are', () => {
    const storage = memoryStorage();
    const gone = vi.fn();
    const staying = vi.fn();
    const unsubscribe = onConsentChange(gone);
    unsubscribes.push(onConsentChange(staying));
    unsubscribe();
    chooseConsent(['video'], NOW, storage);
    expect(gone).not.toHaveBeenCalled();
    expect(staying).toHaveBeenCalledTimes(1);
  });

  describe('of a choice made in another tab', () => {
    /** What the browser does in this tab when another tab of the site writes localStorage. */
    const otherTabWrites = (key: string | null, value: string | null, storageArea: Storage = localStorage) => {
      if (key !== null && value !== null) storageArea.setItem(key, value);
      if (key === null) storageArea.clear();
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea }));
    };
    const choice = (granted: ConsentCategory[]) => JSON.stringify({ version: CONSENT_VERSION, at: NOW, granted });

    afterEach(() => {
      localStorage.clear();
      sessionStorage.clear();
    });

    it('hear it with the categories granted there', () => {
      const heard: string[][] = [];
      unsubscribes.push(onConsentChange((granted) => heard.push([...granted].sort())));
      otherTabWrites(CONSENT_STORAGE_KEY, choice(['analytics']));
      otherTabWrites(null, null);
      expect(heard).toEqual([['analytics', 'necessary'], ['necessary']]);
    });

    it('ignore other keys and other storage areas', () => {
      const heard = vi.fn();
      unsubscribes.push(onConsentChange(heard));
      otherTabWrites('token', 'abc');
      otherTabWrites(CONSENT_STORAGE_KEY, choice(['analytics']), sessionStorage);
      expect(heard).not.toHaveBeenCalled();
    });

    it('stop listening to the window once nobody listens', () => {
      const remove = vi.spyOn(window, 'removeEventListener');
      const heard = vi.fn();
      const first = onConsentChange(heard);
      const second = onConsentChange(() => heard());
      first();
      expect(remove).not.toHaveBeenCalledWith('storage', expect.any(Function));
      second();
      expect(remove).toHaveBeenCalledWith('storage', expect.any(Function));
      otherTabWrites(CONSENT_STORAGE_KEY, choice(['video']));
      expect(heard).not.toHaveBeenCalled();
      remove.mockRestore();
    });
  });
});

describe('the consent cookie the server reads', () => {
  /** A cookie jar with the browser's assignment semantics, enough for one cookie. */
  const jar = (initial = '') => {
    let value = initial;
    return {
      get cookie() {
        return value;
      },
      set cookie(assignment: string) {
        const [pair = '', ...attributes] = assignment.split('; ');
        value = attributes.includes('Max-Age=0') ? '' : pair;
      },
    };
  };
  const cookieValue = (target: { cookie: string }) => target.cookie.replace(/^consent=/, '');

  it('is written with the choice: the version and the categories granted, nothing else', () => {
    const storage = memoryStorage();
    chooseConsent(['analytics', 'video'], NOW, storage);
    const target = jar();
    syncConsentCookie(storage, target);
    expect(cookieValue(target)).toBe(`${CONSENT_VERSION}.analytics.video`);
    expect(isConsentChosen(cookieValue(target))).toBe(true);
  });

  it('follows a choice kept in storage before the cookie existed, and goes when storage has none', () => {
    const target = jar();
    syncConsentCookie(stored({ version: CONSENT_VERSION, at: NOW, granted: [] }), target);
    expect(cookieValue(target)).toBe(String(CONSENT_VERSION));
    syncConsentCookie(memoryStorage(), target);
    expect(target.cookie).toBe('');
  });

  it('counts only a choice for the current categories', () => {
    expect(isConsentChosen(undefined)).toBe(false);
    expect(isConsentChosen('')).toBe(false);
    expect(isConsentChosen(`${CONSENT_VERSION - 1}.analytics`)).toBe(false);
    expect(isConsentChosen(`${CONSENT_VERSION}`)).toBe(true);
  });
});

