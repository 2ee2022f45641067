import { Hono } from 'hono';
import { etag } from 'hono/etag';
import {
  type Brand,
  BrandCodeParamSchema,
  type BrandDetail,
  CONTENT_PATHS,
  type Destination,
  type Hotel,
  HotelCodeParamSchema,
  HotelImageParamSchema,
  type HotelOption,
  LocaleQuerySchema,
  RoomImageParamSchema,
  type ServiceMessage,
  type TargetedMessage,
} from '../../src/contract/content';
import type { Database } from '../db/database';
import type { AppEnv } from '../env';
import { jsonBytes } from '../lib/json-bytes';
import { notFound } from '../middleware/errors';
import { validate } from '../middleware/validate';
import { contentCacheOf, encodeData, encodeText } from './content-cache';
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
  // Answers are built once per content version, locale and code, and kept as bytes (decision record 0037).
  const cache = contentCacheOf(db);
  const cached = (key: string, data: () => Promise<unknown>) => cache.get(key, async () => encodeData(await data()));
  // The lists below are always there (possibly empty), so their cached answer is never undefined.
  const headers = { 'Cache-Control': CONTENT_CACHE };
  return new Hono<AppEnv>()
    .get(CONTENT_PATHS.brands, validate('query', LocaleQuerySchema), async (c) => {
      const { locale } = c.req.valid('query');
      const json = await cached(`brands ${locale}`, () => content.brands(locale));
      return jsonBytes<{ data: Brand[] }>(c, json as Uint8Array, headers);
    })
    .get(CONTENT_PATHS.brand, validate('param', BrandCodeParamSchema), validate('query', LocaleQuerySchema), async (c) => {
      const { brandCode } = c.req.valid('param');
      const { locale } = c.req.valid('query');
      const json = await cached(`brand ${locale} ${brandCode}`, () => content.brand(brandCode, locale));
      if (!json) return notFound(c, `No brand with code ${brandCode}`);
      return jsonBytes<{ data: BrandDetail }>(c, json, headers);
    })
    .get(CONTENT_PATHS.hotel, validate('param', HotelCodeParamSchema), validate('query', LocaleQuerySchema), async (c) => {
      const { hotelCode } = c.req.valid('param');
      const { locale } = c.req.valid('query');
      const json = await cached(`hotel ${locale} ${hotelCode}`, () => content.hotel(hotelCode, locale));
      if (!json) return notFound(c, `No hotel with code ${hotelCode}`);
      return jsonBytes<{ data: Hotel }>(c, json, headers);
    })
    .get(CONTENT_PATHS.hotelsForDropdown, validate('query', LocaleQuerySchema), async (c) => {
      const { locale } = c.req.valid('query');
      const json = await cached(`hotels-for-dropdown ${locale}`, () => content.hotelsForDropdown(locale));
      return jsonBytes<{ data: HotelOption[] }>(c, json as Uint8Array, headers);
    })
    .get(CONTENT_PATHS.serviceMessages, validate('query', LocaleQuerySchema), async (c) => {
      const { locale } = c.req.valid('query');
      const json = await cached(`service-messages ${locale}`, () => listServiceMessages(db, locale));
      return jsonBytes<{ data: ServiceMessage[] }>(c, json as Uint8Array, headers);
    })
    .get(CONTENT_PATHS.targetedMessages, validate('query', LocaleQuerySchema), async (c) => {
      const { locale } = c.req.valid('query');
      const json = await cached(`targeted-messages ${locale}`, () => listTargetedMessages(db, locale));
      return jsonBytes<{ data: TargetedMessage[] }>(c, json as Uint8Array, headers);
    })
    .get(CONTENT_PATHS.destinations, validate('query', LocaleQuerySchema), async (c) => {
      const { locale } = c.req.valid('query');
      const json = await cached(`destinations ${locale}`, () => content.destinations(locale));
      return jsonBytes<{ data: Destination[] }>(c, json as Uint8Array, headers);
    })
    .get(
      CONTENT_PATHS.hotelImage,
      validate('param', HotelImageParamSchema),
      validate('query', LocaleQuerySchema),
      etag(),
      async (c) => {
        const { hotelCode, imageFile } = c.req.valid('param');
        const { locale } = c.req.valid('query');
        const position = Number.parseInt(imageFile, 10);
        const svg = await cache.get(`hotel-image ${locale} ${hotelCode} ${position}`, async () => {
          const image = await content.hotelImage(hotelCode, position, locale);
          if (!image) return undefined;
          // The first picture is the hotel's own front; the others show its surroundings.
          return encodeText(
            position === 1
              ? renderHotelFacadeSvg({ hotelCode, primaryColour: image.primaryColour, accentColour: image.accentColour, title: image.alt })
              : renderHotelImageSvg({ seed: image.colourSeed, primaryColour: image.primaryColour, accentColour: image.accentColour, title: image.alt }),
          );
        });
        if (!svg) return notFound(c, `Hotel ${hotelCode} has no image ${imageFile}`);
        return c.body(svg as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': IMAGE_CACHE });
      },
    )
    .get(
      CONTENT_PATHS.roomImage,
      validate('param', RoomImageParamSchema),
      validate('query', LocaleQuerySchema),
      etag(),
      async (c) => {
        const { hotelCode, roomImageFile } = c.req.valid('param');
        const { locale } = c.req.valid('query');
        const typeCode = roomImageFile.slice(0, -'.svg'.length);
        const svg = await cache.get(`room-image ${locale} ${hotelCode} ${typeCode}`, async () => {
          const room = await content.roomImage(hotelCode, typeCode, locale);
          return room && encodeText(renderRoomInteriorSvg({ hotelCode, typeCode, primaryColour: room.primaryColour, accentColour: room.accentColour, title: room.title }));
        });
        if (!svg) return notFound(c, `Hotel ${hotelCode} has no room type ${typeCode}`);
        return c.body(svg as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': IMAGE_CACHE });
      },
    );
}
