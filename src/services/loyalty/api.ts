import type { Locale } from '../../contract/locales';
import {
  LOYALTY_PATHS,
  MemberBookingsResponseSchema,
  MembershipLevelsResponseSchema,
  PointsHistoryResponseSchema,
  PointsStatusResponseSchema,
} from '../../contract/loyalty';
import { inLocale } from '../account/api';
import { callAuthorized } from '../account/requests';
import type { AuthAccess } from '../account/requests';

/** The member's loyalty data (spec section 7, Members): points and status, the levels, the bookings. */
type Signal = { signal?: AbortSignal };

export const fetchPointsStatus = async (access: AuthAccess, options: Signal = {}) =>
  (await callAuthorized(LOYALTY_PATHS.pointsStatus, PointsStatusResponseSchema, access, options)).data;

export const fetchMembershipLevels = async (access: AuthAccess, locale: Locale, options: Signal = {}) =>
  (await callAuthorized(inLocale(LOYALTY_PATHS.membershipLevels, locale), MembershipLevelsResponseSchema, access, options)).data;

export const fetchMemberBookings = async (access: AuthAccess, options: Signal = {}) =>
  (await callAuthorized(LOYALTY_PATHS.bookings, MemberBookingsResponseSchema, access, options)).data;

/** The points entries of a year (this year in Berlin when none is given), newest first. */
export const fetchPointsHistory = async (access: AuthAccess, year: number | undefined, locale: Locale, options: Signal = {}) => {
  const query = new URLSearchParams({ locale, ...(year === undefined ? {} : { year: String(year) }) });
  return (await callAuthorized(`${LOYALTY_PATHS.pointsHistory}?${query.toString()}`, PointsHistoryResponseSchema, access, options)).data;
};
