import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

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
  });
}

/**
 * The single-page app: its own scripts and styles only. `style-src 'unsafe-inline'` because themes set
 * CSS custom properties in style attributes. Sign-in with Apple and Google opens popups that must be able
 * to talk back to the opener, hence `same-origin-allow-popups`.
 */
export function siteSecurityHeaders(options: { connectSources?: readonly string[] } = {}) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...(options.connectSources ?? [])],
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

/** The sign-in page, which is also where Google and Apple send their popup back to (src/services/auth/social.ts). */
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
