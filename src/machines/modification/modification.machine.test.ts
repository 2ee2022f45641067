import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Modification, Order } from '../../contract/ecommerce';
import { HttpError } from '../../services/bff/client';
import { CommerceError } from '../../services/booking/cart';
import { PRICED, ROOM_PRICED, STARTED, TODAY, TRAVELLER } from './modification.fixtures';
import { modificationMachine } from './modification.machine';
import type { BookedReservation, ModificationActorTypes, ModificationCompletion } from './modification.types';

const input = { orderId: STARTED.order_id, reservationNumber: STARTED.reservation_number, today: TODAY };

/** The machine with actors that answer at once and record what they were asked. */
function start(answers: { edit?: () => Promise<Modification>; complete?: () => Promise<Order | null> } = {}) {
  const asked: { start: unknown[]; edit: ModificationActorTypes['editModification']['input'][]; complete: unknown[] } = { start: [], edit: [], complete: [] };
  // The way back to the confirmation the machine asks for (its `backToConfirmation` effect).
  const completed: ModificationCompletion[] = [];
  const actor = createActor(
    modificationMachine.provide({
      actions: { backToConfirmation: (_, completion) => completed.push(completion) },
      actors: {
        loadBooking: fromPromise(async (): Promise<BookedReservation> => ({ changeable: true, traveller: TRAVELLER })),
        startModification: fromPromise(async ({ input: request }) => {
          asked.start.push(request);
          return STARTED;
        }),
        editModification: fromPromise(async ({ input: request }) => {
          asked.edit.push(request);
          return (answers.edit ?? (async () => PRICED))();
        }),
        completeModification: fromPromise(async ({ input: request }) => {
          asked.complete.push(request);
          return (answers.complete ?? (async () => null))();
        }),
      },
    }),
    { input },
  );
  actor.start();
  return { actor, asked, completed };
}

describe('modification machine with its actors', () => {
  it('starts the modification of the reservation, prices the draft with the traveller change and completes it', async () => {
    const { actor, asked, completed } = start();
    await waitFor(actor, (snapshot) => snapshot.matches({ editing: 'idle' }));
    expect(asked.start).toEqual([{ orderId: STARTED.order_id, reservationNumber: STARTED.reservation_number }]);
    actor.send({ type: 'dates.changed', checkInDate: '2027-04-01', checkOutDate: '2027-04-04' });
    actor.send({ type: 'traveller.changed', traveller: { first_name: 'Ada', last_name: 'King', email: 'ada@example.com' } });
    // Not priced yet: completing is refused.
    actor.send({ type: 'modification.complete' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'idle' });
    actor.send({ type: 'price.check' });
    await waitFor(actor, (snapshot) => snapshot.matches({ editing: 'idle' }) && snapshot.context.priced);
    expect(asked.edit).toEqual([
      {
        orderId: STARTED.order_id,
        modificationId: 'mod-1',
        roomStayId: 'rs-1',
        changes: {
          check_in_date: '2027-04-01',
          check_out_date: '2027-04-04',
          adults_count: 2,
          child_ages: [],
          room_type_code: 'DBL',
          rate_code: 'FLEX',
          traveller: { ...TRAVELLER, last_name: 'King' },
        },
      },
    ]);
    actor.send({ type: 'modification.complete' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(asked.complete).toEqual([{ orderId: STARTED.order_id, modificationId: 'mod-1' }]);
    expect(completed).toEqual([{ orderId: STARTED.order_id, reservationNumber: STARTED.reservation_number, order: null }]);
  });

  it('drops a price check overtaken by an edit: its answer never prices the newer draft', async () => {
    let answer: (value: Modification) => void = () => undefined;
    const { actor } = start({ edit: () => new Promise<Modification>((resolve) => (answer = resolve)) });
    await waitFor(actor, (snapshot) => snapshot.matches({ editing: 'idle' }));
    actor.send({ type: 'dates.changed', checkInDate: '2027-04-01', checkOutDate: '2027-04-04' });
    actor.send({ type: 'price.check' });
    actor.send({ type: 'guests.changed', adultsCount: 3, childAges: [] });
    answer(PRICED);
    await Promise.resolve();
    expect(actor.getSnapshot().value).toEqual({ editing: 'idle' });
    expect(actor.getSnapshot().context.priced).toBe(false);
    expect(actor.getSnapshot().context.draft.adultsCount).toBe(3);
  });

  it.each([
    ['the rooms gone', new HttpError(409), 'roomsGone'],
    ['the rooms gone (with its code)', new CommerceError(409, 'modification_unavailable'), 'roomsGone'],
    ['the difference not charged', new CommerceError(409, 'modification_payment_failed'), 'paymentFailed'],
  ] as const)('keeps the edits when completing finds %s, and says which', async (_, error, reason) => {
    const { actor } = start({ complete: () => Promise.reject(error) });
    await waitFor(actor, (snapshot) => snapshot.matches({ editing: 'idle' }));
    actor.send({ type: 'dates.changed', checkInDate: '2027-04-01', checkOutDate: '2027-04-04' });
    actor.send({ type: 'price.check' });
    await waitFor(actor, (snapshot) => snapshot.context.priced);
    actor.send({ type: 'modification.complete' });
    await waitFor(actor, (snapshot) => snapshot.matches('unavailable'));
    expect(actor.getSnapshot().context.draft).toMatchObject({ checkInDate: '2027-04-01', checkOutDate: '2027-04-04' });
    expect(actor.getSnapshot().context.unavailableReason).toBe(reason);
    // An edit leaves the refusal behind: it was of the draft as it was.
    actor.send({ type: 'room.chosen', roomTypeCode: 'DBL', rateCode: 'MEMBER' });
    expect(actor.getSnapshot().context.unavailableReason).toBeNull();
  });

  it('sends another room type and rate with the price check, and completes only once it is priced', async () => {
    const { actor, asked } = start({ edit: async () => ROOM_PRICED });
    await waitFor(actor, (snapshot) => snapshot.matches({ editing: 'idle' }));
    actor.send({ type: 'room.chosen', roomTypeCode: 'SUP', rateCode: 'FLEX' });
    expect(actor.getSnapshot().context.priced).toBe(false);
    actor.send({ type: 'modification.complete' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'idle' });
    actor.send({ type: 'price.check' });
    await waitFor(actor, (snapshot) => snapshot.context.priced);
    expect(asked.edit.at(-1)?.changes).toMatchObject({ check_in_date: '2027-04-01', check_out_date: '2027-04-03', room_type_code: 'SUP', rate_code: 'FLEX' });
    expect(asked.edit.at(-1)?.changes.traveller).toBeUndefined();
    actor.send({ type: 'modification.complete' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
  });
});
