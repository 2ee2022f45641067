import type { MemberBooking, MemberLevel, PointsStatus } from '../../../contract/loyalty';

export interface StatusForecast {
  level: MemberLevel;
  /** The departure day of the stay that brings the member there. */
  date: string;
  /** How many of the upcoming stays it takes. */
  stays: number;
}

/**
 * When the member's upcoming stays bring them to the next level: their nights and points add up, stay by
 * stay in the order of departure, within this calendar year (levels are reached per year; a stay counts
 * when it is over). Null when there is no next level or the stays of this year do not reach it.
 */
export function statusForecast(status: PointsStatus, upcoming: readonly MemberBooking[]): StatusForecast | null {
  const next = status.progress.next;
  if (!next) return null;
  let nights = status.progress.nights;
  let points = status.progress.points;
  const thisYear = [...upcoming]
    .filter((booking) => Number(booking.departureDate.slice(0, 4)) === status.progress.year)
    .sort((a, b) => a.departureDate.localeCompare(b.departureDate));
  for (const [index, booking] of thisYear.entries()) {
    nights += booking.nights;
    points += booking.pointsEarned;
    if (nights >= next.nights || points >= next.points) return { level: next.level, date: booking.departureDate, stays: index + 1 };
  }
  return null;
}
