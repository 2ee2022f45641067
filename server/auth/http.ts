import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type * as v from 'valibot';
import { BFF_PREFIX } from '../../src/contract/content';
import { errorBody } from '../middleware/errors';
import { validate } from '../middleware/validate';
import type { RateLimitVerdict } from './rate-limit';

/** The refresh token's cookie: httpOnly, only sent to /bff/auth, never cross-site. */
export const REFRESH_COOKIE = 'refresh_token';
const REFRESH_COOKIE_PATH = `${BFF_PREFIX}/auth`;

/** Whether the browser reached the site over https (directly or through the proxy): cookies are then Secure. */
export function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
}

export function setRefreshCookie(c: Context, token: string, expiresAt: Date, now: Date) {
  setCookie(c, REFRESH_COOKIE, token, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Strict',
    secure: isHttps(c),
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
  });
}

export function clearRefreshCookie(c: Context) {
  deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, httpOnly: true, sameSite: 'Strict', secure: isHttps(c) });
}

export function refreshCookie(c: Context): string | undefined {
  return getCookie(c, REFRESH_COOKIE);
}

/**
 * The client's address for rate limits: the connection's peer, or, behind a proxy we run (TRUST_PROXY),
 * the address that proxy appended last to X-Forwarded-For (earlier entries are the client's to invent).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const last = forwarded?.at(-1);
    if (last) return last;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

export function unauthorized(c: Context, message: string) {
  return c.json(errorBody('unauthorized', message), 401);
}

/** 429 with Retry-After. The error codes of the contract have no "rate limited": it is a bad request now. */
export function tooManyRequests(c: Context, retryAfterSeconds: number) {
  c.header('Retry-After', String(retryAfterSeconds));
  return c.json(errorBody('bad_request', 'Too many attempts. Please wait a moment and try again.'), 429);
}

/**
 * 429 with Retry-After and the code `otp_required`: password sign-in is paused for this email (or this
 * address) after too many guesses, whoever made them. The member signs in with a one-time code instead,
 * which proves the mailbox: guesses by someone else never lock the member out.
 */
export function oneTimeCodeRequired(c: Context, retryAfterSeconds: number) {
  c.header('Retry-After', String(retryAfterSeconds));
  return c.json(
    errorBody('otp_required', 'Too many password attempts for this account. Please sign in with a code sent to your email instead.'),
    429,
  );
}

/**
 * Refuses (403) a request a browser sent from a page of another site. For the routes the refresh cookie
 * alone authenticates (refresh, logout): the cookie is SameSite=Strict, and this also covers browsers
 * without SameSite, pages on a sibling host (same site, other origin) and a forced logout, whose answer
 * would clear the cookie. Browsers send `Origin` on every POST and `Sec-Fetch-Site` where supported;
 * either one pointing elsewhere refuses. A request with neither comes from no browser page (the app, a
 * server, a test) and carries no ambient credential a page could abuse, so it is served as before.
 * The site's origins: the public one (PUBLIC_URL or the server's own URL) and the one the request was
 * addressed to (what the browser's address bar shows, also behind the development proxy).
 */
export function sameOriginOnly({ siteOrigin, trustProxy }: { siteOrigin: () => string; trustProxy: boolean }) {
  return createMiddleware(async (c, next) => {
    const fetchSite = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    const otherSiteByFetchMetadata = fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none';
    const otherOrigin = origin !== undefined && !originsOf(c, siteOrigin(), trustProxy).includes(origin);
    if (otherSiteByFetchMetadata || otherOrigin) return c.json(errorBody('forbidden', 'This request is only accepted from the site itself'), 403);
    await next();
  });
}

function originsOf(c: Context, siteOrigin: string, trustProxy: boolean): string[] {
  const url = new URL(c.req.url);
  const forwardedProto = trustProxy ? c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() : undefined;
  const addressed = forwardedProto === 'https' || forwardedProto === 'http' ? `${forwardedProto}://${url.host}` : url.origin;
  return [siteOrigin, addressed];
}

/** The first refusal among limits checked in order (later ones are not counted once one refuses). */
export async function firstRefusal(...checks: (() => Promise<RateLimitVerdict>)[]): Promise<number | undefined> {
  for (const check of checks) {
    const verdict = await check();
    if (!verdict.allowed) return verdict.retryAfterSeconds;
  }
  return undefined;
}

/**
 * Like validate('json', schema), for routes whose body may be left out entirely (refresh and logout with
 * the cookie): an empty JSON body counts as `{}` instead of malformed JSON.
 */
export function optionalJson<Schema extends v.GenericSchema>(schema: Schema) {
  const parse = validate('json', schema);
  const lenient: typeof parse = async (c, next) => {
    // Hono keeps body promises in bodyCache (typed as the values); json() reads the cached text.
    if ((await c.req.text()).trim() === '') (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve('{}');
    return parse(c, next);
  };
  return lenient;
}
