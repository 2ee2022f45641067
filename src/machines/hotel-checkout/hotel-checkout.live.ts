import { fromPromise } from 'xstate';
import type { HotelCheckout, HotelCheckoutSession, HotelPayResult } from '../../contract/hotel-checkout';
import type { Locale } from '../../contract/locales';
import type { AuthAccess } from '../../services/bff/request';
import {
  createHotelCheckout,
  getHotelCheckout,
  moveCharge,
  openPaymentSession,
  payPaymentSession,
  performHotelCheckout,
  saveBusinessAddress,
  saveInvoiceAddress,
  setSessionPaymentMethod,
} from '../../services/hotel-checkout/hotel-checkout-api';
import { hotelCheckoutMachine } from './hotel-checkout.machine';
import type { HotelCheckoutActorTypes as Actors } from './hotel-checkout.types';

/** What the checkout needs from the page it runs on. */
export interface HotelCheckoutEdge {
  /** The member's access as it is when a call starts, or null for a guest. */
  access(): AuthAccess | null;
  /** The checkout page of this checkout, replacing the entry (the link's token leaves the address and history). */
  openCheckout(locale: Locale, checkoutId: string): void;
  /** Where the provider sends the guest back: the checkout page, marked as a return. */
  returnUrl(locale: Locale, checkoutId: string): string;
  /** Leaves the site for the payment provider's page. */
  goToProvider(url: string): void;
  /** The browser's facts the provider's risk check asks for. */
  browserInfo(): { user_agent?: string; language?: string; screen_width?: number; screen_height?: number; time_zone_offset?: number };
  /** A member's stay points were credited: the session reads the member's balance again. */
  pointsCredited(): void;
}

/** The hotel-checkout machine with the BFF's routes and the page's effects bound. */
export function createLiveHotelCheckoutLogic(edge: HotelCheckoutEdge) {
  return hotelCheckoutMachine.provide({
    actors: {
      createCheckout: fromPromise<HotelCheckout, Actors['createCheckout']['input']>(({ input: { start, lookup } }) => {
        if (start.kind === 'link') return createHotelCheckout(edge.access(), { token: start.token });
        if (start.kind === 'member') return createHotelCheckout(edge.access(), { reservation_number: start.reservationNumber });
        return createHotelCheckout(edge.access(), { reservation_number: lookup.reservationNumber, last_name: lookup.lastName });
      }),
      loadCheckout: fromPromise<HotelCheckout, Actors['loadCheckout']['input']>(({ input }) => getHotelCheckout(edge.access(), input.checkoutId)),
      moveCharge: fromPromise<HotelCheckout, Actors['moveCharge']['input']>(({ input }) =>
        moveCharge(edge.access(), input.checkoutId, { charge_id: input.chargeId, to: input.to, folio_version: input.folioVersion }),
      ),
      saveAddresses: fromPromise<HotelCheckout, Actors['saveAddresses']['input']>(async ({ input }) => {
        let checkout: HotelCheckout | null = null;
        if (input.private) checkout = await saveInvoiceAddress(edge.access(), input.checkoutId, { ...input.private, country_code: input.private.country_code.toUpperCase() });
        if (input.business) {
          const { name, vat_id, ...address } = input.business;
          checkout = await saveBusinessAddress(edge.access(), input.checkoutId, { ...address, country_code: address.country_code.toUpperCase(), company_name: name, vat_id: vat_id.trim() === '' ? null : vat_id });
        }
        return checkout ?? getHotelCheckout(edge.access(), input.checkoutId);
      }),
      openSession: fromPromise<HotelCheckoutSession, Actors['openSession']['input']>(({ input }) => openPaymentSession(edge.access(), input.checkoutId, input.refresh)),
      setMethod: fromPromise<HotelCheckoutSession, Actors['setMethod']['input']>(({ input }) => setSessionPaymentMethod(edge.access(), input.checkoutId, input.sessionId, input.method)),
      pay: fromPromise<HotelPayResult, Actors['pay']['input']>(({ input }) =>
        payPaymentSession(
          edge.access(),
          input.checkoutId,
          input.sessionId,
          { payment_instrument_id: input.cardToken, browser_info: edge.browserInfo(), locale: input.locale, redirect_url: edge.returnUrl(input.locale, input.checkoutId) },
          input.idempotencyKey,
        ),
      ),
      performCheckout: fromPromise<HotelCheckout, Actors['performCheckout']['input']>(({ input }) => performHotelCheckout(edge.access(), input.checkoutId)),
    },
    actions: {
      openCheckout: ({ context }) => {
        if (context.checkout) edge.openCheckout(context.locale, context.checkout.id);
      },
      goToProvider: ({ context }) => {
        if (context.redirectUrl) edge.goToProvider(context.redirectUrl);
      },
      // The header shows the balance the session loaded: the stay's points changed it.
      pointsCredited: ({ context }) => {
        if (context.checkout?.points?.credited) edge.pointsCredited();
      },
    },
  });
}
