import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, consentCookieValue } from '../src/contract/consent';
import { createMemoryLogger } from '../test/bff/memory-logger';
import { ifNoneMatchMatches, pageCachePolicy } from './page-caching';
import type { PageRenderer } from './page-renderer';
import { acceptsGzip, createSiteApp } from './static';

/**
 * Public pages (the same for everyone, rendered signed out) may be kept by browsers and shared caches and
 * revalidated with their ETag; pages per visitor, or with ids that grant access in their address, are not.
 */

const INDEX = '<!doctype html>\n<html lang="en"><head><title>Hotels</title></head><body><div id="root"></div></body></html>';
const PUBLIC = 'public, max-age=60, stale-while-revalidate=600';
const CHOSEN = `${CONSENT_COOKIE.name}=${consentCookieValue(['analytics'])}`;

let staticDir: string;
const logger = createMemoryLogger();

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'site-caching-test-'));
  await writeFile(join(staticDir, 'index.html'), INDEX);
});

afterAll(async () => {
  await rm(staticDir, { recursive: true, force: true });
});

/** A site whose renderer answers a page per path (long enough to be compressed), a 404 for `/missing`. */
function site(renderPage: PageRenderer['renderPage'] = async (url) => {
  const { pathname } = new URL(url);
  if (pathname.endsWith('/missing')) return { html: '<p>Not found</p>', queryState: '{}', status: 404 };
  return { html: `<main>${pathname} ${'hotel '.repeat(400)}</main>`, queryState: '{"queries":[]}', status: 200 };
}) {
  return createSiteApp({ staticDir, logger, renderer: { renderPage } });
}

const get = (app: ReturnType<typeof site>, path: string, headers: Record<string, string> = {}) => app.request(`http://hotels.test${path}`, { headers });

describe('a public page', () => {
  it('may be cached for a minute and revalidated in the background, with a strong ETag, varying by cookie', async () => {
    for (const path of ['/en/', '/de/find-a-hotel?location=Berlin&startDate=2026-05-01', '/en/hotels/SBTG', '/ar/brands/zleep', '/en/booking/select-room-rate?location=SBTG']) {
      const response = await get(site(), path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe(PUBLIC);
      expect(response.headers.get('etag'), path).toMatch(/^"[\w-]{20,}"$/);
      expect(response.headers.get('vary'), path).toBe('Cookie, Accept-Encoding');
    }
  });

  it('answers a matching If-None-Match with 304 and no body, and a stale one with the page', async () => {
    const app = site();
    const first = await get(app, '/en/hotels/SBTG');
    const etag = first.headers.get('etag') ?? '';
    const again = await get(app, '/en/hotels/SBTG', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe(PUBLIC);
    expect(again.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    // A list, a weak form of the same tag, and `*` match too (RFC 9110: weak comparison).
    expect((await get(app, '/en/hotels/SBTG', { 'If-None-Match': `"old", W/${etag}` })).status).toBe(304);
    expect((await get(app, '/en/hotels/SBTG', { 'If-None-Match': '*' })).status).toBe(304);

    const stale = await get(app, '/en/hotels/SBTG', { 'If-None-Match': '"old"' });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toContain('<main>/en/hotels/SBTG');
    // Another page's tag is not this page's.
    expect((await get(app, '/en/hotels/SHDB', { 'If-None-Match': etag })).status).toBe(200);
  });

  it('has an ETag that is a hash of the bytes sent: one per encoding, revalidated in that encoding', async () => {
    const app = site();
    const plain = await get(app, '/en/');
    const zipped = await get(app, '/en/', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(await plain.text());
    const zippedTag = zipped.headers.get('etag') ?? '';
    expect(zippedTag).toMatch(/^"/);
    expect(zippedTag).not.toBe(plain.headers.get('etag'));
    const revalidated = await get(app, '/en/', { 'Accept-Encoding': 'gzip, deflate, br', 'If-None-Match': zippedTag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('content-encoding')).toBeNull();
  });

  it('has another ETag with the consent cookie than without, so a cache never gives one visitor the other’s page', async () => {
    const app = site();
    const without = await get(app, '/en/');
    const chosen = await get(app, '/en/', { Cookie: CHOSEN });
    expect(await chosen.text()).toContain('data-consent-chosen');
    expect(chosen.headers.get('etag')).not.toBe(without.headers.get('etag'));
    expect((await get(app, '/en/', { Cookie: CHOSEN, 'If-None-Match': without.headers.get('etag') ?? '' })).status).toBe(200);
    // An old-version cookie is no choice: the page, and its tag, are those without one.
    const old = await get(app, '/en/', { Cookie: `${CONSENT_COOKIE.name}=0.analytics` });
    expect(old.headers.get('etag')).toBe(without.headers.get('etag'));
  });
});

describe('a page that is not public', () => {
  it('is never stored when it is a booking or account page, whatever its query', async () => {
    for (const path of [
      '/en/booking/check-out?location=SBTG&startDate=2026-05-01&endDate=2026-05-03&rooms=1&room-1-adults=2',
      '/en/booking/check-out?cart_id=5f0c6a4e-0000-4000-8000-000000000001',
      '/en/booking/confirmation?order_id=5f0c6a4e-0000-4000-8000-000000000001&token=abc.def',
      '/en/booking/manage',
      '/en/booking/modify?order_id=5f0c6a4e-0000-4000-8000-000000000001&reservation=100200301',
      '/en/account/login?code=x&state=y',
      '/en/account/activate?token=abc',
      '/en/account/registration',
    ]) {
      const response = await get(site(), path, { 'If-None-Match': '*' });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(response.headers.get('etag'), path).toBeNull();
      expect(response.headers.get('vary'), path).toContain('Cookie');
    }
  });

  it('is never stored when its address holds a cart, order or other access id, even on a public path', async () => {
    for (const path of ['/en/booking/select-room-rate?location=SBTG&cart_id=abc', '/en/?order_id=x', '/en/find-a-hotel?cartId=1', '/en/hotels/SBTG?token=t']) {
      const response = await get(site(), path);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(response.headers.get('etag'), path).toBeNull();
    }
  });

  it('is not cached publicly when it is a not-found page or was sent unrendered because rendering failed', async () => {
    const missing = await get(site(), '/en/hotels/missing');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('private, no-cache');
    expect(missing.headers.get('etag')).toBeNull();

    const failing = site(async () => {
      throw new Error('render broke');
    });
    const unrendered = await get(failing, '/en/');
    expect(unrendered.status).toBe(200);
    expect(unrendered.headers.get('cache-control')).toBe('private, no-cache');
    expect(unrendered.headers.get('etag')).toBeNull();

    const outside = await get(site(), '/xx/', { 'Accept-Language': 'de' });
    expect(outside.status).toBe(404);
    expect(outside.headers.get('cache-control')).toBe('no-store');
    expect(outside.headers.get('vary')).toBe('Cookie, Accept-Language, Accept-Encoding');
  });

  it('keeps the site’s security headers', async () => {
    const response = await get(site(), '/en/booking/check-out');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('pageCachePolicy', () => {
  const policy = (path: string, status = 200, renderFailed = false) => pageCachePolicy(new URL(`http://hotels.test${path}`), { status, renderFailed });

  it('lists the public pages, in every locale, and nothing else', () => {
    expect(policy('/en')).toBe('public');
    expect(policy('/pl/find-a-hotel/')).toBe('public');
    expect(policy('/ar/hotels/SBTG?startDate=2026-05-01&promo=SUMMER10&sortBy=price')).toBe('public');
    expect(policy('/en/hotels/SBTG/rooms')).toBe('private');
    expect(policy('/en/booking/check-out')).toBe('private');
    expect(policy('/en/booking/select-room-rate-x')).toBe('private');
    expect(policy('/en/some-new-page')).toBe('private');
    expect(policy('/hotels/SBTG')).toBe('private');
    expect(policy('/en/', 500)).toBe('unsettled');
  });
});

describe('conditional requests and encodings', () => {
  it('compares If-None-Match weakly', () => {
    expect(ifNoneMatchMatches(undefined, '"a"')).toBe(false);
    expect(ifNoneMatchMatches('"a"', '"a"')).toBe(true);
    expect(ifNoneMatchMatches('W/"a"', '"a"')).toBe(true);
    expect(ifNoneMatchMatches('"b" , "a"', '"a"')).toBe(true);
    expect(ifNoneMatchMatches('"ab"', '"a"')).toBe(false);
  });

  it('reads whether gzip is accepted', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('*, gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
  });
});

describe('rendering a public page', () => {
  it('happens once per address in its cache life: the same bytes, the same ETag, 304 for it', async () => {
    let renders = 0;
    const app = site(async (url) => {
      renders += 1;
      // Like the app's query state, each render differs (a timestamp): only a kept render gives the same bytes.
      return { html: `<main>${new URL(url).pathname} ${'hotel '.repeat(400)}</main>`, queryState: `{"at":${renders}}`, status: 200 };
    });
    const [first, second] = await Promise.all([get(app, '/en/hotels/SBTG'), get(app, '/en/hotels/SBTG')]);
    expect(renders).toBe(1);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect((await get(app, '/en/hotels/SBTG', { 'If-None-Match': first.headers.get('etag') ?? '' })).status).toBe(304);
    await get(app, '/en/hotels/HBAA');
    expect(renders).toBe(2);
  });

  it('is not kept for a page per visitor: check-out renders every time', async () => {
    let renders = 0;
    const app = site(async () => {
      renders += 1;
      return { html: '<main>check-out</main>', queryState: '{}', status: 200 };
    });
    await get(app, '/en/booking/check-out?cart_id=abc');
    await get(app, '/en/booking/check-out?cart_id=abc');
    expect(renders).toBe(2);
  });
});

describe('a route that completes its address', () => {
  it('is answered with its redirect, which no cache keeps, instead of an empty page', async () => {
    const app = site(async () => ({ html: '', queryState: '{}', status: 200, redirect: { location: '/en/hotels/SBTG?location=SBTG', status: 307 } }));
    const response = await get(app, '/en/hotels/SBTG');
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('/en/hotels/SBTG?location=SBTG');
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
  });
});
