import { STEP_UP_HEADER } from '../../contract/step-up';
import { CONTENT_PATHS, HotelsForDropdownResponseSchema } from '../../contract/content';
import type { Locale } from '../../contract/locales';
import {
  type AddExternalReservationRequest,
  AddExternalReservationResponseSchema,
  externalReservationPath,
  MEMBER_RESERVATION_PATHS,
  MissingPointsResponseSchema,
  oldBookingPath,
  OldBookingsResponseSchema,
  RefreshExternalReservationsResponseSchema,
} from '../../contract/member-reservations';
import { MEMBER_SPECIALS_PATH, MemberSpecialsResponseSchema } from '../../contract/member-specials';
import { STAY_VOUCHER_PATHS, StayVoucherResponseSchema, StayVouchersResponseSchema } from '../../contract/stay-vouchers';
import { getJson } from '../bff/client';
import {
  BuyVoucherResponseSchema,
  buyVoucherPath,
  LOYALTY_PATHS,
  MemberBookingsResponseSchema,
  MemberVouchersResponseSchema,
  PointsClaimResponseSchema,
  PointsClaimsResponseSchema,
  type RequestPointsRequest,
  RewardsResponseSchema,
  MembershipLevelsResponseSchema,
  PointsHistoryResponseSchema,
  PointsStatusResponseSchema,
} from '../../contract/loyalty';
import { inLocale } from '../account/api';
import { AnyAnswerSchema, callAuthorized } from '../account/requests';
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

/** The rewards catalogue, named in the locale, each marked whether the balance covers it. */
export const fetchRewards = async (access: AuthAccess, locale: Locale, options: Signal = {}) =>
  (await callAuthorized(inLocale(LOYALTY_PATHS.rewards, locale), RewardsResponseSchema, access, options)).data;

/** The member's vouchers: valid, used and expired, of every category. */
export const fetchMemberVouchers = async (access: AuthAccess, options: Signal = {}) =>
  (await callAuthorized(LOYALTY_PATHS.vouchers, MemberVouchersResponseSchema, access, options)).data;

/**
 * Buys a reward with points: the voucher it gives, and the balance left. A balance too low answers 409
 * (nothing spent), a reward no longer in the catalogue 404: both reach the caller as an HttpError.
 */
/** Buys a reward; one that costs more than STEP_UP_POINTS_THRESHOLD needs the step-up token of a fresh code. */
export const buyReward = async (access: AuthAccess, rewardId: string, locale: Locale, stepUpToken: string | null, options: Signal = {}) =>
  (
    await callAuthorized(inLocale(buyVoucherPath(rewardId), locale), BuyVoucherResponseSchema, access, {
      ...options,
      method: 'POST',
      ...(stepUpToken ? { headers: { [STEP_UP_HEADER]: stepUpToken } } : {}),
    })
  ).data;

/** The member's requests for missing points, newest first. */
export const fetchPointsClaims = async (access: AuthAccess, options: Signal = {}) =>
  (await callAuthorized(LOYALTY_PATHS.requestPoints, PointsClaimsResponseSchema, access, options)).data;

/** Asks for the points of a stay that earned none: approved at once, waiting for the hotel, or rejected with the reason. */
export const requestPoints = async (access: AuthAccess, request: RequestPointsRequest, options: Signal = {}) =>
  (await callAuthorized(LOYALTY_PATHS.requestPoints, PointsClaimResponseSchema, access, { ...options, body: request })).data;

/** The hotels a stay can be at, for the request form's list. */
export const fetchClaimHotels = async (locale: Locale, options: Signal = {}) =>
  (await getJson(CONTENT_PATHS.hotelsForDropdown, HotelsForDropdownResponseSchema, { locale }, options)).data;

/** The member's past stays that earned no points, each with the request made for it. */
export const fetchMissingPoints = async (access: AuthAccess, options: Signal = {}) =>
  (await callAuthorized(MEMBER_RESERVATION_PATHS.missingPoints, MissingPointsResponseSchema, access, options)).data;

/** Adds a booking made by phone or at the hotel by its number and the guest's last name: the booking as the list shows it. */
export const addExternalReservation = async (access: AuthAccess, request: AddExternalReservationRequest, options: Signal = {}) =>
  (await callAuthorized(MEMBER_RESERVATION_PATHS.externalReservations, AddExternalReservationResponseSchema, access, { ...options, body: request })).data;

/** Adds the reservations made with the member's email by phone or at the hotel: how many were new. */
export const refreshExternalReservations = async (access: AuthAccess, options: Signal = {}) =>
  (await callAuthorized(MEMBER_RESERVATION_PATHS.refresh, RefreshExternalReservationsResponseSchema, access, { ...options, method: 'POST' })).data;

/** The member's stay vouchers, valid ones first. */
export const fetchStayVouchers = async (access: AuthAccess, options: Signal = {}) =>
  (await callAuthorized(STAY_VOUCHER_PATHS.list, StayVouchersResponseSchema, access, options)).data;

/** Adds the stay voucher with this code to the member's account: 404 unknown, 409 redeemed or expired, 429 too many tries. */
export const redeemStayVoucher = async (access: AuthAccess, code: string, options: Signal = {}) =>
  (await callAuthorized(STAY_VOUCHER_PATHS.redeem, StayVoucherResponseSchema, access, { ...options, body: { code } })).data;

/** The member's bookings made on the old website. */
export const fetchOldBookings = async (access: AuthAccess, options: Signal = {}) =>
  (await callAuthorized(MEMBER_RESERVATION_PATHS.oldBookings, OldBookingsResponseSchema, access, options)).data;

/** Hides one booking of the old website from the member's list. */
export const hideOldBooking = async (access: AuthAccess, reservationNumber: string, options: Signal = {}) => {
  await callAuthorized(oldBookingPath(reservationNumber), AnyAnswerSchema, access, { ...options, method: 'DELETE' });
};

/** The member's offers: promotions to book and the benefits of the member's level, in the locale. */
export const fetchMemberSpecials = async (access: AuthAccess, locale: Locale, options: Signal = {}) =>
  (await callAuthorized(inLocale(MEMBER_SPECIALS_PATH, locale), MemberSpecialsResponseSchema, access, options)).data;

/** Removes a reservation the member added (made by phone or at the hotel) from their account. */
export const removeExternalReservation = async (access: AuthAccess, reservationNumber: string, options: Signal = {}) => {
  await callAuthorized(externalReservationPath(reservationNumber), AnyAnswerSchema, access, { ...options, method: 'DELETE' });
};
