import * as v from 'valibot';
import { ACCOUNT_SECURITY_PATHS, dataExportFileName } from '../../contract/account-security';
import { BUSINESS_TIME_ZONE, calendarDateIn } from '../../contract/calendar-dates';
import type { Locale } from '../../contract/locales';
import {
  CancelMembershipResponseSchema,
  MEMBER_ACCOUNT_PATHS,
  MemberPromoCodeResponseSchema,
  MemberPromoCodeSchema,
  MembershipCancelledResponseSchema,
} from '../../contract/member-account';
import { callAuthorized } from './requests';
import type { AuthAccess } from './requests';

/**
 * The member account's calls of the profile page (contract/member-account.ts, contract/account-security.ts):
 * the member's promo code, the file of their data, and leaving the programme. Every call carries the
 * member's token through the one client (requests.ts); failures are HttpError or InvalidInputError.
 */

type Signal = { signal?: AbortSignal };

/** What redeeming or setting a code answers: the code as the member now holds it. */
const PromoCodeSetResponseSchema = v.object({ data: MemberPromoCodeSchema });

/** The member's promo code, or null. */
export const fetchMemberPromoCode = async (access: AuthAccess, options: Signal = {}) =>
  (await callAuthorized(MEMBER_ACCOUNT_PATHS.promoCode, MemberPromoCodeResponseSchema, access, options)).data;

/** Makes a code that still applies the member's: unknown 404, expired 409, not a code at all 400. */
export const redeemPromoCode = async (access: AuthAccess, code: string, options: Signal = {}) =>
  (await callAuthorized(MEMBER_ACCOUNT_PATHS.redeemPromoCode, PromoCodeSetResponseSchema, access, { ...options, body: { code } })).data;

/** What clearing answers: no promo code any more. */
const PromoCodeClearedResponseSchema = v.object({ data: v.null() });

/** Takes the member's promo code away (PUT `{ code: null }`). */
export const clearPromoCode = async (access: AuthAccess, options: Signal = {}): Promise<null> =>
  (await callAuthorized(MEMBER_ACCOUNT_PATHS.promoCode, PromoCodeClearedResponseSchema, access, { ...options, method: 'PUT', body: { code: null } })).data;

/**
 * The member's data file as the BFF made it. Only its date is read (it names the file); the rest is the
 * member's to keep as it came, so its schema (MemberDataExportSchema) stays out of the page's code.
 */
const DataExportFileSchema = v.looseObject({ generatedAt: v.pipe(v.string(), v.isoTimestamp()) });

/** A file to save: its name and its text. */
export interface DataExportFile {
  fileName: string;
  content: string;
  type: 'application/json';
}

/** Everything the site keeps about the member, as `h-rewards-data-<day it was made, Berlin>.json`; 5 an hour (429). */
export async function fetchDataExport(access: AuthAccess, options: Signal = {}): Promise<DataExportFile> {
  const data = await callAuthorized(ACCOUNT_SECURITY_PATHS.dataExport, DataExportFileSchema, access, options);
  return {
    fileName: dataExportFileName(calendarDateIn(BUSINESS_TIME_ZONE, new Date(data.generatedAt))),
    content: `${JSON.stringify(data, null, 2)}\n`,
    type: 'application/json',
  };
}

/** Mails a code to confirm leaving with, and answers what leaving means for this member. */
export const requestMembershipCancellation = async (access: AuthAccess, options: Signal = {}) =>
  (await callAuthorized(MEMBER_ACCOUNT_PATHS.cancelMembership, CancelMembershipResponseSchema, access, { ...options, method: 'POST' })).data.summary;

/** Ends the membership with the mailed code (400 wrong or expired code, 409 ended already). */
export const confirmMembershipCancellation = async (access: AuthAccess, body: { code: string; locale: Locale }, options: Signal = {}) =>
  (await callAuthorized(MEMBER_ACCOUNT_PATHS.confirmMembershipCancellation, MembershipCancelledResponseSchema, access, { ...options, body })).data;
