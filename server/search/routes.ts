import { type Context, Hono } from 'hono';
import {
  AddonsRequestSchema,
  BenefitsRequestSchema,
  BoundedCalendarRequestSchema,
  BoundedHotelSearchRequestSchema,
  BoundedRoomsRequestSchema,
  type CalendarDay,
  ChildPolicyRequestSchema,
  type Currency,
  type HotelSearchResponse,
  LocationSearchRequestSchema,
  ParseDeeplinkRequestSchema,
  RatesRequestSchema,
  type RatesResponse,
  RoomRateDetailsRequestSchema,
  type RoomsResponse,
  SEARCH_PATHS,
  UpgradableRoomsRequestSchema,
} from '../../src/contract/search';
import { roomRateContentRoutes } from '../content/room-rate-routes';
import type { CompanyRate } from '../corporate/rates';
import type { Database } from '../db/database';
import type { AppEnv } from '../env';
import { jsonBytes } from '../lib/json-bytes';
import { errorBody, notFound } from '../middleware/errors';
import { validate } from '../middleware/validate';
import { createSearchService, type Outcome } from './service';

/** An outcome as the HTTP answer: 200 with its data, 404 for an unknown code, 409 when it cannot be booked as asked. */
function answer<T>(c: Context<AppEnv>, outcome: Outcome<T>) {
  if ('notFound' in outcome) return notFound(c, outcome.notFound);
  if ('conflict' in outcome) return c.json(errorBody('conflict', outcome.conflict), 409);
  return c.json({ data: outcome.data }, 200);
}

/** As answer(), for data the service wrote as the JSON of `{ data }` (T: what that JSON holds). */
function answerJson<T>(c: Context<AppEnv>, outcome: Outcome<Uint8Array>) {
  if ('notFound' in outcome) return notFound(c, outcome.notFound);
  if ('conflict' in outcome) return c.json(errorBody('conflict', outcome.conflict), 409);
  return jsonBytes<{ data: T }>(c, outcome.data);
}

/**
 * Hotel search (spec section 7, "Search"): destinations, hotels with prices, the price calendar, rooms and
 * rates of a hotel, add-ons, benefits, deep links; plus the content of rooms and rates. Answers depend
 * on the inventory and on today, so no browser or proxy may keep them; the service keeps the answers of
 * hotels-v2, the calendar, rooms and rates while the inventory they were built from is unchanged
 * (decision record 0039).
 */
export function searchRoutes({
  db,
  now = () => new Date(),
  companyRate = async () => null,
}: {
  db: Database;
  now?: () => Date;
  /**
   * The company rate of the member whose bearer token the request carries (none: null): it joins the
   * hotel's rates, and lowers the member prices of the hotel list and the price calendar where it is lower.
   */
  companyRate?: (c: Context<AppEnv>) => Promise<CompanyRate | null>;
}) {
  const search = createSearchService({ db, now });
  return (
    new Hono<AppEnv>()
      .post(SEARCH_PATHS.location, validate('json', LocationSearchRequestSchema), async (c) => {
        const { query, locale } = c.req.valid('json');
        return c.json({ data: await search.location(query, locale) }, 200);
      })
      // Written by the service: the JSON c.json would write, most of it prepared once per locale.
      .post(SEARCH_PATHS.hotels, validate('json', BoundedHotelSearchRequestSchema), async (c) => {
        const outcome = await search.hotelsJson(c.req.valid('json'), await companyRate(c));
        // 404 unknown_location: a place we do not know, told apart from a known one with nothing free (200, no hotel available).
        if ('notFound' in outcome) return c.json(errorBody('unknown_location', outcome.notFound), 404);
        if ('conflict' in outcome) return c.json(errorBody('conflict', outcome.conflict), 409);
        return jsonBytes<{ data: HotelSearchResponse }>(c, outcome.data);
      })
      // Written by the service as JSON, through its answer cache.
      .post(SEARCH_PATHS.calendar, validate('json', BoundedCalendarRequestSchema), async (c) =>
        answerJson<{ currency: Currency; days: CalendarDay[] }>(c, await search.calendarJson(c.req.valid('json'), await companyRate(c))),
      )
      .post(SEARCH_PATHS.rooms, validate('json', BoundedRoomsRequestSchema), async (c) =>
        answerJson<RoomsResponse>(c, await search.roomsJson(c.req.valid('json'), await companyRate(c))),
      )
      .post(SEARCH_PATHS.rates, validate('json', RatesRequestSchema), async (c) =>
        answerJson<RatesResponse>(c, await search.ratesJson(c.req.valid('json'), await companyRate(c))),
      )
      .post(SEARCH_PATHS.cheapestRoom, validate('json', BoundedRoomsRequestSchema), async (c) =>
        answer(c, await search.cheapestRoom(c.req.valid('json'), await companyRate(c))),
      )
      .post(SEARCH_PATHS.upgradableRooms, validate('json', UpgradableRoomsRequestSchema), async (c) =>
        answer(c, await search.upgradableRooms(c.req.valid('json'), await companyRate(c))),
      )
      .post(SEARCH_PATHS.addons, validate('json', AddonsRequestSchema), async (c) => answer(c, await search.addons(c.req.valid('json'))))
      .post(SEARCH_PATHS.benefits, validate('json', BenefitsRequestSchema), async (c) => answer(c, await search.benefits(c.req.valid('json'))))
      .post(SEARCH_PATHS.parseDeeplink, validate('json', ParseDeeplinkRequestSchema), async (c) => c.json({ data: await search.parseDeeplink(c.req.valid('json')) }, 200))
      .post(SEARCH_PATHS.roomRateDetails, validate('json', RoomRateDetailsRequestSchema), async (c) =>
        answer(c, await search.roomRateDetails(c.req.valid('json'), await companyRate(c))),
      )
      .post(SEARCH_PATHS.childPolicy, validate('json', ChildPolicyRequestSchema), async (c) => answer(c, await search.childPolicy(c.req.valid('json'))))
      .route('/', roomRateContentRoutes({ db }))
  );
}
