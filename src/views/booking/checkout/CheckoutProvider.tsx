import { useRouter } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { fromPromise } from 'xstate';
import type { Cart, PayResult } from '../../../contract/ecommerce';
import type { Locale } from '../../../contract/locales';
import { cartMachine } from '../../../machines/cart/cart.machine';
import { cartRequestOf } from '../../../machines/cart/cart.rules';
import { selectCartId, selectOrderId, selectPhase, selectRedirectUrl } from '../../../machines/cart/cart.selectors';
import type { CartActorTypes, CartChange, CartInput, MemberPrefill } from '../../../machines/cart/cart.types';
import type { MemberProfile } from '../../../contract/auth';
import { selectIsMemberLoading, selectProfile } from '../../../machines/session/session.selectors';
import type { AuthAccess } from '../../../services/auth/requests';
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
} from '../../../services/ecommerce/cart';
import { forgetCartId, readStoredCartId, storeCartId } from '../../../services/ecommerce/persisted-cart';
import { adoptCartAccess } from '../../../services/ecommerce/order-access';
import { track } from '../../../services/ecommerce/tracking';
import { localizedPath, ROUTES } from '../../../services/navigation/paths';
import { fromQuery } from '../../../services/search/search-url';
import { SessionActorContext, useAuthAccess } from '../../shell/session-context';
import { CartActorContext } from './checkout-context';

/** Query parameters of the check-out page besides the search: the cart, and the provider's answer on return. */
export const CHECKOUT_PARAMS = { cartId: 'cart_id', paymentId: 'payment_id', status: 'status' } as const;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;

/** What the cart machine starts from: the search in the URL, the cart this browser has, the provider's return. */
export function cartInputOf(query: Record<string, unknown>, locale: Locale, member: MemberPrefill | null, storedCartId: string | null): CartInput {
  const urlCartId = text(query[CHECKOUT_PARAMS.cartId]);
  const paymentId = text(query[CHECKOUT_PARAMS.paymentId]);
  const status = text(query[CHECKOUT_PARAMS.status]);
  return {
    locale,
    request: cartRequestOf(fromQuery(query, { now: new Date() }), locale),
    knownCartId: urlCartId ?? storedCartId,
    returning: urlCartId && (paymentId || status) ? { cartId: urlCartId, paymentId, status } : null,
    member,
    newKey: () => crypto.randomUUID(),
  };
}

function browserInfo() {
  return {
    user_agent: navigator.userAgent.slice(0, 500),
    language: navigator.language.slice(0, 35),
    screen_width: window.screen.width,
    screen_height: window.screen.height,
    time_zone_offset: new Date().getTimezoneOffset(),
  };
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

/** The member's details that prefill a traveller. */
export function memberPrefillOf(profile: MemberProfile | null): MemberPrefill | null {
  if (!profile) return null;
  return {
    salutation: profile.salutation ?? '',
    first_name: profile.firstName,
    last_name: profile.lastName,
    email: profile.email,
    country_code: profile.address?.countryCode ?? '',
  };
}

/** Holds the member's access for the actors, which run after the render that made them. */
function accessBox(initial: AuthAccess | null) {
  let current = initial;
  return {
    get: () => current,
    set: (next: AuthAccess | null) => {
      current = next;
    },
  };
}

/**
 * Runs the cart machine for the check-out page: binds its actors to the commerce routes (with the member's
 * token when signed in), and carries its outcomes to the browser: the cart id into storage and the URL,
 * the order to the confirmation page, a provider's redirect to the provider.
 */
export function CheckoutProvider({ locale, query, children }: { locale: Locale; query: Record<string, unknown>; children: ReactNode }) {
  const access = useAuthAccess();
  // The actors run long after this render: they read the member's access as it is when they run (a refreshed token).
  const [box] = useState(() => accessBox(access.token ? access : null));
  // A layout effect: it runs before the effects below it, so a call the machine starts on a sign-in carries the new token.
  useLayoutEffect(() => box.set(access.token ? access : null), [box, access]);
  const profile = SessionActorContext.useSelector(selectProfile);
  // The machine reads the URL, the stored cart id and the member once, when the page starts. Only a
  // member's cart id is kept in storage: a guest's session data is cleared when a page starts without a
  // token (spec section 4), so a guest's cart lives in the URL.
  const [input] = useState<CartInput>(() => cartInputOf(query, locale, memberPrefillOf(profile), access.token ? readStoredCartId() : null));
  const logic = useMemo(
    () =>
      cartMachine.provide({
        actors: {
          loadCart: fromPromise<Cart, CartActorTypes['loadCart']['input']>(({ input: { cartId } }) => getCart(box.get(), cartId)),
          createCart: fromPromise<Cart, CartActorTypes['createCart']['input']>(({ input: { request } }) => createCart(box.get(), request)),
          changeCart: fromPromise<Cart, CartActorTypes['changeCart']['input']>(({ input: { cartId, change } }) => applyChange(box.get(), cartId, change)),
          saveTravellers: fromPromise<Cart, CartActorTypes['saveTravellers']['input']>(async ({ input: { cartId, travellers } }) => {
            let cart: Cart | null = null;
            for (const { stayId, roomStayId, traveller } of travellers) cart = await updateRoomStay(box.get(), { cartId, stayId, roomStayId }, { traveller });
            return cart ?? getCart(box.get(), cartId);
          }),
          setCvv: fromPromise<null, CartActorTypes['setCvv']['input']>(async ({ input: { cardId, cvvToken } }) => {
            const member = box.get();
            if (!member) throw new Error('Saved cards are for members only');
            await setSavedCardCvv(member, cardId, cvvToken);
            return null;
          }),
          carryOver: fromPromise<Cart, CartActorTypes['carryOver']['input']>(async ({ input: { cartId, changes } }) => {
            let cart: Cart | null = null;
            for (const change of changes) cart = await applyChange(box.get(), cartId, change);
            return cart ?? getCart(box.get(), cartId);
          }),
          pay: fromPromise<PayResult, CartActorTypes['pay']['input']>(({ input: { cartId, idempotencyKey, savedCardId } }) =>
            payCart(
              box.get(),
              cartId,
              {
                locale,
                browser_info: browserInfo(),
                payment_instrument_id: savedCardId,
                // The provider sends the guest back here after a challenge or a redirect, with payment_id and status.
                return_url: `${window.location.origin}${localizedPath(locale, ROUTES.booking.checkOut)}?${new URLSearchParams({ [CHECKOUT_PARAMS.cartId]: cartId }).toString()}`,
              },
              idempotencyKey,
            ),
          ),
        },
      }),
    [locale, box],
  );
  return (
    <CartActorContext.Provider logic={logic} options={{ input }}>
      <CheckoutEffects locale={locale} />
      {children}
    </CartActorContext.Provider>
  );
}

function CheckoutEffects({ locale }: { locale: Locale }) {
  const router = useRouter();
  const phase = CartActorContext.useSelector(selectPhase);
  const cartId = CartActorContext.useSelector(selectCartId);
  const orderId = CartActorContext.useSelector(selectOrderId);
  const redirectUrl = CartActorContext.useSelector(selectRedirectUrl);
  const { token } = useAuthAccess();
  const tracked = useRef(false);

  // The cart survives a reload: its id is in the URL (replacing, not adding, a history entry) and, for a
  // member, in storage, which is cleared with the session (see the input above).
  useEffect(() => {
    if (!cartId || phase === 'ordered') return;
    if (token) storeCartId(cartId);
    const params = new URLSearchParams(router.state.location.searchStr);
    if (params.get(CHECKOUT_PARAMS.cartId) !== cartId) {
      params.set(CHECKOUT_PARAMS.cartId, cartId);
      void router.navigate({ href: `${router.state.location.pathname}?${params.toString()}`, replace: true });
    }
    // Once when the page starts with its cart (spec section 7, tracking).
    if (!tracked.current) {
      tracked.current = true;
      void track('initiateCheckout', { cartId }, token);
    }
  }, [cartId, phase, router, token]);

  useEffect(() => {
    if (phase === 'ordered' && orderId) {
      // The order is made: the cart is done with; the confirmation page takes over (back does not return to paying).
      forgetCartId();
      if (cartId) adoptCartAccess(cartId, orderId);
      void router.navigate({
        href: `${localizedPath(locale, ROUTES.booking.confirmation)}?${new URLSearchParams({ order_id: orderId }).toString()}`,
        replace: true,
      });
    }
    if (phase === 'redirecting' && redirectUrl) window.location.assign(redirectUrl);
  }, [phase, orderId, cartId, redirectUrl, router, locale]);
  return <MemberSignIn />;
}

/**
 * Tells the cart machine when a guest signs in while the page is open: once the member's profile is there
 * (or failed to load), and as soon as the machine can take it (not while a change or a payment is on its
 * way). A member who was signed in when the page started needs nothing: the cart was made for them.
 */
function MemberSignIn() {
  const actor = CartActorContext.useActorRef();
  const { token } = useAuthAccess();
  const memberLoading = SessionActorContext.useSelector(selectIsMemberLoading);
  const profile = SessionActorContext.useSelector(selectProfile);
  const canTake = CartActorContext.useSelector((snapshot) => snapshot.can({ type: 'member.signedIn', member: null }));
  const [signedInAtStart] = useState(() => token !== null);
  const told = useRef(signedInAtStart);
  useEffect(() => {
    if (!token) {
      told.current = false;
      return;
    }
    if (told.current || memberLoading || !canTake) return;
    told.current = true;
    actor.send({ type: 'member.signedIn', member: memberPrefillOf(profile) });
  }, [token, memberLoading, canTake, profile, actor]);
  return null;
}
