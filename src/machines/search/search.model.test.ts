import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, describePath, formatCoverage, generatePaths, generateTransitionCover, replayPath } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import { isChildAgeSet } from '../../services/search/search-rules';
import { fromQuery, toQuery } from '../../services/search/search-url';
import { searchMachine } from './search.machine';
import type { SearchEvent, SearchInput, SearchMachineContext } from './search.types';

/*
 * The search machine, walked as three models that share one coverage recorder. Each model offers the
 * events of one concern and tells states apart only by what decides the machine's next state, so the
 * path count stays small:
 * - form: destination, a child's age, submitting, and the editor (1 room, at most 1 child);
 * - refine: options, filters, sort, price, a rate and the URL, on a valid search;
 * - rooms: adding and removing rooms up to the limit of 9.
 * After every path the final snapshot is checked against an oracle that replays the events by the
 * spec's rules, against invariants, and against the URL round trip.
 */

type Snapshot = SnapshotFrom<typeof searchMachine>;
type Path = MachinePath<typeof searchMachine>;

const NOW = new Date('2027-03-10T09:00:00Z'); // 10:00 in Berlin
const STAY = { startDate: '2027-04-01', endDate: '2027-04-03' };
const ANOTHER_SEARCH = { location: 'Wien', startDate: '2027-05-01', endDate: '2027-05-04', sortBy: 'name' };

const inputFor = (query: Record<string, unknown>): SearchInput => ({ now: () => NOW, newId: () => 'r', payWithPointsEnabled: true, query });

const lastRoom = (snapshot: Snapshot) => snapshot.context.rooms.at(-1)?.uuid ?? 'none';
const firstRoom = (snapshot: Snapshot) => snapshot.context.rooms[0];
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
    // Every search here is valid, so the state value alone decides what comes next.
    serializeState: (snapshot: Snapshot) => JSON.stringify(snapshot.value),
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

interface Expected {
  editorOpen: boolean;
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
  errors: string[];
}

const initialExpectation = (location: string): Expected => ({
  editorOpen: false,
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
  errors: [],
});

/** The spec's rules, replayed over the events without the machine (for the values these models use). */
function oracle(steps: readonly { event: { type: string } }[], initialLocation: string): Expected {
  let expected = initialExpectation(initialLocation);
  const drop = (error: string) => (expected.errors = expected.errors.filter((e) => e !== error));
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
        expected.location = event.location;
        if (event.location.trim() !== '') drop('location.missing');
        break;
      case 'dates.changed':
        expected.dates = { start: event.start, end: event.end };
        break;
      case 'approxDateRange.changed':
        expected.approxDateRange = event.days;
        break;
      case 'room.add':
        expected.rooms = Math.min(expected.rooms + 1, 9);
        break;
      case 'room.remove':
        expected.rooms = Math.max(expected.rooms - 1, 1);
        break;
      case 'room.adults.changed':
        expected.adults = Math.min(Math.max(event.adults, 1), 6);
        break;
      case 'room.child.add':
        if (expected.children.length < 4) expected.children.push(false);
        break;
      case 'room.child.age.changed':
        if (event.index < expected.children.length) expected.children[event.index] = true;
        if (expected.children.every(Boolean)) drop('rooms.childAgeMissing');
        break;
      case 'room.child.remove':
        expected.children.splice(event.index, 1);
        if (expected.children.every(Boolean)) drop('rooms.childAgeMissing');
        break;
      case 'promo.changed':
        expected.promoCode = event.promoCode;
        break;
      case 'business.toggled':
        expected.isBusiness = !expected.isBusiness;
        break;
      case 'points.toggled':
        expected.payWithPoints = !expected.payWithPoints;
        break;
      case 'brands.changed':
        expected.brands = event.brands;
        break;
      case 'features.changed':
        expected.features = event.features;
        break;
      case 'sort.changed':
        expected.sortBy = event.sortBy;
        break;
      case 'price.changed':
        expected.priceRange = { min: event.min, max: event.max };
        break;
      case 'rate.selected':
        expected.rate = { rateCode: event.rateCode, roomTypeCode: event.roomTypeCode };
        break;
      case 'url.changed':
        // The only URL these models send is ANOTHER_SEARCH: everything else back to its default.
        expected = {
          ...initialExpectation(ANOTHER_SEARCH.location),
          editorOpen: expected.editorOpen,
          dates: { start: ANOTHER_SEARCH.startDate, end: ANOTHER_SEARCH.endDate },
          sortBy: ANOTHER_SEARCH.sortBy,
        };
        break;
      case 'search.submit': {
        const errors = [
          ...(expected.location.trim() === '' ? ['location.missing'] : []),
          ...(expected.children.every(Boolean) ? [] : ['rooms.childAgeMissing']),
        ];
        expected.errors = errors;
        expected.location = expected.location.trim();
        expected.promoCode = expected.promoCode.trim();
        if (errors.length === 0) expected.editorOpen = false;
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
        expect(context.rooms).toHaveLength(expected.rooms);
        const { rateCode, roomTypeCode, adults, children } = context.rooms[0] ?? { adults: 0, children: [] };
        expect({ adults, children: children.map(isChildAgeSet), rate: { rateCode, roomTypeCode } }).toEqual({
          adults: expected.adults,
          children: expected.children,
          rate: expected.rate,
        });
        expect(context).toMatchObject({
          location: expected.location,
          dateRange: expected.dates,
          promoCode: expected.promoCode,
          isBusiness: expected.isBusiness,
          payWithPoints: expected.payWithPoints,
          approxDateRange: expected.approxDateRange,
          brands: expected.brands,
          features: expected.features,
          sortBy: expected.sortBy,
          priceRange: expected.priceRange,
        });
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
