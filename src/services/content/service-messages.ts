import type { ServiceMessage } from '../../contract/content';
import { browserStorage, readValue, writeValue } from '../account/persisted-values';
import { pathWithoutLocale } from '../navigation/paths';
import { matchesAnyUrlTarget, splitTargetUrls } from './url-targets';

/**
 * Whether a service message shows on a page (spec section 4): its targetUrls are whitespace-separated
 * URL patterns matched against the path without its locale segment; a message without targets shows on
 * every page.
 */
export function showsOnPage(message: ServiceMessage, pathname: string): boolean {
  const targets = splitTargetUrls(message.attributes.targetUrls);
  return targets.length === 0 || matchesAnyUrlTarget(targets, pathWithoutLocale(pathname));
}

/**
 * The open state of each banner, kept per message in localStorage (spec sections 3 and 4). It is the
 * visitor's own choice about the page's layout, kept without expiry like the other necessary values.
 */
export function bannerStorageKey(messageId: number): string {
  return `serviceBanner.${messageId}`;
}

/** The kept open state, or null when none is kept (or it is unreadable): the message's default applies. */
export function readBannerOpenState(messageId: number, storage: Storage | null = browserStorage()): boolean | null {
  const raw = readValue(bannerStorageKey(messageId), storage);
  return raw === 'true' ? true : raw === 'false' ? false : null;
}

export function writeBannerOpenState(messageId: number, open: boolean, storage: Storage | null = browserStorage()): void {
  writeValue(bannerStorageKey(messageId), String(open), storage);
}
