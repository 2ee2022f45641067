import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { HotelCheckout, HotelCheckoutSession, HotelPayResult } from '../../contract/hotel-checkout';
import { notProvided } from '../shared/shared.actors';
import {
  classifyFailure,
  conflictCheckoutOf,
  draftsFor,
  hasAddressErrors,
  HOTEL_CHECKOUT_TIMINGS,
  initialContext,
  lookupComplete,
  newChargesOf,
  nothingToPay,
  openTotal,
  payProblemOf,
  refusedAddressErrors,
  refusedFieldsOf,
  reviewAddresses,
} from './hotel-checkout.rules';
import type { HotelCheckoutFailure } from './hotel-checkout.rules';
import type { HotelCheckoutActorTypes as Actors, HotelCheckoutContext, HotelCheckoutEvent, HotelCheckoutInput, HotelCheckoutTag } from './hotel-checkout.types';

const outputOf = <T>(event: { type: string }): T | null => ('output' in event ? (event.output as T) : null);
const errorOf = (event: { type: string }): unknown => ('error' in event ? event.error : undefined);
const checkoutOf = (event: { type: string }): HotelCheckout | null => outputOf<HotelCheckout>(event);
const payResultOf = (event: { type: string }): HotelPayResult | null => outputOf<HotelPayResult>(event);
const noEffect = () => undefined;

/** The checkout an event brings: an actor's answer, a successful payment's, or the one a 409 carried. */
function checkoutFrom(event: { type: string }): HotelCheckout | null {
  if (event.type === 'xstate.done.actor.pay') {
    const result = payResultOf(event);
    return result?.status === 'succeeded' ? result.checkout : null;
  }
  return checkoutOf(event) ?? conflictCheckoutOf(errorOf(event));
}

/**
 * The hotel checkout of an in-house guest (spec section 4: create, session, profile address, payment
 * method, pay, perform-checkout; decision record 0058). The room card's QR code (or a mail link, or a
 * member's booking) is exchanged for the checkout and the stay's access key; the checkout page then reads
 * the folio, lets the guest move charges between the private and the business folio, takes the invoice
 * addresses, pays what is open (a payment session, its method, the provider's card form, 3-D Secure away
 * and back) and checks out; then the invoices are there. Every failure has a state or notice with a way
 * forward: a link that no longer works (the lookup), a stay not in house or checked out, a charge posted
 * while paying (the folio read again, the new charges shown, the new total paid), a declined card (the
 * folio stays open), the hotel's system down (try again, or the front desk), no answer (try again).
 *
 * The checkout in the context is always the BFF's last answer: amounts are never computed here.
 */
export const hotelCheckoutMachine = setup({
  types: { context: {} as HotelCheckoutContext, events: {} as HotelCheckoutEvent, input: {} as HotelCheckoutInput, tags: {} as HotelCheckoutTag },
  actors: {
    createCheckout: fromPromise<Actors['createCheckout']['output'], Actors['createCheckout']['input']>(notProvided('createCheckout')),
    loadCheckout: fromPromise<Actors['loadCheckout']['output'], Actors['loadCheckout']['input']>(notProvided('loadCheckout')),
    moveCharge: fromPromise<Actors['moveCharge']['output'], Actors['moveCharge']['input']>(notProvided('moveCharge')),
    saveAddresses: fromPromise<Actors['saveAddresses']['output'], Actors['saveAddresses']['input']>(notProvided('saveAddresses')),
    openSession: fromPromise<Actors['openSession']['output'], Actors['openSession']['input']>(notProvided('openSession')),
    setMethod: fromPromise<Actors['setMethod']['output'], Actors['setMethod']['input']>(notProvided('setMethod')),
    pay: fromPromise<Actors['pay']['output'], Actors['pay']['input']>(notProvided('pay')),
    performCheckout: fromPromise<Actors['performCheckout']['output'], Actors['performCheckout']['input']>(notProvided('performCheckout')),
  },
  delays: { pendingRecheck: HOTEL_CHECKOUT_TIMINGS.pendingRecheckMs },
  guards: {
    startsWithLink: ({ context }) => context.start.kind === 'link' || context.start.kind === 'member',
    startsOnCheckout: ({ context }) => context.start.kind === 'resume',
    startedWithLink: ({ context }) => context.start.kind === 'link',
    startedAsMember: ({ context }) => context.start.kind === 'member',
    isOnCheckoutPage: ({ context }) => context.page === 'folio',
    isReturning: ({ context }) => context.start.kind === 'resume' && context.start.returning,
    lookupComplete: ({ context }) => lookupComplete(context.lookup),
    failedAs: ({ event }, params: { failure: HotelCheckoutFailure }) => classifyFailure(errorOf(event)) === params.failure,
    isCheckedOut: ({ context }) => context.checkout?.status === 'checked_out',
    isPaying: ({ context }) => context.checkout?.status === 'paying',
    isSettledOnReturn: ({ context }) => context.start.kind === 'resume' && context.start.returning && context.checkout?.status === 'settled',
    wasDeclinedOnReturn: ({ context }) => context.start.kind === 'resume' && context.start.returning && context.checkout?.session?.state === 'declined',
    canRecheck: ({ context }) => context.pendingChecks < HOTEL_CHECKOUT_TIMINGS.maxPendingChecks,
    isKnownCharge: ({ context, event }) => {
      assertEvent(event, 'folio.move');
      const charge = context.checkout?.folio.charges.find((item) => item.id === event.chargeId);
      return charge !== undefined && charge.folio !== event.to;
    },
    addressesValid: ({ context }) => !hasAddressErrors(reviewAddresses(context).errors),
    nothingToPay: ({ context }) => nothingToPay(context.checkout),
    /** A method is chosen (for a card, the card entered) and the session is there. */
    canPay: ({ context }) => payProblemOf(context) === null && context.session !== null,
    succeeded: ({ event }) => payResultOf(event)?.status === 'succeeded',
    needsAction: ({ event }) => payResultOf(event)?.status === 'action_required',
  },
  actions: {
    editLookup: assign(({ context, event }) => {
      assertEvent(event, 'lookup.changed');
      return { lookup: { ...context.lookup, [event.field]: event.value } };
    }),
    markLookupTried: assign({ lookupTried: true }),
    setLookupReason: assign((_, params: { reason: HotelCheckoutContext['lookupReason'] }) => ({ lookupReason: params.reason })),
    /** The lookup replaces whatever led here: the page now works from the reservation number and name. */
    startLookup: assign(({ context }) => ({ start: { kind: 'lookup' as const }, lookupTried: false, checkout: null, lookupReason: context.lookupReason })),
    adoptCheckout: assign(({ context, event }) => {
      const checkout = checkoutFrom(event);
      if (!checkout) return {};
      return { checkout, addresses: draftsFor(context, checkout), session: checkout.session ?? context.session };
    }),
    /** The folio changed under the guest: the new charges are marked and the old total kept to compare. */
    adoptChangedCheckout: assign(({ context, event }) => {
      const checkout = checkoutFrom(event);
      if (!checkout) return { notice: 'folioChanged' as const };
      return {
        checkout,
        addresses: draftsFor(context, checkout),
        session: checkout.session ?? context.session,
        newCharges: [...context.newCharges, ...newChargesOf(context.checkout, checkout)],
        previousTotal: context.previousTotal ?? openTotal(context.checkout),
        notice: 'folioChanged' as const,
      };
    }),
    setNotice: assign((_, params: { notice: HotelCheckoutContext['notice'] }) => ({ notice: params.notice })),
    clearNotice: assign({ notice: null }),
    rememberMove: assign(({ event }) => {
      assertEvent(event, 'folio.move');
      return { moving: { chargeId: event.chargeId, to: event.to }, notice: null };
    }),
    clearMove: assign({ moving: null }),
    editAddress: assign(({ context, event }) => {
      assertEvent(event, 'address.changed');
      const addresses = { ...context.addresses, [event.form]: { ...context.addresses[event.form], [event.field]: event.value } };
      const next = { ...context, addresses };
      return { addresses, addressErrors: context.addressesTried ? reviewAddresses(next).errors : context.addressErrors };
    }),
    showAddressProblems: assign(({ context }) => ({ addressesTried: true, addressErrors: reviewAddresses(context).errors })),
    markAddressesRefused: assign(({ context, event }) => ({
      addressesTried: true,
      addressErrors: refusedAddressErrors(refusedFieldsOf(errorOf(event)), reviewAddresses(context)),
    })),
    adoptSession: assign(({ context, event }) => {
      const session = outputOf<HotelCheckoutSession>(event);
      if (!session) return {};
      return { session, method: context.method ?? session.payment_method };
    }),
    chooseMethod: assign(({ event }) => {
      assertEvent(event, 'method.select');
      return { method: event.method, notice: null };
    }),
    /** The BFF refused the method: the session's shows again. */
    restoreMethod: assign(({ context }) => ({ method: context.session?.payment_method ?? null })),
    rememberCard: assign(({ event }) => {
      assertEvent(event, 'card.tokenized');
      return { card: { token: event.token, brand: event.brand, last4: event.last4 } };
    }),
    showPayProblems: assign({ payTried: true }),
    /** A new payment attempt: a new Idempotency-Key. */
    newPayKey: assign(({ context }) => ({ payKey: context.newKey(), declineReason: null, notice: null, payTried: false })),
    setDeclined: assign(({ event }) => {
      const result = payResultOf(event);
      // The card was refused: the guest enters one again (another card, or the same after calling the bank).
      return { declineReason: result?.status === 'declined' ? result.reason : ('declined' as const), payKey: null, card: null };
    }),
    setDeclinedFromCheckout: assign({ declineReason: 'declined' as const, card: null }),
    setRedirect: assign(({ event }) => {
      const result = payResultOf(event);
      return { redirectUrl: result?.status === 'action_required' ? result.redirect_url : null };
    }),
    clearPayKey: assign({ payKey: null }),
    /** The new total is paid: the marks of the change have done their work. */
    settleChange: assign({ newCharges: [], previousTotal: null }),
    countCheck: assign(({ context }) => ({ pendingChecks: context.pendingChecks + 1 })),
    resetChecks: assign({ pendingChecks: 0 }),
    // Effects bound where the checkout runs (hotel-checkout.live.ts); no-ops here.
    /** The link or lookup is resolved: the checkout page takes over (or, on it, shows the checkout's id), and the token leaves the address. */
    openCheckout: noEffect,
    /** The provider needs the guest (3-D Secure, PayPal): the browser goes there. */
    goToProvider: noEffect,
    /** Checked out: a member's balance changed (the stay's points), so the session reads it again. */
    pointsCredited: noEffect,
  },
}).createMachine({
  id: 'hotelCheckout',
  description: 'From the room card’s QR code to checked out: the folio, the invoice addresses, the payment and the invoices, with every way it can fail.',
  context: ({ input }) => initialContext(input),
  initial: 'starting',
  states: {
    starting: {
      description: 'Decides where the checkout comes from: a link or a member’s booking to resolve, the checkout page itself, or nothing (the lookup).',
      tags: ['busy'],
      always: [{ guard: 'startsWithLink', target: 'resolving' }, { guard: 'startsOnCheckout', target: 'loading' }, { target: 'lookup' }],
    },
    lookup: {
      description: 'The guest finds their stay with the reservation number and the last name (no link, a link that no longer works, or the key lost).',
      on: {
        'lookup.changed': { actions: 'editLookup' },
        'lookup.submit': [{ guard: 'lookupComplete', target: 'resolving', actions: ['markLookupTried', 'startLookup'] }, { actions: 'markLookupTried' }],
      },
    },
    resolving: {
      description: 'Exchanges the link, the lookup or the member’s booking for the checkout and the stay’s access key.',
      tags: ['busy'],
      invoke: {
        id: 'createCheckout',
        src: 'createCheckout',
        input: ({ context }) => ({ start: context.start, lookup: context.lookup }),
        onDone: [
          // On the checkout page (the lookup there): it goes on in place, with the checkout's id in the address.
          { guard: 'isOnCheckoutPage', target: 'routing', actions: ['adoptCheckout', 'openCheckout'] },
          { target: 'opened', actions: ['adoptCheckout', 'openCheckout'] },
        ],
        onError: [
          { guard: { type: 'failedAs', params: { failure: 'notInHouse' } }, target: 'notInHouse' },
          { guard: { type: 'failedAs', params: { failure: 'checkedOut' } }, target: 'alreadyCheckedOut' },
          { guard: { type: 'failedAs', params: { failure: 'hotelUnavailable' } }, target: 'hotelUnavailable' },
          { guard: { type: 'failedAs', params: { failure: 'rateLimited' } }, target: 'lookup', actions: { type: 'setLookupReason', params: { reason: 'tooManyAttempts' } } },
          { guard: { type: 'failedAs', params: { failure: 'failed' } }, target: 'loadFailed' },
          // Refused (unknown, altered or expired link; wrong number or name; not the member's stay).
          { guard: 'startedWithLink', target: 'lookup', actions: [{ type: 'setLookupReason', params: { reason: 'linkInvalid' } }, 'startLookup'] },
          { guard: 'startedAsMember', target: 'lookup', actions: [{ type: 'setLookupReason', params: { reason: 'notMember' } }, 'startLookup'] },
          { target: 'lookup', actions: { type: 'setLookupReason', params: { reason: 'notFound' } } },
        ],
      },
    },
    opened: {
      description: 'Resolved: the checkout page takes over (the link’s token leaves the address).',
      type: 'final',
    },
    notInHouse: {
      description: 'The stay is not in house (not arrived yet, or cancelled): check in first, or find another booking.',
      tags: ['failure'],
      on: { 'lookup.start': { target: 'lookup', actions: 'startLookup' } },
    },
    alreadyCheckedOut: {
      description: 'The stay was checked out already: the invoices came by mail; another booking can be found.',
      tags: ['failure'],
      on: { 'lookup.start': { target: 'lookup', actions: 'startLookup' } },
    },
    hotelUnavailable: {
      description: 'The hotel’s system did not answer; nothing changed. Try again, or settle the bill at the front desk.',
      tags: ['failure'],
      on: { retry: 'starting' },
    },
    loadFailed: {
      description: 'No answer (offline or a server error): try again.',
      tags: ['failure'],
      on: { retry: 'starting' },
    },
    loading: {
      description: 'Reads the checkout with this tab’s access key (after the redirect, a reload, or back from the provider).',
      tags: ['busy'],
      invoke: {
        id: 'loadCheckout',
        src: 'loadCheckout',
        input: ({ context }) => ({ checkoutId: context.start.kind === 'resume' ? context.start.checkoutId : (context.checkout?.id ?? '') }),
        onDone: { target: 'routing', actions: 'adoptCheckout' },
        onError: [
          { guard: { type: 'failedAs', params: { failure: 'notFound' } }, target: 'lookup', actions: [{ type: 'setLookupReason', params: { reason: 'accessLost' } }, 'startLookup'] },
          { guard: { type: 'failedAs', params: { failure: 'hotelUnavailable' } }, target: 'hotelUnavailable' },
          { target: 'loadFailed' },
        ],
      },
    },
    routing: {
      description: 'Goes to where the checkout stands: done, a payment still with the provider, back from paying, or the folio.',
      always: [
        { guard: 'isCheckedOut', target: 'done' },
        { guard: 'isPaying', target: 'awaitingPayment' },
        { guard: 'isSettledOnReturn', target: 'checkingOut' },
        { guard: 'wasDeclinedOnReturn', target: 'payment.declined', actions: 'setDeclinedFromCheckout' },
        { target: 'review' },
      ],
    },
    awaitingPayment: {
      description: 'The provider has not told the hotel yet how the payment ended: the checkout is read again shortly.',
      tags: ['busy'],
      after: { pendingRecheck: { guard: 'canRecheck', target: 'loading', actions: 'countCheck' } },
      on: { 'payment.check': { target: 'loading', actions: 'resetChecks' } },
    },
    review: {
      description: 'The folio: every charge on the private or the business folio, with totals; a charge can be moved to the other folio.',
      on: {
        'folio.move': { guard: 'isKnownCharge', target: 'moving', actions: 'rememberMove' },
        'review.continue': { target: 'addresses', actions: 'clearNotice' },
        'notice.dismiss': { actions: 'clearNotice' },
      },
    },
    moving: {
      description: 'Moves one charge to the other folio, naming the folio version the guest saw.',
      tags: ['busy'],
      invoke: {
        id: 'moveCharge',
        src: 'moveCharge',
        input: ({ context }) => ({
          checkoutId: context.checkout?.id ?? '',
          chargeId: context.moving?.chargeId ?? '',
          to: context.moving?.to ?? 'private',
          folioVersion: context.checkout?.folio.version ?? 0,
        }),
        onDone: { target: 'review', actions: ['adoptCheckout', 'clearMove'] },
        onError: [
          { guard: { type: 'failedAs', params: { failure: 'folioChanged' } }, target: 'review', actions: ['adoptChangedCheckout', 'clearMove'] },
          { guard: { type: 'failedAs', params: { failure: 'checkedOut' } }, target: 'loading', actions: 'clearMove' },
          { guard: { type: 'failedAs', params: { failure: 'closed' } }, target: 'loading', actions: 'clearMove' },
          { guard: { type: 'failedAs', params: { failure: 'hotelUnavailable' } }, target: 'review', actions: ['clearMove', { type: 'setNotice', params: { notice: 'hotelUnavailable' } }] },
          { target: 'review', actions: ['clearMove', { type: 'setNotice', params: { notice: 'moveFailed' } }] },
        ],
      },
    },
    addresses: {
      description: 'The invoice addresses: the private one (optional), and the company’s when the business folio has charges.',
      on: {
        'address.changed': { actions: 'editAddress' },
        'addresses.back': { target: 'review', actions: 'clearNotice' },
        'addresses.submit': [{ guard: 'addressesValid', target: 'savingAddresses' }, { actions: 'showAddressProblems' }],
        'notice.dismiss': { actions: 'clearNotice' },
      },
    },
    savingAddresses: {
      description: 'Saves the invoice addresses that are filled in.',
      tags: ['busy'],
      invoke: {
        id: 'saveAddresses',
        src: 'saveAddresses',
        input: ({ context }) => {
          const review = reviewAddresses(context);
          return { checkoutId: context.checkout?.id ?? '', private: review.private, business: review.business };
        },
        onDone: [
          { guard: 'nothingToPay', target: 'checkingOut', actions: ['adoptCheckout', 'clearNotice'] },
          { target: 'payment', actions: ['adoptCheckout', 'clearNotice'] },
        ],
        onError: [
          { guard: { type: 'failedAs', params: { failure: 'invalid' } }, target: 'addresses', actions: 'markAddressesRefused' },
          { guard: { type: 'failedAs', params: { failure: 'hotelUnavailable' } }, target: 'addresses', actions: { type: 'setNotice', params: { notice: 'hotelUnavailable' } } },
          { guard: { type: 'failedAs', params: { failure: 'closed' } }, target: 'loading' },
          { target: 'addresses', actions: { type: 'setNotice', params: { notice: 'saveFailed' } } },
        ],
      },
    },
    payment: {
      description: 'Pays what is open on both folios: a payment session, its method, the card from the provider’s form, then pay.',
      initial: 'preparing',
      states: {
        preparing: {
          description: 'Starts the payment session of what is open, or brings the one there is up to the folio as it is now.',
          tags: ['busy'],
          invoke: {
            id: 'openSession',
            src: 'openSession',
            input: ({ context }) => ({ checkoutId: context.checkout?.id ?? '', refresh: context.session !== null && context.session.state !== 'paid' }),
            onDone: { target: 'choosing', actions: 'adoptSession' },
            onError: [
              // Nothing open any more (paid at the desk meanwhile): on to checking out.
              { guard: { type: 'failedAs', params: { failure: 'nothingToPay' } }, target: '#hotelCheckout.checkingOut' },
              { guard: { type: 'failedAs', params: { failure: 'folioChanged' } }, target: 'folioChanged', actions: 'adoptChangedCheckout' },
              { guard: { type: 'failedAs', params: { failure: 'hotelUnavailable' } }, target: 'unavailable' },
              { target: 'sessionFailed' },
            ],
          },
        },
        sessionFailed: {
          description: 'The payment could not be prepared (no answer): try again.',
          tags: ['failure'],
          on: { 'payment.retry': 'preparing', 'payment.back': '#hotelCheckout.addresses' },
        },
        choosing: {
          description: 'The guest chooses how to pay and, for a card, enters it in the provider’s form; then pays.',
          on: {
            'method.select': { target: 'settingMethod', actions: 'chooseMethod' },
            'card.tokenized': { actions: 'rememberCard' },
            'payment.submit': [{ guard: 'canPay', target: 'paying', actions: 'newPayKey' }, { actions: 'showPayProblems' }],
            'payment.back': '#hotelCheckout.addresses',
            'notice.dismiss': { actions: 'clearNotice' },
          },
        },
        settingMethod: {
          description: 'Sets the chosen method on the payment session.',
          tags: ['busy'],
          invoke: {
            id: 'setMethod',
            src: 'setMethod',
            input: ({ context }) => ({ checkoutId: context.checkout?.id ?? '', sessionId: context.session?.id ?? '', method: context.method ?? 'card' }),
            onDone: { target: 'choosing', actions: 'adoptSession' },
            onError: [
              { guard: { type: 'failedAs', params: { failure: 'sessionNotOpen' } }, target: 'preparing' },
              { target: 'choosing', actions: ['restoreMethod', { type: 'setNotice', params: { notice: 'methodFailed' } }] },
            ],
          },
        },
        paying: {
          description: 'Pays the session; the Idempotency-Key makes a repeated request get the first answer, never a second charge.',
          tags: ['busy'],
          invoke: {
            id: 'pay',
            src: 'pay',
            input: ({ context }) => ({
              checkoutId: context.checkout?.id ?? '',
              sessionId: context.session?.id ?? '',
              cardToken: context.method === 'card' ? (context.card?.token ?? null) : null,
              locale: context.locale,
              idempotencyKey: context.payKey ?? '',
            }),
            onDone: [
              { guard: 'succeeded', target: '#hotelCheckout.checkingOut', actions: ['adoptCheckout', 'clearPayKey', 'settleChange'] },
              { guard: 'needsAction', target: '#hotelCheckout.redirecting', actions: 'setRedirect' },
              { target: 'declined', actions: 'setDeclined' },
            ],
            onError: [
              // A charge was posted while the guest paid: nothing was taken; the new total is shown.
              { guard: { type: 'failedAs', params: { failure: 'folioChanged' } }, target: 'folioChanged', actions: ['adoptChangedCheckout', 'clearPayKey'] },
              { guard: { type: 'failedAs', params: { failure: 'sessionNotOpen' } }, target: '#hotelCheckout.loading', actions: 'clearPayKey' },
              { guard: { type: 'failedAs', params: { failure: 'nothingToPay' } }, target: '#hotelCheckout.checkingOut', actions: 'clearPayKey' },
              { guard: { type: 'failedAs', params: { failure: 'hotelUnavailable' } }, target: 'unavailable', actions: 'clearPayKey' },
              { guard: { type: 'failedAs', params: { failure: 'invalid' } }, target: 'declined', actions: 'setDeclined' },
              { target: 'payFailed' },
            ],
          },
        },
        declined: {
          description: 'The payment was declined: nothing was taken and the folio stays open. Another card, or the same again.',
          tags: ['failure'],
          on: {
            'method.select': { target: 'settingMethod', actions: 'chooseMethod' },
            'card.tokenized': { actions: 'rememberCard' },
            'payment.submit': [{ guard: 'canPay', target: 'paying', actions: 'newPayKey' }, { actions: 'showPayProblems' }],
            'payment.back': '#hotelCheckout.addresses',
          },
        },
        folioChanged: {
          description: 'A charge was posted while the guest paid: the folio was read again, the new charges are shown with the new total.',
          tags: ['failure'],
          on: {
            'payment.resume': 'preparing',
            'payment.back': { target: '#hotelCheckout.review' },
            'folio.move': { guard: 'isKnownCharge', target: '#hotelCheckout.moving', actions: 'rememberMove' },
          },
        },
        payFailed: {
          description: 'No answer to the payment. Sending it again uses the same Idempotency-Key, so the guest is never charged twice.',
          tags: ['failure'],
          on: { 'payment.retry': 'paying', 'payment.check': { target: '#hotelCheckout.loading', actions: 'clearPayKey' } },
        },
        unavailable: {
          description: 'The hotel’s system did not answer; nothing was paid. Try again, or pay at the front desk.',
          tags: ['failure'],
          on: { 'payment.retry': 'preparing' },
        },
      },
    },
    redirecting: {
      description: 'The provider needs the guest (3-D Secure, PayPal): the page goes there and comes back to the checkout.',
      type: 'final',
      entry: 'goToProvider',
    },
    checkingOut: {
      description: 'Checks the guest out: the folios are settled; the hotel makes the invoices and credits a member’s points.',
      tags: ['busy'],
      invoke: {
        id: 'performCheckout',
        src: 'performCheckout',
        input: ({ context }) => ({ checkoutId: context.checkout?.id ?? '' }),
        onDone: { target: 'done', actions: ['adoptCheckout', 'pointsCredited'] },
        onError: [
          // A charge posted after the payment: what is open now is paid first.
          { guard: { type: 'failedAs', params: { failure: 'notSettled' } }, target: 'payment.folioChanged', actions: 'adoptChangedCheckout' },
          { guard: { type: 'failedAs', params: { failure: 'businessAddressMissing' } }, target: 'addresses', actions: ['showAddressProblems', { type: 'setNotice', params: { notice: 'businessAddressMissing' } }] },
          { guard: { type: 'failedAs', params: { failure: 'checkedOut' } }, target: 'loading' },
          { guard: { type: 'failedAs', params: { failure: 'closed' } }, target: 'loading' },
          { guard: { type: 'failedAs', params: { failure: 'hotelUnavailable' } }, target: 'checkoutUnavailable' },
          { target: 'checkoutFailed' },
        ],
      },
    },
    checkoutFailed: {
      description: 'Paid, but the check-out got no answer: try again (the folio stays paid).',
      tags: ['failure'],
      on: { retry: 'checkingOut' },
    },
    checkoutUnavailable: {
      description: 'Paid, but the hotel’s system did not answer the check-out: try again, or hand the key in at the front desk.',
      tags: ['failure'],
      on: { retry: 'checkingOut' },
    },
    done: {
      description: 'Checked out: both invoices to download (and mailed), the points a member earned.',
      type: 'final',
    },
  },
});
