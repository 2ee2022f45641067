import * as v from 'valibot';
import { browserStorage, readValue, writeValue } from './persisted-values';

/**
 * What the browser keeps about newsletters (spec section 3): the member's newsletters under the key
 * `newsletters`, entries of name and active, written whenever the member's newsletters are read or
 * changed. And, for the confirmation page only, which confirmation links this browser has followed, so a
 * link opened again says "confirmed already" rather than "not valid" (the BFF answers both alike).
 */

/** The spec's key (section 3, "Newsletter local storage"). */
export const NEWSLETTERS_KEY = 'newsletters';

/** Fingerprints of the confirmation links followed here, newest last. */
export const CONFIRMED_LINKS_KEY = 'newsletterLinksConfirmed';
/** Enough for every link a person follows within a link's life; older ones are dropped. */
const CONFIRMED_LINKS_KEPT = 20;

const StoredNewslettersSchema = v.array(v.object({ name: v.string(), active: v.boolean() }));
export type StoredNewsletter = v.InferOutput<typeof StoredNewslettersSchema>[number];

/** Keeps the member's newsletters as the spec's entry: name and active only, nothing else of the answer. */
export function writeStoredNewsletters(items: readonly StoredNewsletter[], storage: Storage | null = browserStorage()): void {
  writeValue(NEWSLETTERS_KEY, JSON.stringify(items.map(({ name, active }) => ({ name, active }))), storage);
}

/** The kept entries, or null when there are none or they are not in the spec's shape. */
export function readStoredNewsletters(storage: Storage | null = browserStorage()): StoredNewsletter[] | null {
  const raw = readValue(NEWSLETTERS_KEY, storage);
  if (raw === null) return null;
  try {
    const parsed = v.safeParse(StoredNewslettersSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/**
 * A short fingerprint of a link's token (FNV-1a, 2 × 32 bits): the token itself is never stored. It only
 * picks the words of the confirmation page, so a collision could at worst word a refusal as "confirmed
 * already"; it is no proof of anything.
 */
export function linkFingerprint(token: string): string {
  let first = 0x811c9dc5;
  let second = 0x01000193;
  for (let index = 0; index < token.length; index++) {
    const code = token.charCodeAt(index);
    first = Math.imul(first ^ code, 0x01000193) >>> 0;
    second = Math.imul(second ^ code, 0x811c9dc5) >>> 0;
  }
  return first.toString(16).padStart(8, '0') + second.toString(16).padStart(8, '0');
}

function confirmedFingerprints(storage: Storage | null): string[] {
  const raw = readValue(CONFIRMED_LINKS_KEY, storage);
  if (raw === null) return [];
  try {
    const parsed = v.safeParse(v.array(v.string()), JSON.parse(raw));
    return parsed.success ? parsed.output : [];
  } catch {
    return [];
  }
}

/** This browser followed the link and the BFF confirmed it. */
export function rememberConfirmedLink(token: string, storage: Storage | null = browserStorage()): void {
  const fingerprint = linkFingerprint(token);
  const kept = confirmedFingerprints(storage).filter((entry) => entry !== fingerprint);
  writeValue(CONFIRMED_LINKS_KEY, JSON.stringify([...kept, fingerprint].slice(-CONFIRMED_LINKS_KEPT)), storage);
}

export function wasLinkConfirmedHere(token: string, storage: Storage | null = browserStorage()): boolean {
  return confirmedFingerprints(storage).includes(linkFingerprint(token));
}
