/**
 * The queries of the booking pages (check-out, confirmation, modify, and the rooms page's cart): what
 * their routes validate. Kept apart from the commerce schemas so the router's route tree, which every
 * page loads, does not carry those.
 */
import * as v from 'valibot';
import { UrlQuerySchema } from './search';
import type { SearchQueryState, UrlQuery } from './search';

/**
 * A reservation number in a page's query. The router's default parser turns `?reservation=100200301` into a
 * number, and writes a string that looks like a number back in quotes: the value stays as parsed (read it
 * with `reservationOf`), so the address keeps its plain form. A number too large to have survived parsing,
 * or anything else unusable, is dropped (the page then says the booking cannot be found).
 */
export const ReservationParamSchema = v.fallback(
  v.optional(v.union([v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,40}$/)), v.pipe(v.number(), v.safeInteger(), v.minValue(0))])),
  undefined,
);

/** A reservation number as the page's query holds it (see ReservationParamSchema), as text. */
export const reservationOf = (param: string | number | undefined): string | undefined => (param === undefined ? undefined : String(param));

/** `order_id`: the order's UUID, or undefined when missing or malformed. */
export const OrderPageSearchSchema = v.object({ order_id: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined) });

/**
 * The member area's booking page: `?order_id=<uuid>` for a booking made on this site, or
 * `?reservation=<number>` for one made by phone or at the hotel and added to the account.
 */
export const AccountBookingSearchSchema = v.object({ ...OrderPageSearchSchema.entries, reservation: ReservationParamSchema });
export type AccountBookingSearch = v.InferOutput<typeof AccountBookingSearchSchema>;

/** `token`: a confirmation mail's link token, exchanged once and then taken out of the address. */
export const LinkTokenParamSchema = v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[\w.-]{1,300}$/))), undefined);

/** The modify page: `?order_id=<uuid>&reservation=<number>`, the reservation of the order to change. */
export const ModifySearchSchema = v.object({ ...OrderPageSearchSchema.entries, reservation: ReservationParamSchema });
export type ModifySearch = v.InferOutput<typeof ModifySearchSchema>;

/**
 * The confirmation page: `?order_id=<uuid>`, `modified=<reservation>` after a change was saved (shows a
 * notice), and `token` in the confirmation mail's link (the page exchanges it and takes it out of the address).
 */
export const ConfirmationSearchSchema = v.object({ ...OrderPageSearchSchema.entries, modified: ReservationParamSchema, token: LinkTokenParamSchema });
export type ConfirmationSearch = v.InferOutput<typeof ConfirmationSearchSchema>;

const CHECKOUT_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** An id in the query (the router's parser may have made a number of it); anything else is dropped. */
const CheckoutIdParamSchema = v.optional(
  v.pipe(
    v.unknown(),
    v.transform((value) => {
      const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
      return CHECKOUT_ID_PATTERN.test(text) ? text : undefined;
    }),
  ),
);

/** The check-out page's own parameters: the cart once made, and the payment provider's answer when it sends the guest back. */
export const CheckoutParamsSchema = v.object({ cart_id: CheckoutIdParamSchema, payment_id: CheckoutIdParamSchema, status: CheckoutIdParamSchema });
export type CheckoutParams = v.InferOutput<typeof CheckoutParamsSchema>;

/** The check-out page's query, read: the search it books (spec section 2) under `searched`, and its own parameters. */
export type CheckoutSearch = CheckoutParams & { searched: SearchQueryState };

/** The check-out page's query schema; `read` is the search URL codec, as for the other search pages. */
export function checkoutSearchSchema(read: (query: UrlQuery) => SearchQueryState) {
  return v.pipe(
    UrlQuerySchema,
    v.transform((query): CheckoutSearch => ({ ...v.parse(CheckoutParamsSchema, query), searched: read(query) })),
  );
}

/** The rooms-and-rates page's query: the search under `searched`, and the cart it already has when the guest came back from check-out. */
export function roomsPageSearchSchema(read: (query: UrlQuery) => SearchQueryState) {
  return v.pipe(
    UrlQuerySchema,
    v.transform((query) => ({ cart_id: v.parse(CheckoutParamsSchema, query).cart_id, searched: read(query) })),
  );
}
