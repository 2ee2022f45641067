import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { HotelCheckoutPage } from '../../../views/hotel-checkout/HotelCheckoutPage';

/**
 * The checkout of a stay: `checkout_id` (its access key is in this tab's session storage, never in the
 * address), and `returned` when the payment provider sends the guest back. Without a usable id the page
 * asks for the reservation number and last name.
 */
const CheckoutFolioSearchSchema = v.object({
  checkout_id: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
  // The router validates its own output again when it builds the canonical address (on the server, a
  // mismatch redirects): `1` stays `1`, so the mark survives that and the address keeps it as sent.
  returned: v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform((value) => (String(value) === '1' ? 1 : undefined)))), undefined),
});

export const Route = createFileRoute('/$locale/checkout/folio')({
  validateSearch: CheckoutFolioSearchSchema,
  component: function CheckoutFolioRoute() {
    const { locale } = Route.useRouteContext();
    const { checkout_id: checkoutId, returned } = Route.useSearch();
    return <HotelCheckoutPage locale={locale} page="folio" start={checkoutId ? { kind: 'resume', checkoutId, returning: returned === 1 } : { kind: 'lookup' }} />;
  },
});
