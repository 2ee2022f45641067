import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, describePath, formatCoverage, generatePaths, generateTransitionCover, replayPath } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import { isChildAgeSet } from '../../services/search/search-rules';
import { fromQuery, toQuery } from '../../services/search/search-url';
import { searchMachine } from './search.machine';
import type { SearchEvent, SearchInput, SearchMachineContext, SearchState } from './search.types';

/*
 * The search machine, walked as three models that share one coverage recorder. Each model offers the
 * events of one concern and tells states apart only by what decides the machine's next state, so the
 * path count stays small:
 * - form: destination, a child's age, submitting, and the editor (1 room, at most 1 child);
 * - refine: edits, filters, sort, price, a rate and the URL, on a valid search: refinements apply to the
 *   search in the URL while unsubmitted edits wait in the form;
 * - rooms: adding and removing rooms up to the limit of 9.
 * After every path the final snapshot (the form and the applied search) is checked against an oracle
 * that replays the events by the spec's rules, against invariants, and against the URL round trip.
 */

type Snapshot = SnapshotFrom<typeof searchMachine>;
type Path = MachinePath<typeof searchMachine>;

const NOW = new Date('2027-03-10T09:00:00Z'); // 10:00 in Berlin
const STAY = { startDate: '2027-04-01', endDate: '2027-04-03' };
const ANOTHER_SEARCH = { location: 'Wien', startDate: '2027-05-01', endDate: '2027-05-04', sortBy: 'name' };

const inputFor = (query: Record<string, unknown>): SearchInput => ({ now: () => NOW, newId: () => 'r', payWithPointsEnabled: true, query });

const lastRoom = (snapshot: Snapshot) => snapshot.context.rooms.at(-1)?.uuid ?? 'none';
const firstRoom = (snapshot: Snapshot) => snapshot.context.rooms[0];
const hasRate = (room: SearchState['rooms'][number] | undefined) => room?.rateCode !== undefined;
/** Whether the form holds edits not yet submitted, which first rooms carry a rate, and where the URL searches. */
const draftState = ({ context }: Snapshot) => [
  JSON.stringify(toQuery(context)) !== JSON.stringify(toQuery(context.applied)),
  hasRate(context.rooms[0]),
  hasRate(context.applied.rooms[0]),
  context.applied.location,
];
const childState = (snapshot: Snapshot) => {
  const age = firstRoom(snapshot)?.children[0];
  return age === undefined ? 'none' : isChildAgeSet(age) ? 'aged' : 'unaged';
};

const models = [
  {
    name: 'form',
    input: inputFor({ location: 'Berlin', ...STAY }),
    events: (snapshot: Snapshot): SearchEvent[] => [
      { type: 'editor.open' },
      { type: 'editor.close' },
      { type: 'location.changed', location: '  ' },
      { type: 'location.changed', location: 'Hamburg' },
      // One child at most keeps the model small; the limit of 4 is a unit test.
      ...(childState(snapshot) === 'none' ? [{ type: 'room.child.add', uuid: 'r-1' } as const] : []),
      { type: 'room.child.age.changed', uuid: 'r-1', index: 0, age: 0 },
      { type: 'room.child.remove', uuid: 'r-1', index: 0 },
      { type: 'search.submit' },
    ],
    serializeState: (snapshot: Snapshot) =>
      JSON.stringify([snapshot.value, snapshot.context.location.trim() === '', childState(snapshot), snapshot.context.errors]),
  },
  {
    name: 'refine',
    input: inputFor({ location: 'Berlin', ...STAY }),
    events: (): SearchEvent[] => [
      { type: 'editor.open' },
      { type: 'editor.close' },
      { type: 'dates.changed', start: '2027-04-10', end: '2027-04-12' },
      { type: 'approxDateRange.changed', days: 2 },
      { type: 'room.adults.changed', uuid: 'r-1', adults: 7 },
      { type: 'room.adults.changed', uuid: 'r-1', adults: 1 },
      { type: 'promo.changed', promoCode: 'SPRING' },
      { type: 'business.toggled' },
      { type: 'points.toggled' },
      { type: 'brands.changed', brands: ['JA', 'MA'] },
      { type: 'features.changed', features: ['spa'] },
      { type: 'sort.changed', sortBy: 'distance' },
      { type: 'price.changed', min: 40, max: 150.5 },
      { type: 'rate.selected', uuid: 'r-1', rateCode: 'HRW1X', roomTypeCode: 'DBL' },
      { type: 'url.changed', query: ANOTHER_SEARCH },
      { type: 'search.submit' },
    ],
    // Every search here is valid, and the form model covers the editor: what comes next depends on
    // whether the form holds unsubmitted edits, on which first room has a rate, and on the URL's search
    // (the URL these models send is the applied search once it was taken).
    serializeState: (snapshot: Snapshot) => JSON.stringify(draftState(snapshot)),
  },
  {
    name: 'rooms',
    input: inputFor({ location: 'Berlin', ...STAY }),
    events: (snapshot: Snapshot): SearchEvent[] => [
      { type: 'room.add' },
      { type: 'room.remove', uuid: lastRoom(snapshot) },
      { type: 'search.submit' },
    ],
    serializeState: (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context.rooms.length]),
  },
] as const;

/** A search as the oracle follows it. */
interface ExpectedSearch {
  location: string;
  dates: { start: string; end: string };
  rooms: number;
  /** The first room: its adults, its children (whether each has an age) and its chosen rate. */
  adults: number;
  children: boolean[];
  rate: { rateCode?: string; roomTypeCode?: string };
  promoCode: string;
  isBusiness: boolean;
  payWithPoints: boolean;
  approxDateRange: number | null;
  brands: string[];
  features: string[];
  sortBy: string;
  priceRange: { min: number | null; max: number | null };
}

interface Expected {
  editorOpen: boolean;
  errors: string[];
  /** What the form shows: the applied search with the guest's unsubmitted edits. */
  form: ExpectedSearch;
  /** The search in the URL. */
  applied: ExpectedSearch;
  /** The URL updates (`updateAddress`), in order, with the search each one describes. */
  urlUpdates: { reason: 'submit' | 'refine'; search: ExpectedSearch }[];
}

const searchExpectation = (location: string): ExpectedSearch => ({
  location,
  dates: { start: STAY.startDate, end: STAY.endDate },
  rooms: 1,
  adults: 1,
  children: [],
  rate: {},
  promoCode: '',
  isBusiness: false,
  payWithPoints: false,
  approxDateRange: null,
  brands: [],
  features: [],
  sortBy: 'price-asc',
  priceRange: { min: null, max: null },
});

/** The only URL these models send is ANOTHER_SEARCH: everything else at its default. */
const anotherSearch = (): ExpectedSearch => ({
  ...searchExpectation(ANOTHER_SEARCH.location),
  dates: { start: ANOTHER_SEARCH.startDate, end: ANOTHER_SEARCH.endDate },
  sortBy: ANOTHER_SEARCH.sortBy,
});

/** What the oracle compares with an ExpectedSearch. */
function observe(search: SearchState): ExpectedSearch {
  const first = search.rooms[0];
  return {
    location: search.location,
    dates: search.dateRange,
    rooms: search.rooms.length,
    adults: first?.adults ?? 0,
    children: first?.children.map(isChildAgeSet) ?? [],
    rate: { rateCode: first?.rateCode, roomTypeCode: first?.roomTypeCode },
    promoCode: search.promoCode,
    isBusiness: search.isBusiness,
    payWithPoints: search.payWithPoints,
    approxDateRange: search.approxDateRange,
    brands: search.brands,
    features: search.features,
    sortBy: search.sortBy,
    priceRange: search.priceRange,
  };
}

/** The spec's rules, replayed over the events without the machine (for the values these models use). */
function oracle(steps: readonly { event: { type: string } }[], initialLocation: string): Expected {
  const expected: Expected = { editorOpen: false, errors: [], form: searchExpectation(initialLocation), applied: searchExpectation(initialLocation), urlUpdates: [] };
  const { form } = expected;
  const drop = (error: string) => (expected.errors = expected.errors.filter((e) => e !== error));
  /** A refinement applies to the search in the URL, and shows in the form (which keeps its edits). */
  const refine = (change: Partial<ExpectedSearch>) => {
    Object.assign(form, structuredClone(change));
    Object.assign(expected.applied, structuredClone(change));
    expected.urlUpdates.push({ reason: 'refine', search: structuredClone(expected.applied) });
  };
  for (const { event: raw } of steps) {
    const event = raw as SearchEvent;
    switch (event.type) {
      case 'editor.open':
        expected.editorOpen = true;
        break;
      case 'editor.close':
        expected.editorOpen = false;
        break;
      case 'location.changed':
        form.location = event.location;
        if (event.location.trim() !== '') drop('location.missing');
        break;
      case 'dates.changed':
        form.dates = { start: event.start, end: event.end };
        break;
      case 'approxDateRange.changed':
        form.approxDateRange = event.days;
        break;
      case 'room.add':
        form.rooms = Math.min(form.rooms + 1, 9);
        break;
      case 'room.remove':
        form.rooms = Math.max(form.rooms - 1, 1);
        break;
      // Other guests in a room: the rate chosen for it may not fit them any more.
      case 'room.adults.changed': {
        const adults = Math.min(Math.max(event.adults, 1), 6);
        if (adults !== form.adults) form.rate = {};
        form.adults = adults;
        break;
      }
      case 'room.child.add':
        if (form.children.length < 4) {
          form.children.push(false);
          form.rate = {};
        }
        break;
      case 'room.child.age.changed':
        // The models only ever choose age 0, stored as 1: a child who has an age keeps it.
        if (event.index < form.children.length && !form.children[event.index]) {
          form.children[event.index] = true;
          form.rate = {};
        }
        if (form.children.every(Boolean)) drop('rooms.childAgeMissing');
        break;
      case 'room.child.remove':
        if (event.index < form.children.length) {
          form.children.splice(event.index, 1);
          form.rate = {};
        }
        if (form.children.every(Boolean)) drop('rooms.childAgeMissing');
        break;
      case 'promo.changed':
        form.promoCode = event.promoCode;
        break;
      case 'business.toggled':
        form.isBusiness = !form.isBusiness;
        break;
      case 'points.toggled':
        form.payWithPoints = !form.payWithPoints;
        break;
      case 'brands.changed':
        refine({ brands: event.brands });
        break;
      case 'features.changed':
        refine({ features: event.features });
        break;
      case 'sort.changed':
        refine({ sortBy: event.sortBy });
        break;
      case 'price.changed':
        refine({ priceRange: { min: event.min, max: event.max } });
        break;
      case 'rate.selected': {
        // The rate is for the guests of the applied search; the form's room takes it while it has the same guests.
        const rate = { rateCode: event.rateCode, roomTypeCode: event.roomTypeCode };
        if (form.adults === expected.applied.adults && isDeepStrictEqual(form.children, expected.applied.children)) form.rate = { ...rate };
        expected.applied.rate = rate;
        expected.urlUpdates.push({ reason: 'refine', search: structuredClone(expected.applied) });
        break;
      }
      case 'url.changed':
        // The URL catching up with the applied search changes nothing; another search replaces both.
        if (!isDeepStrictEqual(expected.applied, anotherSearch())) {
          Object.assign(form, anotherSearch());
          expected.applied = anotherSearch();
          expected.errors = [];
        }
        break;
      case 'search.submit': {
        const errors = [
          ...(form.location.trim() === '' ? ['location.missing'] : []),
          ...(form.children.every(Boolean) ? [] : ['rooms.childAgeMissing']),
        ];
        expected.errors = errors;
        form.location = form.location.trim();
        form.promoCode = form.promoCode.trim();
        if (errors.length === 0) {
          expected.editorOpen = false;
          expected.applied = structuredClone(form);
          expected.urlUpdates.push({ reason: 'submit', search: structuredClone(expected.applied) });
        }
        break;
      }
    }
  }
  return expected;
}

function checkInvariants(context: SearchMachineContext) {
  expect(context.rooms.length).toBeGreaterThanOrEqual(1);
  expect(context.rooms.length).toBeLessThanOrEqual(9);
  expect(context.roomLimitReached).toBe(context.rooms.length === 9);
  expect(new Set(context.rooms.map((room) => room.uuid)).size).toBe(context.rooms.length);
  for (const room of context.rooms) {
    expect(room.adults).toBeGreaterThanOrEqual(1);
    expect(room.adults).toBeLessThanOrEqual(6);
    expect(room.children.length).toBeLessThanOrEqual(4);
    for (const age of room.children.filter(isChildAgeSet)) {
      expect(age).toBeGreaterThanOrEqual(1);
      expect(age).toBeLessThanOrEqual(17);
    }
  }
  // The URL holds the search: reading it back gives the same search, less the children without an age.
  const { features, brands, promoCode, location, dateRange, isBusiness, payWithPoints, rooms, approxDateRange, sortBy, priceRange } = context;
  const search = { features, brands, promoCode, location, dateRange, isBusiness, payWithPoints, rooms, approxDateRange, sortBy, priceRange };
  const back = fromQuery(toQuery(search), { now: NOW, openingDate: context.openingDate, roomId: (index) => rooms[index]?.uuid ?? '' });
  expect(back).toEqual({ ...search, rooms: rooms.map((room) => ({ ...room, children: room.children.filter(isChildAgeSet) })) });
  // The applied search is one the URL restores exactly, and the form shows its refinements.
  const { applied } = context;
  expect(fromQuery(toQuery(applied), { now: NOW, openingDate: context.openingDate, roomId: (index) => applied.rooms[index]?.uuid ?? '' })).toEqual(applied);
  expect({ brands, features, sortBy, priceRange }).toEqual({ brands: applied.brands, features: applied.features, sortBy: applied.sortBy, priceRange: applied.priceRange });
  // A room id names one room: a room of the form that is not the applied search's room of that id is new.
  expect(new Set(applied.rooms.map((room) => room.uuid)).size).toBe(applied.rooms.length);
}

/** Replays a path's events on an actor of its own, for the URL updates it asks for. */
function urlUpdates(input: SearchInput, steps: readonly { event: { type: string } }[]) {
  const updates: { reason: 'submit' | 'refine'; search: ExpectedSearch }[] = [];
  const machine = searchMachine.provide({
    actions: { updateAddress: (_, update) => updates.push({ reason: update.reason, search: observe(fromQuery(update.query, { now: NOW })) }) },
  });
  const actor = createActor(machine, { input });
  actor.start();
  for (const { event } of steps) if (!event.type.startsWith('xstate.')) actor.send(event as SearchEvent);
  actor.stop();
  return updates;
}

function label(event: { type: string }): string {
  const details = Object.entries(event).filter(([key]) => key !== 'type');
  if (event.type === 'url.changed') return 'url.changed(another search)';
  return details.length ? `${event.type}(${details.map(([, value]) => (Array.isArray(value) ? value.join('+') : String(value))).join(', ')})` : event.type;
}

const recorder = new CoverageRecorder(searchMachine);
const plans = models.map((model) => {
  const options = { input: model.input, events: model.events, serializeState: model.serializeState };
  return { model, shortest: generatePaths(searchMachine, options), cover: generateTransitionCover(searchMachine, options) };
});

describe('search machine, model-based', () => {
  it('keeps the generated paths few', () => {
    const total = plans.reduce((sum, plan) => sum + plan.shortest.length + plan.cover.length, 0);
    console.info(`search model paths: ${plans.map((plan) => `${plan.model.name} ${plan.shortest.length} shortest + ${plan.cover.length} cover`).join(', ')}; ${total} in all`);
    expect(total).toBeLessThan(500);
  });

  it('reaches 9 rooms and the limit flag in the rooms model', () => {
    const rooms = plans.find((plan) => plan.model.name === 'rooms');
    expect(rooms?.shortest.some((path) => path.state.context.roomLimitReached)).toBe(true);
  });

  describe.each(plans.flatMap((plan) => [[`${plan.model.name}: shortest paths`, plan.model, plan.shortest] as const, [`${plan.model.name}: transition cover`, plan.model, plan.cover] as const]))(
    '%s',
    (_, model, paths) => {
      it.each(paths.map((path: Path) => [describePath(path, label), path] as const))('%s', (_name, path) => {
        const final = replayPath(searchMachine, path, model.input, recorder);
        const expected = oracle(path.steps, String(model.input.query?.location ?? ''));
        expect(final.value).toEqual({ editor: expected.editorOpen ? 'open' : 'closed', form: expected.errors.length > 0 ? 'invalid' : 'editing' });
        expect(final.hasTag('editorOpen')).toBe(expected.editorOpen);
        expect(final.hasTag('invalid')).toBe(expected.errors.length > 0);
        const { context } = final;
        expect(context.errors).toEqual(expected.errors);
        expect(observe(context)).toEqual(expected.form);
        expect(observe(context.applied)).toEqual(expected.applied);
        expect(urlUpdates(model.input, path.steps)).toEqual(expected.urlUpdates);
        checkInvariants(final.context);
      });
    },
  );

  it('covers every state and transition of the machine', () => {
    const report = recorder.report('search');
    console.info(formatCoverage(report));
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
