import { assign, fromPromise, setup } from 'xstate';
import { InvalidInputError, statusOf } from '../../services/account/errors';
import { notProvided } from '../shared/shared.actors';
import { addBookingProblems } from './add-booking.rules';
import type { AddBookingActorTypes, AddBookingContext, AddBookingEvent, AddBookingFailure } from './add-booking.types';

function failureOf(error: unknown): AddBookingFailure {
  if (error instanceof InvalidInputError) return 'invalid';
  const status = statusOf(error);
  if (status === 404) return 'notFound';
  if (status === 409) return 'alreadyAdded';
  if (status === 503) return 'unavailable';
  return 'failed';
}

/**
 * Adding a booking made by phone or at the hotel (spec section 2, bookings: add booking): the member
 * types its reservation number and the guest's last name; the fields are checked, the booking looked up
 * once, and what was added shown. An added booking has the member's bookings and stays without points read
 * again (`refreshBookings`, bound in add-booking.live.ts).
 */
export const addBookingMachine = setup({
  types: { context: {} as AddBookingContext, events: {} as AddBookingEvent },
  actors: {
    addBooking: fromPromise<AddBookingActorTypes['addBooking']['output'], AddBookingActorTypes['addBooking']['input']>(notProvided('addBooking')),
  },
  guards: {
    hasProblems: ({ event }) => event.type === 'add.submit' && Object.keys(addBookingProblems(event.fields)).length > 0,
  },
  actions: {
    // Placeholder: the view layer binds it (the member's bookings and points are read again).
    refreshBookings: () => undefined,
    keepProblems: assign(({ event }) => (event.type === 'add.submit' ? { fields: event.fields, problems: addBookingProblems(event.fields), failure: 'invalid' as const } : {})),
    keepFields: assign(({ event }) =>
      event.type === 'add.submit' ? { fields: { reservationNumber: event.fields.reservationNumber.trim(), lastName: event.fields.lastName.trim() }, problems: {}, failure: null } : {},
    ),
    keepAdded: assign((_, params: { booking: AddBookingContext['added'] }) => ({ added: params.booking, failure: null })),
    keepFailure: assign((_, params: { error: unknown }) => {
      const failure = failureOf(params.error);
      const fields = params.error instanceof InvalidInputError ? params.error.fields : [];
      const problems = Object.fromEntries(fields.filter((field) => field === 'reservationNumber' || field === 'lastName').map((field) => [field, 'format' as const]));
      return { failure, problems };
    }),
    reset: assign({ fields: null, problems: {}, failure: null, added: null }),
  },
}).createMachine({
  id: 'addBooking',
  description: 'Adding a booking made by phone or at the hotel by its reservation number and the guest’s last name.',
  context: { fields: null, problems: {}, failure: null, added: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'The bookings list with its "Add a booking" button.',
      on: { 'add.open': { target: 'editing', actions: 'reset' } },
    },
    editing: {
      description: 'The form, with what was typed and what to correct.',
      on: {
        'add.submit': [{ guard: 'hasProblems', actions: 'keepProblems' }, { target: 'adding', actions: 'keepFields' }],
        'add.close': { target: 'closed', actions: 'reset' },
      },
    },
    adding: {
      description: 'The booking is looked up in the reservation system; the button waits.',
      tags: ['busy'],
      invoke: {
        id: 'addBooking',
        src: 'addBooking',
        input: ({ context }) => context.fields ?? { reservationNumber: '', lastName: '' },
        onDone: { target: 'added', actions: [{ type: 'keepAdded', params: ({ event }) => ({ booking: event.output }) }, 'refreshBookings'] },
        onError: { target: 'editing', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    added: {
      description: 'Added: the booking is named, and it is in the list.',
      on: {
        'add.close': { target: 'closed', actions: 'reset' },
        'add.open': { target: 'editing', actions: 'reset' },
      },
    },
  },
});
