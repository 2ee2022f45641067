import { Hono } from 'hono';
import { etag } from 'hono/etag';
import {
  BrandCodeParamSchema,
  CONTENT_PATHS,
  HotelCodeParamSchema,
  HotelImageParamSchema,
  LocaleQuerySchema,
  RoomImageParamSchema,
} from '../../src/contract/content';
import type { Database } from '../db/database';
import type { AppEnv } from '../env';
import { notFound } from '../middleware/errors';
import { validate } from '../middleware/validate';
import { renderHotelImageSvg } from './hotel-image';
import { renderHotelFacadeSvg } from './illustration/hotel-facade';
import { renderRoomInteriorSvg } from './illustration/room-interior';
import { createContentService } from './service';
import { listServiceMessages } from './service-messages';
import { listTargetedMessages } from './targeted-messages';

/** Content changes rarely; browsers and CDNs may keep it for the spec's cache default of 5 minutes. */
const CONTENT_CACHE = 'public, max-age=300';
/** An image URL always draws the same picture; a day fresh, then revalidated with its ETag. */
const IMAGE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

export function contentRoutes({ db }: { db: Database }) {
  const content = createContentService(db);
  return new Hono<AppEnv>()
    .get(CONTENT_PATHS.brands, validate('query', LocaleQuerySchema), async (c) => {
      const { locale } = c.req.valid('query');
      c.header('Cache-Control', CONTENT_CACHE);
      return c.json({ data: await content.brands(locale) }, 200);
    })
    .get(CONTENT_PATHS.brand, validate('param', BrandCodeParamSchema), validate('query', LocaleQuerySchema), async (c) => {
      const { brandCode } = c.req.valid('param');
      const brand = await content.brand(brandCode, c.req.valid('query').locale);
      if (!brand) return notFound(c, `No brand with code ${brandCode}`);
      c.header('Cache-Control', CONTENT_CACHE);
      return c.json({ data: brand }, 200);
    })
    .get(CONTENT_PATHS.hotel, validate('param', HotelCodeParamSchema), validate('query', LocaleQuerySchema), async (c) => {
      const { hotelCode } = c.req.valid('param');
      const hotel = await content.hotel(hotelCode, c.req.valid('query').locale);
      if (!hotel) return notFound(c, `No hotel with code ${hotelCode}`);
      c.header('Cache-Control', CONTENT_CACHE);
      return c.json({ data: hotel }, 200);
    })
    .get(CONTENT_PATHS.hotelsForDropdown, validate('query', LocaleQuerySchema), async (c) => {
      c.header('Cache-Control', CONTENT_CACHE);
      return c.json({ data: await content.hotelsForDropdown(c.req.valid('query').locale) }, 200);
    })
    .get(CONTENT_PATHS.serviceMessages, validate('query', LocaleQuerySchema), async (c) => {
      c.header('Cache-Control', CONTENT_CACHE);
      return c.json({ data: await listServiceMessages(db, c.req.valid('query').locale) }, 200);
    })
    .get(CONTENT_PATHS.targetedMessages, validate('query', LocaleQuerySchema), async (c) => {
      c.header('Cache-Control', CONTENT_CACHE);
      return c.json({ data: await listTargetedMessages(db, c.req.valid('query').locale) }, 200);
    })
    .get(CONTENT_PATHS.destinations, validate('query', LocaleQuerySchema), async (c) => {
      c.header('Cache-Control', CONTENT_CACHE);
      return c.json({ data: await content.destinations(c.req.valid('query').locale) }, 200);
    })
    .get(
      CONTENT_PATHS.hotelImage,
      validate('param', HotelImageParamSchema),
      validate('query', LocaleQuerySchema),
      etag(),
      async (c) => {
        const { hotelCode, imageFile } = c.req.valid('param');
        const position = Number.parseInt(imageFile, 10);
        const image = await content.hotelImage(hotelCode, position, c.req.valid('query').locale);
        if (!image) return notFound(c, `Hotel ${hotelCode} has no image ${imageFile}`);
        // The first picture is the hotel's own front; the others show its surroundings.
        const svg = position === 1
          ? renderHotelFacadeSvg({ hotelCode, primaryColour: image.primaryColour, accentColour: image.accentColour, title: image.alt })
          : renderHotelImageSvg({
          seed: image.colourSeed,
          primaryColour: image.primaryColour,
          accentColour: image.accentColour,
          title: image.alt,
        });
        return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': IMAGE_CACHE });
      },
    )
    .get(
      CONTENT_PATHS.roomImage,
      validate('param', RoomImageParamSchema),
      validate('query', LocaleQuerySchema),
      etag(),
      async (c) => {
        const { hotelCode, roomImageFile } = c.req.valid('param');
        const typeCode = roomImageFile.slice(0, -'.svg'.length);
        const room = await content.roomImage(hotelCode, typeCode, c.req.valid('query').locale);
        if (!room) return notFound(c, `Hotel ${hotelCode} has no room type ${typeCode}`);
        const svg = renderRoomInteriorSvg({ hotelCode, typeCode, primaryColour: room.primaryColour, accentColour: room.accentColour, title: room.title });
        return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': IMAGE_CACHE });
      },
    );
}
