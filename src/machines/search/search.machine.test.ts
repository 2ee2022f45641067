import { createActor, fromCallback } from 'xstate';
import { describe, expect, it } from 'vitest';
import { searchMachine } from './search.machine';
import type { SearchAddressUpdate, SearchEvent, SearchInput } from './search.types';

const MORNING = new Date('2027-03-10T09:00:00Z'); // 10:00 in Berlin

function start(input: Partial<SearchInput> = {}) {
  let now = MORNING;
  // The URL updates the machine asks for, in order (its `updateAddress` effect).
  const emitted: SearchAddressUpdate[] = [];
  const machine = searchMachine.provide({ actions: { updateAddress: (_, update) => emitted.push(update) } });
  const actor = createActor(machine, { input: { now: () => now, newId: () => 'r', ...input } });
  actor.start();
  return {
    actor,
    emitted,
    send: (...events: SearchEvent[]) => events.forEach((event) => actor.send(event)),
    context: () => actor.getSnapshot().context,
    setNow: (date: Date) => {
      now = date;
    },
  };
}

describe('search machine', () => {
  describe('starting', () => {
    it('starts from the URL query, in the closed editor and the editing form', () => {
      const { actor, context } = start({ query: { location: 'Berlin', rooms: 2, 'room-2-adults': 3, startDate: '2027-04-01', endDate: '2027-04-03' } });
      expect(actor.getSnapshot().value).toEqual({ editor: 'closed', form: 'editing' });
      expect(context().location).toBe('Berlin');
      expect(context().dateRange).toEqual({ start: '2027-04-01', end: '2027-04-03' });
      expect(context().rooms).toEqual([
        { uuid: 'r-1', adults: 1, children: [] },
        { uuid: 'r-2', adults: 3, children: [] },
      ]);
      expect(context().errors).toEqual([]);
      expect(context().roomLimitReached).toBe(false);
    });

    it('starts with the default search without a query, and raises the limit flag for 9 rooms from the URL', () => {
      expect(start().context().dateRange).toEqual({ start: '2027-03-10', end: '2027-03-11' });
      expect(start({ query: { rooms: 12 } }).context().roomLimitReached).toBe(true);
    });

    it('pays with points only while the flag is on', () => {
      expect(start({ query: { payWithPoints: 1 } }).context().payWithPoints).toBe(false);
      expect(start({ query: { payWithPoints: 1 }, payWithPointsEnabled: true }).context().payWithPoints).toBe(true);
    });

    it('starts a hotel that opens later on its opening date', () => {
      const { context } = start({ openingDate: '2027-06-01', query: { startDate: '2027-04-01', endDate: '2027-04-05' } });
      expect(context().dateRange).toEqual({ start: '2027-06-01', end: '2027-06-02' });
      expect(context().openingDate).toBe('2027-06-01');
    });
  });

  describe('rooms', () => {
    it('adds rooms with 1 adult up to 9, refuses a 10th and raises the limit flag; removing one clears it', () => {
      const { actor, send, context } = start();
      for (let i = 0; i < 8; i += 1) send({ type: 'room.add' });
      expect(context().rooms).toHaveLength(9);
      expect(context().rooms[8]).toEqual({ uuid: 'r-9', adults: 1, children: [] });
      expect(context().roomLimitReached).toBe(true);
      expect(actor.getSnapshot().can({ type: 'room.add' })).toBe(false);
      send({ type: 'room.add' });
      expect(context().rooms).toHaveLength(9);
      send({ type: 'room.remove', uuid: 'r-4' });
      expect(context().rooms).toHaveLength(8);
      expect(context().roomLimitReached).toBe(false);
      send({ type: 'room.add' });
      expect(context().rooms.map((room) => room.uuid)).toEqual(['r-1', 'r-2', 'r-3', 'r-5', 'r-6', 'r-7', 'r-8', 'r-9', 'r-4']);
    });

    it('never removes the last room, nor a room it does not know', () => {
      const { actor, send, context } = start();
      expect(actor.getSnapshot().can({ type: 'room.remove', uuid: 'r-1' })).toBe(false);
      send({ type: 'room.add' }, { type: 'room.remove', uuid: 'nope' });
      expect(context().rooms).toHaveLength(2);
    });

    it('clamps adults to 1..6', () => {
      const { send, context } = start();
      send({ type: 'room.adults.changed', uuid: 'r-1', adults: 9 });
      expect(context().rooms[0]?.adults).toBe(6);
      send({ type: 'room.adults.changed', uuid: 'r-1', adults: 0 });
      expect(context().rooms[0]?.adults).toBe(1);
    });

    it('adds children without an age, at most 4, stores age 0 as 1 and refuses ages that are none', () => {
      const { actor, send, context } = start();
      for (let i = 0; i < 5; i += 1) send({ type: 'room.child.add', uuid: 'r-1' });
      expect(context().rooms[0]?.children).toEqual([-1, -1, -1, -1]);
      send({ type: 'room.child.age.changed', uuid: 'r-1', index: 0, age: 0 }, { type: 'room.child.age.changed', uuid: 'r-1', index: 1, age: 12 });
      expect(context().rooms[0]?.children).toEqual([1, 12, -1, -1]);
      expect(actor.getSnapshot().can({ type: 'room.child.age.changed', uuid: 'r-1', index: 2, age: 18 })).toBe(false);
      expect(actor.getSnapshot().can({ type: 'room.child.age.changed', uuid: 'r-1', index: 4, age: 5 })).toBe(false);
      send({ type: 'room.child.remove', uuid: 'r-1', index: 1 });
      expect(context().rooms[0]?.children).toEqual([1, -1, -1]);
    });
  });

  describe('options', () => {
    it('toggles business and, only while the flag is on, paying with points', () => {
      const off = start();
      off.send({ type: 'business.toggled' }, { type: 'points.toggled' });
      expect(off.context().isBusiness).toBe(true);
      expect(off.context().payWithPoints).toBe(false);
      const on = start({ payWithPointsEnabled: true });
      on.send({ type: 'points.toggled' });
      expect(on.context().payWithPoints).toBe(true);
    });

    it('normalises picked dates and the flexible-dates window', () => {
      const { send, context } = start();
      send({ type: 'dates.changed', start: '2027-04-01', end: '2027-04-01' });
      expect(context().dateRange).toEqual({ start: '2027-04-01', end: '2027-04-02' });
      send({ type: 'dates.changed', start: '2027-03-01', end: '2027-03-05' });
      expect(context().dateRange).toEqual({ start: '2027-03-10', end: '2027-03-11' });
      send({ type: 'approxDateRange.changed', days: 3 });
      expect(context().approxDateRange).toBe(3);
      send({ type: 'approxDateRange.changed', days: 0 });
      expect(context().approxDateRange).toBeNull();
    });

    it('moves picked dates of a hotel that opens later to its opening date', () => {
      const { send, context } = start({ openingDate: '2027-06-01' });
      send({ type: 'dates.changed', start: '2027-04-01', end: '2027-04-05' });
      expect(context().dateRange).toEqual({ start: '2027-06-01', end: '2027-06-02' });
      send({ type: 'dates.changed', start: '2027-06-10', end: '2027-06-12' });
      expect(context().dateRange).toEqual({ start: '2027-06-10', end: '2027-06-12' });
    });
  });

  describe('refinements', () => {
    it('puts the whole query into the address as a refinement for brands, features, sort, price and a chosen rate', () => {
      const { send, emitted, context } = start({ query: { location: 'Berlin', startDate: '2027-04-01', endDate: '2027-04-03' } });
      send(
        { type: 'brands.changed', brands: ['JA', 'JA', 'MA'] },
        { type: 'features.changed', features: ['spa'] },
        { type: 'sort.changed', sortBy: 'distance' },
        { type: 'price.changed', min: 120, max: 80.555 },
        { type: 'rate.selected', uuid: 'r-1', rateCode: 'HRW1X', roomTypeCode: 'DBL' },
      );
      expect(emitted.map((event) => event.reason)).toEqual(['refine', 'refine', 'refine', 'refine', 'refine']);
      expect(context().priceRange).toEqual({ min: 80.56, max: 120 });
      expect(emitted.at(-1)?.query).toEqual({
        location: 'Berlin',
        startDate: '2027-04-01',
        endDate: '2027-04-03',
        features: 'spa',
        brands: 'JA,MA',
        sortBy: 'distance',
        minPrice: '80.56',
        maxPrice: '120',
        'room-1-rate-code': 'HRW1X',
        'room-1-room-type-code': 'DBL',
      });
    });

    it('applies a refinement to the applied search, leaving unsubmitted edits in the form for a later submit', () => {
      const { actor, send, emitted, context } = start({ query: { location: 'Berlin', startDate: '2027-04-01', endDate: '2027-04-03', promo: 'OLD' } });
      send(
        { type: 'editor.open' },
        { type: 'location.changed', location: 'Hamburg' },
        { type: 'dates.changed', start: '2027-05-01', end: '2027-05-02' },
        { type: 'room.add' },
        { type: 'promo.changed', promoCode: 'NEW' },
        { type: 'business.toggled' },
        { type: 'sort.changed', sortBy: 'name' },
        { type: 'brands.changed', brands: ['JA'] },
      );
      expect(emitted.map((event) => event.query)).toEqual([
        { location: 'Berlin', startDate: '2027-04-01', endDate: '2027-04-03', promo: 'OLD', sortBy: 'name' },
        { location: 'Berlin', startDate: '2027-04-01', endDate: '2027-04-03', promo: 'OLD', sortBy: 'name', brands: 'JA' },
      ]);
      // The guest loses nothing they typed, and sees the refinements in the form too.
      expect(actor.getSnapshot().hasTag('editorOpen')).toBe(true);
      expect(context()).toMatchObject({ location: 'Hamburg', dateRange: { start: '2027-05-01', end: '2027-05-02' }, promoCode: 'NEW', isBusiness: true, sortBy: 'name', brands: ['JA'] });
      expect(context().rooms).toHaveLength(2);
      expect(context().applied).toMatchObject({ location: 'Berlin', promoCode: 'OLD', isBusiness: false, sortBy: 'name', brands: ['JA'] });
      expect(context().applied.rooms).toHaveLength(1);
      // A valid submit applies the edits, with the refinements made meanwhile.
      send({ type: 'search.submit' });
      expect(emitted.at(-1)).toEqual({
        reason: 'submit',
        query: { location: 'Hamburg', startDate: '2027-05-01', endDate: '2027-05-02', rooms: '2', promo: 'NEW', business: '1', brands: 'JA', sortBy: 'name' },
      });
      expect(context().applied).toMatchObject({ location: 'Hamburg', promoCode: 'NEW', isBusiness: true });
      send({ type: 'features.changed', features: ['spa'] });
      expect(emitted.at(-1)?.query).toMatchObject({ location: 'Hamburg', rooms: '2', features: 'spa' });
    });

    it('keeps unsubmitted edits when the URL catches up with a refinement, and applies nothing of an invalid submit', () => {
      const { send, emitted, context } = start({ query: { location: 'Berlin' } });
      send({ type: 'location.changed', location: 'Hamburg' }, { type: 'sort.changed', sortBy: 'distance' });
      send({ type: 'url.changed', query: emitted.at(-1)?.query ?? {} });
      expect(context().location).toBe('Hamburg');
      expect(context().applied.location).toBe('Berlin');
      send({ type: 'location.changed', location: ' ' }, { type: 'search.submit' }, { type: 'price.changed', min: 50, max: null });
      expect(context().errors).toEqual(['location.missing']);
      expect(emitted.map((event) => event.reason)).toEqual(['refine', 'refine']);
      expect(emitted.at(-1)?.query).toMatchObject({ location: 'Berlin', sortBy: 'distance', minPrice: '50' });
    });

    it('hears the URL through its followAddress actor, bound where the actor is created', () => {
      const machine = searchMachine.provide({
        actors: { followAddress: fromCallback<SearchEvent>(({ sendBack }) => sendBack({ type: 'url.changed', query: { location: 'Wien' } })) },
      });
      const actor = createActor(machine, { input: { now: () => MORNING, query: { location: 'Berlin' } } }).start();
      expect(actor.getSnapshot().context.applied.location).toBe('Wien');
      expect(actor.getSnapshot().context.location).toBe('Wien');
    });

    it('takes a URL that describes another search as both the applied search and the form', () => {
      const { send, emitted, context } = start({ query: { location: 'Berlin' } });
      send({ type: 'location.changed', location: 'Hamburg' });
      send({ type: 'url.changed', query: { location: 'Wien', sortBy: 'name' } });
      expect(context().location).toBe('Wien');
      expect(context().applied.location).toBe('Wien');
      send({ type: 'brands.changed', brands: ['MA'] });
      expect(emitted.at(-1)?.query).toMatchObject({ location: 'Wien', sortBy: 'name', brands: 'MA' });
    });

    it('chooses a rate for a room of the applied search even while the form has other rooms', () => {
      const { send, emitted, context } = start({ query: { location: 'Berlin', rooms: 2 } });
      send({ type: 'room.remove', uuid: 'r-1' }, { type: 'room.add' }, { type: 'room.add' });
      // r-1 is still the first room of the URL: the new rooms of the form get ids of their own.
      expect(context().rooms.map((room) => room.uuid)).toEqual(['r-2', 'r-3', 'r-4']);
      send({ type: 'rate.selected', uuid: 'r-2', rateCode: 'B', roomTypeCode: 'TWN' }, { type: 'rate.selected', uuid: 'r-3', rateCode: 'C', roomTypeCode: 'DBL' });
      // r-3 is an unsubmitted room: no rate for it. r-2 is the second room of the URL.
      expect(emitted).toHaveLength(1);
      expect(emitted[0]?.query).toEqual({ location: 'Berlin', startDate: '2027-03-10', endDate: '2027-03-11', rooms: '2', 'room-2-rate-code': 'B', 'room-2-room-type-code': 'TWN' });
      expect(context().rooms[0]).toEqual({ uuid: 'r-2', adults: 1, children: [], rateCode: 'B', roomTypeCode: 'TWN' });
      // The first room of the URL, removed from the form but not yet submitted, takes its rate in the URL only.
      send({ type: 'rate.selected', uuid: 'r-1', rateCode: 'A', roomTypeCode: 'SGL' });
      expect(emitted.at(-1)?.query).toMatchObject({ 'room-1-rate-code': 'A', 'room-2-rate-code': 'B' });
      expect(context().rooms.map((room) => room.rateCode)).toEqual(['B', undefined, undefined]);
    });

    it('ignores a rate for a room it does not know', () => {
      const { send, emitted } = start();
      send({ type: 'rate.selected', uuid: 'nope', rateCode: 'X', roomTypeCode: 'Y' });
      expect(emitted).toEqual([]);
    });
  });

  describe('chosen rates', () => {
    const TWO_RATED_ROOMS = {
      location: 'Berlin',
      rooms: 3,
      'room-1-adults': 2,
      'room-1-rate-code': 'A',
      'room-1-room-type-code': 'DBL',
      'room-2-child-1': 4,
      'room-2-rate-code': 'B',
      'room-2-room-type-code': 'FAM',
      'room-3-adults': 3,
      'room-3-rate-code': 'C',
      'room-3-room-type-code': 'TRP',
    };
    const rates = (rooms: readonly { rateCode?: string; roomTypeCode?: string }[]) => rooms.map((room) => `${room.rateCode ?? '-'}/${room.roomTypeCode ?? '-'}`);

    it("clears a room's rate when its adults change, and only that room's", () => {
      const { send, context } = start({ query: TWO_RATED_ROOMS });
      send({ type: 'room.adults.changed', uuid: 'r-1', adults: 2 });
      expect(rates(context().rooms)).toEqual(['A/DBL', 'B/FAM', 'C/TRP']);
      send({ type: 'room.adults.changed', uuid: 'r-1', adults: 3 });
      expect(rates(context().rooms)).toEqual(['-/-', 'B/FAM', 'C/TRP']);
      expect(context().rooms[0]).toEqual({ uuid: 'r-1', adults: 3, children: [] });
    });

    it("clears a room's rate when a child is added, removed or changes age", () => {
      const added = start({ query: TWO_RATED_ROOMS });
      added.send({ type: 'room.child.add', uuid: 'r-3' });
      expect(rates(added.context().rooms)).toEqual(['A/DBL', 'B/FAM', '-/-']);
      const removed = start({ query: TWO_RATED_ROOMS });
      removed.send({ type: 'room.child.remove', uuid: 'r-2', index: 0 });
      expect(rates(removed.context().rooms)).toEqual(['A/DBL', '-/-', 'C/TRP']);
      const aged = start({ query: TWO_RATED_ROOMS });
      aged.send({ type: 'room.child.age.changed', uuid: 'r-2', index: 0, age: 4 });
      expect(rates(aged.context().rooms)).toEqual(['A/DBL', 'B/FAM', 'C/TRP']);
      aged.send({ type: 'room.child.age.changed', uuid: 'r-2', index: 0, age: 9 });
      expect(rates(aged.context().rooms)).toEqual(['A/DBL', '-/-', 'C/TRP']);
    });

    it('submits a room without the rate that no longer fits, and the other rooms with theirs', () => {
      const { send, emitted } = start({ query: TWO_RATED_ROOMS });
      send({ type: 'room.adults.changed', uuid: 'r-3', adults: 1 }, { type: 'search.submit' });
      const query = emitted.at(-1)?.query ?? {};
      expect(query).toMatchObject({ 'room-1-rate-code': 'A', 'room-2-rate-code': 'B' });
      expect(query['room-3-rate-code']).toBeUndefined();
      expect(query['room-3-room-type-code']).toBeUndefined();
    });

    it('keeps the applied search on its rate while the edit is not submitted', () => {
      const { send, emitted, context } = start({ query: TWO_RATED_ROOMS });
      send({ type: 'room.adults.changed', uuid: 'r-1', adults: 1 }, { type: 'sort.changed', sortBy: 'name' });
      expect(emitted.at(-1)?.query).toMatchObject({ 'room-1-adults': '2', 'room-1-rate-code': 'A', 'room-1-room-type-code': 'DBL' });
      // A rate chosen meanwhile is for the applied guests: the edited room of the form does not take it.
      send({ type: 'rate.selected', uuid: 'r-1', rateCode: 'X', roomTypeCode: 'SGL' });
      expect(emitted.at(-1)?.query).toMatchObject({ 'room-1-adults': '2', 'room-1-rate-code': 'X' });
      expect(rates(context().rooms)).toEqual(['-/-', 'B/FAM', 'C/TRP']);
    });

    it('moves every other room with its own rate and guests when a room is removed', () => {
      const { send, emitted, context } = start({ query: TWO_RATED_ROOMS });
      send({ type: 'room.remove', uuid: 'r-1' });
      expect(rates(context().rooms)).toEqual(['B/FAM', 'C/TRP']);
      send({ type: 'sort.changed', sortBy: 'name' });
      // A refinement still describes the three rooms of the URL.
      expect(emitted.at(-1)?.query).toMatchObject({ rooms: '3', 'room-1-rate-code': 'A', 'room-3-rate-code': 'C' });
      send({ type: 'search.submit' });
      expect(emitted.at(-1)?.query).toEqual({
        location: 'Berlin',
        startDate: '2027-03-10',
        endDate: '2027-03-11',
        rooms: '2',
        sortBy: 'name',
        'room-1-child-1': '4',
        'room-1-rate-code': 'B',
        'room-1-room-type-code': 'FAM',
        'room-2-adults': '3',
        'room-2-rate-code': 'C',
        'room-2-room-type-code': 'TRP',
      });
      send({ type: 'url.changed', query: emitted.at(-1)?.query ?? {} });
      expect(context().rooms).toEqual([
        { uuid: 'r-2', adults: 1, children: [4], rateCode: 'B', roomTypeCode: 'FAM' },
        { uuid: 'r-3', adults: 3, children: [], rateCode: 'C', roomTypeCode: 'TRP' },
      ]);
      send({ type: 'rate.selected', uuid: 'r-3', rateCode: 'D', roomTypeCode: 'TRP' });
      expect(emitted.at(-1)?.query).toMatchObject({ 'room-1-rate-code': 'B', 'room-2-rate-code': 'D' });
    });
  });

  describe('submitting', () => {
    it('refuses a search without a destination, then lets the guest fix it', () => {
      const { actor, send, emitted, context } = start();
      send({ type: 'editor.open' }, { type: 'location.changed', location: '   ' }, { type: 'search.submit' });
      expect(actor.getSnapshot().value).toEqual({ editor: 'open', form: 'invalid' });
      expect(actor.getSnapshot().hasTag('invalid')).toBe(true);
      expect(context().errors).toEqual(['location.missing']);
      expect(emitted).toEqual([]);
      send({ type: 'location.changed', location: 'Hamburg' });
      expect(actor.getSnapshot().value).toEqual({ editor: 'open', form: 'editing' });
      expect(context().errors).toEqual([]);
    });

    it('refuses a child without an age; editing another field leaves that error alone', () => {
      const { actor, send, context } = start({ query: { location: 'Berlin' } });
      send({ type: 'room.child.add', uuid: 'r-1' }, { type: 'room.child.add', uuid: 'r-1' }, { type: 'location.changed', location: '' }, { type: 'search.submit' });
      expect(context().errors).toEqual(['location.missing', 'rooms.childAgeMissing']);
      send({ type: 'location.changed', location: 'Paris' }, { type: 'room.child.age.changed', uuid: 'r-1', index: 0, age: 4 });
      expect(context().errors).toEqual(['rooms.childAgeMissing']);
      expect(actor.getSnapshot().matches({ form: 'invalid' })).toBe(true);
      send({ type: 'room.child.remove', uuid: 'r-1', index: 1 });
      expect(context().errors).toEqual([]);
      expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    });

    it('sends a valid search to the address as a submit, trimmed, and closes the editor', () => {
      const { actor, send, emitted } = start();
      send({ type: 'editor.open' }, { type: 'location.changed', location: ' Köln ' }, { type: 'promo.changed', promoCode: ' SPRING ' }, { type: 'search.submit' });
      expect(actor.getSnapshot().value).toEqual({ editor: 'closed', form: 'editing' });
      expect(emitted).toEqual([{ reason: 'submit', query: { location: 'Köln', startDate: '2027-03-10', endDate: '2027-03-11', promo: 'SPRING' } }]);
    });

    it('corrects dates that became past while the page stayed open, and says so before searching', () => {
      const { send, emitted, context, setNow } = start({ query: { location: 'Berlin' } });
      setNow(new Date('2027-03-11T08:00:00Z'));
      send({ type: 'search.submit' });
      expect(context().errors).toEqual(['dates.outsideWindow']);
      expect(context().dateRange).toEqual({ start: '2027-03-11', end: '2027-03-12' });
      expect(emitted).toEqual([]);
      send({ type: 'search.submit' });
      expect(emitted.map((event) => event.query.startDate)).toEqual(['2027-03-11']);
    });
  });

  describe('the URL', () => {
    it('replaces the search when the URL describes another one (back and forward), keeping room ids by position', () => {
      const { actor, send, context } = start({ query: { location: 'Berlin', rooms: 2 } });
      send({ type: 'location.changed', location: '' }, { type: 'search.submit' });
      expect(actor.getSnapshot().matches({ form: 'invalid' })).toBe(true);
      send({ type: 'url.changed', query: { location: 'Wien', rooms: 3, 'room-3-child-1': 5 } });
      expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
      expect(context().errors).toEqual([]);
      expect(context().location).toBe('Wien');
      expect(context().rooms.map((room) => room.uuid)).toEqual(['r-1', 'r-2', 'r-3']);
      expect(context().rooms[2]?.children).toEqual([5]);
    });

    it('ignores the URL catching up with its own update, so unfinished edits stay', () => {
      const { send, emitted, context } = start({ query: { location: 'Berlin' } });
      send({ type: 'room.child.add', uuid: 'r-1' }, { type: 'sort.changed', sortBy: 'name' });
      const query = emitted.at(-1)?.query ?? {};
      send({ type: 'url.changed', query });
      expect(context().rooms[0]?.children).toEqual([-1]);
      expect(context().sortBy).toBe('name');
    });
  });

  it('opens and closes the editor', () => {
    const { actor, send } = start();
    send({ type: 'editor.open' });
    expect(actor.getSnapshot().hasTag('editorOpen')).toBe(true);
    send({ type: 'editor.close' });
    expect(actor.getSnapshot().hasTag('editorOpen')).toBe(false);
  });
});
