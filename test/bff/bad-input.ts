/**
 * Malformed requests for every BFF route: what an attacker (or a broken client) sends first. Shared by
 * the fuzz test (server/bad-input.test.ts, through `app.request()`) and the benchmark
 * (bench/bad-input.ts, over HTTP). Everything here is deterministic: the same routes give the same
 * requests in the same order.
 */

/** One route of the Hono app, as `app.routes` lists it. */
export interface RouteInfo {
  method: string;
  path: string;
}

/** One request to send. `body` is sent as is (already JSON or deliberately not). */
export interface BadRequest {
  label: string;
  method: string;
  path: string;
  body?: string;
  /** Send the signed-in member's bearer token. */
  signedIn: boolean;
}

/**
 * Ids of real rows, so that some requests get past "not found" to the code behind it; a route parameter
 * not listed here gets a made-up but well-formed value.
 */
export type Fixtures = Record<string, string>;

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The routes of an app, each method and path once, without middleware entries. */
export function routesOf(routes: readonly RouteInfo[]): RouteInfo[] {
  const seen = new Map<string, RouteInfo>();
  for (const { method, path } of routes) {
    if (method === 'ALL' || path.endsWith('*')) continue;
    seen.set(`${method} ${path}`, { method, path });
  }
  return [...seen.values()];
}

const WELL_FORMED_PARAMS: Record<string, string> = {
  hotelCode: 'SBTG',
  typeCode: 'STD',
  rateCode: 'AX',
  brandCode: 'steigenberger',
  imageFile: '1.svg',
  provider: 'google',
  source: 'website',
  product: 'cancellation',
  reservationNumber: 'R1',
  clientKey: 'sdk-dev',
};
const MADE_UP_ID = '00000000-0000-4000-8000-000000000000';

/** Path parameters that are not text, not UTF-8, too long or NUL, percent-encoded as they arrive. */
export const BAD_PATH_PARAMS = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E0%A4%A',
  '%C3%9F%C3%9F',
  '%F0%9F%98%80',
  'x'.repeat(3000),
  '..%2F..%2Fetc',
  '0000-01-01',
  '-1',
];

/** A path with its parameters filled: from the fixtures, the well-formed list, or `bad` for every one. */
export function fillPath(path: string, fixtures: Fixtures, bad?: string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => bad ?? fixtures[name] ?? WELL_FORMED_PARAMS[name] ?? MADE_UP_ID);
}

/** Values put in place of one field of a valid body: each class of bad input the contract must refuse. */
export const POISONS: readonly { label: string; value: unknown }[] = [
  { label: 'NUL', value: '\u0000' },
  { label: 'NUL inside text', value: 'Ber\u0000lin' },
  { label: 'lone high surrogate', value: 'x\uD800' },
  { label: 'lone low surrogate', value: '\uDC00y' },
  { label: 'year 0000', value: '0000-01-01' },
  { label: 'impossible day', value: '2020-02-31' },
  { label: 'year 9999', value: '9999-12-31' },
  { label: 'ßß', value: 'ßß' },
  { label: 'emoji', value: '😀' },
  { label: '2^60', value: 2 ** 60 },
  { label: '-2^60', value: -(2 ** 60) },
  { label: 'fraction', value: 1.5 },
  { label: 'true', value: true },
  { label: 'null', value: null },
  { label: 'empty object', value: {} },
  { label: 'empty list', value: [] },
  { label: 'empty text', value: '' },
  { label: '50,000 characters', value: 'x'.repeat(50_000) },
  { label: '10,000 numbers', value: Array.from({ length: 10_000 }, () => 0) },
  { label: '5,000 texts', value: Array.from({ length: 5_000 }, () => 'ab') },
];

/** Whole bodies that are wrong before any field is read. */
function wholeBodies(): { label: string; body: string }[] {
  return [
    { label: 'empty body', body: '' },
    { label: 'empty object', body: '{}' },
    { label: 'list', body: '[]' },
    { label: 'null', body: 'null' },
    { label: 'number', body: '42' },
    { label: 'NUL text', body: '"\\u0000"' },
    { label: 'malformed JSON', body: '{"a":' },
    { label: 'NUL in a key', body: '{"\\u0000":1,"locale":"en"}' },
    { label: 'lone surrogate in a key', body: '{"\\ud800":"x"}' },
    { label: '20,000 nested lists', body: `${'['.repeat(20_000)}${']'.repeat(20_000)}` },
    { label: '100,000 texts', body: JSON.stringify({ childAges: Array.from({ length: 100_000 }, () => '1'), rooms: [] }) },
    { label: '10 MB body', body: JSON.stringify({ text: 'x'.repeat(10 * 1024 * 1024) }) },
  ];
}

/** Valid bodies of the routes that take one, to spoil field by field (dates relative to `firstDay`). */
export function sampleBodies(firstDay: string, fixtures: Fixtures): Record<string, Record<string, unknown>> {
  const start = firstDay;
  const end = addDays(firstDay, 2);
  const stay = { hotelCode: 'SBTG', startDate: start, endDate: end };
  const rooms = [{ adults: 2, childAges: [5] }];
  const traveller = {
    first_name: 'Gina',
    last_name: 'Guest',
    email: 'gina.guest@example.com',
    phone: '+49 30 1234567',
    country_code: 'DE',
    company: { name: 'Acme', address_line: 'Street 1', postal_code: '10115', city: 'Berlin', country_code: 'DE', vat_id: 'DE1' },
    special_requests: 'Quiet room',
  };
  return {
    'POST /bff/search/location': { query: 'Berlin', locale: 'en' },
    'POST /bff/search/hotels-v2': { location: 'Berlin', startDate: start, endDate: end, rooms, promo: 'SPRING', brands: ['steigenberger'], features: ['spa'] },
    'POST /bff/ari-proxy/search/searchCalendarV2': { hotelCode: 'SBTG', startDate: start, endDate: addDays(start, 20) },
    'POST /bff/search/rooms': { ...stay, rooms, promo: 'SPRING' },
    'POST /bff/search/rates': { ...stay, rooms, typeCode: 'STD' },
    'POST /bff/search/cheapest-room': { ...stay, rooms },
    'POST /bff/search/upgradable-rooms': { ...stay, rooms, typeCode: 'STD', rateCode: 'AX', roomIndex: 0 },
    'POST /bff/search/addons': { ...stay, adults: 2, childAges: [5] },
    'POST /bff/search/benefits': { ...stay, locale: 'en' },
    'POST /bff/search/parse-deeplink': { url: `/en/hotels/berlin?arrival=${start}&departure=${end}`, locale: 'en' },
    'POST /bff/ari-proxy/roomRateDetails': { ...stay, typeCode: 'STD', rateCode: 'AX', adults: 2, children: [5] },
    'POST /bff/ari-proxy/child-policy/age-breakdown': { hotelCode: 'SBTG', childAges: [5, 14] },
    'POST /bff/members/register': {
      email: 'new.member@example.com',
      firstName: 'New',
      lastName: 'Member',
      password: 'a long enough password',
      locale: 'en',
      acceptTerms: true,
      source: 'website',
    },
    'POST /bff/members/complete-profile': {
      firstName: 'Anna',
      lastName: 'Schmidt',
      birthday: '1980-05-01',
      address: { street: 'Street 1', postalCode: '10115', city: 'Berlin', countryCode: 'de' },
    },
    'POST /bff/members/validate-email': { email: 'someone@example.com' },
    'POST /bff/auth/login/otp/code': { email: 'someone@example.com', locale: 'en' },
    'POST /bff/ecommerce/cart': {
      hotel_code: 'SBTG',
      check_in_date: start,
      check_out_date: end,
      room_stays: [{ room_type_code: 'STD', rate_code: 'AX', adults_count: 2, child_ages: [5] }],
      promo_code: 'SPRING',
      locale: 'en',
    },
    'PUT /bff/ecommerce/cart/:cartId': { promo_code: 'SPRING', currency: 'EUR', locale: 'en' },
    'PUT /bff/ecommerce/cart/:cartId/stays/:stayId': { check_in_date: start, check_out_date: end },
    'PUT /bff/ecommerce/cart/:cartId/stays/:stayId/room-stays/:roomStayId': {
      traveller,
      addons: [{ addon_code: 'BREAKFAST', quantity: 1 }],
      receive_points_for_green_option: true,
    },
    'POST /bff/ecommerce/cart/:cartId/vouchers': { code: 'SPRING' },
    'POST /bff/ecommerce/payment/apple-pay-request-session': { validation_url: 'https://apple-pay-gateway.apple.com/paymentservices/startSession', domain: 'hotels.example' },
    'POST /bff/ecommerce/reservation-modification': { order_id: fixtures.orderId ?? MADE_UP_ID, reservation_number: 'R1' },
    'PUT /bff/ecommerce/members/credit-cards/:cardId': { holder_name: 'Anna Schmidt', expiry_month: 12, expiry_year: 2030 },
    'POST /bff/ecommerce/track-conversion': { cart_id: fixtures.cartId ?? MADE_UP_ID },
    'POST /bff/analytics/events': {
      anonymousId: 'anon-12345678',
      context: { trvReference: 'ref' },
      events: [{ type: 'page_view', at: Date.UTC(2026, 2, 2), date: '02-03-2026', pathname: '/en/', locale: 'en', pageType: 'Default' }],
    },
  };
}

function addDays(date: string, days: number): string {
  const utc = new Date(`${date}T00:00:00Z`);
  utc.setUTCDate(utc.getUTCDate() + days);
  return utc.toISOString().slice(0, 10);
}

/** Every path to a leaf (or a list) of a JSON value, as keys. */
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((item, index) => leafPaths(item, [...prefix, index]))];
  if (value !== null && typeof value === 'object') {
    return [...(prefix.length > 0 ? [prefix] : []), ...Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...prefix, key]))];
  }
  return [prefix];
}

function replaced(value: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) }) as Record<string | number, unknown>;
  copy[head as string] = replaced(copy[head as string], rest, replacement);
  return copy;
}

/**
 * The bad requests for these routes: for every route, its parameters spoiled one class at a time, a
 * spoiled query string, and (for methods with a body) whole bodies that are wrong; for routes with a
 * sample body, every field of it replaced by every poison (`everyPoison: false` takes one poison per
 * field, in turn, for a quicker round).
 */
export function badRequests(routes: readonly RouteInfo[], fixtures: Fixtures, firstDay: string, { everyPoison = true } = {}): BadRequest[] {
  const requests: BadRequest[] = [];
  const samples = sampleBodies(firstDay, fixtures);
  const wholes = wholeBodies();
  for (const route of routesOf(routes)) {
    const key = `${route.method} ${route.path}`;
    const good = fillPath(route.path, fixtures);
    const takesBody = METHODS_WITH_BODY.has(route.method);
    const sample = samples[key];
    const goodBody = sample ? JSON.stringify(sample) : takesBody ? '{}' : undefined;
    const push = (label: string, path: string, body: string | undefined, signedIn = true) =>
      requests.push({ label: `${key}: ${label}`, method: route.method, path, ...(body !== undefined ? { body } : {}), signedIn });

    push('as a guest', good, goodBody, false);
    if (route.path.includes(':')) {
      for (const bad of BAD_PATH_PARAMS) push(`path parameters ${bad.slice(0, 20)}`, fillPath(route.path, fixtures, bad), goodBody);
    }
    push('query with NUL and broken escapes', `${good}?locale=%00&anonymousId=%ED%A0%80&to=%E0%A4%A&type=x%00`, goodBody);
    if (!takesBody) continue;
    for (const whole of wholes) push(whole.label, good, whole.body);
    if (!sample) continue;
    leafPaths(sample).forEach((path, index) => {
      const poisons = everyPoison ? POISONS : [POISONS[index % POISONS.length] as (typeof POISONS)[number]];
      for (const poison of poisons) push(`${path.join('.')} = ${poison.label}`, good, JSON.stringify(replaced(sample, path, poison.value)));
    });
  }
  return requests;
}
