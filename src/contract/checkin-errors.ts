/**
 * Error codes of online check-in (in `{ error: { code } }`), beside the usual 400/401/404, the booking
 * journey's idempotency_conflict, invalid_card, payment_method_missing and payments_unavailable, and
 * 503 hotel_system_unavailable (the hotel's system did not answer; nothing was changed).
 */
export const CHECKIN_ERROR_CODES = [
  /** 409: too early. The message names the day it opens; `issues[0]` is `{ path: 'opens_on', message: <yyyy-MM-dd> }`. */
  'checkin_not_open_yet',
  /** 409: the arrival day is over, or the guest is in house or gone already. */
  'checkin_closed',
  /** 409: the booking was cancelled. */
  'stay_cancelled',
  /** 409: a completed check-in does not change. */
  'checkin_completed',
  /** 409 on pay: the registration form is not saved yet. */
  'checkin_details_missing',
] as const;
export type CheckinErrorCode = (typeof CHECKIN_ERROR_CODES)[number];
