import * as v from 'valibot';
import { BoundedArraySchema, DATE_YEARS, isCalendarDate, TextSchema } from './primitives';

/**
 * Analytics events (spec sections 2, 3 and 7): what the browser's tracking queue sends to the BFF in
 * batches, and what the BFF checks before storing them. Strings are bounded so that a full batch stays
 * below the body limit a keepalive request or a beacon may carry (64 KiB).
 */
export const ANALYTICS_PATHS = {
  /** POST a batch; GET the stored events (only where the development outbox is on: tests read it). */
  events: '/analytics/events',
} as const;

export const ANALYTICS_LIMITS = {
  /** Events per batch the BFF accepts; the browser sends at most BATCH_SIZE at once. */
  maxEventsPerBatch: 50,
  /** Bytes of one request body. */
  maxBodyBytes: 64 * 1024,
  pathname: 512,
  errorMessage: 500,
  text: 200,
} as const;

/** Page-type groups of spec section 2, sent with every page view. */
export const PAGE_TYPE_GROUPS = ['Member', 'CICO', 'IBE', 'Offers', 'Brand', 'Hotel', 'Default'] as const;
export type PageTypeGroup = (typeof PAGE_TYPE_GROUPS)[number];

/**
 * The member-area names of click tracking (spec section 2, "Member-area areas"): each area and, where the
 * spec lists them, the actions inside it. An area without actions is tracked by its name alone.
 */
export const MEMBER_AREA_ACTIONS = {
  overview: ['my status', 'rewards', 'all rewards', 'next-status benefits'],
  bookings: ['add booking', 'past bookings', 'book again'],
  'points history': ['request points', 'previous year', 'next year'],
  rewards: ['redeem'],
  favorites: [],
  preferences: [],
  'brand preferences': [],
  newsletters: [],
  'cancel membership': [],
  'reset password': [],
  'change of address': [],
  'change of email': [],
  'change of name': [],
  'change of birthday': [],
  'redeem code': [],
  logout: [],
} as const satisfies Record<string, readonly string[]>;
export type MemberArea = keyof typeof MEMBER_AREA_ACTIONS;
export type MemberAreaAction<Area extends MemberArea> = (typeof MEMBER_AREA_ACTIONS)[Area][number];
export const MEMBER_AREAS = Object.keys(MEMBER_AREA_ACTIONS) as MemberArea[];

/** Whether `action` (or no action) belongs to `area`. */
export function isMemberAreaClick(area: string, action: string | undefined): area is MemberArea {
  if (!Object.hasOwn(MEMBER_AREA_ACTIONS, area)) return false;
  const actions: readonly string[] = MEMBER_AREA_ACTIONS[area as MemberArea];
  return action === undefined || actions.includes(action);
}

/** Analytics dates (spec section 7): dd-LL-yyyy, e.g. 02-03-2026. */
export const ANALYTICS_DATE_PATTERN = /^\d{2}-\d{2}-\d{4}$/;

const bounded = (max: number) => TextSchema({ max });
const LocaleField = v.pipe(v.string(), v.regex(/^[a-z]{2}(?:-[A-Za-z]{2})?$/, 'Unknown locale format'));

/**
 * When an event may have happened, in ms since the epoch: up to the end of the contract's last date year
 * (a browser's clock may be off, but not by centuries; far beyond, the number is not even a Date).
 */
export const ANALYTICS_TIME_RANGE = { min: 0, max: Date.UTC(DATE_YEARS.max + 1, 0, 1) - 1 } as const;

/** Whether a dd-LL-yyyy analytics date is a day of the calendar (the contract's date rules). */
const isAnalyticsDate = (value: string) => isCalendarDate(value.split('-').reverse().join('-'));

/** Fields every event has: when it happened (ms since epoch) and that day as an analytics date. */
const EventBase = {
  at: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(ANALYTICS_TIME_RANGE.min, 'An event time after 1970'),
    v.maxValue(ANALYTICS_TIME_RANGE.max, 'An event time before the year 3000'),
  ),
  date: v.pipe(v.string(), v.regex(ANALYTICS_DATE_PATTERN, 'Expected dd-LL-yyyy'), v.check(isAnalyticsDate, 'This date does not exist')),
};

/** The hotel custom parameters of spec section 3: 1 name (lowercase, underscores), 2 code, 3 brand code or no_brand. */
export const HotelCustomParametersSchema = v.object({
  param1: bounded(ANALYTICS_LIMITS.text),
  param2: bounded(ANALYTICS_LIMITS.text),
  param3: bounded(ANALYTICS_LIMITS.text),
});
export type HotelCustomParameters = v.InferOutput<typeof HotelCustomParametersSchema>;

export const PageViewEventSchema = v.object({
  ...EventBase,
  type: v.literal('page_view'),
  pathname: bounded(ANALYTICS_LIMITS.pathname),
  locale: LocaleField,
  pageType: v.picklist(PAGE_TYPE_GROUPS),
  customParameters: v.optional(HotelCustomParametersSchema),
});

export const ClickEventSchema = v.pipe(
  v.object({
    ...EventBase,
    type: v.literal('click'),
    pathname: bounded(ANALYTICS_LIMITS.pathname),
    area: bounded(ANALYTICS_LIMITS.text),
    action: v.optional(bounded(ANALYTICS_LIMITS.text)),
  }),
  v.check((event) => isMemberAreaClick(event.area, event.action), 'Unknown member area or action'),
);

/** The Error event of spec section 3. */
export const ErrorEventSchema = v.object({
  ...EventBase,
  type: v.literal('error'),
  pathname: bounded(ANALYTICS_LIMITS.pathname),
  locale: LocaleField,
  errorMessage: bounded(ANALYTICS_LIMITS.errorMessage),
  cartId: v.nullable(bounded(64)),
});

/** Web vitals are reported only when rated good (spec section 7). */
export const WebVitalEventSchema = v.object({
  ...EventBase,
  type: v.literal('web_vital'),
  pathname: bounded(ANALYTICS_LIMITS.pathname),
  name: v.picklist(['LCP', 'CLS', 'INP']),
  value: v.pipe(v.number(), v.finite(), v.minValue(0)),
  rating: v.literal('good'),
});

/** A member identified to analytics (at most once a day per member and browser). */
export const IdentifyEventSchema = v.object({
  ...EventBase,
  type: v.literal('identify'),
  memberGuid: bounded(64),
});

/**
 * A visitor was put in an experiment's variation (the layout experiment, spec section 6). Sent only with
 * A/B-testing consent (the flag client calls back only then) and, like every event, analytics consent.
 */
export const ExperimentViewedEventSchema = v.object({
  ...EventBase,
  type: v.literal('experiment_viewed'),
  pathname: bounded(ANALYTICS_LIMITS.pathname),
  experimentKey: bounded(ANALYTICS_LIMITS.text),
  variationKey: bounded(ANALYTICS_LIMITS.text),
});

export const AnalyticsEventSchema = v.variant('type', [
  PageViewEventSchema,
  ClickEventSchema,
  ErrorEventSchema,
  WebVitalEventSchema,
  IdentifyEventSchema,
  ExperimentViewedEventSchema,
]);
export type AnalyticsEvent = v.InferOutput<typeof AnalyticsEventSchema>;
export type AnalyticsEventType = AnalyticsEvent['type'];
export const ANALYTICS_EVENT_TYPES = ['page_view', 'click', 'error', 'web_vital', 'identify', 'experiment_viewed'] as const satisfies readonly AnalyticsEventType[];

/** What the browser sends: who (the anonymous id, created only with consent), the landing attribution, the events. */
export const AnalyticsBatchSchema = v.object({
  anonymousId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{8,64}$/, 'Unknown anonymous id format')),
  context: v.optional(
    v.object({
      trvReference: v.optional(bounded(ANALYTICS_LIMITS.text)),
      trvLocale: v.optional(bounded(ANALYTICS_LIMITS.text)),
    }),
  ),
  events: v.pipe(BoundedArraySchema(AnalyticsEventSchema, ANALYTICS_LIMITS.maxEventsPerBatch), v.minLength(1)),
});
export type AnalyticsBatch = v.InferOutput<typeof AnalyticsBatchSchema>;

export const AnalyticsAcceptedSchema = v.object({ accepted: v.number() });

/** The stored events, newest first (GET, development and tests only). */
export const StoredAnalyticsEventsQuerySchema = v.object({
  type: v.optional(v.picklist(ANALYTICS_EVENT_TYPES)),
  anonymousId: v.optional(bounded(64)),
});
export const StoredAnalyticsEventsResponseSchema = v.object({
  data: v.array(
    v.object({
      id: v.string(),
      anonymousId: v.string(),
      receivedAt: v.string(),
      context: v.nullable(v.object({ trvReference: v.optional(v.string()), trvLocale: v.optional(v.string()) })),
      event: AnalyticsEventSchema,
    }),
  ),
});
