import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Modification, Order } from '../../contract/ecommerce';
import { HttpError } from '../../services/bff/client';
import { PRICED, STARTED, TODAY, TRAVELLER } from './modification.fixtures';
import { modificationMachine } from './modification.machine';
import type { ModificationActorTypes, ModificationEmitted } from './modification.types';

const input = { orderId: STARTED.order_id, reservationNumber: STARTED.reservation_number, currentTraveller: TRAVELLER, today: TODAY };

/** The machine with actors that answer at once and record what they were asked. */
function start(answers: { edit?: () => Promise<Modification>; complete?: () => Promise<Order | null> } = {}) {
  const asked: { start: unknown[]; edit: ModificationActorTypes['editModification']['input'][]; complete: unknown[] } = { start: [], edit: [], complete: [] };
  const actor = createActor(
    modificationMachine.provide({
      actors: {
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
  const emitted: ModificationEmitted[] = [];
  actor.on('modification.completed', (event) => emitted.push(event));
  actor.start();
  return { actor, asked, emitted };
}

describe('modification machine with its actors', () => {
  it('starts the modification of the reservation, prices the draft with the traveller change and completes it', async () => {
    const { actor, asked, emitted } = start();
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
        modificationId: 'mod-1',
        roomStayId: 'rs-1',
        changes: { check_in_date: '2027-04-01', check_out_date: '2027-04-04', adults_count: 2, child_ages: [], traveller: { ...TRAVELLER, last_name: 'King' } },
      },
    ]);
    actor.send({ type: 'modification.complete' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(asked.complete).toEqual([{ modificationId: 'mod-1' }]);
    expect(emitted).toEqual([{ type: 'modification.completed', orderId: STARTED.order_id, reservationNumber: STARTED.reservation_number, order: null }]);
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

  it('keeps the edits when completing finds the rooms gone', async () => {
    const { actor } = start({ complete: () => Promise.reject(new HttpError(409)) });
    await waitFor(actor, (snapshot) => snapshot.matches({ editing: 'idle' }));
    actor.send({ type: 'dates.changed', checkInDate: '2027-04-01', checkOutDate: '2027-04-04' });
    actor.send({ type: 'price.check' });
    await waitFor(actor, (snapshot) => snapshot.context.priced);
    actor.send({ type: 'modification.complete' });
    await waitFor(actor, (snapshot) => snapshot.matches('unavailable'));
    expect(actor.getSnapshot().context.draft).toMatchObject({ checkInDate: '2027-04-01', checkOutDate: '2027-04-04' });
  });
});
