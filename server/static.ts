import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import { compress } from 'hono/compress';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { requestId } from 'hono/request-id';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { CONSENT_CHOSEN_ATTRIBUTE, CONSENT_COOKIE, isConsentChosen } from '../src/contract/consent';
import { MEMBER_HINT_ATTRIBUTE, MEMBER_HINT_COOKIE, isMemberHinted } from '../src/contract/member-hint';
import {
  LOCALE_COOKIE,
  type Locale,
  localeOfPath,
  negotiateLocale,
  parseAcceptLanguage,
  textDirection,
} from '../src/contract/locales';
import { PAGE_SCRIPTS_ID } from '../src/contract/rendering';
import type { AppEnv } from './env';
import { type Logger, redactPath } from './logger';
import { requestLog } from './middleware/request-log';
import type { PageRenderer, RenderedPage } from './page-renderer';
import { CACHE_CONTROL, createRenderCache, entityTag, ifNoneMatchMatches, type PageCachePolicy, pageCachePolicy } from './page-caching';
import { parseManifest, type RoutePreloads, routePreloads } from './route-preloads';
import { signInCallbackOpenerPolicy, siteSecurityHeaders } from './middleware/security-headers';

/**
 * Serves the built web app (Vite's output in STATIC_DIR):
 *   - `/assets/*`: content-hashed files, cached for a year; a missing one is a plain 404, never HTML;
 *   - other existing files (favicon, robots.txt): served with a short cache;
 *   - `/`: 302 to `/{locale}/`, the locale from the NEXT_LOCALE cookie, then Accept-Language, then en;
 *   - any other GET: index.html (the client renders the route) with `<html lang dir>` set for the locale
 *     of the first path segment, so the first paint has the right language and direction, and
 *     `data-consent-chosen` when the consent cookie records a current choice, `data-member-hint` when the
 *     member hint cookie says a member is signed in; 404 when that segment is not
 *     a locale (the client renders its not-found page). Public pages may be cached, with an ETag; others
 *     are not (page-caching.ts).
 */

export interface SiteOptions {
  staticDir: string;
  logger: Logger;
  /** Extra origins the page may connect to (e.g. the error-reporting ingest). */
  connectSources?: readonly string[];
  /** Renders pages before they are sent; without it the browser renders them. */
  renderer?: PageRenderer;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';
/** Pages smaller than this go uncompressed (as the compress middleware does). */
const COMPRESS_THRESHOLD = 1024;
const gzipAsync = promisify(gzip);

export function createSiteApp({ staticDir, logger, connectSources, renderer }: SiteOptions) {
  if (!existsSync(join(staticDir, 'index.html'))) {
    logger.log('warn', 'static site: index.html not found; run the web build first', { staticDir });
  }
  const indexHtml = cachedFile(join(staticDir, 'index.html'));
  const manifest = cachedFile(join(staticDir, '.vite', 'manifest.json'));
  // index.html with its stylesheet written in, worked out again only when index.html changes.
  let lastTemplate: { source: string; page: string } | undefined;
  const pageTemplate = async () => {
    const source = await indexHtml();
    if (source === undefined) return undefined;
    if (lastTemplate?.source !== source) lastTemplate = { source, page: await inlineStylesheets(source, staticDir) };
    return lastTemplate.page;
  };
  // Parsed again only when the file changed (a rebuild while the server runs).
  let lastManifest: { text: string | undefined; parsed: ReturnType<typeof parseManifest> } | undefined;
  const parsedManifest = (text: string | undefined) => {
    const last = lastManifest && lastManifest.text === text ? lastManifest : { text, parsed: parseManifest(text) };
    lastManifest = last;
    return last.parsed;
  };

  const renderedPages = createRenderCache<RenderedPage>();

  return new Hono<AppEnv>()
    .use(requestId(), requestLog(logger), signInCallbackOpenerPolicy(), siteSecurityHeaders({ connectSources }), compress())
    .get('/', redirectToLocale)
    .get('/index.html', redirectToLocale)
    .use('/assets/*', cacheControlUnlessSet(IMMUTABLE), serveStatic({ root: staticDir, precompressed: true }))
    .get('/assets/*', (c) => c.text('Not found', 404))
    // Build metadata, read by this server only.
    .get('/.vite/*', (c) => c.text('Not found', 404))
    .use('*', cacheControlUnlessSet(SHORT), serveStatic({ root: staticDir }))
    .get('*', async (c) => {
      const html = await pageTemplate();
      if (html === undefined) {
        c.header('Cache-Control', 'no-store');
        return c.text('The site has not been built.', 503);
      }
      const pathLocale = localeOfPath(c.req.path);
      const locale =
        pathLocale ?? negotiateLocale(getCookie(c, LOCALE_COOKIE.name), parseAcceptLanguage(c.req.header('Accept-Language')));
      const built = parsedManifest(await manifest());
      const catalog = catalogChunk(built, locale);
      const route = pathLocale ? routePreloads(built, c.req.path) : { scripts: [], styles: [] };
      const preloads = { scripts: [...(catalog ? [catalog] : []), ...route.scripts], styles: route.styles };
      const consentChosen = isConsentChosen(getCookie(c, CONSENT_COOKIE.name));
      const memberHinted = isMemberHinted(getCookie(c, MEMBER_HINT_COOKIE.name));
      const document = localizeDocument(html, locale, preloads, { consentChosen, memberHinted });
      const url = new URL(c.req.url);
      // A public page is rendered at most once per address in its cache life (createRenderCache).
      const renderPage = () => renderOrSkip(renderer as PageRenderer, c.req.url, logger);
      const rendered =
        pathLocale && renderer ? await (pageCachePolicy(url, { status: 200, renderFailed: false }) === 'public' ? renderedPages.get(c.req.url, renderPage) : renderPage()) : undefined;
      if (rendered?.redirect) {
        // The route completes the address (a hotel page without its search): no cache keeps the answer,
        // since the completed address may hold today's dates.
        c.header('Cache-Control', CACHE_CONTROL.unsettled);
        return c.redirect(rendered.redirect.location, rendered.redirect.status);
      }
      const status = rendered ? rendered.status : pathLocale ? 200 : 404;
      const policy = pageCachePolicy(url, { status, renderFailed: Boolean(pathLocale && renderer && !rendered) });
      // The page depends on the consent and member hint cookies (and, outside a locale, on the language asked for).
      const vary = pathLocale ? ['Cookie'] : ['Cookie', 'Accept-Language'];
      return sendPage(c, rendered ? withRenderedPage(document, rendered) : document, status as ContentfulStatusCode, policy, vary);
    });
}

/**
 * Sends a page with its caching headers. The page is compressed here rather than by the compress
 * middleware so that a public page's ETag is a hash of exactly the bytes sent, strong, one per encoding;
 * a request whose `If-None-Match` names it gets a 304 without a body.
 */
async function sendPage(c: Context<AppEnv>, html: string, status: ContentfulStatusCode, policy: PageCachePolicy, vary: string[]) {
  const plain = Buffer.from(html, 'utf8');
  const encoding = plain.byteLength >= COMPRESS_THRESHOLD && acceptsGzip(c.req.header('Accept-Encoding')) ? 'gzip' : undefined;
  const body = encoding ? await gzipAsync(plain) : plain;
  c.header('Cache-Control', CACHE_CONTROL[policy]);
  c.header('Vary', [...vary, 'Accept-Encoding'].join(', '));
  if (policy === 'public') {
    const tag = entityTag(body);
    c.header('ETag', tag);
    if (ifNoneMatchMatches(c.req.header('If-None-Match'), tag)) return c.body(null, 304);
  }
  if (encoding) c.header('Content-Encoding', encoding);
  c.header('Content-Type', 'text/html; charset=UTF-8');
  return c.body(body, status);
}

/** Whether `Accept-Encoding` allows gzip (named, or `*`, with a quality above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const quality = new Map(
    header.split(',').map((entry) => {
      const [name = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
      const q = parameters.find((parameter) => parameter.startsWith('q='));
      return [name, q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  const q = quality.get('gzip') ?? quality.get('*') ?? 0;
  return q > 0;
}

/**
 * Sets Cache-Control on a successful answer that has none. (Set afterwards because serveStatic builds its
 * response before its onFound hook runs, so headers set there are lost.)
 */
function cacheControlUnlessSet(value: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if ((c.res.status === 200 || c.res.status === 206) && !c.res.headers.has('Cache-Control')) {
      c.header('Cache-Control', value);
    }
  };
}

/** 302 to the visitor's locale, keeping the query string (`/?promo=X` becomes `/de/?promo=X`). */
function redirectToLocale(c: Context<AppEnv>) {
  const locale = negotiateLocale(getCookie(c, LOCALE_COOKIE.name), parseAcceptLanguage(c.req.header('Accept-Language')));
  // The answer depends on who asks: no shared cache may keep it for everyone.
  c.header('Cache-Control', 'private, no-cache');
  c.header('Vary', 'Cookie, Accept-Language');
  return c.redirect(`/${locale}/${new URL(c.req.url).search}`, 302);
}

/**
 * Sets `lang` and `dir` on the `<html>` element, replacing values the build put there, the consent
 * attribute when the visitor has chosen (the consent banner's style hides it then) and the member hint
 * attribute when the browser says a member is signed in (the header shows the member's corner), links the styles the
 * page needs, and lists the scripts its app will need (those the document does not name already) in a
 * data block, `#page-scripts`. The entry script fetches them all at once, right after the page's first
 * paint (src/main.tsx): named as preloads in the head, they took the network from the page itself on a
 * slow connection, and the first paint waited for them (decision 0038).
 */
export function localizeDocument(
  html: string,
  locale: Locale,
  preloads: Partial<RoutePreloads> = {},
  { consentChosen = false, memberHinted = false }: { consentChosen?: boolean; memberHinted?: boolean } = {},
): string {
  const localized = html.replace(/<html\b([^>]*)>/i, (_tag, attributes: string) => {
    let others = attributes.replace(/\s(?:lang|dir)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '');
    for (const name of [CONSENT_CHOSEN_ATTRIBUTE, MEMBER_HINT_ATTRIBUTE]) {
      others = others.replace(new RegExp(`\\s${name}(?:\\s*=\\s*("[^"]*"|'[^']*'|[^\\s>]+))?(?=[\\s>/]|$)`, 'gi'), '');
    }
    const consent = consentChosen ? ` ${CONSENT_CHOSEN_ATTRIBUTE}` : '';
    const member = memberHinted ? ` ${MEMBER_HINT_ATTRIBUTE}` : '';
    return `<html lang="${locale}" dir="${textDirection(locale)}"${consent}${member}${others}>`;
  });
  const named = (href: string) => localized.includes(`"${href}"`);
  const scripts = (preloads.scripts ?? []).filter((href) => !named(href));
  const elements = [
    ...(preloads.styles ?? []).filter((href) => !named(href)).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    // Data, not a script that runs: the content security policy needs no exception for it.
    ...(scripts.length ? [`<script type="application/json" id="${PAGE_SCRIPTS_ID}">${JSON.stringify(scripts).replace(/</g, '\\u003c')}</script>`] : []),
  ];
  if (elements.length === 0) return localized;
  return localized.replace(/<\/head>/i, () => `${elements.join('')}</head>`);
}

/**
 * The built chunk of a locale's message catalog, from Vite's manifest. The page loads it before it
 * renders; naming it in the HTML lets the browser fetch it alongside the app instead of after it.
 */
export function catalogChunk(manifest: ReturnType<typeof parseManifest>, locale: Locale): string | undefined {
  const file = manifest?.[`src/locales/${locale}/messages.po`]?.file;
  return typeof file === 'string' ? `/${file}` : undefined;
}

/** The page rendered on the server, or undefined (the browser renders it) when rendering fails. */
async function renderOrSkip(renderer: PageRenderer, url: string, logger: Logger): Promise<RenderedPage | undefined> {
  const { pathname } = new URL(url);
  try {
    return await renderer.renderPage(url);
  } catch (error) {
    logger.log('error', 'server rendering failed; the page is sent for the browser to render', { path: redactPath(pathname), error });
    return undefined;
  }
}

/**
 * Puts the rendered markup into the app's root element and the data it was rendered from into a JSON
 * data block (not a script that runs, so the content security policy needs no exception for it).
 */
export function withRenderedPage(document: string, page: RenderedPage): string {
  const state = page.queryState.replace(/</g, '\\u003c');
  // React writes the page's head elements (alternate and canonical links) first; they belong in the head,
  // where the browser's render finds and keeps them.
  const headElements = /^(?:<link\b[^>]*>)*/.exec(page.html)?.[0] ?? '';
  const body = page.html.slice(headElements.length);
  return document
    .replace(/<\/head>/i, () => `${headElements}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`)
    .replace(/<\/body>/i, () => `<script type="application/json" id="query-state">${state}</script></body>`);
}

/**
 * Writes the site's stylesheets into the page instead of linking them: the first paint then waits for no
 * request. (The build makes one small stylesheet for the whole site; a file that cannot be read, or that
 * could end the style element, stays a link.)
 */
export async function inlineStylesheets(html: string, staticDir: string): Promise<string> {
  const links = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/gi)];
  let page = html;
  for (const [tag] of links) {
    const href = /\bhref="(\/assets\/[^"?#]+\.css)"/.exec(tag)?.[1];
    if (!href || href.includes('..')) continue;
    const css = await readFile(join(staticDir, href), 'utf8').catch(() => undefined);
    if (css === undefined || /<\/style/i.test(css)) continue;
    page = page.replace(tag, () => `<style>${css}</style>`);
  }
  return page;
}

/** Reads a file once and again only when it changes on disk (a rebuild while the server runs). */
function cachedFile(path: string): () => Promise<string | undefined> {
  let cached: { modified: number; text: string } | undefined;
  return async () => {
    try {
      const { mtimeMs } = await stat(path);
      if (cached?.modified !== mtimeMs) cached = { modified: mtimeMs, text: await readFile(path, 'utf8') };
      return cached.text;
    } catch {
      return undefined;
    }
  };
}
