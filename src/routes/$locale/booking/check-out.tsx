import { createFileRoute } from '@tanstack/react-router';
import type { CheckoutSearch } from '../../../contract/booking-pages';
import type { Locale } from '../../../contract/locales';
import type { CheckoutStart } from '../../../machines/app/app.types';
import { cartRequest } from '../../../services/search/search-requests';
import { CheckoutPageSchema } from '../../../services/search/search-url';
import { keepSearchedOutOfUrl } from '../../-search-url';
import { CheckoutPage } from '../../../views/booking/checkout/CheckoutPage';

/** What the cart starts from: the search in the address, the cart id in it, and the provider's answer on return. */
export function checkoutStartOf(search: CheckoutSearch, locale: Locale): CheckoutStart {
  const urlCartId = search.cart_id ?? null;
  return {
    locale,
    request: cartRequest(search.searched, { locale }),
    urlCartId,
    returning: urlCartId && (search.payment_id || search.status) ? { cartId: urlCartId, paymentId: search.payment_id ?? null, status: search.status ?? null } : null,
  };
}

export const Route = createFileRoute('/$locale/booking/check-out')({
  /**
   * The search it books (spec section 2, read by the search URL codec, which never throws) under
   * `searched`, the cart once made (cart_id), and the provider's answer when it sends the guest back
   * (payment_id, status).
   */
  validateSearch: CheckoutPageSchema,
  search: { middlewares: [keepSearchedOutOfUrl()] },
  // The page's cart is the app's `cart` actor: it starts when the page opens (once the session is known)
  // and stops when the guest leaves. Putting the cart id into the address keeps the same page open.
  onEnter: ({ context, search }) => context.app.send({ type: 'checkout.opened', start: checkoutStartOf(search, context.locale) }),
  onLeave: ({ context }) => context.app.send({ type: 'checkout.closed' }),
  component: function CheckOutRoute() {
    const { locale } = Route.useRouteContext();
    const { searched } = Route.useSearch();
    return <CheckoutPage locale={locale} searched={searched} />;
  },
});
