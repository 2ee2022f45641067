import * as v from 'valibot';

/**
 * The building blocks every request schema of the contract uses for text, calendar dates, country codes
 * and lists, so that each class of bad input is refused once, here, with the same words everywhere.
 */

/**
 * Every character can be stored and searched: no NUL (PostgreSQL refuses it in text and in JSON) and no
 * half of a surrogate pair without its other half (not a character at all, and not encodable as UTF-8).
 * Written as a regular expression rather than String.prototype.isWellFormed so older browsers run it too.
 */
const STORABLE_TEXT = /^(?:[^\0\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
export const isStorableText = (value: string): boolean => STORABLE_TEXT.test(value);
export const UNSTORABLE_TEXT_MESSAGE = 'Text must not contain NUL characters or broken Unicode characters';

export interface TextOptions {
  /** The longest text accepted, in UTF-16 code units, after trimming. */
  max: number;
  /** Refuse empty text (after trimming) with this message. */
  required?: string;
  /** The message for text longer than `max`. */
  tooLong?: string;
}

/**
 * Text typed by a person or a browser (names, addresses, queries, codes, free text): storable (see
 * isStorableText), trimmed, bounded; optionally required.
 */
export function TextSchema({ max, required, tooLong }: TextOptions) {
  return v.pipe(
    v.string('Expected text'),
    v.check(isStorableText, UNSTORABLE_TEXT_MESSAGE),
    v.trim(),
    v.minLength(required === undefined ? 0 : 1, required ?? 'Required'),
    v.maxLength(max, tooLong ?? `At most ${max} characters`),
  );
}

/**
 * The years a calendar date may have. Birthdays reach back to 1900; stays and events lie in this
 * millennium. Beyond, `Date.UTC` reads years below 100 as 19xx and PostgreSQL refuses year 0.
 */
export const DATE_YEARS = { min: 1900, max: 2999 } as const;

/** Whether `yyyy-MM-dd` is a day of the calendar within DATE_YEARS (2020-02-29 is, 2021-02-29 and 2020-02-31 are not). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < DATE_YEARS.min || year > DATE_YEARS.max || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one.
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A calendar date `yyyy-MM-dd` that exists, in DATE_YEARS. */
export const IsoDateSchema = v.pipe(
  v.string('A date is text like 2027-03-05'),
  v.isoDate('A date is written yyyy-MM-dd'),
  v.check(isCalendarDate, 'This date does not exist'),
);

/**
 * An ISO 3166-1 alpha-2 country code: exactly two letters A to Z after trimming, upper-cased. Only ASCII
 * letters, so that upper-casing cannot change the length (`ß` becomes `SS`).
 */
export const CountryCodeSchema = v.pipe(
  v.string('A country code is text'),
  v.trim(),
  v.regex(/^[A-Za-z]{2}$/, 'A two-letter country code'),
  v.toUpperCase(),
);

/**
 * A list of at most `max` items, its length checked before any item: a list of 100,000 items is refused
 * at once, with one issue, instead of checking (and reporting on) every item. Typed as the plain list
 * schema with a maximum length would be; at run time the length comes first.
 */
export function BoundedArraySchema<TItem extends v.GenericSchema>(item: TItem, max: number, tooLong = `At most ${max} items`) {
  return v.pipe(v.array(v.unknown(), 'Expected a list'), v.maxLength(max, tooLong), v.array(item)) as unknown as v.GenericSchema<
    v.InferInput<TItem>[],
    v.InferOutput<TItem>[],
    v.BaseIssue<unknown>
  >;
}

/**
 * For update requests whose fields are all optional: at least one must be there. An update that changes
 * nothing is a client's mistake, answered 400, not a statement without columns to set.
 */
export function someField<TInput extends Record<string, unknown>>(message = 'Send at least one field to change') {
  return v.check<TInput, string>((input) => Object.values(input).some((value) => value !== undefined), message);
}
