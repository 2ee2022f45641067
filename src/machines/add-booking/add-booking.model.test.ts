import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, expectFullCoverage, generatePaths, generateTransitionCover } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import type { MemberBooking } from '../../contract/loyalty';
import { InvalidInputError } from '../../services/account/errors';
import { HttpError } from '../../services/bff/client';
import { addBookingMachine } from './add-booking.machine';
import { addBookingProblems } from './add-booking.rules';
import { selectAddFailure, selectAdded, selectAddProblems, selectFormOpen, selectIsAdding } from './add-booking.selectors';
import type { AddBookingEvent, AddBookingFields } from './add-booking.types';

/*
 * The add-booking machine, walked with the harness: forms typed right (with spaces around), empty, with a
 * number in the wrong format; the BFF's answers fed as events (added, 400 naming the last name, 404, 409,
 * 503, 500). Replayed on a real actor whose lookup and refresh record what they were asked: a lookup goes
 * out only for fields that pass the checks, trimmed, once per submit; the bookings are read again after
 * each booking added and never otherwise.
 */

const never = <T,>() => new Promise<T>(() => undefined);

const FORMS = {
  right: { reservationNumber: ' SMSB-PHONE042 ', lastName: 'Schmidt ' },
  empty: { reservationNumber: '', lastName: ' ' },
  'bad number': { reservationNumber: 'no such!', lastName: 'Schmidt' },
} satisfies Record<string, AddBookingFields>;

const BOOKING: MemberBooking = {
  orderId: 'crs:SMSB-PHONE042',
  source: 'reservation-system',
  status: 'confirmed',
  hotel: { code: 'SMSB', name: 'Steigenberger' },
  arrivalDate: '2026-10-16',
  departureDate: '2026-10-18',
  nights: 2,
  bookedAt: '2026-10-01T10:00:00Z',
  currency: 'EUR',
  totalAmount: 224,
  paymentMethod: 'card',
  pointsPaid: 0,
  pointsEarned: 0,
  pointsPending: false,
  rooms: [],
};

const ERRORS = { '400': new InvalidInputError(['lastName']), '404': new HttpError(404), '409': new HttpError(409), '503': new HttpError(503), '500': new HttpError(500) } as const;
const FAILURES = { '400': 'invalid', '404': 'notFound', '409': 'alreadyAdded', '503': 'unavailable', '500': 'failed' } as const;

const recorded = { lookups: [] as AddBookingFields[], refreshes: 0 };
const machine = addBookingMachine.provide({
  actors: {
    addBooking: fromPromise<MemberBooking, AddBookingFields>(({ input }) => {
      recorded.lookups.push(input);
      return never();
    }),
  },
  actions: { refreshBookings: () => void (recorded.refreshes += 1) },
});
type Snapshot = SnapshotFrom<typeof machine>;
type Path = MachinePath<typeof machine>;

const EVENTS: AddBookingEvent[] = [
  { type: 'add.open' },
  { type: 'add.close' },
  ...(Object.keys(FORMS) as (keyof typeof FORMS)[]).map((form) => ({ type: 'add.submit' as const, fields: FORMS[form] })),
  { type: 'xstate.done.actor.addBooking', output: BOOKING } as unknown as AddBookingEvent,
  ...(Object.keys(ERRORS) as (keyof typeof ERRORS)[]).map((status) => ({ type: 'xstate.error.actor.addBooking', error: ERRORS[status] }) as unknown as AddBookingEvent),
];

const serializeState = (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context.failure, Object.keys(snapshot.context.problems).sort()]);
const options = { events: EVENTS, serializeState, input: undefined as never };
const paths = [...generatePaths(machine, options), ...generateTransitionCover(machine, options)];
const recorder = new CoverageRecorder(machine);

function label(event: { type: string; fields?: AddBookingFields; error?: unknown }): string {
  if (event.type === 'add.submit') return `submit(${(Object.keys(FORMS) as (keyof typeof FORMS)[]).find((form) => FORMS[form] === event.fields)})`;
  if (event.type.startsWith('xstate.done.actor.')) return 'added';
  if (event.type.startsWith('xstate.error.actor.')) return `error(${(event.error as HttpError).status})`;
  return event.type;
}
const nameOf = (path: Path) => {
  const steps = path.steps.map((step) => step.event as Parameters<typeof label>[0]).filter((event) => event.type !== 'xstate.init');
  return `${steps.length ? steps.map(label).join(' → ') : 'start'} ⇒ ${JSON.stringify(path.state.value)}`;
};

describe('the checks of a booking to add', () => {
  it('names each field’s problem', () => {
    expect(addBookingProblems(FORMS.right)).toEqual({});
    expect(addBookingProblems(FORMS.empty)).toEqual({ reservationNumber: 'required', lastName: 'required' });
    expect(addBookingProblems(FORMS['bad number'])).toEqual({ reservationNumber: 'format' });
  });
});

describe('add-booking machine, model-based', () => {
  it('keeps the generated paths few', () => {
    console.info(`add-booking model paths: ${paths.length}`);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.length).toBeLessThan(1500);
  });

  it.each(paths.map((path) => [nameOf(path), path] as const))('%s', (_name, path) => {
    Object.assign(recorded, { lookups: [], refreshes: 0 });
    const actor = createActor(machine, { inspect: recorder.inspect });
    actor.start();
    let lookups = 0;
    let refreshes = 0;
    for (const step of path.steps) {
      const event = step.event as { type: string; fields?: AddBookingFields; error?: unknown };
      if (event.type === 'xstate.init') continue;
      const before = actor.getSnapshot();
      actor.send(step.event);
      const after = actor.getSnapshot();
      expect(after.value, `after ${label(event)}`).toEqual(step.state.value);
      if (!before.matches('adding') && after.matches('adding')) {
        lookups += 1;
        const fields = event.fields as AddBookingFields;
        expect(addBookingProblems(fields)).toEqual({});
        expect(recorded.lookups.at(-1)).toEqual({ reservationNumber: fields.reservationNumber.trim(), lastName: fields.lastName.trim() });
      }
      if (before.matches('adding') && after.matches('added')) refreshes += 1;
      expect(recorded.lookups.length).toBe(lookups);
      expect(recorded.refreshes).toBe(refreshes);
      // What the member sees.
      expect(selectFormOpen(after)).toBe(after.matches('editing') || after.matches('adding'));
      expect(selectIsAdding(after)).toBe(after.matches('adding'));
      expect(selectAdded(after)).toEqual(after.matches('added') ? BOOKING : null);
      if (event.type === 'add.submit' && after.matches('editing')) {
        expect(selectAddFailure(after)).toBe('invalid');
        expect(selectAddProblems(after)).toEqual(addBookingProblems(event.fields as AddBookingFields));
      }
      if (before.matches('adding') && event.type.startsWith('xstate.error.actor.')) {
        const status = String((event.error as HttpError).status) as keyof typeof FAILURES;
        expect(selectAddFailure(after)).toBe(FAILURES[status]);
        expect(selectAddProblems(after)).toEqual(status === '400' ? { lastName: 'format' } : {});
      }
      if (after.matches('closed')) expect(after.context).toEqual({ fields: null, problems: {}, failure: null, added: null });
    }
    actor.stop();
  });

  it('covers every state and transition of the machine', () => {
    expectFullCoverage(recorder, 'add-booking');
  });
});
