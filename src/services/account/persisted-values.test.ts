import { describe, expect, it } from 'vitest';
import { mayOpenLoginDialog, opensLoginDialog, isAccountPath, isLoginPagePath } from './dialog-rules';
import { identifiedMembers, identifyMember } from './identify';
import { browserSessionPersistence, isFlagSet, ONE_DAY_MS, PERSISTED_KEYS, readExpiring, readStoredProfile, setFlag, writeExpiring } from './persisted-values';
import { memoryStorage } from '../../../test/web/memory-storage';


const NOW = Date.UTC(2027, 2, 10, 9, 0, 0);

describe('persisted client values (spec section 3)', () => {
  it('keeps the token under the key token, as is', () => {
    const storage = memoryStorage();
    browserSessionPersistence(() => storage).writeToken('abc.def.ghi');
    expect(storage.getItem('token')).toBe('abc.def.ghi');
  });

  it('clears token, level, profile, guest extras, the new member and the cart, and nothing else', () => {
    const storage = memoryStorage();
    for (const key of Object.values(PERSISTED_KEYS)) storage.setItem(key, 'x');
    storage.setItem('newsletters', '[]');
    browserSessionPersistence(() => storage).clear();
    const left = Array.from({ length: storage.length }, (_, index) => storage.key(index)).sort();
    expect(left).toEqual(['identifyTracked', 'loginShown', 'newsletters']);
  });

  it("forgets a member's check-out drafts in this tab's sessionStorage and keeps a guest's", () => {
    const storage = memoryStorage();
    const tab = memoryStorage();
    const drafts = (member: boolean) => JSON.stringify({ cartId: 'cart-1', member, drafts: {}, company: { name: '', address_line: '', postal_code: '', city: '', country_code: '', vat_id: '' } });
    tab.setItem('checkoutDrafts', drafts(true));
    browserSessionPersistence(() => storage, () => tab).clear();
    expect(tab.getItem('checkoutDrafts')).toBeNull();
    // A guest's page starts without a token, which clears the session too: their drafts survive a reload.
    tab.setItem('checkoutDrafts', drafts(false));
    browserSessionPersistence(() => storage, () => tab).clear();
    expect(tab.getItem('checkoutDrafts')).toBe(drafts(false));
    tab.setItem('checkoutDrafts', '{not json');
    browserSessionPersistence(() => storage, () => tab).clear();
    expect(tab.getItem('checkoutDrafts')).toBeNull();
  });

  it('ignores and drops an expired value', () => {
    const storage = memoryStorage();
    writeExpiring('k', { a: 1 }, 1000, NOW, storage);
    expect(readExpiring('k', NOW + 999, storage)).toEqual({ a: 1 });
    expect(readExpiring('k', NOW + 1000, storage)).toBeNull();
    expect(storage.getItem('k')).toBeNull();
  });

  it('keeps a flag for one day', () => {
    const storage = memoryStorage();
    setFlag(PERSISTED_KEYS.loginShown, ONE_DAY_MS, NOW, storage);
    expect(isFlagSet(PERSISTED_KEYS.loginShown, NOW + ONE_DAY_MS - 1, storage)).toBe(true);
    expect(isFlagSet(PERSISTED_KEYS.loginShown, NOW + ONE_DAY_MS, storage)).toBe(false);
  });

  it('reads back garbage as nothing', () => {
    const storage = memoryStorage();
    storage.setItem('k', '{not json');
    expect(readExpiring('k', NOW, storage)).toBeNull();
    storage.setItem(PERSISTED_KEYS.profile, '{"Guid":1}');
    expect(readStoredProfile(storage)).toBeNull();
  });
});

describe('identify', () => {
  it('identifies a member once a day', () => {
    localStorage.clear();
    expect(identifyMember('guid-a', NOW)).toBe(true);
    expect(identifyMember('guid-a', NOW + 1000)).toBe(false);
    expect(identifyMember('guid-b', NOW + 2000)).toBe(true);
    expect(identifyMember('guid-b', NOW + ONE_DAY_MS + 2000)).toBe(true);
    expect(identifiedMembers().slice(-3)).toEqual(['guid-a', 'guid-b', 'guid-b']);
    localStorage.clear();
  });
});

describe('login dialog rules (spec section 2)', () => {
  it('opens for visitors anywhere but the login page', () => {
    expect(mayOpenLoginDialog('/en/booking/select-room-rate', false)).toBe(true);
    expect(mayOpenLoginDialog('/en/account/login', false)).toBe(false);
  });

  it('does not open once a token is accepted on booking, activated, preference-center, guest-portal, enroll or account/refresh paths', () => {
    for (const path of ['/en/booking/check-out', '/de/account/activated', '/en/preference-center', '/en/guest-portal/x', '/en/enroll', '/en/account/refresh']) {
      expect(mayOpenLoginDialog(path, true), path).toBe(false);
    }
    expect(mayOpenLoginDialog('/en/hotels/JAZB', true)).toBe(true);
  });

  it('recognises links and pages', () => {
    expect(opensLoginDialog('/en/#open-login-popup')).toBe(true);
    expect(opensLoginDialog('#open-login-popup')).toBe(true);
    expect(opensLoginDialog('/en/account/login')).toBe(false);
    expect(isLoginPagePath('/ar/account/login/')).toBe(true);
    expect(isAccountPath('/en/account/complete-registration')).toBe(true);
    expect(isAccountPath('/en/find-a-hotel')).toBe(false);
  });
});
