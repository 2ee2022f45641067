import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, formatCoverage, generatePaths, generateTransitionCover } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import type { Modification, Order } from '../../contract/ecommerce';
import { HttpError } from '../../services/bff/client';
import { CommerceError } from '../../services/booking/cart';
import { PRICED, STARTED, TODAY, TRAVELLER, UNAVAILABLE } from './modification.fixtures';
import { modificationMachine } from './modification.machine';
import { hasChanges } from './modification.rules';
import { selectCanComplete, selectFailure, selectPhase, selectPriceChange, selectProblems, selectUnavailableReason } from './modification.selectors';
import type { BookedReservation, ModificationCompletion, ModificationEvent, ModificationInput } from './modification.types';

/*
 * The modification machine, walked with the harness: every state and transition, with the invoked actors'
 * answers fed as events (a priced proposal, one that cannot be booked, a 409, a 404 and a network failure
 * for each call, and a price difference that could not be charged on completion). Each path is replayed on a real actor; after every path the last step is checked against
 * the rule for it, and invariants hold on every snapshot of every path: Complete is offered only for a
 * priced proposal that can be booked and changes something, and an answer never overwrites the guest's edits.
 */

const never = <T>() => new Promise<T>(() => undefined);
/** The way back to the confirmation each replayed path asks for (its `backToConfirmation` effect). */
let completed: ModificationCompletion[] = [];
const machine = modificationMachine.provide({
  actions: { backToConfirmation: (_, completion) => completed.push(completion) },
  actors: {
    loadBooking: fromPromise(() => never<BookedReservation>()),
    startModification: fromPromise(() => never<Modification>()),
    editModification: fromPromise(() => never<Modification>()),
    completeModification: fromPromise(() => never<Order | null>()),
  },
});
type Snapshot = SnapshotFrom<typeof machine>;
type Path = MachinePath<typeof machine>;

const input: ModificationInput = { orderId: STARTED.order_id, reservationNumber: STARTED.reservation_number, today: TODAY };
const BOOKED: BookedReservation = { changeable: true, traveller: TRAVELLER };
const NOT_CHANGEABLE: BookedReservation = { changeable: false, traveller: TRAVELLER };

const ERRORS = {
  '400': new HttpError(400),
  '409': new CommerceError(409, 'modification_unavailable'),
  '409 payment': new CommerceError(409, 'modification_payment_failed'),
  '422 card': new CommerceError(422, 'invalid_card'),
  '404': new HttpError(404),
  '500': new HttpError(500),
} as const;
type ErrorName = keyof typeof ERRORS;

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as ModificationEvent;
const failed = (id: string, name: ErrorName) => ({ type: `xstate.error.actor.${id}`, error: ERRORS[name] }) as unknown as ModificationEvent;

const EDITS: ModificationEvent[] = [
  { type: 'dates.changed', checkInDate: '2027-04-01', checkOutDate: '2027-04-04' },
  // Departure before arrival: the price check is refused until it is corrected.
  { type: 'dates.changed', checkInDate: '2027-04-05', checkOutDate: '2027-04-02' },
  { type: 'guests.changed', adultsCount: 3, childAges: [5] },
  { type: 'room.chosen', roomTypeCode: 'SUP', rateCode: 'FLEX' },
  { type: 'traveller.changed', traveller: { first_name: 'Ada', last_name: 'King', email: 'ada@example.com' } },
  { type: 'traveller.changed', traveller: { first_name: 'Ada', last_name: 'King', email: 'not an email' } },
];

const EVENTS: ModificationEvent[] = [
  ...EDITS,
  { type: 'price.check' },
  { type: 'modification.complete' },
  { type: 'modification.retry' },
  { type: 'edits.resume' },
  { type: 'member.signedOut' },
  done('loadBooking', BOOKED),
  done('loadBooking', NOT_CHANGEABLE),
  failed('loadBooking', '404'),
  failed('loadBooking', '500'),
  done('startModification', STARTED),
  failed('startModification', '404'),
  failed('startModification', '500'),
  done('editModification', PRICED),
  done('editModification', UNAVAILABLE),
  failed('editModification', '400'),
  failed('editModification', '409'),
  failed('editModification', '500'),
  done('completeModification', null),
  failed('completeModification', '409'),
  failed('completeModification', '409 payment'),
  failed('completeModification', '422 card'),
  failed('completeModification', '404'),
  failed('completeModification', '500'),
];

// States differ by where the machine is and by what decides the next step: whether the draft has
// problems, whether it is priced, whether the proposal can be booked and changes something, the failure.
const serializeState = (snapshot: Snapshot) => {
  const { modification, priced, draft, currentTraveller, failedStep, failure, notice, unavailableReason } = snapshot.context;
  return JSON.stringify([
    snapshot.value,
    selectProblems(snapshot).length > 0,
    priced,
    modification?.available ?? null,
    modification ? hasChanges(modification, draft, currentTraveller) : null,
    failedStep,
    failure,
    notice,
    unavailableReason,
  ]);
};
const options = { input, events: EVENTS, serializeState };
const shortest = generatePaths(machine, options);
const cover = generateTransitionCover(machine, options);

const recorder = new CoverageRecorder(machine);

function replay(path: Path) {
  completed = [];
  const actor = createActor(machine, { input, inspect: recorder.inspect });
  actor.start();
  const snapshots: Snapshot[] = [actor.getSnapshot()];
  for (const step of path.steps) {
    const event = step.event as { type: string };
    if (event.type === 'xstate.init') continue;
    actor.send(step.event);
    expect(actor.getSnapshot().value, `after ${event.type}`).toEqual(step.state.value);
    snapshots.push(actor.getSnapshot());
  }
  actor.stop();
  return { snapshots, completed };
}

function label(event: {
  type: string;
  output?: unknown;
  error?: unknown;
  checkInDate?: string;
  checkOutDate?: string;
  adultsCount?: number;
  roomTypeCode?: string;
  rateCode?: string;
  traveller?: { email: string; last_name: string };
}): string {
  if (event.type.startsWith('xstate.done.actor.')) {
    if (event.output === BOOKED || event.output === NOT_CHANGEABLE) return `done:loadBooking(${event.output === BOOKED ? 'changeable' : 'not changeable'})`;
    const output = event.output as Modification | null;
    const detail = output === null ? 'done' : output === STARTED ? 'started' : output.available ? 'priced' : 'not available';
    return `${event.type.replace('xstate.done.actor.', 'done:')}(${detail})`;
  }
  if (event.type.startsWith('xstate.error.actor.')) {
    const error = event.error as HttpError;
    return `${event.type.replace('xstate.error.actor.', 'error:')}(${error instanceof CommerceError ? `${error.status} ${error.code}` : error.status})`;
  }
  if (event.checkInDate) return `${event.type}(${event.checkInDate}..${event.checkOutDate})`;
  if (event.adultsCount) return `${event.type}(${event.adultsCount})`;
  if (event.roomTypeCode) return `${event.type}(${event.roomTypeCode}, ${event.rateCode})`;
  if (event.traveller) return `${event.type}(${event.traveller.last_name}, ${event.traveller.email})`;
  return event.type;
}

/** A path's name with the actors' answers in it (the harness's describePath leaves out xstate.* events). */
function nameOf(path: Path): string {
  const steps = path.steps.map((step) => step.event as Parameters<typeof label>[0]).filter((event) => event.type !== 'xstate.init');
  return `${steps.length ? steps.map(label).join(' → ') : 'start'} ⇒ ${JSON.stringify(path.state.value)}`;
}

const inState = (snapshot: Snapshot, state: string) => snapshot.matches(state as never);

/** The rule for the last step of a path. */
function checkLastStep(path: Path, { snapshots, completed }: ReturnType<typeof replay>) {
  const final = snapshots.at(-1) as Snapshot;
  const before = snapshots.at(-2) as Snapshot;
  const event = path.steps.at(-1)?.event as { type: string; output?: Modification | null; error?: HttpError } | undefined;
  if (!event) return;
  const { type } = event;

  if (EDITS.some((edit) => edit.type === type) && before && !inState(before, 'completing') && !inState(before, 'failed')) {
    // An edit: the draft takes it, the price shown is stale, and a running check is dropped.
    expect(final.value).toEqual({ editing: 'idle' });
    expect(final.context.priced).toBe(false);
    expect(selectPriceChange(final)).toBeNull();
    expect(selectCanComplete(final)).toBe(false);
    expect(selectUnavailableReason(final)).toBeNull();
    if (type === 'room.chosen') expect(final.context.draft).toMatchObject({ roomTypeCode: 'SUP', rateCode: 'FLEX' });
  }
  if (type === 'price.check') {
    expect(selectProblems(before)).toEqual([]);
    expect(final.value).toEqual({ editing: 'repricing' });
  }
  if (type === 'xstate.done.actor.startModification') {
    expect(final.value).toEqual({ editing: 'idle' });
    expect(final.context.draft).toMatchObject({ checkInDate: '2027-04-01', checkOutDate: '2027-04-03', adultsCount: 2, childAges: [] });
    expect(final.context.draft.traveller).toEqual({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' });
  }
  if (type === 'xstate.done.actor.editModification') {
    expect(final.context.draft).toEqual(before.context.draft);
    if (event.output?.available) {
      // The new price and the difference, from the server's answer, before completing.
      expect(final.value).toEqual({ editing: 'idle' });
      expect(selectPriceChange(final)).toEqual({ currency: 'EUR', original: 240, proposed: 360, difference: 120, room: null });
    } else {
      expect(final.value).toBe('unavailable');
      expect(selectUnavailableReason(final)).toBe('roomsGone');
      expect(selectPriceChange(final)).toBeNull();
    }
  }
  const paymentRefused = event.error instanceof CommerceError && (event.error.code === 'modification_payment_failed' || event.error.code === 'invalid_card');
  if (type.startsWith('xstate.error.actor.') && (event.error?.status === 409 || paymentRefused)) {
    // Not available, or the difference not charged (and the guest told which): the edits are kept, nothing can be completed.
    expect(final.value).toBe('unavailable');
    expect(selectUnavailableReason(final)).toBe(paymentRefused ? 'paymentFailed' : 'roomsGone');
    expect(final.context.draft).toEqual(before.context.draft);
    expect(selectCanComplete(final)).toBe(false);
  }
  if (type === 'xstate.error.actor.editModification' && event.error?.status !== 409) {
    // Refused as it stands, or the check failed: back to the edits with a notice; what was priced stays so.
    expect(final.value).toEqual({ editing: 'idle' });
    expect(final.context.notice).toBe(event.error?.status === 400 ? 'editRejected' : 'repriceFailed');
    expect(final.context.priced).toBe(before.context.priced);
    expect(final.context.modification).toBe(before.context.modification);
    expect(final.context.draft).toEqual(before.context.draft);
  }
  if (type === 'modification.complete') {
    expect(selectCanComplete(before)).toBe(true);
    expect(final.value).toBe('completing');
  }
  if (type === 'xstate.done.actor.completeModification') {
    expect(final.value).toBe('completed');
    expect(final.status).toBe('done');
    expect(completed.at(-1)).toEqual({ orderId: input.orderId, reservationNumber: input.reservationNumber, order: null });
  }
  if (type === 'xstate.error.actor.startModification') {
    expect(selectFailure(final)).toEqual({ failure: event.error?.status === 404 ? 'notFound' : 'failed', canResume: false });
  }
  if (type === 'xstate.error.actor.completeModification' && event.error?.status !== 409 && !paymentRefused) {
    expect(selectFailure(final)).toEqual({ failure: event.error?.status === 404 ? 'notFound' : 'failed', canResume: true });
    expect(final.context.draft).toEqual(before.context.draft);
  }
  if (type === 'xstate.done.actor.loadBooking') {
    // Only a reservation that may be changed is started, from its traveller.
    const booked = (event.output as unknown as BookedReservation).changeable;
    expect(final.value).toBe(booked ? 'starting' : 'notChangeable');
    if (booked) expect(final.context.currentTraveller).toEqual(TRAVELLER);
  }
  if (type === 'xstate.error.actor.loadBooking') {
    expect(selectFailure(final)).toEqual({ failure: event.error?.status === 404 ? 'notFound' : 'failed', canResume: false });
  }
  if (type === 'member.signedOut') {
    // Shared computers: nothing of the member's reservation stays, and the flow is over.
    expect(final.value).toBe('signedOut');
    expect(final.status).toBe('done');
    expect(final.context.currentTraveller).toBeNull();
    expect(final.context.modification).toBeNull();
    expect(final.context.draft.traveller).toEqual({ first_name: '', last_name: '', email: '' });
  }
  if (type === 'modification.retry') {
    expect(final.value).toBe({ load: 'loadingBooking', start: 'starting', complete: 'completing' }[before.context.failedStep ?? 'complete']);
    expect(final.context.failure).toBeNull();
  }
  if (type === 'edits.resume') {
    expect(final.value).toEqual({ editing: 'idle' });
    expect(final.context.draft).toEqual(before.context.draft);
  }
}

describe('modification machine, model-based', () => {
  it('keeps the generated paths few', () => {
    console.info(`modification model paths: ${shortest.length} shortest + ${cover.length} cover`);
    expect(shortest.length + cover.length).toBeLessThan(1500);
  });

  describe.each([
    ['shortest paths', shortest],
    ['transition cover', cover],
  ] as const)('%s', (_, paths) => {
    it.each(paths.map((path) => [nameOf(path), path] as const))('%s', (_name, path) => {
      const result = replay(path);
      for (const snapshot of result.snapshots) {
        // Complete only for a priced proposal that can be booked and changes something, and only while editing.
        if (selectCanComplete(snapshot)) {
          expect(selectPhase(snapshot)).toBe('editing');
          expect(snapshot.context.priced && snapshot.context.modification?.available).toBe(true);
        }
        // A price is shown only for the draft as it stands.
        if (selectPriceChange(snapshot)) expect(snapshot.context.priced).toBe(true);
        if (inState(snapshot, 'unavailable')) expect(selectCanComplete(snapshot)).toBe(false);
      }
      checkLastStep(path, result);
    });
  });

  it('covers every state and transition of the machine', () => {
    const report = recorder.report('modification');
    console.info(formatCoverage(report));
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
