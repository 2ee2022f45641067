import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_CHOSEN_ATTRIBUTE, CONSENT_COOKIE, CONSENT_VERSION, consentCookieValue } from '../src/contract/consent';
import { MEMBER_HINT_ATTRIBUTE, MEMBER_HINT_COOKIE } from '../src/contract/member-hint';
import { createMemoryLogger } from '../test/bff/memory-logger';
import type { PageRenderer } from './page-renderer';
import { parseManifest } from './route-preloads';
import { catalogChunk, createSiteApp, localizeDocument } from './static';

const INDEX = '<!doctype html>\n<html lang="en"><head><title>Hotels</title><script type="module" src="/assets/index-Bx1.js"></script></head><body><div id="app"></div></body></html>';

let staticDir: string;
let site: ReturnType<typeof createSiteApp>;
const logger = createMemoryLogger();

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'site-test-'));
  await mkdir(join(staticDir, 'assets'));
  await writeFile(join(staticDir, 'index.html'), INDEX);
  await writeFile(join(staticDir, 'assets', 'index-Bx1.js'), 'console.log("app");');
  await writeFile(join(staticDir, 'robots.txt'), 'User-agent: *\n');
  await mkdir(join(staticDir, '.vite'));
  await writeFile(
    join(staticDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/locales/ar/messages.po': { file: 'assets/messages-AR1.js', isDynamicEntry: true },
      'src/routes/$locale/find-a-hotel.tsx?tsr-split=component': { file: 'assets/results-R1.js', css: ['assets/results-R1.css'] },
    }),
  );
  // What the build's precompression step writes beside each asset.
  await writeFile(join(staticDir, 'assets', 'index-Bx1.js.br'), brotliCompressSync('console.log("app");'));
  site = createSiteApp({ staticDir, logger });
});

afterAll(async () => {
  await rm(staticDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => site.request(path, { headers });

describe('/ redirects to a locale', () => {
  it('chosen by the NEXT_LOCALE cookie first', async () => {
    const response = await get('/', { Cookie: 'NEXT_LOCALE=nl', 'Accept-Language': 'de-DE,de;q=0.9' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/nl/');
    expect(response.headers.get('vary')).toContain('Accept-Language');
  });

  it('then by Accept-Language', async () => {
    expect((await get('/', { 'Accept-Language': 'fr-CH, fr;q=0.9, en;q=0.8' })).headers.get('location')).toBe('/fr/');
    expect((await get('/', { Cookie: 'NEXT_LOCALE=xx', 'Accept-Language': 'ja, ar;q=0.5' })).headers.get('location')).toBe('/ar/');
  });

  it('else to English', async () => {
    expect((await get('/')).headers.get('location')).toBe('/en/');
    expect((await get('/', { 'Accept-Language': 'ja-JP' })).headers.get('location')).toBe('/en/');
  });

  it('keeping the query string', async () => {
    expect((await get('/?promo=SUMMER&business=1', { Cookie: 'NEXT_LOCALE=de' })).headers.get('location')).toBe(
      '/de/?promo=SUMMER&business=1',
    );
  });
});

describe('pages', () => {
  it('serve index.html with lang and dir of the path locale', async () => {
    const arabic = await get('/ar/');
    expect(arabic.status).toBe(200);
    expect(arabic.headers.get('content-type')).toMatch(/^text\/html/);
    expect(arabic.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
    const html = await arabic.text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<div id="app"></div>');

    const german = await (await get('/de/hotels/SHDB?startDate=2026-05-01')).text();
    expect(german).toContain('<html lang="de" dir="ltr">');
  });

  it('answer 404 with the app for a first segment that is not a locale, so the client shows its not-found page', async () => {
    const response = await get('/xx/', { 'Accept-Language': 'it' });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<div id="app"></div>');
    expect(html).toContain('<html lang="it" dir="ltr">');
    expect((await get('/hotels/SHDB')).status).toBe(404);
  });

  it('carry the site security headers', async () => {
    const response = await get('/en/');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('are logged like BFF requests', async () => {
    await get('/pl/');
    expect(logger.lines.at(-1)).toMatchObject({ msg: 'request', method: 'GET', path: '/pl/', status: 200 });
  });
});

describe('files', () => {
  it('serves hashed assets with a long immutable cache', async () => {
    const response = await get('/assets/index-Bx1.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('console.log("app");');
  });

  it('answers a missing asset with a plain 404, not the app', async () => {
    const response = await get('/assets/index-old.js');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<html');
  });

  it('serves other files with a short cache', async () => {
    const response = await get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('does not serve files outside the folder', async () => {
    const response = await get('/assets/..%2f..%2fetc%2fpasswd');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('root:');
  });
});

describe('localizeDocument', () => {
  it('replaces existing lang and dir attributes and keeps the others', () => {
    expect(localizeDocument('<html dir="ltr" class="x" lang=en>', 'ar')).toBe('<html lang="ar" dir="rtl" class="x">');
    expect(localizeDocument('<HTML>', 'pl')).toBe('<html lang="pl" dir="ltr">');
  });

  it('sets the consent attribute only when told the visitor has chosen, and drops one the document had', () => {
    expect(localizeDocument('<html class="x">', 'en', {}, { consentChosen: true })).toBe('<html lang="en" dir="ltr" data-consent-chosen class="x">');
    expect(localizeDocument('<html data-consent-chosen class="x">', 'en')).toBe('<html lang="en" dir="ltr" class="x">');
    expect(localizeDocument('<html data-consent-chosen="" lang="de">', 'de', {}, { consentChosen: true })).toBe('<html lang="de" dir="ltr" data-consent-chosen>');
    expect(localizeDocument('<html data-consent-chosen-later="1">', 'en')).toBe('<html lang="en" dir="ltr" data-consent-chosen-later="1">');
  });

  it('sets the member hint attribute only when told a member is signed in, and drops one the document had', () => {
    expect(localizeDocument('<html class="x">', 'en', {}, { memberHinted: true })).toBe('<html lang="en" dir="ltr" data-member-hint class="x">');
    expect(localizeDocument('<html data-member-hint class="x">', 'ar')).toBe('<html lang="ar" dir="rtl" class="x">');
    expect(localizeDocument('<html>', 'en', {}, { consentChosen: true, memberHinted: true })).toBe('<html lang="en" dir="ltr" data-consent-chosen data-member-hint>');
  });
});

describe('the member hint attribute', () => {
  const htmlTag = async (path: string, cookie?: string) => {
    const html = await (await get(path, cookie === undefined ? {} : { Cookie: cookie })).text();
    return /<html\b[^>]*>/i.exec(html)?.[0] ?? '';
  };

  it('is on the page when the member hint cookie says a member is signed in, and only then', async () => {
    expect(await htmlTag('/en/', `${MEMBER_HINT_COOKIE.name}=1`)).toBe(`<html lang="en" dir="ltr" ${MEMBER_HINT_ATTRIBUTE}>`);
    expect(await htmlTag('/ar/find-a-hotel', `NEXT_LOCALE=ar; ${MEMBER_HINT_COOKIE.name}=1`)).toContain(MEMBER_HINT_ATTRIBUTE);
    expect(await htmlTag('/en/')).not.toContain(MEMBER_HINT_ATTRIBUTE);
    expect(await htmlTag('/en/', `${MEMBER_HINT_COOKIE.name}=0`)).not.toContain(MEMBER_HINT_ATTRIBUTE);
    expect(await htmlTag('/en/', `${MEMBER_HINT_COOKIE.name}=`)).not.toContain(MEMBER_HINT_ATTRIBUTE);
  });
});

describe('the consent attribute', () => {
  const htmlTag = async (path: string, cookie?: string) => {
    const html = await (await get(path, cookie === undefined ? {} : { Cookie: cookie })).text();
    return /<html\b[^>]*>/i.exec(html)?.[0] ?? '';
  };

  it('is on the page when the cookie records a choice of the current version', async () => {
    expect(await htmlTag('/en/', `${CONSENT_COOKIE.name}=${consentCookieValue(['analytics'])}`)).toBe('<html lang="en" dir="ltr" data-consent-chosen>');
    // A choice of necessary cookies only is a choice too.
    expect(await htmlTag('/ar/hotels/SHDB', `NEXT_LOCALE=ar; ${CONSENT_COOKIE.name}=${consentCookieValue([])}`)).toContain(CONSENT_CHOSEN_ATTRIBUTE);
    // Outside a locale too (the not-found page).
    expect(await htmlTag('/xx/', `${CONSENT_COOKIE.name}=${consentCookieValue(['analytics', 'abTesting'])}`)).toContain(CONSENT_CHOSEN_ATTRIBUTE);
  });

  it('is not there without the cookie, with a choice of an earlier version, or with a value that is no choice', async () => {
    expect(await htmlTag('/en/')).toBe('<html lang="en" dir="ltr">');
    expect(await htmlTag('/en/', 'NEXT_LOCALE=en; other=1')).not.toContain(CONSENT_CHOSEN_ATTRIBUTE);
    expect(await htmlTag('/en/', `${CONSENT_COOKIE.name}=${CONSENT_VERSION - 1}.analytics`)).not.toContain(CONSENT_CHOSEN_ATTRIBUTE);
    expect(await htmlTag('/en/', `${CONSENT_COOKIE.name}=${CONSENT_VERSION + 1}.analytics`)).not.toContain(CONSENT_CHOSEN_ATTRIBUTE);
    expect(await htmlTag('/en/', `${CONSENT_COOKIE.name}=`)).not.toContain(CONSENT_CHOSEN_ATTRIBUTE);
    expect(await htmlTag('/en/', `${CONSENT_COOKIE.name}=analytics`)).not.toContain(CONSENT_CHOSEN_ATTRIBUTE);
  });

  it('is set on pages rendered on the server as well', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'site-consent-test-'));
    try {
      await writeFile(join(dir, 'index.html'), '<!doctype html>\n<html lang="en"><head></head><body><div id="root"></div></body></html>');
      const app = createSiteApp({ staticDir: dir, logger, renderer: { renderPage: async () => ({ html: '<main>Home</main>', queryState: '{}', status: 200 }) } });
      const chosen = await (await app.request('/de/', { headers: { Cookie: `${CONSENT_COOKIE.name}=${consentCookieValue(['analytics'])}` } })).text();
      expect(chosen).toContain('<html lang="de" dir="ltr" data-consent-chosen>');
      expect(chosen).toContain('<div id="root"><main>Home</main></div>');
      expect(await (await app.request('/de/')).text()).toContain('<html lang="de" dir="ltr">');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('compression', () => {
  it('sends the precompressed Brotli copy of an asset to browsers that accept it', async () => {
    const response = await get('/assets/index-Bx1.js', { 'Accept-Encoding': 'gzip, br' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe('console.log("app");');
  });

  it('sends the plain asset to clients that accept no compression', async () => {
    const response = await get('/assets/index-Bx1.js');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe('console.log("app");');
  });

  it('compresses pages on the fly', async () => {
    const page = 'x'.repeat(4096);
    await writeFile(join(staticDir, 'index.html'), INDEX.replace('<div id="app"></div>', `<div id="app">${page}</div>`));
    const fresh = createSiteApp({ staticDir, logger });
    const response = await fresh.request('/de/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    await writeFile(join(staticDir, 'index.html'), INDEX);
  });
});

/** The scripts the page lists for its app to fetch at once after the first paint (src/main.tsx). */
const pageScripts = (html: string): string[] => JSON.parse(/<script type="application\/json" id="page-scripts">(.*?)<\/script>/.exec(html)?.[1] ?? '[]') as string[];

describe('catalog preload', () => {
  it('lists the page language’s catalog chunk in the page so it loads with the app, and names no script to fetch before the first paint', async () => {
    const html = await (await get('/ar/')).text();
    expect(pageScripts(html)).toContain('/assets/messages-AR1.js');
    expect(html).toContain('</script></head>');
    expect(html).not.toContain('rel="preload"');
  });

  it('adds nothing for a language the manifest does not know, or without a manifest', async () => {
    expect(await (await get('/de/')).text()).not.toContain('page-scripts');
    expect(catalogChunk(undefined, 'de')).toBeUndefined();
    expect(catalogChunk(parseManifest('not json'), 'de')).toBeUndefined();
  });

  it('names the chunks and styles of the page’s route so they load with the app', async () => {
    const html = await (await get('/en/find-a-hotel?location=Berlin')).text();
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/results-R1.css">');
    expect(pageScripts(html)).toContain('/assets/results-R1.js');
    expect(await (await get('/en/')).text()).not.toContain('results-R1');
  });

  it('does not serve the build manifest', async () => {
    expect((await get('/.vite/manifest.json')).status).toBe(404);
  });
});

describe('pages rendered on the server', () => {
  const APP_INDEX = '<!doctype html>\n<html lang="en"><head><title>Hotels</title></head><body><div id="root"></div></body></html>';
  let appDir: string;

  beforeAll(async () => {
    appDir = await mkdtemp(join(tmpdir(), 'site-render-test-'));
    await writeFile(join(appDir, 'index.html'), APP_INDEX);
  });

  afterAll(async () => {
    await rm(appDir, { recursive: true, force: true });
  });

  const siteRendering = (renderPage: PageRenderer['renderPage'], log = createMemoryLogger()) =>
    createSiteApp({ staticDir: appDir, logger: log, renderer: { renderPage } });

  it('puts the markup in the root element, its head links in the head, and its data in a JSON block', async () => {
    const urls: string[] = [];
    const app = siteRendering(async (url) => {
      urls.push(url);
      return {
        html: '<link rel="canonical" href="https://hotels.test/en/"/><main>Hotels in Berlin</main>',
        queryState: '{"queries":[{"name":"</script><script>alert(1)</script>"}]}',
        status: 200,
      };
    });
    const response = await app.request('http://hotels.test/en/find-a-hotel?location=Berlin');
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(urls).toEqual(['http://hotels.test/en/find-a-hotel?location=Berlin']);
    expect(html).toContain('<link rel="canonical" href="https://hotels.test/en/"/></head>');
    expect(html).toContain('<div id="root"><main>Hotels in Berlin</main></div>');
    expect(html).toContain('<script type="application/json" id="query-state">');
    // The data cannot close its block: every < is escaped.
    expect(html).not.toContain('</script><script>alert(1)');
    const block = /<script type="application\/json" id="query-state">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(block)).toEqual({ queries: [{ name: '</script><script>alert(1)</script>' }] });
  });

  it('answers with the status the render found (a path that is no page is a 404)', async () => {
    const app = siteRendering(async () => ({ html: '<p>Not found</p>', queryState: '{}', status: 404 }));
    const response = await app.request('http://hotels.test/en/no-such-page');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<p>Not found</p>');
  });

  it('sends the page for the browser to render when rendering fails, and logs why', async () => {
    const log = createMemoryLogger();
    const app = siteRendering(async () => {
      throw new Error('render broke');
    }, log);
    const response = await app.request('http://hotels.test/de/');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root"></div>');
    expect(log.lines.some((line) => line.level === 'error' && line.msg.includes('server rendering failed'))).toBe(true);
  });

  it('does not render paths outside a locale', async () => {
    let calls = 0;
    const app = siteRendering(async () => {
      calls += 1;
      return { html: '<p>x</p>', queryState: '{}', status: 200 };
    });
    expect((await app.request('http://hotels.test/xx/page')).status).toBe(404);
    expect(calls).toBe(0);
  });
});

describe('the stylesheet', () => {
  it('is written into the page, so the first paint waits for no request', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'site-style-test-'));
    try {
      await mkdir(join(dir, 'assets'));
      await writeFile(join(dir, 'assets', 'index-S1.css'), '.site{color:#123}');
      await writeFile(join(dir, 'assets', 'odd-S2.css'), 'a::after{content:"</style>"}');
      await writeFile(
        join(dir, 'index.html'),
        '<html><head><link rel="stylesheet" crossorigin href="/assets/index-S1.css"><link rel="stylesheet" href="/assets/odd-S2.css"><link rel="stylesheet" href="/assets/missing.css"></head><body><div id="root"></div></body></html>',
      );
      const html = await (await createSiteApp({ staticDir: dir, logger }).request('/en/')).text();
      expect(html).toContain('<style>.site{color:#123}</style>');
      expect(html).not.toContain('index-S1.css');
      // What could end the style element, or cannot be read, stays a link.
      expect(html).toContain('<link rel="stylesheet" href="/assets/odd-S2.css">');
      expect(html).toContain('<link rel="stylesheet" href="/assets/missing.css">');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the sign-in page', () => {
  it('lets the Google and Apple popup keep its opener (COOP unsafe-none there only)', async () => {
    expect((await get('/en/account/login?code=x&state=y')).headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect((await get('/en/')).headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect((await get('/en/account/registration')).headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });
});
