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
