import { type ActorRefFrom, assign, fromPromise } from 'xstate';
import type { Cart, PayResult } from '../../contract/ecommerce';
import type { Locale } from '../../contract/locales';
import type { AuthAccess } from '../../services/bff/request';
import {
  addInsurance,
  applyVoucher,
  createCart,
  getCart,
  payCart,
  removeInsurance,
  removeVoucher,
  setCreditCard,
  setPaymentMethod,
  setSavedCardCvv,
  updateCart,
  updateRoomStay,
} from '../../services/booking/cart';
import { forgetCheckoutDrafts, readCheckoutDrafts, saveCheckoutDrafts } from '../../services/booking/checkout-drafts';
import { adoptCartAccess } from '../../services/booking/order-access';
import { forgetCartId, storeCartId } from '../../services/booking/persisted-cart';
import { track } from '../../services/booking/tracking';
import type { sessionMachine } from '../session/session.machine';
import { cartMachine } from './cart.machine';
import { savedDraftsOf, withSavedDrafts } from './cart.rules';
import type { CartActorTypes, CartChange, CartContext } from './cart.types';

/** What the cart needs from the page it runs on; the app's edge (src/app-actor.ts) gives it. */
export interface CartEdge {
  /** The member's access as it is when a call starts (a renewed token included), or null for a guest. */
  access(): AuthAccess | null;
  /** Puts the cart id into the check-out page's address, or takes it out (null), replacing the entry. */
  showCartInAddress(locale: Locale, cartId: string | null): void;
  goToConfirmation(locale: Locale, orderId: string): void;
  /** Leaves the site for the payment provider's page. */
  goToProvider(url: string): void;
  /** Where the provider sends the guest back: this page with the cart id. */
  checkoutReturnUrl(locale: Locale, cartId: string): string;
  /** The browser's facts the provider's risk check asks for. */
  browserInfo(): Parameters<typeof payCart>[2]['browser_info'];
}

/** The server call for a change to the cart. */
function applyChange(access: AuthAccess | null, cartId: string, change: CartChange): Promise<Cart> {
  switch (change.kind) {
    case 'addons':
      return updateRoomStay(access, { cartId, stayId: change.stayId, roomStayId: change.roomStayId }, { addons: change.addons });
    case 'greenOption':
      return updateRoomStay(access, { cartId, stayId: change.stayId, roomStayId: change.roomStayId }, { receive_points_for_green_option: change.on });
    case 'insurance':
      return change.add ? addInsurance(access, cartId, change.product) : removeInsurance(access, cartId, change.product);
    case 'voucher.apply':
      return applyVoucher(access, cartId, change.code);
    case 'voucher.remove':
      return removeVoucher(access, cartId, change.voucherId);
    case 'promo':
      return updateCart(access, cartId, { promo_code: change.code });
    case 'paymentMethod':
      return setPaymentMethod(access, cartId, change.method);
    case 'creditCard':
      return setCreditCard(access, cartId, { credit_card_id: change.creditCardId, ...(change.save ? { save: true } : {}) });
  }
}

/**
 * The cart machine with the commerce routes and the page's effects bound. Every call reads the member's
 * access when it starts, so a token renewed or a sign-in made meanwhile is the one sent.
 */
export function createLiveCartLogic(edge: CartEdge) {
  return cartMachine.provide({
    actors: {
      loadCart: fromPromise<Cart, CartActorTypes['loadCart']['input']>(({ input: { cartId } }) => getCart(edge.access(), cartId)),
      createCart: fromPromise<Cart, CartActorTypes['createCart']['input']>(({ input: { request } }) => createCart(edge.access(), request)),
      changeCart: fromPromise<Cart, CartActorTypes['changeCart']['input']>(({ input: { cartId, change } }) => applyChange(edge.access(), cartId, change)),
      saveTravellers: fromPromise<Cart, CartActorTypes['saveTravellers']['input']>(async ({ input: { cartId, travellers } }) => {
        let cart: Cart | null = null;
        for (const { stayId, roomStayId, traveller } of travellers) cart = await updateRoomStay(edge.access(), { cartId, stayId, roomStayId }, { traveller });
        return cart ?? getCart(edge.access(), cartId);
      }),
      setCvv: fromPromise<null, CartActorTypes['setCvv']['input']>(async ({ input: { cardId, cvvToken } }) => {
        const member = edge.access();
        if (!member) throw new Error('Saved cards are for members only');
        await setSavedCardCvv(member, cardId, cvvToken);
        return null;
      }),
      carryOver: fromPromise<Cart, CartActorTypes['carryOver']['input']>(async ({ input: { cartId, changes } }) => {
        let cart: Cart | null = null;
        for (const change of changes) cart = await applyChange(edge.access(), cartId, change);
        return cart ?? getCart(edge.access(), cartId);
      }),
      pay: fromPromise<PayResult, CartActorTypes['pay']['input']>(({ input: { cartId, idempotencyKey, savedCardId, locale } }) =>
        payCart(
          edge.access(),
          cartId,
          // The provider sends the guest back to the check-out page after a challenge or a redirect.
          { locale, browser_info: edge.browserInfo(), payment_instrument_id: savedCardId, return_url: edge.checkoutReturnUrl(locale, cartId) },
          idempotencyKey,
        ),
      ),
    },
    actions: {
      restoreDrafts: assign(({ context }: { context: CartContext }) => {
        const cartId = context.cart?.cart_id;
        return withSavedDrafts(context, cartId ? readCheckoutDrafts(cartId, { member: edge.access() !== null }) : null);
      }),
      saveDrafts: ({ context }) => {
        const saved = savedDraftsOf(context);
        if (saved) saveCheckoutDrafts(saved, { member: edge.access() !== null });
      },
      forgetDrafts: () => forgetCheckoutDrafts(),
      keepCartId: ({ context }) => {
        const cartId = context.cart?.cart_id;
        if (!cartId) return;
        // Only a member's cart id is kept in storage: a guest's session data is cleared when a page starts
        // without a token (spec section 4), so a guest's cart lives in the address.
        if (edge.access()?.token) storeCartId(cartId);
        edge.showCartInAddress(context.locale, cartId);
      },
      announceCheckout: ({ context }) => {
        const cartId = context.cart?.cart_id;
        if (cartId) void track('initiateCheckout', { cartId }, edge.access()?.token ?? null);
      },
      forgetCartId: ({ context }) => {
        forgetCartId();
        edge.showCartInAddress(context.locale, null);
      },
      goToConfirmation: ({ context }) => {
        if (!context.orderId) return;
        forgetCartId();
        // The guest's access to the cart becomes their access to the order (the confirmation page reads it).
        if (context.cart?.cart_id) adoptCartAccess(context.cart.cart_id, context.orderId);
        edge.goToConfirmation(context.locale, context.orderId);
      },
      // The header shows the balance the session loaded: paying with points changed it (decision record 0031).
      memberPointsSpent: ({ context, system }) => {
        if (context.cart?.payment_method !== 'points') return;
        const session = system.get('session') as ActorRefFrom<typeof sessionMachine> | undefined;
        session?.send({ type: 'member.reload' });
      },
      goToProvider: ({ context }) => {
        if (context.redirectUrl) edge.goToProvider(context.redirectUrl);
      },
    },
  });
}
