import { createHash } from 'node:crypto';
import { localeOfPath } from '../src/contract/locales';

/**
 * Which page answers a browser or a shared cache (CDN, proxy) may keep, and for how long.
 *
 * Pages are rendered on the server signed out, so a public page is the same for everyone who sends the
 * same cookie (the consent attribute depends on it: `Vary: Cookie`). Only the pages listed here are
 * cached publicly, and only when they carry nothing that grants access in their address; every other page
 * is `no-store`.
 */

/** The pages that are the same for every visitor, with why they qualify. Paths are the part after `/{locale}`. */
export const PUBLIC_PAGES: readonly { page: string; path: RegExp; why: string }[] = [
  { page: 'home', path: /^\/?$/, why: 'brands, offers and the search form: content only' },
  { page: 'hotel search results', path: /^\/find-a-hotel\/?$/, why: 'hotels and prices for the search in the address; the same for everyone' },
  { page: 'hotel', path: /^\/hotels\/[^/]+\/?$/, why: 'a hotel’s content and public rates' },
  { page: 'brand', path: /^\/brands\/[^/]+\/?$/, why: 'a brand’s content and hotels' },
  {
    page: 'rooms and rates',
    path: /^\/booking\/select-room-rate\/?$/,
    why: 'rooms and public rates of the stay in the address; the cart it may carry (`cart_id`) makes it private (below)',
  },
];

/**
 * Query parameters that identify a visitor's cart, order, payment or sign-in (ids that grant access, like
 * bearer secrets). A page whose address holds one is never cached, whatever its path, so no cache keeps
 * the id beside the page.
 */
const ACCESS_PARAMETER = /cart|order|token|payment|reservation|modification|access/i;

/** `max-age` 60 s: content and prices change rarely; a visitor sees a change within a minute (revalidation in the background for ten more). */
export const PUBLIC_PAGE_CACHE = 'public, max-age=60, stale-while-revalidate=600';
/**
 * Every page not listed above: check-out (cart id in the address), confirmation (order id and the mail's
 * link token), manage and modify (an order's bookings), the account and sign-in pages (activation links,
 * sign-in callbacks with codes), and any page added later until it is listed. `no-store` rather than
 * `private, no-cache`: the address or the page may hold an id that grants access or a guest's data, which
 * must not be written to any cache, the browser's included (architecture, security checklist).
 */
export const PRIVATE_PAGE_CACHE = 'no-store';
/**
 * A public page that did not come out as itself: a not-found page, an error status, or the page sent
 * unrendered because rendering failed. Nothing personal is in it, but it is transient, so no shared cache
 * keeps it and the browser asks again each time.
 */
export const UNSETTLED_PAGE_CACHE = 'private, no-cache';

export type PageCachePolicy = 'public' | 'unsettled' | 'private';

/** The policy of a page answer, from its address, its status and whether it was rendered as planned. */
export function pageCachePolicy(url: URL, answer: { status: number; renderFailed: boolean }): PageCachePolicy {
  const locale = localeOfPath(url.pathname);
  if (!locale) return 'private';
  const path = url.pathname.slice(locale.length + 1);
  if (!PUBLIC_PAGES.some(({ path: pattern }) => pattern.test(path))) return 'private';
  if ([...url.searchParams.keys()].some((name) => ACCESS_PARAMETER.test(name))) return 'private';
  return answer.status === 200 && !answer.renderFailed ? 'public' : 'unsettled';
}

export const CACHE_CONTROL: Record<PageCachePolicy, string> = {
  public: PUBLIC_PAGE_CACHE,
  unsettled: UNSETTLED_PAGE_CACHE,
  private: PRIVATE_PAGE_CACHE,
};

/** A strong entity tag: a hash of exactly the bytes sent (after compression, so each encoding has its own). */
export function entityTag(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/**
 * Whether an `If-None-Match` header matches the entity tag (RFC 9110 13.1.2: `*` or any listed tag, compared
 * weakly, so `W/"x"` matches `"x"`).
 */
export function ifNoneMatchMatches(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = tag.replace(/^W\//, '');
  return header.split(',').some((listed) => listed.trim().replace(/^W\//, '') === opaque);
}

/** How long a rendered public page is served again without rendering: its `max-age`. */
export const RENDERED_PAGE_LIFE_MS = 60_000;
const RENDERED_PAGES_KEPT = 500;

export interface RenderCache<Page> {
  /** The page rendered for `key` within its life, or the one being rendered now, or a new render. */
  get(key: string, render: () => Promise<Page | undefined>): Promise<Page | undefined>;
}

/**
 * Rendered public pages, kept per address for as long as browsers and shared caches may keep them
 * (`max-age`): a page is rendered once a minute at most, however many visitors ask, and its bytes (so its
 * ETag) stay the same meanwhile. Renders of the same address at the same time share one. A failed render
 * (undefined) is not kept. The oldest addresses go first when more are kept than `maxEntries`.
 */
export function createRenderCache<Page>({ lifeMs = RENDERED_PAGE_LIFE_MS, maxEntries = RENDERED_PAGES_KEPT, now = Date.now } = {}): RenderCache<Page> {
  const pages = new Map<string, { at: number; page: Promise<Page | undefined> }>();
  return {
    get(key, render) {
      const kept = pages.get(key);
      if (kept && now() - kept.at < lifeMs) return kept.page;
      const entry = { at: now(), page: render() };
      pages.delete(key);
      pages.set(key, entry);
      if (pages.size > maxEntries) pages.delete(pages.keys().next().value as string);
      entry.page.then(
        (page) => {
          if (page === undefined && pages.get(key) === entry) pages.delete(key);
        },
        () => {
          if (pages.get(key) === entry) pages.delete(key);
        },
      );
      return entry.page;
    },
  };
}
