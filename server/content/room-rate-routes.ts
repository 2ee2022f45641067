import { Hono } from 'hono';
import { LocaleQuerySchema } from '../../src/contract/content';
import { RateContentParamSchema, ROOM_RATE_CONTENT_PATHS, RoomContentParamSchema } from '../../src/contract/search';
import type { Database } from '../db/database';
import type { AppEnv } from '../env';
import { notFound } from '../middleware/errors';
import { validate } from '../middleware/validate';
import { createRoomRateContentService } from './room-rate-service';

/** Content may be kept for the spec's cache default of 5 minutes, as the other content routes do. */
const CONTENT_CACHE = 'public, max-age=300';

/** GET content of a hotel's room type, rate, and rate policies (spec section 7: room, rate, rate-policy). */
export function roomRateContentRoutes({ db }: { db: Database }) {
  const content = createRoomRateContentService(db);
  return new Hono<AppEnv>()
    .get(ROOM_RATE_CONTENT_PATHS.room, validate('param', RoomContentParamSchema), validate('query', LocaleQuerySchema), async (c) => {
      const { hotelCode, typeCode } = c.req.valid('param');
      const room = await content.room(hotelCode, typeCode, c.req.valid('query').locale);
      if (!room) return notFound(c, `Hotel ${hotelCode} has no room type ${typeCode}`);
      c.header('Cache-Control', CONTENT_CACHE);
      return c.json({ data: room }, 200);
    })
    .get(ROOM_RATE_CONTENT_PATHS.rate, validate('param', RateContentParamSchema), validate('query', LocaleQuerySchema), async (c) => {
      const { hotelCode, rateCode } = c.req.valid('param');
      const rate = await content.rate(hotelCode, rateCode, c.req.valid('query').locale);
      if (!rate) return notFound(c, `Hotel ${hotelCode} has no rate ${rateCode}`);
      c.header('Cache-Control', CONTENT_CACHE);
      return c.json({ data: rate }, 200);
    })
    .get(ROOM_RATE_CONTENT_PATHS.ratePolicy, validate('param', RateContentParamSchema), validate('query', LocaleQuerySchema), async (c) => {
      const { hotelCode, rateCode } = c.req.valid('param');
      const policy = await content.ratePolicy(hotelCode, rateCode, c.req.valid('query').locale);
      if (!policy) return notFound(c, `Hotel ${hotelCode} has no rate ${rateCode}`);
      c.header('Cache-Control', CONTENT_CACHE);
      return c.json({ data: policy }, 200);
    });
}
