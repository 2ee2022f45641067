import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import type { HotelCheckoutStart } from '../../../machines/hotel-checkout/hotel-checkout.types';
import { HotelCheckoutPage } from '../../../views/hotel-checkout/HotelCheckoutPage';

/** Digits only are read as a number by the router's search parser: reservation numbers are text. */
const Text = (max: number) => v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(max))), undefined);

/**
 * The room card's QR code and the hotel's mails link here with `token`; a member's booking with
 * `reservation_number` (the bearer proves it is theirs). The page exchanges it for the checkout and opens
 * /checkout/folio in its place, so the token leaves the address and the history.
 */
const CheckoutRedirectSearchSchema = v.object({ token: Text(300), reservation_number: Text(80) });

export function redirectStartOf(search: v.InferOutput<typeof CheckoutRedirectSearchSchema>): HotelCheckoutStart {
  if (search.token) return { kind: 'link', token: search.token };
  if (search.reservation_number) return { kind: 'member', reservationNumber: search.reservation_number };
  return { kind: 'lookup' };
}

export const Route = createFileRoute('/$locale/checkout/redirect')({
  validateSearch: CheckoutRedirectSearchSchema,
  component: function CheckoutRedirectRoute() {
    const { locale } = Route.useRouteContext();
    const search = Route.useSearch();
    return <HotelCheckoutPage locale={locale} page="redirect" start={redirectStartOf(search)} />;
  },
});
