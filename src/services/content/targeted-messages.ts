import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { CONTENT_PATHS, TargetedMessagesResponseSchema } from '../../contract/content';
import { isLocale } from '../../contract/locales';
import type { Locale } from '../../contract/locales';
import { browserStorage, readValue, removeValue, writeValue } from '../account/persisted-values';
import { getJson } from '../bff/client';
import { localizedPath } from '../navigation/paths';
import { CONTENT_STALE_MS } from './queries';

/** Every active targeted message in the locale; which one shows where is decided in the browser. */
export const targetedMessagesQuery = (locale: Locale) =>
  queryOptions({
    queryKey: ['content', 'targeted-messages', locale],
    queryFn: async ({ signal }) => (await getJson(CONTENT_PATHS.targetedMessages, TargetedMessagesResponseSchema, { locale }, { signal })).data,
    staleTime: CONTENT_STALE_MS,
  });

/**
 * The ids of the targeted messages the visitor closed (spec section 3, persisted client values), kept
 * without expiry. They are written only with consent to targeted messages (spec section 4); without it a
 * closed message stays closed for this page visit only.
 */
export const SEEN_MESSAGES_KEY = 'targetedMessagesSeen';

/** More than any content team keeps active; older ids drop off first. */
const MAX_SEEN_IDS = 200;

const SeenIdsSchema = v.array(v.pipe(v.number(), v.integer()));

/** The kept ids, or none when nothing (or something unreadable) is kept. */
export function readSeenIds(storage: Storage | null = browserStorage()): number[] {
  const raw = readValue(SEEN_MESSAGES_KEY, storage);
  if (raw === null) return [];
  try {
    const parsed = v.safeParse(SeenIdsSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : [];
  } catch {
    return [];
  }
}

export function writeSeenIds(ids: readonly number[], storage: Storage | null = browserStorage()): void {
  writeValue(SEEN_MESSAGES_KEY, JSON.stringify([...new Set(ids)].slice(-MAX_SEEN_IDS)), storage);
}

/** Consent withdrawn: the kept ids go. */
export function forgetSeenIds(storage: Storage | null = browserStorage()): void {
  removeValue(SEEN_MESSAGES_KEY, storage);
}

/**
 * Where a message's call to action leads: a page of the site (written with or without its locale, put
 * in the visitor's language when without), or an https address elsewhere. Anything else (another
 * scheme, a protocol-relative address, nothing) gives no link.
 */
export function callToActionHref(locale: Locale, link: string | null): { href: string; internal: boolean } | null {
  const value = link?.trim() ?? '';
  if (value.startsWith('/') && !value.startsWith('//')) {
    const [first] = value.split(/[/?#]/).filter((segment) => segment !== '');
    return { href: isLocale(first) ? value : localizedPath(locale, value), internal: true };
  }
  if (/^https:\/\/[^/]/i.test(value)) return { href: value, internal: false };
  return null;
}
