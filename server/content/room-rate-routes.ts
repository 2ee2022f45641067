import { Hono } from 'hono';
import { LocaleQuerySchema } from '../../src/contract/content';
import {
  RateContentParamSchema,
  type RateContentSchema,
  type RatePolicySchema,
  ROOM_RATE_CONTENT_PATHS,
  RoomContentParamSchema,
  type RoomContentSchema,
} from '../../src/contract/search';
import type * as v from 'valibot';
import type { Database } from '../db/database';
import type { AppEnv } from '../env';
import { jsonBytes } from '../lib/json-bytes';
import { notFound } from '../middleware/errors';
import { validate } from '../middleware/validate';
import { contentCacheOf, encodeData } from './content-cache';
import { createRoomRateContentService } from './room-rate-service';

/** Content may be kept for the spec's cache default of 5 minutes, as the other content routes do. */
const CONTENT_CACHE = 'public, max-age=300';

/** GET content of a hotel's room type, rate, and rate policies (spec section 7: room, rate, rate-policy). */
export function roomRateContentRoutes({ db }: { db: Database }) {
  const content = createRoomRateContentService(db);
  // The content cache the other content routes use (decision record 0037).
  const cache = contentCacheOf(db);
  const cached = (key: string, data: () => Promise<unknown>) => cache.get(key, async () => encodeData(await data()));
  const headers = { 'Cache-Control': CONTENT_CACHE };
  return new Hono<AppEnv>()
    .get(ROOM_RATE_CONTENT_PATHS.room, validate('param', RoomContentParamSchema), validate('query', LocaleQuerySchema), async (c) => {
      const { hotelCode, typeCode } = c.req.valid('param');
      const { locale } = c.req.valid('query');
      const json = await cached(`room ${locale} ${hotelCode} ${typeCode}`, () => content.room(hotelCode, typeCode, locale));
      if (!json) return notFound(c, `Hotel ${hotelCode} has no room type ${typeCode}`);
      return jsonBytes<{ data: v.InferOutput<typeof RoomContentSchema> }>(c, json, headers);
    })
    .get(ROOM_RATE_CONTENT_PATHS.rate, validate('param', RateContentParamSchema), validate('query', LocaleQuerySchema), async (c) => {
      const { hotelCode, rateCode } = c.req.valid('param');
      const { locale } = c.req.valid('query');
      const json = await cached(`rate ${locale} ${hotelCode} ${rateCode}`, () => content.rate(hotelCode, rateCode, locale));
      if (!json) return notFound(c, `Hotel ${hotelCode} has no rate ${rateCode}`);
      return jsonBytes<{ data: v.InferOutput<typeof RateContentSchema> }>(c, json, headers);
    })
    .get(ROOM_RATE_CONTENT_PATHS.ratePolicy, validate('param', RateContentParamSchema), validate('query', LocaleQuerySchema), async (c) => {
      const { hotelCode, rateCode } = c.req.valid('param');
      const { locale } = c.req.valid('query');
      const json = await cached(`rate-policy ${locale} ${hotelCode} ${rateCode}`, () => content.ratePolicy(hotelCode, rateCode, locale));
      if (!json) return notFound(c, `Hotel ${hotelCode} has no rate ${rateCode}`);
      return jsonBytes<{ data: v.InferOutput<typeof RatePolicySchema> }>(c, json, headers);
    });
}
