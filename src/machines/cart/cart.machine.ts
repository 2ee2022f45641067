import { assertEvent, assign, fromPromise, not, setup } from 'xstate';
import { ECOMMERCE_LIMITS } from '../../contract/ecommerce';
import type { Cart, PayResult, Traveller } from '../../contract/ecommerce';
import {
  cardOfCart,
  initialCartContext,
  carryOverChanges,
  cartMatchesRequest,
  classifyFailure,
  draftOfCompany,
  draftOfMember,
  draftOfTraveller,
  emptyTraveller,
  fillFromMember,
  hasErrors,
  isMemberCart,
  moveDrafts,
  requestOfCart,
  reviewCompany,
  reviewTraveller,
  roomStaysOf,
  sameTraveller,
  voucherProblemOf,
  withSavedDrafts,
} from './cart.rules';
import type { CartActorTypes, CartChange, CartContext, CartEvent, CartFailure, CartInput, CartNotice, CartTag, PayProblem } from './cart.types';
import { notProvided } from '../shared/shared.actors';

/** While the provider still works on a payment, the cart is read again this often, at most this many times. */
export const CART_TIMINGS = { pendingRecheckMs: 3000, maxPendingChecks: 5 } as const;

const outputOf = <T>(event: { type: string }): T | null => ('output' in event ? (event.output as T) : null);
const errorOf = (event: { type: string }): unknown => ('error' in event ? event.error : undefined);
const failureOf = (event: { type: string }): CartFailure => classifyFailure(errorOf(event));
const cartOf = (event: { type: string }): Cart | null => outputOf<Cart>(event);
const payResultOf = (event: { type: string }): PayResult | null => outputOf<PayResult>(event);

const noEffect = () => undefined;

/** The travellers and company as they stand: the errors of each, and what would be sent. */
function reviewDrafts(context: CartContext) {
  const rooms = roomStaysOf(context.cart);
  const travellerErrors: CartContext['travellerErrors'] = {};
  const travellers: { stayId: string; roomStayId: string; traveller: Traveller; current: Traveller | null }[] = [];
  const business = context.cart?.business ?? false;
  const company = business ? reviewCompany(context.company) : { company: null, errors: {} };
  for (const { stayId, roomStay } of rooms) {
    const review = reviewTraveller(context.drafts[roomStay.room_stay_id] ?? emptyTraveller());
    if (review.traveller === null) travellerErrors[roomStay.room_stay_id] = review.errors;
    // A business booking's company goes on the first room's traveller (the invoice is one).
    else
      travellers.push({
        stayId,
        roomStayId: roomStay.room_stay_id,
        traveller: { ...review.traveller, company: travellers.length === 0 && company.company ? company.company : null },
        current: roomStay.traveller,
      });
  }
  return { travellerErrors, companyErrors: company.errors, travellers };
}

/** What still stops a payment, in the order the page shows it. */
export function payProblemsOf(context: CartContext): PayProblem[] {
  const { travellerErrors, companyErrors } = reviewDrafts(context);
  const problems: PayProblem[] = [];
  if (hasErrors(travellerErrors)) problems.push('travellers');
  if (hasErrors(companyErrors)) problems.push('company');
  const cart = context.cart;
  if (!cart?.payment_method) problems.push('paymentMethod');
  else if (cart.payment_method === 'card') {
    if (!cart.credit_card_id || context.card === null) problems.push('card');
    else if (context.card.source === 'saved' && context.cvvToken === null) problems.push('cvv');
  }
  return problems;
}

/** Keeps what the guest typed; fills room stays that have no draft yet from the cart, else the member (first room). */
function draftsFor(context: CartContext, cart: Cart) {
  const drafts = { ...context.drafts };
  roomStaysOf(cart).forEach(({ roomStay }, index) => {
    if (drafts[roomStay.room_stay_id]) return;
    if (roomStay.traveller) drafts[roomStay.room_stay_id] = draftOfTraveller(roomStay.traveller);
    else drafts[roomStay.room_stay_id] = index === 0 && context.member ? draftOfMember(context.member) : emptyTraveller();
  });
  const savedCompany = roomStaysOf(cart).find(({ roomStay }) => roomStay.traveller?.company)?.roomStay.traveller?.company;
  const companyUntouched = Object.values(context.company).every((value) => value === '');
  return { drafts, company: companyUntouched && savedCompany ? draftOfCompany(savedCompany) : context.company };
}

/**
 * The booking flow from a chosen room and rate to an order (spec section 4, cart flow): create the cart
 * (or take up the one this browser has), edit it (travellers, add-ons, green option, insurance, vouchers,
 * promo code, payment method and card), pay, and follow the answer: an order, a redirect to the provider
 * (3-D Secure, PayPal, iDEAL, Apple Pay), or a decline that keeps everything for another try. Each failure
 * has a state of its own with a way forward: an expired cart, a room that is gone, a network failure.
 *
 * The cart in the context is always the server's last answer: prices are never computed here.
 */
export const cartMachine = setup({
  types: { context: {} as CartContext, events: {} as CartEvent, input: {} as CartInput, tags: {} as CartTag },
  actors: {
    loadCart: fromPromise<CartActorTypes['loadCart']['output'], CartActorTypes['loadCart']['input']>(notProvided('loadCart')),
    createCart: fromPromise<CartActorTypes['createCart']['output'], CartActorTypes['createCart']['input']>(notProvided('createCart')),
    changeCart: fromPromise<CartActorTypes['changeCart']['output'], CartActorTypes['changeCart']['input']>(notProvided('changeCart')),
    saveTravellers: fromPromise<CartActorTypes['saveTravellers']['output'], CartActorTypes['saveTravellers']['input']>(notProvided('saveTravellers')),
    setCvv: fromPromise<CartActorTypes['setCvv']['output'], CartActorTypes['setCvv']['input']>(notProvided('setCvv')),
    pay: fromPromise<CartActorTypes['pay']['output'], CartActorTypes['pay']['input']>(notProvided('pay')),
    carryOver: fromPromise<CartActorTypes['carryOver']['output'], CartActorTypes['carryOver']['input']>(notProvided('carryOver')),
  },
  delays: { pendingRecheck: CART_TIMINGS.pendingRecheckMs },
  guards: {
    isReturning: ({ context }) => context.returning !== null,
    hasKnownCart: ({ context }) => context.knownCartId !== null,
    hasRequest: ({ context }) => context.request !== null,
    isOrdered: ({ event }) => {
      const cart = cartOf(event);
      return cart?.status === 'ordered' && cart.order_id !== null;
    },
    isPaymentPending: ({ event }) => cartOf(event)?.status === 'payment_pending',
    isOpen: ({ event }) => cartOf(event)?.status === 'open',
    /** The known cart is open and is the one the search asks for (any open cart when the URL names no search). */
    isUsable: ({ context, event }) => {
      const cart = cartOf(event);
      return cart?.status === 'open' && (context.request === null || cartMatchesRequest(cart, context.request));
    },
    /** The provider sent the guest back after a payment that did not go through. */
    isDeclinedCart: ({ event }) => {
      const cart = cartOf(event);
      return cart?.status === 'open' && cart.last_decline_reason !== null;
    },
    failedAs: ({ event }, params: { failure: CartFailure }) => failureOf(event) === params.failure,
    /** A known cart that is gone or expired: the search in the URL makes a new one. */
    canStartOver: ({ context, event }) => context.request !== null && ['notFound', 'expired'].includes(failureOf(event)),
    succeeded: ({ event }) => payResultOf(event)?.status === 'succeeded',
    needsAction: ({ event }) => payResultOf(event)?.status === 'action_required',
    canPay: ({ context }) => payProblemsOf(context).length === 0,
    hasTravellersToSave: ({ context }) => reviewDrafts(context).travellers.some(({ traveller, current }) => !sameTraveller(traveller, current)),
    usesSavedCard: ({ context }) => context.cart?.payment_method === 'card' && context.card?.source === 'saved',
    canRecheck: ({ context }) => context.pendingChecks < CART_TIMINGS.maxPendingChecks,
    isKnownRoomStay: ({ context, event }) => {
      if (!('roomStayId' in event)) return false;
      return roomStaysOf(context.cart).some(({ roomStay }) => roomStay.room_stay_id === event.roomStayId);
    },
    /** The server refused the voucher code the guest applied (not some other change). */
    isVoucherRefusal: ({ context, event }) => context.change?.kind === 'voucher.apply' && voucherProblemOf(failureOf(event)) !== null,
    hasVoucherCode: ({ event }) => event.type === 'voucher.apply' && event.code.trim() !== '',
    /** The cart read again with the member's token is the member's own (made for them). */
    isOwnMemberCart: ({ event }) => {
      const cart = cartOf(event);
      return cart?.status === 'open' && isMemberCart(cart);
    },
    hasCarryOver: ({ context }) => context.carryOver.length > 0,
    signOutPending: ({ context }) => context.pendingSession?.kind === 'signedOut',
    signInPending: ({ context }) => context.pendingSession?.kind === 'signedIn',
    notAnnounced: ({ context }) => !context.announced,
  },
  actions: {
    adoptCart: assign(({ context, event }) => {
      const cart = cartOf(event);
      if (!cart) return {};
      return { cart, ...draftsFor(context, cart), card: context.card ?? cardOfCart(cart) };
    }),
    setNotice: assign((_, params: { notice: CartNotice }) => ({ notice: params.notice })),
    clearNotice: assign({ notice: null }),
    rememberChange: assign(({ context, event }) => {
      const change = changeFor(context, event);
      return change ? { change, notice: null } : {};
    }),
    clearChange: assign({ change: null }),
    /** The notice for a change the server refused (before the change is dropped): a payment method has its own. */
    noticeRefusedChange: assign(({ context }) => ({ notice: context.change?.kind === 'paymentMethod' ? ('methodRefused' as const) : ('changeFailed' as const) })),
    setMember: assign(({ context, event }) => {
      assertEvent(event, 'member.signedIn');
      // Signed in again: the notice of the earlier sign-out has done its work.
      return { member: event.member ?? context.member, notice: context.notice === 'signedOut' ? null : context.notice };
    }),
    /** A sign-in or sign-out while a call is on its way waits for the answer (see pendingSession). */
    deferSignIn: assign(({ event }) => {
      assertEvent(event, 'member.signedIn');
      return { pendingSession: { kind: 'signedIn' as const, member: event.member } };
    }),
    deferSignOut: assign({ pendingSession: { kind: 'signedOut' as const } }),
    takePendingMember: assign(({ context }) => ({
      member: context.pendingSession?.kind === 'signedIn' ? (context.pendingSession.member ?? context.member) : context.member,
      notice: context.notice === 'signedOut' ? null : context.notice,
      pendingSession: null,
    })),
    /**
     * The member signed out: everything of theirs leaves the page (details, cart, card, vouchers), and
     * the booking starts again from the search, as a guest's.
     */
    forgetMember: assign(({ context }) => ({
      ...initialCartContext({ locale: context.locale, request: context.request, knownCartId: null, returning: null, member: null, newKey: context.newKey }),
      announced: context.announced,
      notice: 'signedOut' as const,
    })),
    // Effects on the page and the browser, bound where the cart runs (cart.live.ts); no-ops here.
    /** The cart is the page's: its id goes into the address (and, for a member, storage) to survive a reload. */
    keepCartId: noEffect,
    /** Tells analytics the check-out started, once per page (spec section 7, tracking). */
    announceCheckout: noEffect,
    markAnnounced: assign({ announced: true }),
    /** The member's cart is gone from the page: its id leaves the address and storage. */
    forgetCartId: noEffect,
    /** Paid: the confirmation page takes over (the cart is done with; back does not return to paying). */
    goToConfirmation: noEffect,
    /** Paid with points: the member's balance changed, so the session reads the member's status again. */
    memberPointsSpent: noEffect,
    /** The provider needs the guest: the browser goes to its page. */
    goToProvider: noEffect,
    /** The first room's traveller gets the member's details where the guest left a field empty. */
    prefillMember: assign(({ context }) => {
      const first = roomStaysOf(context.cart)[0]?.roomStay.room_stay_id;
      if (!first || !context.member) return {};
      return { drafts: { ...context.drafts, [first]: fillFromMember(context.drafts[first] ?? emptyTraveller(), context.member) } };
    }),
    /**
     * The member's new cart replaces the guest's: what was typed moves to its room stays, and what was
     * chosen is remembered to be set on it. The card is entered again (its token was for the other cart).
     */
    adoptMemberCart: assign(({ context, event }) => {
      const cart = cartOf(event);
      if (!cart) return {};
      const moved = { ...context, drafts: moveDrafts(context.drafts, context.cart, cart) };
      return {
        cart,
        knownCartId: cart.cart_id,
        ...draftsFor(moved, cart),
        carryOver: context.cart ? carryOverChanges(context.cart, cart) : [],
        card: null,
        cvvToken: null,
        declineReason: null,
      };
    }),
    clearCarryOver: assign({ carryOver: [] }),
    typeVoucher: assign(({ event }) => {
      assertEvent(event, 'voucher.typed');
      return { voucherCode: event.code, voucherProblem: null };
    }),
    setVoucherProblem: assign(({ event }) => ({ voucherProblem: voucherProblemOf(failureOf(event)) })),
    /** A voucher code the server took is on the cart now: the field empties for the next one. */
    settleVoucher: assign(({ context }) => (context.change?.kind === 'voucher.apply' ? { voucherCode: '', voucherProblem: null } : {})),
    /** Keeps what was typed for this cart in the browser's session (bound in cart.live.ts). */
    saveDrafts: noEffect,
    /** Forgets what was typed (sign-out, order): bound in cart.live.ts. */
    forgetDrafts: noEffect,
    /** Puts back what was typed for this cart; cart.live.ts binds it to the browser's session storage. */
    restoreDrafts: assign(({ context }) => withSavedDrafts(context, null)) /** A change the server refused: a card it did not take is not the guest's card. */,
    dropChange: assign(({ context }) => ({ change: null, card: context.change?.kind === 'creditCard' ? null : context.card })),
    rememberNewCard: assign(({ event }) => {
      assertEvent(event, 'card.tokenized');
      return { card: { source: 'new' as const, brand: event.brand, last4: event.last4, expiryMonth: event.expiryMonth, expiryYear: event.expiryYear }, cvvToken: null };
    }),
    rememberSavedCard: assign(({ event }) => {
      assertEvent(event, 'savedCard.select');
      return { card: { source: 'saved' as const, cardId: event.cardId }, cvvToken: null };
    }),
    setCvvToken: assign(({ event }) => {
      assertEvent(event, 'cvv.tokenized');
      return { cvvToken: event.cvvToken };
    }),
    /** A CVV token is good for one payment: the next attempt needs a new one. */
    spendCvvToken: assign({ cvvToken: null }),
    editTraveller: assign(({ context, event }) => {
      assertEvent(event, 'traveller.changed');
      const draft = { ...(context.drafts[event.roomStayId] ?? emptyTraveller()), [event.field]: event.value };
      return { drafts: { ...context.drafts, [event.roomStayId]: draft } };
    }),
    copyFirstTraveller: assign(({ context, event }) => {
      assertEvent(event, 'traveller.copy');
      const first = roomStaysOf(context.cart)[0]?.roomStay.room_stay_id;
      const source = first ? context.drafts[first] : undefined;
      return source ? { drafts: { ...context.drafts, [event.roomStayId]: { ...source, special_requests: context.drafts[event.roomStayId]?.special_requests ?? '' } } } : {};
    }),
    editCompany: assign(({ context, event }) => {
      assertEvent(event, 'company.changed');
      return { company: { ...context.company, [event.field]: event.value } };
    }),
    /** Once the guest tried to pay, the errors follow their typing (a fixed field clears its error). */
    revalidate: assign(({ context }) => {
      if (!context.showProblems) return {};
      const { travellerErrors, companyErrors } = reviewDrafts(context);
      return { travellerErrors, companyErrors };
    }),
    showProblems: assign(({ context }) => {
      const { travellerErrors, companyErrors } = reviewDrafts(context);
      return { showProblems: true, refusedPays: context.refusedPays + 1, travellerErrors, companyErrors };
    }),
    /** A new payment attempt: a new Idempotency-Key. */
    newPayKey: assign(({ context }) => ({ payKey: context.newKey(), declineReason: null, notice: null })),
    setDeclined: assign(({ event }) => {
      const result = payResultOf(event);
      return { declineReason: result?.status === 'declined' ? result.reason : 'declined', payKey: null };
    }),
    setDeclinedFromCart: assign(({ event }) => ({ declineReason: cartOf(event)?.last_decline_reason ?? null })),
    clearDecline: assign({ declineReason: null }),
    setRedirect: assign(({ event }) => {
      const result = payResultOf(event);
      return { redirectUrl: result?.status === 'action_required' ? result.redirect_url : null };
    }),
    setOrderFromPay: assign(({ event }) => {
      const result = payResultOf(event);
      return { orderId: result?.status === 'succeeded' ? result.order_id : null, payKey: null };
    }),
    setOrderFromCart: assign(({ event }) => ({ orderId: cartOf(event)?.order_id ?? null, cart: cartOf(event) })),
    countCheck: assign(({ context }) => ({ pendingChecks: context.pendingChecks + 1 })),
    resetChecks: assign({ pendingChecks: 0 }),
  },
}).createMachine({
  id: 'cart',
  description: 'From a chosen room and rate to an order: the cart, its details, the payment and every way it can fail.',
  context: ({ input }) => initialCartContext(input),
  initial: 'starting',
  on: {
    // A sign-out anywhere but while editing (where a call may be on its way) starts the booking afresh.
    'member.signedOut': { target: '.starting', actions: ['forgetMember', 'forgetCartId', 'forgetDrafts'] },
    // A sign-in before the cart can take it (it is being read or made) is taken up once it can.
    'member.signedIn': { actions: 'deferSignIn' },
  },
  states: {
    starting: {
      description: 'Decides where the cart comes from: the provider sending the guest back, a cart this browser has, or the search.',
      tags: ['loading'],
      always: [{ guard: 'isReturning', target: 'resuming' }, { guard: 'hasKnownCart', target: 'loading' }, { guard: 'hasRequest', target: 'creating' }, { target: 'noSearch' }],
    },
    noSearch: { description: 'Nothing to book: no room and rate chosen and no cart. The guest is sent to choose a room.' },
    loading: {
      description: 'Reads the cart this browser has; it is taken up when it is still open and is the one the search asks for.',
      tags: ['loading'],
      invoke: {
        id: 'loadCart',
        src: 'loadCart',
        input: ({ context }) => ({ cartId: context.knownCartId ?? '' }),
        onDone: [
          { guard: 'isOrdered', target: 'ordered', actions: 'setOrderFromCart' },
          { guard: 'isPaymentPending', target: 'awaitingPayment', actions: 'adoptCart' },
          { guard: 'isUsable', target: 'ready', actions: 'adoptCart' },
          { guard: 'hasRequest', target: 'creating' },
          { target: 'expired', actions: 'adoptCart' },
        ],
        onError: [
          { guard: 'canStartOver', target: 'creating' },
          { guard: { type: 'failedAs', params: { failure: 'expired' } }, target: 'expired' },
          { guard: { type: 'failedAs', params: { failure: 'notFound' } }, target: 'noSearch' },
          { target: 'loadFailed' },
        ],
      },
    },
    creating: {
      description: 'Creates the cart for the search: the server prices the rooms and holds nothing yet.',
      tags: ['loading'],
      invoke: {
        id: 'createCart',
        src: 'createCart',
        input: ({ context }) => {
          if (!context.request) throw new Error('creating without a request');
          return { request: context.request };
        },
        onDone: { target: 'ready', actions: 'adoptCart' },
        onError: [
          { guard: { type: 'failedAs', params: { failure: 'roomGone' } }, target: 'roomGone' },
          { guard: { type: 'failedAs', params: { failure: 'signInRequired' } }, target: 'signInRequired' },
          { target: 'loadFailed' },
        ],
      },
    },
    signInRequired: {
      description: 'A member rate asked for by a guest: they sign in (the cart is then made for the member) or choose the standard rate.',
      tags: ['failure'],
      on: { 'member.signedIn': { target: 'creating', actions: 'setMember' } },
      // The guest's cart is not made yet: a sign-in that came while it was being made is taken up now.
      always: { guard: 'signInPending', target: 'creating', actions: 'takePendingMember' },
    },
    loadFailed: { description: 'The cart could not be read or made (network or server trouble); the guest can try again.', tags: ['failure'], on: { retry: 'starting' } },
    resuming: {
      description: 'Reads the cart again to learn how a payment ended: back from the provider, or after a failed or pending answer.',
      tags: ['loading'],
      invoke: {
        id: 'reloadCart',
        src: 'loadCart',
        input: ({ context }) => ({ cartId: context.cart?.cart_id ?? context.returning?.cartId ?? context.knownCartId ?? '' }),
        onDone: [
          { guard: 'isOrdered', target: 'ordered', actions: 'setOrderFromCart' },
          { guard: 'isPaymentPending', target: 'awaitingPayment', actions: 'adoptCart' },
          { guard: 'isDeclinedCart', target: 'ready.declined', actions: ['adoptCart', 'setDeclinedFromCart'] },
          { guard: 'isOpen', target: 'ready', actions: 'adoptCart' },
          { target: 'expired', actions: 'adoptCart' },
        ],
        onError: [
          { guard: { type: 'failedAs', params: { failure: 'expired' } }, target: 'expired' },
          { guard: { type: 'failedAs', params: { failure: 'notFound' } }, target: 'noSearch' },
          { target: 'loadFailed' },
        ],
      },
    },
    awaitingPayment: {
      description: 'The provider has not told us yet how the payment ended; the rooms are held. The cart is read again shortly.',
      tags: ['loading'],
      after: { pendingRecheck: { guard: 'canRecheck', target: 'resuming', actions: 'countCheck' } },
      on: { 'payment.check': { target: 'resuming', actions: 'resetChecks' } },
    },
    ready: {
      description: 'The cart is there: the guest fills in the travellers, chooses extras and a payment method, and pays.',
      tags: ['ready'],
      initial: 'editing',
      on: {
        'traveller.changed': { guard: 'isKnownRoomStay', actions: ['editTraveller', 'revalidate', 'saveDrafts'] },
        'traveller.copy': { guard: 'isKnownRoomStay', actions: ['copyFirstTraveller', 'revalidate', 'saveDrafts'] },
        'company.changed': { actions: ['editCompany', 'revalidate', 'saveDrafts'] },
        'voucher.typed': { actions: 'typeVoucher' },
        'cvv.tokenized': { actions: 'setCvvToken' },
        'notice.dismiss': { actions: 'clearNotice' },
        // While a call is on its way (a change, a payment, the move to a member cart): taken up after it.
        'member.signedIn': { actions: 'deferSignIn' },
        'member.signedOut': { actions: 'deferSignOut' },
      },
      entry: 'keepCartId', // Once per page, when its cart is first there.
      always: {
        guard: 'notAnnounced',
        // What was typed for this cart before a reload, or before "Change rooms" and back, comes back.
        actions: ['restoreDrafts', 'announceCheckout', 'markAnnounced'],
      },
      states: {
        editing: {
          description: 'The guest edits the cart; each change goes to the server, which answers with the repriced cart.',
          always: [
            { guard: 'signOutPending', target: '#cart.starting', actions: ['forgetMember', 'forgetCartId', 'forgetDrafts'] },
            { guard: 'signInPending', target: 'switchingToMember', actions: ['takePendingMember', 'prefillMember'] },
          ],
          on: {
            ...changeTransitions(),
            pay: [{ guard: 'canPay', target: 'submitting', actions: 'newPayKey' }, { actions: 'showProblems' }],
            'member.signedIn': { target: 'switchingToMember', actions: ['setMember', 'prefillMember'] },
            'member.signedOut': { target: '#cart.starting', actions: ['forgetMember', 'forgetCartId', 'forgetDrafts'] },
          },
        },
        declined: {
          description: 'The last payment was declined. Everything entered is kept; the guest pays again, with another card or method if they like.',
          always: [
            { guard: 'signOutPending', target: '#cart.starting', actions: ['forgetMember', 'forgetCartId', 'forgetDrafts'] },
            { guard: 'signInPending', target: 'switchingToMember', actions: ['takePendingMember', 'prefillMember'] },
          ],
          on: {
            ...changeTransitions(),
            pay: [{ guard: 'canPay', target: 'submitting', actions: 'newPayKey' }, { actions: 'showProblems' }],
            'member.signedIn': { target: 'switchingToMember', actions: ['setMember', 'prefillMember'] },
            'member.signedOut': { target: '#cart.starting', actions: ['forgetMember', 'forgetCartId', 'forgetDrafts'] },
          },
        },
        updating: {
          description: 'A change is on its way to the server.',
          tags: ['busy'],
          invoke: {
            id: 'changeCart',
            src: 'changeCart',
            input: ({ context }) => {
              if (!context.cart || !context.change) throw new Error('updating without a cart or a change');
              return { cartId: context.cart.cart_id, change: context.change };
            },
            onDone: { target: 'editing', actions: ['adoptCart', 'settleVoucher', 'clearChange', 'clearDecline'] },
            onError: [
              { guard: { type: 'failedAs', params: { failure: 'expired' } }, target: '#cart.expired' },
              { guard: { type: 'failedAs', params: { failure: 'roomGone' } }, target: '#cart.roomGone' },
              // A refused voucher code: the reason goes next to its field, and the code stays as typed.
              { guard: 'isVoucherRefusal', target: 'editing', actions: ['setVoucherProblem', 'dropChange'] },
              { target: 'editing', actions: ['noticeRefusedChange', 'dropChange'] },
            ],
          },
        },
        submitting: {
          description: "Pays: saves the travellers, gives a saved card its CVV, then pays with this attempt's Idempotency-Key.",
          tags: ['busy', 'paying'],
          initial: 'savingTravellers',
          states: {
            savingTravellers: {
              description: 'Saves every traveller that differs from the cart.',
              always: { guard: not('hasTravellersToSave'), target: 'preparingCard' },
              invoke: {
                id: 'saveTravellers',
                src: 'saveTravellers',
                input: ({ context }) => ({
                  cartId: context.cart?.cart_id ?? '',
                  travellers: reviewDrafts(context)
                    .travellers.filter(({ traveller, current }) => !sameTraveller(traveller, current))
                    .map(({ stayId, roomStayId, traveller }) => ({ stayId, roomStayId, traveller })),
                }),
                onDone: { target: 'preparingCard', actions: 'adoptCart' },
                onError: [
                  { guard: { type: 'failedAs', params: { failure: 'expired' } }, target: '#cart.expired' },
                  { guard: { type: 'failedAs', params: { failure: 'roomGone' } }, target: '#cart.roomGone' },
                  {
                    guard: { type: 'failedAs', params: { failure: 'invalid' } },
                    target: '#cart.ready.editing',
                    actions: { type: 'setNotice', params: { notice: 'travellerRejected' } },
                  },
                  { target: '#cart.ready.editing', actions: { type: 'setNotice', params: { notice: 'saveFailed' } } },
                ],
              },
            },
            preparingCard: {
              description: "Gives the saved card the CVV the guest entered in the provider's field.",
              always: { guard: not('usesSavedCard'), target: 'paying' },
              invoke: {
                id: 'setCvv',
                src: 'setCvv',
                input: ({ context }) => ({ cardId: context.card?.source === 'saved' ? context.card.cardId : '', cvvToken: context.cvvToken ?? '' }),
                onDone: { target: 'paying' },
                onError: { target: '#cart.ready.editing', actions: ['spendCvvToken', { type: 'setNotice', params: { notice: 'cvvFailed' } }] },
              },
            },
            paying: {
              description: 'Pays the cart; the Idempotency-Key makes a repeated request get the first answer, never a second charge.',
              invoke: {
                id: 'pay',
                src: 'pay',
                input: ({ context }) => ({
                  cartId: context.cart?.cart_id ?? '',
                  locale: context.locale,
                  idempotencyKey: context.payKey ?? '',
                  savedCardId: context.cart?.payment_method === 'card' && context.card?.source === 'saved' ? context.card.cardId : null,
                }),
                onDone: [
                  { guard: 'succeeded', target: '#cart.ordered', actions: 'setOrderFromPay' },
                  { guard: 'needsAction', target: '#cart.redirecting', actions: 'setRedirect' },
                  { target: '#cart.ready.declined', actions: ['setDeclined', 'spendCvvToken'] },
                ],
                onError: [
                  { guard: { type: 'failedAs', params: { failure: 'expired' } }, target: '#cart.expired' },
                  { guard: { type: 'failedAs', params: { failure: 'roomGone' } }, target: '#cart.roomGone' },
                  // Already paid or paying (another tab, an earlier attempt): the cart says how it ended.
                  { guard: { type: 'failedAs', params: { failure: 'notOpen' } }, target: '#cart.resuming' },
                  { target: '#cart.ready.paymentFailed' },
                ],
              },
            },
          },
        },
        switchingToMember: {
          description:
            'A member signed in part-way: the cart is read again with their token. A guest cart stays a guest cart on the server, so the booking moves to a new cart made for the member, with everything entered carried over.',
          tags: ['busy'],
          initial: 'reloading',
          states: {
            reloading: {
              description: "Reads the cart with the member's token: still the guest's, gone for the member (404), or already theirs.",
              invoke: {
                id: 'reloadAsMember',
                src: 'loadCart',
                input: ({ context }) => ({ cartId: context.cart?.cart_id ?? '' }),
                onDone: [
                  { guard: 'isOwnMemberCart', target: '#cart.ready.editing', actions: 'adoptCart' },
                  { guard: 'isOpen', target: 'recreating' },
                  { target: '#cart.expired', actions: 'adoptCart' },
                ],
                onError: [
                  { guard: { type: 'failedAs', params: { failure: 'notFound' } }, target: 'recreating' },
                  { guard: { type: 'failedAs', params: { failure: 'expired' } }, target: '#cart.expired' },
                  { target: '#cart.ready.editing', actions: { type: 'setNotice', params: { notice: 'memberCartFailed' } } },
                ],
              },
            },
            recreating: {
              description: 'Makes the cart again for the member, from the search of the guest cart.',
              invoke: {
                id: 'createMemberCart',
                src: 'createCart',
                input: ({ context }) => {
                  const request = (context.cart ? requestOfCart(context.cart, context.locale) : null) ?? context.request;
                  if (!request) throw new Error('recreating without a search');
                  return { request };
                },
                onDone: { target: 'carryingOver', actions: ['adoptMemberCart', 'keepCartId'] },
                onError: [
                  { guard: { type: 'failedAs', params: { failure: 'roomGone' } }, target: '#cart.roomGone' },
                  { target: '#cart.ready.editing', actions: { type: 'setNotice', params: { notice: 'memberCartFailed' } } },
                ],
              },
            },
            carryingOver: {
              description: 'Sets the add-ons, green option, insurance and payment method chosen on the guest cart on the new one.',
              always: { guard: not('hasCarryOver'), target: '#cart.ready.editing' },
              invoke: {
                id: 'carryOver',
                src: 'carryOver',
                input: ({ context }) => ({ cartId: context.cart?.cart_id ?? '', changes: context.carryOver }),
                onDone: { target: '#cart.ready.editing', actions: ['adoptCart', 'clearCarryOver'] },
                onError: { target: '#cart.ready.editing', actions: ['clearCarryOver', { type: 'setNotice', params: { notice: 'carryOverFailed' } }] },
              },
            },
          },
        },
        paymentFailed: {
          description: 'No answer to the payment (network). Retrying sends the same Idempotency-Key, so the guest is never charged twice.',
          tags: ['failure'],
          on: { 'payment.retry': 'submitting.paying', 'payment.check': '#cart.resuming' },
        },
      },
    },
    ordered: {
      description: 'Paid: the order exists. The page goes on to the confirmation; what was typed for the cart is no longer kept.',
      type: 'final',
      entry: ['forgetDrafts', 'memberPointsSpent', 'goToConfirmation'],
    },
    redirecting: {
      description: 'The provider needs the guest (3-D Secure, PayPal, iDEAL, Apple Pay): the page goes there; the rooms are held meanwhile.',
      type: 'final',
      entry: 'goToProvider',
    },
    expired: { description: 'The cart expired. The guest starts again from the same search.', tags: ['failure'] },
    roomGone: { description: 'A room of the cart is no longer free for these dates. The guest chooses another room.', tags: ['failure'] },
  },
});

/** The events that change the cart on the server, from the editing and declined states alike. */
function changeTransitions() {
  const toUpdating = { target: 'updating' as const, actions: 'rememberChange' as const };
  return {
    'addon.toggle': { guard: 'isKnownRoomStay' as const, ...toUpdating },
    'addon.quantity': { guard: 'isKnownRoomStay' as const, ...toUpdating },
    'green.toggle': { guard: 'isKnownRoomStay' as const, ...toUpdating },
    'insurance.toggle': toUpdating,
    'voucher.apply': { guard: 'hasVoucherCode' as const, ...toUpdating },
    'voucher.remove': toUpdating,
    'promo.apply': toUpdating,
    'method.select': toUpdating,
    'card.tokenized': { target: 'updating' as const, actions: ['rememberNewCard' as const, 'rememberChange' as const] },
    'savedCard.select': { target: 'updating' as const, actions: ['rememberSavedCard' as const, 'rememberChange' as const] },
  };
}

/** The server call an edit event asks for. */
function changeFor(context: CartContext, event: CartEvent): CartChange | null {
  switch (event.type) {
    case 'addon.toggle': {
      const room = roomStaysOf(context.cart).find(({ roomStay }) => roomStay.room_stay_id === event.roomStayId)?.roomStay;
      const others = (room?.addons ?? []).filter((addon) => addon.addon_code !== event.addonCode).map((addon) => ({ addon_code: addon.addon_code, quantity: addon.quantity }));
      const addons = event.selected ? [...others, { addon_code: event.addonCode }] : others;
      return { kind: 'addons', stayId: event.stayId, roomStayId: event.roomStayId, addons };
    }
    case 'addon.quantity': {
      const room = roomStaysOf(context.cart).find(({ roomStay }) => roomStay.room_stay_id === event.roomStayId)?.roomStay;
      const quantity = Math.min(Math.max(Math.round(event.quantity), 1), ECOMMERCE_LIMITS.maxAddonQuantity);
      const others = (room?.addons ?? []).filter((addon) => addon.addon_code !== event.addonCode).map((addon) => ({ addon_code: addon.addon_code, quantity: addon.quantity }));
      // Kept in place when chosen; a quantity for an add-on not chosen yet chooses it.
      const index = (room?.addons ?? []).findIndex((addon) => addon.addon_code === event.addonCode);
      const addons = [...others];
      addons.splice(index < 0 ? addons.length : index, 0, { addon_code: event.addonCode, quantity });
      return { kind: 'addons', stayId: event.stayId, roomStayId: event.roomStayId, addons };
    }
    case 'green.toggle':
      return { kind: 'greenOption', stayId: event.stayId, roomStayId: event.roomStayId, on: event.on };
    case 'insurance.toggle':
      return { kind: 'insurance', product: 'cancellation', add: event.add };
    case 'voucher.apply':
      return { kind: 'voucher.apply', code: event.code.trim() };
    case 'voucher.remove':
      return { kind: 'voucher.remove', voucherId: event.voucherId };
    case 'promo.apply':
      return { kind: 'promo', code: event.code.trim() === '' ? null : event.code.trim() };
    case 'method.select':
      return { kind: 'paymentMethod', method: event.method };
    case 'card.tokenized':
      return { kind: 'creditCard', creditCardId: event.token, save: event.save };
    case 'savedCard.select':
      return { kind: 'creditCard', creditCardId: event.cardId, save: false };
    default:
      return null;
  }
}
