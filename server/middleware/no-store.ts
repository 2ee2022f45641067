import type { MiddlewareHandler } from 'hono';

/**
 * `Cache-Control: no-store` on every answer that does not say otherwise. BFF answers carry tokens,
 * profiles, carts, orders and saved cards, which no browser or shared cache may keep; the public content
 * answers that may be cached (hotels, brands, images, the sign-in providers) set their own header, which
 * is kept.
 */
export function noStoreByDefault(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  };
}
