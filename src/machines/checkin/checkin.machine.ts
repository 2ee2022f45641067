import { assign, fromPromise, setup } from 'xstate';
import type { Checkin, CheckinPayResult } from '../../contract/checkin';
import { notProvided } from '../shared/shared.actors';
import { classifyFailure, draftOfCheckin, errorsOfIssues, hasErrors, initialCheckinContext, opensOnOf, payProblemsOf, requestOfDraft, reviewDraft, startRequestOf } from './checkin.rules';
import type { CheckinActorTypes, CheckinContext, CheckinEvent, CheckinFailure, CheckinInput, CheckinTag } from './checkin.types';
import { CheckinError } from '../../services/checkin/checkin-api';

/** While the provider still works on a pre-authorisation, the check-in is read again this often, at most this many times. */
export const CHECKIN_TIMINGS = { pendingRecheckMs: 3000, maxPendingChecks: 5 } as const;

type Actors = CheckinActorTypes;

const outputOf = <T>(event: { type: string }): T | null => ('output' in event ? (event.output as T) : null);
const errorOf = (event: { type: string }): unknown => ('error' in event ? event.error : undefined);
const failureOf = (event: { type: string }): CheckinFailure => classifyFailure(errorOf(event));
const checkinOf = (event: { type: string }): Checkin | null => outputOf<Checkin>(event);
const payResultOf = (event: { type: string }): CheckinPayResult | null => outputOf<CheckinPayResult>(event);

/** The guarded ways out of a failed call that every step shares: the stay no longer allows check-in, or this tab cannot reach it. */
const stayFailures = [
  { guard: { type: 'failedAs', params: { failure: 'closed' } }, target: '#checkin.closed' },
  { guard: { type: 'failedAs', params: { failure: 'cancelled' } }, target: '#checkin.cancelled' },
  { guard: { type: 'failedAs', params: { failure: 'notOpenYet' } }, target: '#checkin.notOpenYet', actions: 'setOpensOn' },
  // Completed meanwhile (another tab, another device): the check-in says how.
  { guard: { type: 'failedAs', params: { failure: 'completed' } }, target: '#checkin.loading' },
  { guard: { type: 'failedAs', params: { failure: 'notFound' } }, target: '#checkin.accessLost' },
] as const;

/**
 * Online check-in (spec sections 1 and 7, Commerce: checkin; decision record 0057): the page opened from
 * the pre-arrival mail's link, from the lookup (reservation number and last name) or from the member's
 * booking starts the check-in of the stay and keeps its access key in this tab (the service does, never
 * the address). Then the steps: the registration form the hotel's country requires (the BFF's field
 * errors shown at their fields, nothing typed lost), the card in the provider's hosted form, the
 * pre-authorisation (3-D Secure sends the guest to the provider and back to this page, which reads the
 * check-in until it has an outcome), and the registration confirmation with its QR code. Every failure
 * has a state and a way forward.
 *
 * The effects are named actions bound in checkin.live.ts: `showInAddress` (the address: the mail's token
 * out, the check-in's id in, the entry replaced) and `goToProvider`.
 */
export const checkinMachine = setup({
  types: {
    context: {} as CheckinContext,
    events: {} as CheckinEvent,
    input: {} as CheckinInput,
    tags: {} as CheckinTag,
  },
  actors: {
    startCheckin: fromPromise<Actors['startCheckin']['output'], Actors['startCheckin']['input']>(notProvided('startCheckin')),
    loadCheckin: fromPromise<Actors['loadCheckin']['output'], Actors['loadCheckin']['input']>(notProvided('loadCheckin')),
    saveDetails: fromPromise<Actors['saveDetails']['output'], Actors['saveDetails']['input']>(notProvided('saveDetails')),
    setPaymentMethod: fromPromise<Actors['setPaymentMethod']['output'], Actors['setPaymentMethod']['input']>(notProvided('setPaymentMethod')),
    pay: fromPromise<Actors['pay']['output'], Actors['pay']['input']>(notProvided('pay')),
  },
  delays: { pendingRecheck: CHECKIN_TIMINGS.pendingRecheckMs },
  guards: {
    isLinkEntry: ({ context }) => context.entry.kind === 'link',
    isLookupEntry: ({ context }) => context.entry.kind === 'lookup',
    isMemberEntry: ({ context }) => context.entry.kind === 'member',
    isResumeEntry: ({ context }) => context.entry.kind === 'resume',
    hasStartRequest: ({ context }) => startRequestOf(context) !== null,
    failedAs: ({ event }, params: { failure: CheckinFailure }) => failureOf(event) === params.failure,
    isCompleted: ({ context }) => context.checkin?.status === 'completed',
    isPaymentPending: ({ context }) => context.checkin?.status === 'payment_required' && context.checkin.payment_pending,
    isDeclinedCheckin: ({ context }) => context.checkin?.status === 'payment_required' && context.checkin.last_decline_reason !== null,
    isPaymentRequired: ({ context }) => context.checkin?.status === 'payment_required',
    isDraftValid: ({ context }) => !hasErrors(reviewDraft(context.checkin, context.draft, context.today)),
    /** What the chosen method needs is there: the card from the provider's form, or nothing more (PayPal is approved at its page). */
    canPay: ({ context }) => payProblemsOf(context).length === 0,
    /** The check-in already says the guest pays with the method chosen: nothing to set. */
    isChosenMethodSet: ({ context }) => context.checkin?.payment_method === context.method,
    succeeded: ({ event }) => payResultOf(event)?.status === 'completed',
    needsAction: ({ event }) => payResultOf(event)?.status === 'action_required',
    canRecheck: ({ context }) => context.pendingChecks < CHECKIN_TIMINGS.maxPendingChecks,
  },
  actions: {
    // Placeholders: the live binding gives them their effects.
    showInAddress: (_, _params: { checkinId: string | null }) => undefined,
    goToProvider: (_, _params: { url: string }) => undefined,
    editLookup: assign(({ context, event }) => {
      if (event.type !== 'lookup.changed') return {};
      return { lookup: { ...context.lookup, [event.field]: event.value }, lookupProblem: null };
    }),
    refuseLookup: assign(({ context }) => ({ showProblems: true, refusals: context.refusals + 1 })),
    toLookup: assign(({ context }) => ({ entry: { kind: 'lookup' as const }, showProblems: false, lookup: { ...context.lookup } })),
    setLookupProblem: assign(({ event }) => {
      const failure = failureOf(event);
      const problem = failure === 'notFound' || failure === 'invalid' ? 'notFound' : failure === 'tooManyAttempts' ? 'tooManyAttempts' : failure === 'unavailable' ? 'unavailable' : 'failed';
      return { lookupProblem: problem } as const;
    }),
    clearLookupProblem: assign({ lookupProblem: null, showProblems: false }),
    /** Takes the check-in from a call's answer; the form is filled from it once, and what the guest typed stays. */
    adoptCheckin: assign(({ context, event }) => {
      const checkin = checkinOf(event);
      if (!checkin) return {};
      const fill = !context.drafted;
      return {
        checkin,
        // The method the check-in was last paid with shows again (a PayPal approval cancelled, a reload).
        method: checkin.payment_method ?? context.method,
        ...(fill ? { draft: draftOfCheckin(checkin), drafted: true } : {}),
        entry: { kind: 'resume' as const, checkinId: checkin.id },
      };
    }),
    adoptPaidCheckin: assign(({ event }) => {
      const result = payResultOf(event);
      return result?.status === 'completed' ? { checkin: result.checkin, payKey: null, card: null } : {};
    }),
    editDraft: assign(({ context, event }) => {
      if (event.type !== 'details.changed') return {};
      const draft = { ...context.draft, [event.field]: event.value };
      // Once the guest tried to go on, errors follow their typing; before, a field is never refused while they type.
      return { draft, fieldErrors: context.showProblems ? reviewDraft(context.checkin, draft, context.today) : context.fieldErrors, notice: null };
    }),
    refuseDetails: assign(({ context }) => ({ showProblems: true, fieldErrors: reviewDraft(context.checkin, context.draft, context.today), refusals: context.refusals + 1 })),
    setFieldErrors: assign(({ context, event }) => {
      const error = errorOf(event);
      const errors = error instanceof CheckinError ? errorsOfIssues(error.issues) : {};
      return { showProblems: true, fieldErrors: errors, refusals: context.refusals + 1 };
    }),
    clearFieldErrors: assign({ fieldErrors: {}, showProblems: false, notice: null }),
    noticeSaveFailed: assign({ notice: 'saveFailed' as const }),
    noticeUnavailable: assign({ notice: 'unavailable' as const }),
    noticeMethodFailed: assign({ notice: 'methodFailed' as const }),
    refuseCard: assign({ card: null, payKey: null, notice: 'cardRefused' as const }),
    clearNotice: assign({ notice: null }),
    setOpensOn: assign(({ event }) => ({ opensOn: opensOnOf(errorOf(event)) })),
    setCard: assign(({ event }) => (event.type === 'card.tokenized' ? { card: { token: event.token, brand: event.brand, last4: event.last4 }, payProblems: [], notice: null } : {})),
    refusePay: assign(({ context }) => ({ payProblems: payProblemsOf(context), refusals: context.refusals + 1 })),
    chooseMethod: assign(({ event }) => (event.type === 'method.select' ? { method: event.method, payProblems: [], notice: null } : {})),
    newPayKey: assign(({ context }) => ({ payKey: context.newKey(), declineReason: null, notice: null })),
    setDeclined: assign(({ event }) => {
      const result = payResultOf(event);
      // The card's one-time token is spent: another card (or the same again) is entered for the next try.
      return { declineReason: result?.status === 'declined' ? result.reason : null, card: null, payKey: null };
    }),
    setDeclinedFromCheckin: assign(({ context }) => ({ declineReason: context.checkin?.last_decline_reason ?? null, card: null, payKey: null })),
    setRedirect: assign(({ event }) => {
      const result = payResultOf(event);
      return { redirectUrl: result?.status === 'action_required' ? result.redirect_url : null };
    }),
    countCheck: assign(({ context }) => ({ pendingChecks: context.pendingChecks + 1 })),
    resetChecks: assign({ pendingChecks: 0 }),
  },
}).createMachine({
  id: 'checkin',
  description: 'Online check-in of a stay: how the page was opened, the registration form, the card pre-authorisation, the confirmation, and every way it can fail.',
  context: ({ input }) => initialCheckinContext(input),
  initial: 'starting',
  states: {
    starting: {
      description: 'Decides where the check-in comes from: one this tab holds (its id in the address), the mail’s link, the member’s booking, or the lookup.',
      tags: ['loading'],
      always: [
        { guard: 'isResumeEntry', target: 'loading' },
        // The mail's token leaves the address at once (history, bookmarks, a shared address never hold it).
        { guard: 'isLinkEntry', target: 'opening', actions: { type: 'showInAddress', params: { checkinId: null } } },
        { guard: 'hasStartRequest', target: 'opening' },
        { target: 'lookup' },
      ],
    },
    lookup: {
      description: 'Check in online: the guest enters the reservation number and the last name of the booking.',
      on: {
        'lookup.changed': { actions: 'editLookup' },
        'lookup.submit': [{ guard: 'hasStartRequest', target: 'opening', actions: 'clearLookupProblem' }, { actions: 'refuseLookup' }],
      },
    },
    opening: {
      description: 'Starts (or resumes) the check-in of the stay; the BFF answers it with the stay access key this tab keeps.',
      tags: ['loading'],
      invoke: {
        id: 'startCheckin',
        src: 'startCheckin',
        input: ({ context }) => {
          const request = startRequestOf(context);
          if (!request) throw new Error('opening without a request');
          return { request };
        },
        onDone: {
          target: 'routing',
          // The check-in's id goes into the address (the entry replaced), so a reload or the provider's return finds it.
          actions: ['adoptCheckin', { type: 'showInAddress', params: ({ context }) => ({ checkinId: context.checkin?.id ?? null }) }],
        },
        onError: [
          { guard: { type: 'failedAs', params: { failure: 'notOpenYet' } }, target: 'notOpenYet', actions: 'setOpensOn' },
          { guard: { type: 'failedAs', params: { failure: 'closed' } }, target: 'closed' },
          { guard: { type: 'failedAs', params: { failure: 'completed' } }, target: 'closed' },
          { guard: { type: 'failedAs', params: { failure: 'cancelled' } }, target: 'cancelled' },
          // The lookup's own failures are said at the lookup, with what was typed.
          { guard: 'isLookupEntry', target: 'lookup', actions: 'setLookupProblem' },
          { guard: { type: 'failedAs', params: { failure: 'unavailable' } }, target: 'unavailable' },
          { guard: { type: 'failedAs', params: { failure: 'network' } }, target: 'failed' },
          // Not the member's booking (or signed out meanwhile): the lookup, with the number filled in.
          { guard: 'isMemberEntry', target: 'lookup', actions: 'toLookup' },
          { target: 'linkInvalid' },
        ],
      },
    },
    loading: {
      description: 'Reads the check-in this tab holds: after a reload, after the provider sent the guest back, or to learn how a payment ended.',
      tags: ['loading'],
      invoke: {
        id: 'loadCheckin',
        src: 'loadCheckin',
        input: ({ context }) => ({ checkinId: context.checkin?.id ?? (context.entry.kind === 'resume' ? context.entry.checkinId : '') }),
        onDone: { target: 'routing', actions: 'adoptCheckin' },
        onError: [
          { guard: { type: 'failedAs', params: { failure: 'closed' } }, target: 'closed' },
          { guard: { type: 'failedAs', params: { failure: 'cancelled' } }, target: 'cancelled' },
          { guard: { type: 'failedAs', params: { failure: 'notFound' } }, target: 'accessLost' },
          { guard: { type: 'failedAs', params: { failure: 'unavailable' } }, target: 'unavailable' },
          { target: 'failed' },
        ],
      },
    },
    routing: {
      description: 'Shows the step the check-in is at.',
      always: [
        { guard: 'isCompleted', target: 'done' },
        { guard: 'isPaymentPending', target: 'awaitingPayment' },
        { guard: 'isDeclinedCheckin', target: 'payment.declined', actions: 'setDeclinedFromCheckin' },
        { guard: 'isPaymentRequired', target: 'payment' },
        { target: 'details' },
      ],
    },
    details: {
      description: 'Step 1: the registration form the hotel’s country requires, with the arrival time and the purpose of the stay.',
      initial: 'editing',
      states: {
        editing: {
          description: 'The guest fills in the form; going on with something missing or wrong names it at its field.',
          on: {
            'details.changed': { actions: 'editDraft' },
            'details.submit': [{ guard: 'isDraftValid', target: 'saving' }, { actions: 'refuseDetails' }],
            'notice.dismiss': { actions: 'clearNotice' },
          },
        },
        saving: {
          description: 'Saves the registration; the BFF checks it again and names each field it refuses.',
          tags: ['busy'],
          invoke: {
            id: 'saveDetails',
            src: 'saveDetails',
            input: ({ context }) => ({ checkinId: context.checkin?.id ?? '', details: requestOfDraft(context.checkin, context.draft) }),
            onDone: { target: '#checkin.routing', actions: ['adoptCheckin', 'clearFieldErrors'] },
            onError: [
              { guard: { type: 'failedAs', params: { failure: 'invalid' } }, target: 'editing', actions: 'setFieldErrors' },
              ...stayFailures,
              { guard: { type: 'failedAs', params: { failure: 'unavailable' } }, target: 'editing', actions: 'noticeUnavailable' },
              { target: 'editing', actions: 'noticeSaveFailed' },
            ],
          },
        },
      },
    },
    payment: {
      description: 'Step 2: the card, entered in the payment provider’s hosted form, and the pre-authorisation of what the stay costs at the hotel.',
      initial: 'choosing',
      states: {
        choosing: {
          description: 'The guest chooses the card (entered in the provider’s form) or PayPal and confirms; or goes back to the registration.',
          on: {
            'method.select': { actions: 'chooseMethod' },
            'card.tokenized': { actions: 'setCard' },
            'payment.submit': [{ guard: 'canPay', target: 'preparing', actions: 'newPayKey' }, { actions: 'refusePay' }],
            'details.edit': '#checkin.details',
            'notice.dismiss': { actions: 'clearNotice' },
          },
        },
        declined: {
          description: 'The card was declined or the PayPal approval did not go through: nothing is held, the registration stays; the guest tries again, with another card or method.',
          tags: ['failure'],
          on: {
            'method.select': { target: 'choosing', actions: 'chooseMethod' },
            'card.tokenized': { target: 'choosing', actions: 'setCard' },
            // PayPal needs nothing entered again; a card does (its one-time token is spent).
            'payment.submit': [{ guard: 'canPay', target: 'preparing', actions: 'newPayKey' }, { actions: 'refusePay' }],
            'details.edit': '#checkin.details',
          },
        },
        preparing: {
          description: 'Tells the check-in how the guest pays, card or PayPal (when it does not say so yet).',
          tags: ['busy'],
          always: { guard: 'isChosenMethodSet', target: 'paying' },
          invoke: {
            id: 'setPaymentMethod',
            src: 'setPaymentMethod',
            input: ({ context }) => ({ checkinId: context.checkin?.id ?? '', method: context.method }),
            onDone: { target: 'paying', actions: 'adoptCheckin' },
            onError: [...stayFailures, { target: 'choosing', actions: 'noticeMethodFailed' }],
          },
        },
        paying: {
          description: 'Pre-authorises the stay with this attempt’s Idempotency-Key: a repeated request gets the first answer, never a second hold.',
          tags: ['busy'],
          invoke: {
            id: 'pay',
            src: 'pay',
            input: ({ context }) => ({
              checkinId: context.checkin?.id ?? '',
              idempotencyKey: context.payKey ?? '',
              paymentInstrumentId: context.method === 'card' ? (context.card?.token ?? null) : null,
              locale: context.locale,
            }),
            onDone: [
              { guard: 'succeeded', target: '#checkin.done', actions: 'adoptPaidCheckin' },
              { guard: 'needsAction', target: '#checkin.redirecting', actions: 'setRedirect' },
              { target: 'declined', actions: 'setDeclined' },
            ],
            onError: [
              // The registration is not saved (another tab changed it): back to the form, as it was typed.
              { guard: { type: 'failedAs', params: { failure: 'detailsMissing' } }, target: '#checkin.details' },
              // The provider no longer takes the card's token (used, expired): the card is entered again.
              { guard: { type: 'failedAs', params: { failure: 'invalid' } }, target: 'choosing', actions: 'refuseCard' },
              ...stayFailures,
              { target: 'paymentFailed' },
            ],
          },
        },
        paymentFailed: {
          description: 'No answer to the pre-authorisation (network, the provider). Retrying sends the same Idempotency-Key, so nothing is held twice.',
          tags: ['failure'],
          on: { 'payment.retry': 'paying', 'payment.check': '#checkin.loading' },
        },
      },
    },
    awaitingPayment: {
      description: 'The provider has not said yet how the pre-authorisation ended; the check-in is read again shortly.',
      tags: ['loading'],
      after: { pendingRecheck: { guard: 'canRecheck', target: 'loading', actions: 'countCheck' } },
      on: { 'payment.check': { target: 'loading', actions: 'resetChecks' } },
    },
    redirecting: {
      description: 'The provider needs the guest (3-D Secure, or the PayPal approval): the page goes there, and the provider sends them back to this page.',
      type: 'final',
      entry: { type: 'goToProvider', params: ({ context }) => ({ url: context.redirectUrl ?? '' }) },
    },
    done: {
      description: 'Step 3: checked in online. The registration confirmation with its QR code for the front desk and the key pickup; also by mail.',
      type: 'final',
    },
    linkInvalid: {
      description: 'The mail’s link is no longer valid (expired, altered, or the booking is not found): the guest can look the booking up instead.',
      tags: ['failure'],
      on: { 'lookup.open': { target: 'lookup', actions: 'toLookup' } },
    },
    accessLost: {
      description: 'This tab can no longer open the check-in (its key expired or is gone): the guest looks the booking up again.',
      tags: ['failure'],
      on: { 'lookup.open': { target: 'lookup', actions: 'toLookup' } },
    },
    notOpenYet: {
      description: 'Too early: online check-in opens a few days before arrival; the page says from which day.',
      tags: ['failure'],
      type: 'final',
    },
    closed: {
      description: 'Online check-in is over for this stay: the arrival day has passed, or the guest is in house or gone. The front desk helps.',
      tags: ['failure'],
      type: 'final',
    },
    cancelled: {
      description: 'The booking was cancelled: there is nothing to check in.',
      tags: ['failure'],
      type: 'final',
    },
    unavailable: {
      description: 'The hotel’s system did not answer; nothing changed. The guest can try again.',
      tags: ['failure'],
      on: { retry: 'starting' },
    },
    failed: {
      description: 'No answer (offline or a server error). The guest can try again.',
      tags: ['failure'],
      on: { retry: 'starting' },
    },
  },
});
