import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/** The names a machine gives itself; the demo is opened on any of them. */
export const LOOPBACK_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/**
 * A page opened on a loopback name (http://127.0.0.1:3000) may reach the same port under the others
 * (http://localhost:3000): the same server, so nothing outside the machine is let in.
 * The demo's local sign-in stand-ins and card form are then reachable whichever name the browser used.
 * Any other host: nothing added.
 */
export function loopbackSiblings(requestUrl: string): string[] {
  const url = URL.parse(requestUrl);
  if (!url || !LOOPBACK_HOSTNAMES.includes(url.hostname)) return [];
  return (
    LOOPBACK_HOSTNAMES.filter((hostname) => hostname !== url.hostname)
      // A CSP source cannot name an IPv6 address (browsers reject `http://[::1]:3000` and log it on every
      // page); a page opened on [::1] still reaches its own origin through 'self'.
      .filter((hostname) => !hostname.startsWith('['))
      .map((hostname) => `${url.protocol}//${hostname}${url.port ? `:${url.port}` : ''}`)
  );
}

const loopbackSources = (c: Context) => loopbackSiblings(c.req.url).join(' ');

/**
 * Security headers (architecture: CSP with object-src 'none', base-uri 'none', frame-ancestors; nosniff).
 * Hono's defaults add HSTS, X-Frame-Options, Referrer-Policy no-referrer and the cross-origin policies.
 */

/** The BFF answers JSON and generated SVG images: nothing in them may load or run anything. */
export function bffSecurityHeaders() {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'none'"],
    },
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    // Images are shown by the site on the same origin; nothing else needs to embed BFF answers.
    crossOriginResourcePolicy: 'same-origin',
    // A route that sets a header itself keeps it: the demo's mailbox pages send a policy that lets their styles in.
    overwrite: false,
  });
}

/**
 * The single-page app: its own scripts and styles only. `style-src 'unsafe-inline'` because themes set
 * CSS custom properties in style attributes. Sign-in with Apple and Google opens popups that must be able
 * to talk back to the opener, hence `same-origin-allow-popups`. `frame-src 'self'`: the check-out page
 * frames the payment provider's hosted card form, which the bundled test provider serves on our origin.
 * On a loopback host the other loopback names of the port are allowed too (loopbackSiblings).
 */
export function siteSecurityHeaders(options: { connectSources?: readonly string[] } = {}) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...(options.connectSources ?? []), loopbackSources],
      frameSrc: ["'self'", loopbackSources],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    permissionsPolicy: { camera: [], microphone: [], geolocation: ['self'], payment: ['self'] },
  });
}

/** The sign-in page, which is also where Google and Apple send their popup back to (src/services/account/social.ts). */
const SIGN_IN_CALLBACK = /^\/[a-z]{2}\/account\/login\/?$/;

/**
 * The popup that signs in with Google or Apple comes back from the provider's pages to our sign-in page and
 * hands the answer to the page that opened it. Arriving from a page without an opener policy at one with
 * `same-origin-allow-popups` would put the popup in a new browsing context group and cut it off from its
 * opener, so the sign-in page alone is sent with `unsafe-none`. Registered before siteSecurityHeaders so
 * it runs after it.
 */
export function signInCallbackOpenerPolicy(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (SIGN_IN_CALLBACK.test(c.req.path)) c.res.headers.set('Cross-Origin-Opener-Policy', 'unsafe-none');
  };
}

/**
 * The bundled test payment provider's pages under /psp (server/adapters/test-payments): its own script
 * and stylesheet files only (no inline code), forms that post to itself only, never cached. Only the
 * hosted fields (card form, CVV field) may be framed, and only by our own pages (`frame-ancestors 'self'`);
 * the challenge and approval pages are full pages and cannot be framed. `Referrer-Policy: same-origin`
 * so that the browser sends a real `Origin` on the pages' own form posts, which the provider checks.
 */
export function paymentProviderSecurityHeaders(isHostedField: (path: string) => boolean): MiddlewareHandler {
  const headers = (framable: boolean) =>
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: [framable ? "'self'" : "'none'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
      },
      xContentTypeOptions: 'nosniff',
      xFrameOptions: framable ? 'SAMEORIGIN' : 'DENY',
      referrerPolicy: 'same-origin',
      permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: ['self'] },
    });
  const framed = headers(true);
  const unframed = headers(false);
  return async (c, next) => {
    await (isHostedField(c.req.path) ? framed : unframed)(c, next);
    // Card forms and payment pages are per guest and per moment: no cache may keep them.
    c.res.headers.set('Cache-Control', 'no-store');
  };
}
