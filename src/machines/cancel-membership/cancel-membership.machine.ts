import { assign, fromPromise, setup } from 'xstate';
import { InvalidInputError, statusOf } from '../../services/account/errors';
import { notProvided } from '../shared/shared.actors';
import { leaveProblems, normalizedCode } from './cancel-membership.rules';
import type {
  CancelMembershipActorTypes,
  CancelMembershipContext,
  CancelMembershipEvent,
  CancelMembershipInput,
  LeaveFailure,
} from './cancel-membership.types';

type Actors = CancelMembershipActorTypes;

/** A request for a code refused: too many codes lately (429, waiting helps), or no usable answer. */
const requestFailureOf = (error: unknown): LeaveFailure => (statusOf(error) === 429 ? 'tooManyCodes' : 'codeNotSent');

const nothingUnderWay = { summary: null, problems: {}, failure: null, codeResent: false, upcomingBookingsKept: null } as const;

/**
 * Leaving the programme (spec section 2, cancel membership; decision records 0046 and 0052). Asking to
 * leave mails a code and answers what leaving means for this member (points lost, vouchers expiring,
 * upcoming bookings kept), which is shown before anything can be confirmed. The member types the code
 * from the mail and ticks that leaving cannot be undone; both are checked before the confirmation is
 * sent, once. A wrong or expired code is said at the field, a new code can be asked for, and every step
 * before the end can be left with the membership as it was. Once the BFF has ended the membership, a
 * goodbye is shown; leaving it ends the session (`endSession`, bound in cancel-membership.live.ts to the
 * session's logout, as the header's Sign out).
 */
export const cancelMembershipMachine = setup({
  types: {
    context: {} as CancelMembershipContext,
    events: {} as CancelMembershipEvent,
    input: {} as CancelMembershipInput,
  },
  actors: {
    requestCancellation: fromPromise<Actors['requestCancellation']['output'], Actors['requestCancellation']['input']>(notProvided('requestCancellation')),
    confirmCancellation: fromPromise<Actors['confirmCancellation']['output'], Actors['confirmCancellation']['input']>(notProvided('confirmCancellation')),
  },
  guards: {
    /** Only a request without an answer is worth sending again at once; after a 429 the member waits. */
    canRetry: ({ context }) => context.failure === 'codeNotSent',
    hasProblems: ({ event }) => event.type === 'code.submit' && Object.keys(leaveProblems(event.confirmation)).length > 0,
    /** The BFF refused the code (400): wrong, used up by five wrong tries, or expired. */
    codeRejected: (_, params: { error: unknown }) => params.error instanceof InvalidInputError || statusOf(params.error) === 400,
    /** The membership had already ended (409): a confirmation from another tab came first. */
    alreadyEnded: (_, params: { error: unknown }) => statusOf(params.error) === 409,
  },
  actions: {
    // Placeholder: the view layer binds it to the session's logout.
    endSession: () => undefined,
    startOver: assign(({ context }) => ({ ...nothingUnderWay, confirmation: { code: '', understood: false }, locale: context.locale })),
    keepSummary: assign((_, params: { summary: CancelMembershipContext['summary'] }) => ({ summary: params.summary, failure: null })),
    keepRequestFailure: assign((_, params: { error: unknown }) => ({ failure: requestFailureOf(params.error) })),
    clearFailure: assign({ failure: null }),
    /** A new code replaces the old one: what was said about the old one no longer holds. */
    noteResent: assign((_, params: { summary: CancelMembershipContext['summary'] }) => ({ summary: params.summary, codeResent: true, failure: null, problems: {} })),
    forgetResent: assign({ codeResent: false, failure: null }),
    keepProblems: assign(({ event }) =>
      event.type === 'code.submit' ? { confirmation: event.confirmation, problems: leaveProblems(event.confirmation), failure: null, codeResent: false } : {},
    ),
    keepConfirmation: assign(({ event }) =>
      event.type === 'code.submit'
        ? { confirmation: { ...event.confirmation, code: normalizedCode(event.confirmation.code) }, problems: {}, failure: null, codeResent: false }
        : {},
    ),
    rejectCode: assign({ problems: { code: 'rejected' as const }, failure: null }),
    keepConfirmFailure: assign({ failure: 'notEnded' as const }),
    keepEnding: assign((_, params: { upcomingBookingsKept: number | null }) => ({ upcomingBookingsKept: params.upcomingBookingsKept, failure: null, problems: {} })),
  },
}).createMachine({
  id: 'cancelMembership',
  description: 'Leaving the programme: a mailed code and what leaving means, the code confirmed once, a goodbye, and the session ends.',
  context: ({ input }) => ({ locale: input.locale, ...nothingUnderWay, confirmation: { code: '', understood: false } }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The profile’s section says what leaving means in general; nothing is under way.',
      on: { 'leave.start': { target: 'requesting', actions: 'startOver' } },
    },
    requesting: {
      description: 'A code is mailed and what leaving means for this member is asked for; the dialog waits.',
      tags: ['busy'],
      invoke: {
        id: 'requestCancellation',
        src: 'requestCancellation',
        onDone: { target: 'reviewing', actions: { type: 'keepSummary', params: ({ event }) => ({ summary: event.output }) } },
        onError: { target: 'requestFailed', actions: { type: 'keepRequestFailure', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { 'leave.cancel': { target: 'idle', actions: 'startOver' } },
    },
    requestFailed: {
      description: 'No code was mailed: the reason is shown; a request without an answer can be sent again.',
      on: {
        'leave.retry': { guard: 'canRetry', target: 'requesting', actions: 'clearFailure' },
        'leave.cancel': { target: 'idle', actions: 'startOver' },
      },
    },
    reviewing: {
      description: 'What leaving means for this member: points lost, vouchers expiring, upcoming bookings kept, data erased.',
      on: {
        'leave.continue': 'enteringCode',
        'leave.cancel': { target: 'idle', actions: 'startOver' },
      },
    },
    enteringCode: {
      description: 'The code from the mail and the ticked understanding, with what to correct; a new code can be asked for.',
      on: {
        'code.submit': [{ guard: 'hasProblems', actions: 'keepProblems' }, { target: 'confirming', actions: 'keepConfirmation' }],
        'code.resend': { target: 'resending', actions: 'forgetResent' },
        'leave.cancel': { target: 'idle', actions: 'startOver' },
      },
    },
    resending: {
      description: 'A new code is being mailed; the form keeps what was typed.',
      tags: ['busy'],
      invoke: {
        id: 'requestCancellation',
        src: 'requestCancellation',
        onDone: { target: 'enteringCode', actions: { type: 'noteResent', params: ({ event }) => ({ summary: event.output }) } },
        onError: { target: 'enteringCode', actions: { type: 'keepRequestFailure', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { 'leave.cancel': { target: 'idle', actions: 'startOver' } },
    },
    confirming: {
      description: 'The confirmation is on its way; nothing can be cancelled until it is answered.',
      tags: ['busy'],
      invoke: {
        id: 'confirmCancellation',
        src: 'confirmCancellation',
        input: ({ context }) => ({ code: context.confirmation.code, locale: context.locale }),
        onDone: { target: 'ended', actions: { type: 'keepEnding', params: ({ event }) => ({ upcomingBookingsKept: event.output.upcomingBookingsKept }) } },
        onError: [
          { guard: { type: 'codeRejected', params: ({ event }) => ({ error: event.error }) }, target: 'enteringCode', actions: 'rejectCode' },
          { guard: { type: 'alreadyEnded', params: ({ event }) => ({ error: event.error }) }, target: 'ended', actions: { type: 'keepEnding', params: { upcomingBookingsKept: null } } },
          { target: 'enteringCode', actions: 'keepConfirmFailure' },
        ],
      },
    },
    ended: {
      description: 'The membership has ended: a goodbye says what was kept, with a link home.',
      on: { 'goodbye.leave': { target: 'left', actions: 'endSession' } },
    },
    left: {
      description: 'The goodbye was left: the session has been asked to end, as Sign out does.',
      type: 'final',
    },
  },
});
