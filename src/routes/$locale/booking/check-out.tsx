import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { CheckoutPage } from '../../../views/booking/checkout/CheckoutPage';

const ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** An id in the query (the router's parser may have made a number of it); anything else is dropped. */
const IdParam = v.optional(
  v.pipe(
    v.unknown(),
    v.transform((value) => {
      const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
      return ID_PATTERN.test(text) ? text : undefined;
    }),
  ),
);

/**
 * The check-out page's query: the search it books (spec section 2, read by the search URL codec, which
 * never throws), the cart once made (cart_id), and the provider's answer when it sends the guest back
 * (payment_id, status).
 */
const CheckoutSearchSchema = v.looseObject({ cart_id: IdParam, payment_id: IdParam, status: IdParam });

export const Route = createFileRoute('/$locale/booking/check-out')({
  validateSearch: (search: Record<string, unknown>) => v.parse(CheckoutSearchSchema, search),
  component: function CheckOutRoute() {
    const { locale } = Route.useRouteContext();
    const query = Route.useSearch();
    return <CheckoutPage locale={locale} query={query} />;
  },
});
