import * as v from 'valibot';
import { VOUCHER_STATUSES } from './loyalty';
import { TextSchema } from './primitives';

/**
 * Stay vouchers (spec section 7 "Members", decision record 0042): gift vouchers for whole nights ("2 nights
 * for two at any Steigenberger hotel, breakfast included"), sold or given away as a code. A member redeems
 * the code into their account, where it is listed. Every route takes the member's bearer token and answers
 * only about that member. Paths are relative to BFF_PREFIX.
 *
 * The texts of a voucher (`room`, `description`) are English data, as the issuer wrote them; the web app
 * words a voucher in the reader's language from its numbers and codes (nights, guests, board, brand), and
 * may show the English text beside them.
 */
export const STAY_VOUCHER_PATHS = {
  /** GET: the member's stay vouchers, valid ones first, then by the last day they can be used. */
  list: '/members/stay-vouchers',
  /** POST `{ code }`: adds the voucher with this code to the member's account (once, for one member). */
  redeem: '/members/stay-vouchers/redeem',
} as const;

export const STAY_VOUCHER_LIMITS = {
  /**
   * Codes a member may try in vain in an hour (unknown, already redeemed or expired); more answer 429 with
   * Retry-After. Counted before a code is looked up, so guessing codes stays slow; a code that works
   * does not count.
   */
  redeemFailuresPerHour: 10,
  /** A code is this many letters, digits or dashes (stored upper case). */
  codeLength: { min: 6, max: 32 },
} as const;

export const STAY_VOUCHER_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{5,31}$/;

/** What the voucher's nights include besides the room. */
export const STAY_VOUCHER_BOARDS = ['room_only', 'breakfast', 'half_board', 'full_board'] as const;
export type StayVoucherBoard = (typeof STAY_VOUCHER_BOARDS)[number];

/** `used`: the stay was taken; `expired`: not used by its last day; `valid` otherwise. */
export const STAY_VOUCHER_STATUSES = VOUCHER_STATUSES;
export type StayVoucherStatus = (typeof STAY_VOUCHER_STATUSES)[number];

export const StayVoucherSchema = v.object({
  id: v.string(),
  code: v.string(),
  /** Whole nights the voucher pays for, in one stay. */
  nights: v.number(),
  /** Guests the room is for. */
  guests: v.number(),
  /** The brand whose hotels take it; null: any hotel of the group. */
  brand: v.nullable(v.object({ code: v.string(), name: v.string() })),
  /** The room, in English (e.g. "Double room"). */
  room: v.string(),
  board: v.picklist(STAY_VOUCHER_BOARDS),
  /** The voucher as the issuer describes it, in English. */
  description: v.string(),
  /** The last day a stay with it can begin (yyyy-MM-dd). */
  validUntil: v.string(),
  status: v.picklist(STAY_VOUCHER_STATUSES),
  /** When the member redeemed the code (ISO instant). */
  redeemedAt: v.string(),
  /** When the stay was taken (ISO instant), once used. */
  usedAt: v.nullable(v.string()),
});
export type StayVoucher = v.InferOutput<typeof StayVoucherSchema>;
export const StayVouchersResponseSchema = v.object({ data: v.array(StayVoucherSchema) });
export const StayVoucherResponseSchema = v.object({ data: StayVoucherSchema });

/**
 * POST redeem. Answers 201 with the voucher; 404 not_found for a code nobody issued; 409 conflict for a
 * code already redeemed (by anyone: the answer does not say by whom) or past its last day; 429 after
 * STAY_VOUCHER_LIMITS.redeemFailuresPerHour codes in vain.
 */
export const RedeemStayVoucherRequestSchema = v.object({
  code: v.pipe(
    TextSchema({ max: STAY_VOUCHER_LIMITS.codeLength.max, required: 'Enter the code of the voucher' }),
    v.toUpperCase(),
    v.regex(STAY_VOUCHER_CODE_PATTERN, 'A stay voucher code is 6 to 32 letters, digits or dashes'),
  ),
});
export type RedeemStayVoucherRequest = v.InferInput<typeof RedeemStayVoucherRequestSchema>;
