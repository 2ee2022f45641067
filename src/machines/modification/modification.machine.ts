import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Modification } from '../../contract/ecommerce';
import { classifyOrderFailure, modificationRefusalOf } from '../../services/booking/orders';
import { changesOf, draftOf, draftProblems, hasChanges } from './modification.rules';
import type {
  BookedReservation,
  FailedStep,
  ModificationActorTypes,
  ModificationContext,
  ModificationDraft,
  ModificationCompletion,
  ModificationEvent,
  ModificationInput,
} from './modification.types';
import { notProvided } from '../shared/shared.actors';

type Context = ModificationContext;

/** Everything of a reservation the flow holds, empty: at the start, and after a sign-out. */
const blankBooking = () => ({
  currentTraveller: null,
  modification: null,
  draft: { checkInDate: '', checkOutDate: '', adultsCount: 1, childAges: [], roomTypeCode: '', rateCode: '', traveller: { first_name: '', last_name: '', email: '' } },
  priced: false,
  notice: null,
  unavailableReason: null,
  failure: null,
  failedStep: null,
});

/** Parameters from the done event of a call answered with a modification. */
const modificationParams = ({ event }: { event: { output: Modification } }) => ({ modification: event.output });
/** Parameters from the error event of a failed call. */
const failureParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
type FailureParams = ReturnType<typeof failureParams>;
type ModificationParams = ReturnType<typeof modificationParams>;

/** The guest's edits, to the given state: from a price check (which they drop) or from a refusal. */
const editsTo = (target: string) =>
  ({
    'dates.changed': { target, actions: 'setDates' },
    'guests.changed': { target, actions: 'setGuests' },
    'room.chosen': { target, actions: 'setRoom' },
    'traveller.changed': { target, actions: 'setTraveller' },
  }) as const;

/** A member's sign-out, heard in every state that is not an end: the flow stops and forgets the reservation. */
const SIGNED_OUT = { 'member.signedOut': { target: '#modification.signedOut', actions: 'forgetBooking' } } as const;

/** An edit changes the draft; the price shown no longer matches it until the next check. */
const edited = (draft: Partial<ModificationDraft>) => (context: Context) => ({ draft: { ...context.draft, ...draft }, priced: false, notice: null });

/**
 * Changing a reservation after payment (spec section 4: start, edit room stays, complete). The machine
 * reads the reservation from its order (only one that may be changed goes on), starts a modification for
 * it, keeps the guest's draft (dates, guests, room type and rate from the answer's options, traveller), asks the server for the price and availability of the draft, and
 * completes only a proposal the server has priced as it stands, that can be booked and that changes
 * something. A proposal that cannot be booked (an answer with `available: false`, or a 409, including a
 * price difference that could not be charged) leads to `unavailable` with the guest's edits kept; every
 * failure has a way forward (edit again, retry, back to the edits). A member's sign-out ends the flow and
 * drops the reservation's details.
 */
export const modificationMachine = setup({
  types: { context: {} as Context, events: {} as ModificationEvent, input: {} as ModificationInput },
  actors: {
    loadBooking: fromPromise<ModificationActorTypes['loadBooking']['output'], ModificationActorTypes['loadBooking']['input']>(notProvided('loadBooking')),
    startModification: fromPromise<ModificationActorTypes['startModification']['output'], ModificationActorTypes['startModification']['input']>(notProvided('startModification')),
    editModification: fromPromise<ModificationActorTypes['editModification']['output'], ModificationActorTypes['editModification']['input']>(notProvided('editModification')),
    completeModification: fromPromise<ModificationActorTypes['completeModification']['output'], ModificationActorTypes['completeModification']['input']>(
      notProvided('completeModification'),
    ),
  },
  guards: {
    isDraftValid: ({ context }) => draftProblems(context.draft, context.currentTraveller, context.today).length === 0,
    isAvailable: (_, params: ModificationParams) => params.modification.available,
    isConflict: (_, params: FailureParams) => classifyOrderFailure(params.error) === 'conflict',
    /** Completing refused: the stay cannot be booked, or the price difference could not be charged. */
    isRefused: (_, params: FailureParams) => modificationRefusalOf(params.error) !== null,
    isRejected: (_, params: FailureParams) => classifyOrderFailure(params.error) === 'invalid',
    /** A priced proposal that can be booked and changes something. */
    canComplete: ({ context }) =>
      context.priced && context.modification !== null && context.modification.available && hasChanges(context.modification, context.draft, context.currentTraveller),
    failedAt: ({ context }, params: { step: FailedStep }) => context.failedStep === params.step,
    hasModification: ({ context }) => context.modification !== null,
    isChangeable: (_, params: { booked: BookedReservation }) => params.booked.changeable,
  },
  actions: {
    keepBookedTraveller: assign((_, params: { booked: BookedReservation }) => ({ currentTraveller: params.booked.traveller })),
    /** A member signed out: nothing of their reservation stays in the flow (shared computers). */
    forgetBooking: assign(({ context }) => ({ ...blankBooking(), orderId: context.orderId, reservationNumber: context.reservationNumber, today: context.today })),
    setDates: assign(({ context, event }) => {
      assertEvent(event, 'dates.changed');
      return edited({ checkInDate: event.checkInDate, checkOutDate: event.checkOutDate })(context);
    }),
    setGuests: assign(({ context, event }) => {
      assertEvent(event, 'guests.changed');
      return edited({ adultsCount: event.adultsCount, childAges: [...event.childAges] })(context);
    }),
    setTraveller: assign(({ context, event }) => {
      assertEvent(event, 'traveller.changed');
      return edited({ traveller: { ...event.traveller } })(context);
    }),
    setRoom: assign(({ context, event }) => {
      assertEvent(event, 'room.chosen');
      return edited({ roomTypeCode: event.roomTypeCode, rateCode: event.rateCode })(context);
    }),
    /** The modification started: the draft is the stay as booked. */
    startDraft: assign(({ context }, { modification }: ModificationParams) => ({
      modification,
      draft: draftOf(modification, context.currentTraveller),
      priced: true,
      failure: null,
      failedStep: null,
    })),
    /** The server priced the draft (the guest's entries stay as typed). */
    setPriced: assign((_, { modification }: ModificationParams) => ({ modification, priced: true, notice: null })),
    /** The server priced the draft and it cannot be booked: no room free for it at this rate. */
    setUnpriceable: assign((_, { modification }: ModificationParams) => ({ modification, priced: true, notice: null, unavailableReason: 'roomsGone' as const })),
    /**
     * A 409: the draft cannot be booked, or the price difference could not be charged; the price the
     * server last gave is not one to complete.
     */
    markUnavailable: assign((_, params: FailureParams) => ({ priced: false, notice: null, unavailableReason: modificationRefusalOf(params.error) ?? ('roomsGone' as const) })),
    /** Leaving `unavailable` for the edits: the refusal is of the draft as it was. */
    clearUnavailable: assign({ unavailableReason: null }),
    setNotice: assign((_, params: { notice: Context['notice'] }) => ({ notice: params.notice })),
    setFailure: assign((_, params: { step: FailedStep; error: unknown }) => ({
      failure: classifyOrderFailure(params.error) === 'notFound' ? ('notFound' as const) : ('failed' as const),
      failedStep: params.step,
    })),
    clearFailure: assign({ failure: null, failedStep: null }),
    /** Takes the guest back to the confirmation with the changed order; bound with `.provide()` where the actor is created. */
    backToConfirmation: (_, _completion: ModificationCompletion) => undefined,
  },
}).createMachine({
  id: 'modification',
  description: 'Changing a paid reservation: start, edit dates, guests, room, rate or traveller, see the new price, complete.',
  context: ({ input }) => ({ ...blankBooking(), orderId: input.orderId, reservationNumber: input.reservationNumber, today: input.today }),
  initial: 'loadingBooking',
  states: {
    loadingBooking: {
      description: 'Reads the reservation from the order: whether it may be changed online, and its traveller.',
      on: SIGNED_OUT,
      invoke: {
        id: 'loadBooking',
        src: 'loadBooking',
        input: ({ context }) => ({ orderId: context.orderId, reservationNumber: context.reservationNumber }),
        onDone: [
          {
            guard: { type: 'isChangeable', params: ({ event }) => ({ booked: event.output }) },
            target: 'starting',
            actions: { type: 'keepBookedTraveller', params: ({ event }) => ({ booked: event.output }) },
          },
          { target: 'notChangeable' },
        ],
        onError: { target: 'failed', actions: { type: 'setFailure', params: ({ event }) => ({ step: 'load' as const, error: event.error }) } },
      },
    },
    notChangeable: { description: 'The reservation is cancelled or cannot be changed online: the page says so, nothing is started.', type: 'final' },
    signedOut: { description: 'The member signed out (here or in another tab): the change stops and their details leave the page.', type: 'final' },
    starting: {
      description: 'Opens a modification of the reservation; the server answers with the stay as booked.',
      on: SIGNED_OUT,
      invoke: {
        id: 'startModification',
        src: 'startModification',
        input: ({ context }) => ({ orderId: context.orderId, reservationNumber: context.reservationNumber }),
        onDone: { target: 'editing', actions: { type: 'startDraft', params: modificationParams } },
        onError: { target: 'failed', actions: { type: 'setFailure', params: ({ event }) => ({ step: 'start' as const, error: event.error }) } },
      },
    },
    editing: {
      description: 'The guest changes dates, guests, room and rate or traveller; every edit makes the price shown stale.',
      initial: 'idle',
      // An edit during a price check drops the check: its answer would price another draft.
      on: { ...editsTo('.idle'), ...SIGNED_OUT },
      states: {
        idle: {
          description: 'The draft waits: check its price, or complete a priced proposal that changes something.',
          on: { 'price.check': { guard: 'isDraftValid', target: 'repricing' }, 'modification.complete': { guard: 'canComplete', target: '#modification.completing' } },
        },
        repricing: {
          description: 'The server prices the draft and checks that the rooms are free.',
          invoke: {
            id: 'editModification',
            src: 'editModification',
            input: ({ context }) => ({
              orderId: context.orderId,
              modificationId: context.modification?.modification_id ?? '',
              roomStayId: context.modification?.room_stay_id ?? '',
              changes: changesOf(context.draft, context.currentTraveller),
            }),
            onDone: [
              { guard: { type: 'isAvailable', params: modificationParams }, target: 'idle', actions: { type: 'setPriced', params: modificationParams } },
              { target: '#modification.unavailable', actions: { type: 'setUnpriceable', params: modificationParams } },
            ],
            onError: [
              { guard: { type: 'isConflict', params: failureParams }, target: '#modification.unavailable', actions: { type: 'markUnavailable', params: failureParams } },
              { guard: { type: 'isRejected', params: failureParams }, target: 'idle', actions: { type: 'setNotice', params: { notice: 'editRejected' } } },
              { target: 'idle', actions: { type: 'setNotice', params: { notice: 'repriceFailed' } } },
            ],
          },
        },
      },
    },
    unavailable: {
      description: 'The draft cannot be booked (rooms taken, rate closed) or its price difference could not be charged: the edits are kept to change and check again.',
      exit: 'clearUnavailable',
      on: { ...SIGNED_OUT, ...editsTo('editing.idle'), 'price.check': { guard: 'isDraftValid', target: 'editing.repricing' } },
    },
    completing: {
      description: 'Books the priced proposal; availability is checked once more.',
      on: SIGNED_OUT,
      invoke: {
        id: 'completeModification',
        src: 'completeModification',
        input: ({ context }) => ({ orderId: context.orderId, modificationId: context.modification?.modification_id ?? '' }),
        onDone: {
          target: 'completed',
          actions: {
            type: 'backToConfirmation',
            params: ({ context, event }) => ({ orderId: context.orderId, reservationNumber: context.reservationNumber, order: event.output }),
          },
        },
        onError: [
          // Rooms gone, or the difference of a prepaid rate not charged: nothing changed, the edits are kept.
          { guard: { type: 'isRefused', params: failureParams }, target: 'unavailable', actions: { type: 'markUnavailable', params: failureParams } },
          { target: 'failed', actions: { type: 'setFailure', params: ({ event }) => ({ step: 'complete' as const, error: event.error }) } },
        ],
      },
    },
    completed: { description: 'The reservation is changed; the page goes back to the confirmation with a notice.', type: 'final' },
    failed: {
      description: 'A call failed or the reservation cannot be found: retry the step, go back to the edits, or leave.',
      on: {
        ...SIGNED_OUT,
        'modification.retry': [
          { guard: { type: 'failedAt', params: { step: 'load' } }, target: 'loadingBooking', actions: 'clearFailure' },
          { guard: { type: 'failedAt', params: { step: 'start' } }, target: 'starting', actions: 'clearFailure' },
          { target: 'completing', actions: 'clearFailure' },
        ],
        'edits.resume': { guard: 'hasModification', target: 'editing.idle', actions: 'clearFailure' },
      },
    },
  },
});
