import { addDays } from '../../../contract/calendar-dates';

/**
 * "Add to calendar": one iCalendar (RFC 5545) file with the stay as an all-day event. A dozen lines of our
 * own instead of a library: the `ics` package validates its input with `yup` and would add several times
 * this module's size to the confirmation page for one event with fixed fields.
 */
export interface StayEvent {
  /** Globally unique and stable, so a second download updates the event instead of adding another. */
  uid: string;
  /** Check-in and check-out dates, `yyyy-MM-dd`. */
  checkInDate: string;
  checkOutDate: string;
  summary: string;
  location: string;
  description: string;
  /** When the booking was made (ISO date-time): the event's DTSTAMP, so the same booking gives the same file. */
  createdAt: string;
  /** Marks the event cancelled (a calendar that already has it then shows it cancelled). */
  cancelled?: boolean;
}

/** TEXT values (RFC 5545 section 3.3.11): backslash, semicolon and comma escaped, line breaks as `\n`. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * Content lines longer than 75 octets are folded (RFC 5545 section 3.1): a line break and one space, never
 * inside a UTF-8 character (hotel names in Arabic or with accents are several octets per character).
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // The first line holds 75 octets; the following ones 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const basicDate = (isoDate: string) => isoDate.replace(/-/g, '');

/** A date-time in UTC, basic format: 20270310T091500Z. */
function basicUtc(isoDateTime: string): string {
  const date = new Date(isoDateTime);
  const valid = Number.isNaN(date.getTime()) ? new Date(0) : date;
  return `${valid.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/**
 * The stay as a VCALENDAR. All-day dates (the hotel's arrival and departure days; hotels publish no
 * times in our data). DTEND of an all-day event is exclusive: it is the day after check-out, so the
 * departure day shows in the calendar too.
 */
export function stayCalendar(event: StayEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//H World Hotels//Booking confirmation//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${basicUtc(event.createdAt)}`,
    `DTSTART;VALUE=DATE:${basicDate(event.checkInDate)}`,
    `DTEND;VALUE=DATE:${basicDate(addDays(event.checkOutDate, 1))}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    // A hotel stay does not make the guest busy all day long.
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** A link target for the file: works as a plain `<a download>`, with no script and no object URL to revoke. */
export function calendarHref(calendar: string): string {
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(calendar)}`;
}
