/**
 * Wall-clock times in a hotel's time zone, with Intl only: the instant of a local date and hour, and an
 * instant written as an ISO date-time with that zone's offset (`2027-03-04T18:00:00+01:00`).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(instantMs: number, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(instantMs))
      .map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The zone's offset from UTC at an instant, in minutes (Berlin in winter: 60). */
function offsetMinutes(instantMs: number, timeZone: string): number {
  const local = wallClock(instantMs, timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return Math.round((asUtc - Math.floor(instantMs / 1000) * 1000) / 60_000);
}

/** The instant at which the clocks of `timeZone` show `hour`:00 on `date` (`yyyy-MM-dd`). */
export function instantAt(date: string, hour: number, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number);
  const asUtc = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, hour);
  const first = asUtc - offsetMinutes(asUtc, timeZone) * 60_000;
  // Near a daylight-saving change the offset at the guess may differ from the offset at the answer.
  return asUtc - offsetMinutes(first, timeZone) * 60_000;
}

/** An instant as `yyyy-MM-ddTHH:mm:ss±hh:mm` in `timeZone`. */
export function formatInZone(instantMs: number, timeZone: string): string {
  const local = wallClock(instantMs, timeZone);
  const offset = offsetMinutes(instantMs, timeZone);
  const two = (value: number) => String(value).padStart(2, '0');
  const sign = offset < 0 ? '-' : '+';
  const absolute = Math.abs(offset);
  return (
    `${String(local.year).padStart(4, '0')}-${two(local.month)}-${two(local.day)}` +
    `T${two(local.hour)}:${two(local.minute)}:${two(local.second)}` +
    `${sign}${two(Math.floor(absolute / 60))}:${two(absolute % 60)}`
  );
}
