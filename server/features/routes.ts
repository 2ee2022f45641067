import { createHash } from 'node:crypto';
import { GrowthBook } from '@growthbook/growthbook';
import type { FeatureDefinition } from '@growthbook/growthbook';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { requestId } from 'hono/request-id';
import { streamSSE } from 'hono/streaming';
import { EvalRequestSchema, type EvalRequest, FEATURES_EVENT, type FeaturesPayload } from '../../src/contract/features';
import { errorBody, errorHandler } from '../middleware/errors';
import { validate } from '../middleware/validate';
import type { AppEnv } from '../env';
import type { Logger } from '../logger';
import type { FeatureStore } from './store';

export const FEATURE_PATH_PREFIXES = ['/api/features/', '/api/eval/', '/sub/'] as const;

export interface FeatureRoutesOptions {
  store: FeatureStore;
  /** The client keys this server answers for; any other gets 404. */
  clientKeys: readonly string[];
  logger: Logger;
  /**
   * How often an open stream gets a comment line, so proxies and load balancers that close quiet
   * connections keep it open. Default 15 s (below the 20 s after which the SDK idles a hidden tab's stream).
   */
  keepAliveMs?: number;
}

/**
 * The GrowthBook-compatible API (architecture, "Feature flags"): the SDK fetches the payload, evaluates
 * remotely when configured to, and listens on the stream for new payloads. Served on the site's origin,
 * outside /bff, where the SDK looks for them; server/start.ts mounts it.
 */
export function featureRoutes({ store, clientKeys, logger, keepAliveMs = 15_000 }: FeatureRoutesOptions) {
  const known = new Set(clientKeys);
  const unknownKey = (c: Context) => c.json(errorBody('not_found', 'Unknown client key'), 404);

  return new Hono<AppEnv>()
    .use(requestId())
    .onError(errorHandler(logger))
    .notFound((c) => c.json(errorBody('not_found', `No route for ${c.req.method} ${c.req.path}`), 404))
    .use(async (c, next) => {
      await next();
      c.header('X-Content-Type-Options', 'nosniff');
    })
    .get('/api/features/:clientKey', (c) => {
      if (!known.has(c.req.param('clientKey'))) return unknownKey(c);
      const payload = store.current();
      const etag = `"${createHash('sha256').update(JSON.stringify(payload)).digest('base64url')}"`;
      // The SDK keeps its own cache (60 s stale, 4 h max age) and the stream tells it of changes; the
      // browser revalidates every time, so a payload fetched right after a change is never an old one.
      c.header('Cache-Control', 'no-cache');
      c.header('ETag', etag);
      // Tells the SDK to open the stream (it streams only when this header says so).
      c.header('x-sse-support', 'enabled');
      if (c.req.header('If-None-Match') === etag) return c.body(null, 304);
      return c.json(payload);
    })
    .post('/api/eval/:clientKey', validate('json', EvalRequestSchema), async (c) => {
      if (!known.has(c.req.param('clientKey'))) return unknownKey(c);
      c.header('Cache-Control', 'no-store');
      return c.json(await evaluate(store.current(), c.req.valid('json')));
    })
    .get('/sub/:clientKey', (c) => {
      if (!known.has(c.req.param('clientKey'))) return unknownKey(c);
      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, async (stream) => {
        // Writes to one stream go out in order; a slow reader never holds up the store or other streams.
        let writing = Promise.resolve();
        const send = (payload: FeaturesPayload) => {
          writing = writing.then(() => stream.writeSSE({ event: FEATURES_EVENT, data: JSON.stringify(payload) }));
        };
        // The current payload first: a change between the page's fetch and this connection is not missed
        // (the SDK ignores a payload whose dateUpdated it already has).
        send(store.current());
        const unsubscribe = store.subscribe(send);
        const keepAlive = setInterval(() => {
          writing = writing.then(() => stream.write(': keep-alive\n\n')).then(() => undefined);
        }, keepAliveMs);
        keepAlive.unref();
        await new Promise<void>((resolve) => {
          stream.onAbort(() => resolve());
          c.req.raw.signal.addEventListener('abort', () => resolve(), { once: true });
        });
        clearInterval(keepAlive);
        unsubscribe();
      });
    });
}

/**
 * Remote evaluation, as GrowthBook's own proxy answers it: each feature's value for these attributes as
 * its defaultValue; a value an experiment decided comes as a forced rule with `tracks`, so the SDK in the
 * browser reports the exposure itself (and only where the visitor allows it).
 */
async function evaluate(payload: FeaturesPayload, request: EvalRequest): Promise<{ features: Record<string, FeatureDefinition>; dateUpdated: string }> {
  const gb = new GrowthBook({
    attributes: request.attributes,
    forcedVariations: request.forcedVariations,
    url: request.url,
  });
  gb.setForcedFeatures(new Map(request.forcedFeatures));
  await gb.setPayload({ features: payload.features as Record<string, FeatureDefinition> });
  const features: Record<string, FeatureDefinition> = {};
  for (const key of Object.keys(payload.features)) {
    const result = gb.evalFeature(key);
    features[key] =
      result.experiment && result.experimentResult
        ? { defaultValue: result.value, rules: [{ force: result.value, tracks: [{ experiment: result.experiment, result: result.experimentResult }] }] }
        : { defaultValue: result.value };
  }
  gb.destroy();
  return { features, dateUpdated: payload.dateUpdated };
}
