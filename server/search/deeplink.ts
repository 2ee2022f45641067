import * as v from 'valibot';
import type { Locale } from '../../src/contract/locales';
import { IsoDateSchema, nightsBetween, type ParsedDeeplink, SEARCH_LIMITS } from '../../src/contract/search';
import { addDays } from '../lib/calendar';

/**
 * Links from the old site and from partners, turned into the web app's search query (spec section 2:
 * location, startDate, endDate, rooms, room-N-adults, room-N-child-M; rooms and children counted from 1).
 * Accepted, as a whole URL, a path with its query, or a bare query:
 *
 * - web: the web app's own query, kept as far as it is valid;
 * - legacy-path: `/hotels/{city or hotel}` (optionally after a locale, `/de/hotels/koeln`) with
 *   `arrival` and either `nights` or `departure`;
 * - partner: `hotel` (a hotel code) or `city`/`destination`, with `checkin` and `checkout`.
 *
 * Legacy and partner links may add `rooms` (count), `adults` (per room: one number for every room, or one
 * per room separated by commas), `children` or `childAges` (ages of the first room's children, separated by
 * commas) and `promo`. Dates are yyyy-MM-dd, dd.MM.yyyy, dd/MM/yyyy or yyyyMMdd. A city is written as a slug
 * or a name in any locale and becomes its name in the request's locale. What cannot be used is left out
 * and named in `warnings`; the web app then applies its own defaults.
 */

export type LocationResolver = (text: string) => string | null;

const LEGACY_PATH = /^\/(?:[a-z]{2}\/)?hotels?\/([^/]+)\/?$/i;
const WEB_KEYS = ['location', 'startDate', 'endDate', 'room-1-adults'];
const PASSED_ON_WEB_KEYS = /^(promo|business|payWithPoints|approxDateRange|features|brands|sortBy|minPrice|maxPrice|room-\d+-(rate-code|room-type-code))$/;

interface Draft {
  query: Record<string, string>;
  warnings: string[];
}

export function parseDeeplink(input: string, locale: Locale, resolveLocation: LocationResolver): ParsedDeeplink {
  const draft: Draft = { query: {}, warnings: [] };
  const url = toUrl(input);
  let format: ParsedDeeplink['format'] = 'unknown';
  if (!url) {
    draft.warnings.push('The link could not be read');
  } else {
    const params = url.searchParams;
    const legacyPath = LEGACY_PATH.exec(url.pathname);
    if (WEB_KEYS.some((key) => params.has(key))) {
      format = 'web';
      readWebQuery(params, draft, resolveLocation);
    } else if (legacyPath) {
      format = 'legacy-path';
      setLocation(decodeSegment(legacyPath[1] ?? ''), draft, resolveLocation);
      readStay(params.get('arrival'), params.get('departure'), params.get('nights'), draft);
      readGuests(params, draft);
    } else if (params.has('hotel') || params.has('city') || params.has('destination') || params.has('checkin')) {
      format = 'partner';
      const location = params.get('hotel') ?? params.get('city') ?? params.get('destination');
      if (location !== null) setLocation(location, draft, resolveLocation);
      readStay(params.get('checkin'), params.get('checkout'), null, draft);
      readGuests(params, draft);
    } else {
      draft.warnings.push('No search was found in the link');
    }
  }
  const search = new URLSearchParams(draft.query).toString();
  return { format, query: draft.query, href: `/${locale}/find-a-hotel${search ? `?${search}` : ''}`, warnings: draft.warnings };
}

function toUrl(input: string): URL | null {
  const text = input.trim();
  // A bare query without its question mark: "hotel=SHDB&checkin=...".
  const withQuestionMark = !/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && !text.startsWith('/') && !text.startsWith('?') && text.includes('=') ? `?${text}` : text;
  try {
    return new URL(withQuestionMark, 'https://link.invalid');
  } catch {
    return null;
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function setLocation(text: string, draft: Draft, resolveLocation: LocationResolver): void {
  const trimmed = text.trim();
  if (!trimmed) return;
  const resolved = resolveLocation(trimmed) ?? resolveLocation(trimmed.replace(/[-_+]+/g, ' '));
  if (resolved) {
    draft.query.location = resolved;
  } else {
    draft.query.location = trimmed.replace(/[-_+]+/g, ' ');
    draft.warnings.push(`No city or hotel is called "${trimmed}"`);
  }
}

/** A date in one of the accepted spellings as yyyy-MM-dd, or null. */
export function readDate(text: string | null): string | null {
  if (text === null) return null;
  const value = text.trim();
  let iso: string | null = null;
  const dotted = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(value);
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) iso = value;
  else if (dotted) iso = `${dotted[3]}-${dotted[2]?.padStart(2, '0')}-${dotted[1]?.padStart(2, '0')}`;
  else if (compact) iso = `${compact[1]}-${compact[2]}-${compact[3]}`;
  return iso !== null && v.is(IsoDateSchema, iso) ? iso : null;
}

function readStay(arrivalText: string | null, departureText: string | null, nightsText: string | null, draft: Draft): void {
  const arrival = readDate(arrivalText);
  if (arrivalText !== null && !arrival) draft.warnings.push(`"${arrivalText}" is not a date`);
  if (!arrival) return;
  let departure: string | null = null;
  if (nightsText !== null) {
    const nights = wholeNumber(nightsText);
    if (nights !== null && nights >= 1 && nights <= SEARCH_LIMITS.maxNights) departure = addDays(arrival, nights);
    else draft.warnings.push(`A stay of "${nightsText}" nights cannot be searched`);
  } else {
    departure = readDate(departureText);
    if (departureText !== null && !departure) draft.warnings.push(`"${departureText}" is not a date`);
  }
  draft.query.startDate = arrival;
  if (!departure) return;
  const nights = nightsBetween(arrival, departure);
  if (nights < 1 || nights > SEARCH_LIMITS.maxNights) {
    draft.warnings.push(`A stay from ${arrival} to ${departure} cannot be searched`);
    return;
  }
  draft.query.endDate = departure;
}

function roomsWarning(roomsText: string): string {
  return `"${roomsText}" is not a number of rooms from 1 to ${SEARCH_LIMITS.maxRooms}`;
}

function wholeNumber(text: string): number | null {
  return /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : null;
}

function inRange(value: number | null, min: number, max: number): value is number {
  return value !== null && value >= min && value <= max;
}

function readGuests(params: URLSearchParams, draft: Draft): void {
  const roomsText = params.get('rooms');
  let rooms = 1;
  if (roomsText !== null) {
    const count = wholeNumber(roomsText);
    if (inRange(count, 1, SEARCH_LIMITS.maxRooms)) rooms = count;
    else draft.warnings.push(roomsWarning(roomsText));
  }
  const adultsText = params.get('adults');
  const adults = adultsText === null ? [] : adultsText.split(',').map(wholeNumber);
  if (adults.some((count) => !inRange(count, 1, SEARCH_LIMITS.maxAdultsPerRoom))) {
    draft.warnings.push(`"${adultsText}" is not a number of adults between 1 and ${SEARCH_LIMITS.maxAdultsPerRoom}`);
    adults.length = 0;
  }
  draft.query.rooms = String(rooms);
  for (let room = 1; room <= rooms; room += 1) {
    draft.query[`room-${room}-adults`] = String(adults[Math.min(room, adults.length) - 1] ?? SEARCH_LIMITS.defaultAdults);
  }
  const agesText = params.get('children') ?? params.get('childAges');
  if (agesText) {
    const ages = agesText.split(',').map(wholeNumber);
    if (ages.length > SEARCH_LIMITS.maxChildrenPerRoom || ages.some((age) => !inRange(age, 0, SEARCH_LIMITS.maxChildAge))) {
      draft.warnings.push(`"${agesText}" are not the ages of at most ${SEARCH_LIMITS.maxChildrenPerRoom} children`);
    } else {
      ages.forEach((age, index) => {
        draft.query[`room-1-child-${index + 1}`] = String(age);
      });
    }
  }
  const promo = params.get('promo') ?? params.get('promocode');
  if (promo) draft.query.promo = promo.trim().slice(0, 32);
}

/** The web app's own query: location and dates checked, rooms and their guests checked room by room, the rest passed on. */
function readWebQuery(params: URLSearchParams, draft: Draft, resolveLocation: LocationResolver): void {
  const location = params.get('location');
  if (location !== null) setLocation(location, draft, resolveLocation);
  const start = params.get('startDate');
  const end = params.get('endDate');
  if (start !== null) readStay(start, end, null, draft);
  const roomsText = params.get('rooms');
  const declared = roomsText === null ? null : wholeNumber(roomsText);
  const rooms = inRange(declared, 1, SEARCH_LIMITS.maxRooms) ? declared : Math.max(1, countRooms(params));
  if (roomsText !== null && declared !== rooms) draft.warnings.push(roomsWarning(roomsText));
  draft.query.rooms = String(rooms);
  for (let room = 1; room <= rooms; room += 1) {
    const adultsText = params.get(`room-${room}-adults`);
    const adults = adultsText === null ? null : wholeNumber(adultsText);
    if (adultsText !== null && !inRange(adults, 1, SEARCH_LIMITS.maxAdultsPerRoom)) draft.warnings.push(`Room ${room}: "${adultsText}" adults`);
    draft.query[`room-${room}-adults`] = String(inRange(adults, 1, SEARCH_LIMITS.maxAdultsPerRoom) ? adults : SEARCH_LIMITS.defaultAdults);
    for (let child = 1; child <= SEARCH_LIMITS.maxChildrenPerRoom; child += 1) {
      const ageText = params.get(`room-${room}-child-${child}`);
      if (ageText === null) continue;
      const age = wholeNumber(ageText);
      if (inRange(age, 0, SEARCH_LIMITS.maxChildAge)) draft.query[`room-${room}-child-${child}`] = String(age);
      else draft.warnings.push(`Room ${room}: "${ageText}" is not a child's age`);
    }
  }
  for (const [key, value] of params) {
    if (PASSED_ON_WEB_KEYS.test(key) && !(key in draft.query)) draft.query[key] = value;
  }
}

/** The highest N of the room-N-adults parameters. */
function countRooms(params: URLSearchParams): number {
  let rooms = 0;
  for (const key of params.keys()) {
    const match = /^room-(\d+)-adults$/.exec(key);
    if (match) rooms = Math.min(SEARCH_LIMITS.maxRooms, Math.max(rooms, Number(match[1])));
  }
  return rooms;
}
