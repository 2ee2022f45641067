import * as v from 'valibot';
import { CONSENT_COOKIE, CONSENT_VERSION, consentCookieValue, isConsentChosen } from '../../contract/consent';
import { browserStorage, readValue, writeValue } from '../account/persisted-values';
import { type CookieJar, deleteCookie, readCookie, writeCookie } from '../cookies/first-party';

/**
 * The visitor's consent, per category (spec section 6: tracking, A/B testing, Google, Apple and Facebook
 * sign-in, targeted messages, recent searches, video and other features depend on consent per category).
 * Every feature that needs consent asks here and nowhere else. Nothing is granted until the visitor
 * chooses, except `necessary`, which is always on. The choice is kept in this browser with the version
 * of the categories it was given for: a new category makes the banner ask again.
 */
export const CONSENT_CATEGORIES = ['necessary', 'analytics', 'abTesting', 'socialSignIn', 'targetedMessages', 'recentSearches', 'video', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

export { CONSENT_VERSION };
export const CONSENT_STORAGE_KEY = 'consent';

const ChoiceSchema = v.object({
  version: v.number(),
  /** When the visitor chose (ms since epoch). */
  at: v.number(),
  granted: v.array(v.picklist(CONSENT_CATEGORIES)),
});
export type ConsentChoice = v.InferOutput<typeof ChoiceSchema>;

type Listener = (granted: ReadonlySet<ConsentCategory>) => void;
const listeners = new Set<Listener>();

function readChoice(storage: Storage | null = browserStorage()): ConsentChoice | null {
  const raw = readValue(CONSENT_STORAGE_KEY, storage);
  if (raw === null) return null;
  try {
    const parsed = v.safeParse(ChoiceSchema, JSON.parse(raw));
    return parsed.success && parsed.output.version === CONSENT_VERSION ? parsed.output : null;
  } catch {
    return null;
  }
}

/** The categories granted now: `necessary` always; the rest only as the visitor chose. */
export function grantedCategories(storage: Storage | null = browserStorage()): ReadonlySet<ConsentCategory> {
  return new Set<ConsentCategory>(['necessary', ...(readChoice(storage)?.granted ?? [])]);
}

export function hasConsent(category: ConsentCategory, storage: Storage | null = browserStorage()): boolean {
  return grantedCategories(storage).has(category);
}

/** Whether the visitor has chosen (for the current categories): the banner shows until they have. */
export function hasChosen(storage: Storage | null = browserStorage()): boolean {
  return readChoice(storage) !== null;
}

/** Records the visitor's choice (the categories not listed are refused) and tells every listener. */
export function chooseConsent(granted: readonly ConsentCategory[], now: number = Date.now(), storage: Storage | null = browserStorage()): void {
  const choice: ConsentChoice = { version: CONSENT_VERSION, at: now, granted: [...new Set(granted)].filter((category) => category !== 'necessary') };
  writeValue(CONSENT_STORAGE_KEY, JSON.stringify(choice), storage);
  writeConsentCookie(choice.granted);
  const current = grantedCategories(storage);
  for (const listener of listeners) listener(current);
}

/**
 * The choice for the server too (src/contract/consent.ts): it paints the consent banner into the page
 * only while the cookie says nothing was chosen. Only which categories, never anything about the visitor.
 */
function writeConsentCookie(granted: readonly ConsentCategory[], target: CookieJar | undefined = globalThis.document): void {
  writeCookie(CONSENT_COOKIE, consentCookieValue(granted), target);
}

/**
 * Brings the cookie in line with the stored choice, once per page: a choice made before the cookie existed
 * (or a cookie that expired while storage kept the choice) is written again, and a cookie whose choice
 * storage no longer holds (cleared storage) is dropped, so the server asks again as the page will.
 */
export function syncConsentCookie(storage: Storage | null = browserStorage(), target: CookieJar | undefined = globalThis.document): void {
  if (!target) return;
  const choice = readChoice(storage);
  const cookie = readCookie(CONSENT_COOKIE.name, target);
  if (choice && cookie !== consentCookieValue(choice.granted)) writeConsentCookie(choice.granted, target);
  else if (!choice && isConsentChosen(cookie)) deleteCookie(CONSENT_COOKIE, target);
}

/**
 * Calls `listener` on every change of the choice, in this tab or another one of the site (the browser
 * tells other tabs with a `storage` event, which this tab never gets for its own writes); answers the
 * unsubscribe.
 */
export function onConsentChange(listener: Listener): () => void {
  listeners.add(listener);
  listenToOtherTabs();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stopListeningToOtherTabs?.();
  };
}

let stopListeningToOtherTabs: (() => void) | null = null;

/** A choice made (or storage cleared: `key` null) in another tab reaches this tab's listeners. */
function listenToOtherTabs(): void {
  if (stopListeningToOtherTabs || typeof window === 'undefined') return;
  const onStorage = (event: StorageEvent) => {
    const storage = browserStorage();
    if (storage === null || event.storageArea !== storage) return;
    if (event.key !== null && event.key !== CONSENT_STORAGE_KEY) return;
    const current = grantedCategories(storage);
    for (const listener of listeners) listener(current);
  };
  window.addEventListener('storage', onStorage);
  stopListeningToOtherTabs = () => {
    window.removeEventListener('storage', onStorage);
    stopListeningToOtherTabs = null;
  };
}

/**
 * Calls `onChange` whenever the consent may have changed: a choice in this tab (onConsentChange), or the
 * stored choice changed or cleared by another tab (the storage event). For views and actors that re-read
 * the consent rather than receive it.
 */
export function onAnyConsentChange(onChange: () => void): () => void {
  const unsubscribe = onConsentChange(() => onChange());
  const onStorage = (event: StorageEvent) => {
    // A null key: the other tab cleared its whole storage, ours included.
    if (event.key === CONSENT_STORAGE_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}
