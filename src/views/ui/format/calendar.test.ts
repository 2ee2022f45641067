import { describe, expect, it } from 'vitest';
import { calendarHref, escapeText, foldLine, stayCalendar } from './calendar';

const encoder = new TextEncoder();

describe('add to calendar', () => {
  it('escapes text as RFC 5545 says: backslash, semicolon, comma and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'ü'.repeat(60)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    folded.forEach((part, index) => {
      expect(encoder.encode(part).length).toBeLessThanOrEqual(75);
      if (index > 0) expect(part.startsWith(' ')).toBe(true);
    });
    expect(folded.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });

  it('writes the stay as one all-day event from check-in to the departure day, with CRLF line ends', () => {
    const ics = stayCalendar({
      uid: 'order-1-stay-1@booking',
      checkInDate: '2027-04-01',
      checkOutDate: '2027-04-03',
      summary: 'Stay at Jaz in the City, Berlin',
      location: 'Jaz in the City; Berlin',
      description: 'Reservation 100200301\nCheck-in 1 April',
      createdAt: '2027-03-10T09:15:30.000Z',
    });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.split('\r\n').filter(Boolean)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//H World Hotels//Booking confirmation//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:order-1-stay-1@booking',
      'DTSTAMP:20270310T091530Z',
      'DTSTART;VALUE=DATE:20270401',
      // All-day ends are exclusive: the day after check-out keeps the departure day in the event.
      'DTEND;VALUE=DATE:20270404',
      'SUMMARY:Stay at Jaz in the City\\, Berlin',
      'LOCATION:Jaz in the City\\; Berlin',
      'DESCRIPTION:Reservation 100200301\\nCheck-in 1 April',
      'STATUS:CONFIRMED',
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
  });

  it('marks a cancelled stay and makes a data link of the file', () => {
    const ics = stayCalendar({ uid: 'u', checkInDate: '2027-12-31', checkOutDate: '2028-01-01', summary: 's', location: 'l', description: 'd', createdAt: 'x', cancelled: true });
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('DTEND;VALUE=DATE:20280102');
    expect(ics).toContain('DTSTAMP:19700101T000000Z');
    const href = calendarHref(ics);
    expect(href.startsWith('data:text/calendar;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(href.slice(href.indexOf(',') + 1))).toBe(ics);
  });
});
