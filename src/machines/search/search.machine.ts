import { assertEvent, assign, fromCallback, setup } from 'xstate';
import {
  canAddChild,
  canAddRoom,
  canRemoveRoom,
  CHILD_AGE_UNSET,
  clampAdults,
  isChildAgeSet,
  isIsoDate,
  isRoomLimitReached,
  newRoom,
  normaliseApproxDateRange,
  normaliseChildAge,
  normaliseCodes,
  normaliseDateRange,
  normalisePriceRange,
} from '../../services/search/search-rules';
import { fromQuery, toQuery } from '../../services/search/search-url';
import type { RoomEntry, SearchAddressUpdate, SearchEvent, SearchFieldError, SearchInput, SearchMachineContext, SearchState, SearchTag } from './search.types';

type Context = SearchMachineContext;
type Field = 'location' | 'dates' | 'rooms';

const FIELD_OF_ERROR: Record<SearchFieldError, Field> = {
  'location.missing': 'location',
  'dates.outsideWindow': 'dates',
  'dates.beforeOpening': 'dates',
  'rooms.childAgeMissing': 'rooms',
};

const isBlank = (text: string) => text.trim() === '';
const hasUnsetChildAge = (rooms: readonly RoomEntry[]) => rooms.some((room) => room.children.some((age) => !isChildAgeSet(age)));
const findRoom = (context: Context, uuid: string) => context.rooms.find((room) => room.uuid === uuid);
const findAppliedRoom = (context: Context, uuid: string) => context.applied.rooms.find((room) => room.uuid === uuid);
const hasChild = (context: Context, uuid: string, index: number) => {
  const children = findRoom(context, uuid)?.children ?? [];
  return Number.isInteger(index) && index >= 0 && index < children.length;
};
const dateRules = (context: Context) => ({ openingDate: context.openingDate });

/** Room ids `<prefix>-<n>` with the smallest n no room in `taken` uses: the same rooms always get the same ids. */
function roomIdMaker(prefix: string, taken: readonly RoomEntry[]): () => string {
  const used = new Set(taken.map((room) => room.uuid));
  return () => {
    let n = 1;
    while (used.has(`${prefix}-${n}`)) n += 1;
    const id = `${prefix}-${n}`;
    used.add(id);
    return id;
  };
}

function updateRoom(context: Context, uuid: string, update: (room: RoomEntry) => RoomEntry): { rooms: RoomEntry[] } {
  return { rooms: context.rooms.map((room) => (room.uuid === uuid ? update(room) : room)) };
}

/** Whether two rooms are for the same guests: a rate chosen for one fits the other. */
function sameGuests(a: RoomEntry, b: RoomEntry): boolean {
  return a.adults === b.adults && a.children.length === b.children.length && a.children.every((age, index) => age === b.children[index]);
}

/**
 * Changes who stays in a room of the form. A rate chosen for the room may not fit other guests (room
 * types have a maximum occupancy, prices depend on children's ages): it is dropped when the guests change.
 */
function updateGuests(context: Context, uuid: string, update: (room: RoomEntry) => RoomEntry): { rooms: RoomEntry[] } {
  return updateRoom(context, uuid, (room) => {
    const next = update(room);
    return sameGuests(room, next) ? next : { uuid: next.uuid, adults: next.adults, children: next.children };
  });
}

/** The search fields of a context or a search read from a URL, without the form's own state. */
function searchOf(search: SearchState): SearchState {
  const { features, brands, promoCode, location, dateRange, isBusiness, payWithPoints, rooms, approxDateRange, sortBy, priceRange } = search;
  return { features, brands, promoCode, location, dateRange, isBusiness, payWithPoints, rooms, approxDateRange, sortBy, priceRange };
}

type Refinement = Pick<SearchState, 'brands' | 'features' | 'sortBy' | 'priceRange'>;

/** A refinement narrows or orders the results of the applied search; the form shows it too and keeps its edits. */
function refine(context: Context, refinement: Partial<Refinement>): Partial<Refinement> & { applied: SearchState } {
  return { ...refinement, applied: { ...context.applied, ...refinement } };
}

/**
 * The search a URL query describes, for this machine: rooms keep their ids by position (a room the
 * guest had stays the same room), paying with points only while the flag allows it.
 */
function searchFromQuery(query: Record<string, unknown>, context: Pick<Context, 'clock' | 'openingDate' | 'payWithPointsEnabled' | 'roomIdPrefix' | 'rooms'>) {
  const freshId = roomIdMaker(context.roomIdPrefix, context.rooms);
  const state = fromQuery(query, {
    now: context.clock(),
    openingDate: context.openingDate,
    roomId: (index) => context.rooms[index]?.uuid ?? freshId(),
  });
  return {
    ...state,
    payWithPoints: state.payWithPoints && context.payWithPointsEnabled,
    roomLimitReached: isRoomLimitReached(state.rooms.length),
  };
}

function sameQuery(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * What stops a submit, in a fixed order. Dates that were fine when picked may have become past (a page
 * left open overnight): they are corrected, and the guest is told before the search runs. (Dates before
 * a hotel's opening are corrected as they are picked, so `dates.beforeOpening` never arises here.)
 */
function reviewSearch(context: Context): { errors: SearchFieldError[]; dateRange: Context['dateRange'] } {
  const dateRange = normaliseDateRange(context.dateRange, context.clock(), dateRules(context));
  const datesMoved = dateRange.start !== context.dateRange.start || dateRange.end !== context.dateRange.end;
  const errors: SearchFieldError[] = [];
  if (isBlank(context.location)) errors.push('location.missing');
  if (datesMoved) errors.push('dates.outsideWindow');
  if (hasUnsetChildAge(context.rooms)) errors.push('rooms.childAgeMissing');
  return { errors, dateRange };
}

/** Whether the error still holds after the guest edited its field (dates are corrected as they are picked). */
function stillFails(error: SearchFieldError, context: Context): boolean {
  switch (FIELD_OF_ERROR[error]) {
    case 'location':
      return isBlank(context.location);
    case 'rooms':
      return hasUnsetChildAge(context.rooms);
    case 'dates':
      return false;
  }
}

/** The applied search as a URL update, for `updateAddress`. */
const addressUpdate = (reason: SearchAddressUpdate['reason']) => ({ context }: { context: Context }): SearchAddressUpdate => ({ query: toQuery(context.applied), reason });
const refineAddress = { type: 'updateAddress', params: addressUpdate('refine') } as const;
const submitAddress = { type: 'updateAddress', params: addressUpdate('submit') } as const;

/**
 * The search form: where, when, rooms and guests, and the results-page refinements, kept in the URL's
 * shape (spec sections 2, 3, 5). Two regions run side by side: whether the compact editor is open, and
 * whether the last submit found problems. Everything that changes the URL goes through `updateAddress`,
 * and the URL's own changes (back and forward, a pasted link) come back from `followAddress` as `url.changed`.
 * Both are bound where the actor is created (the page's provider binds the router).
 *
 * The context holds the form (the guest's draft) and, in `applied`, the search the URL describes. Edits
 * change the form only; refinements change both and send the applied search to the URL, so they never
 * carry unsubmitted edits along; a valid submit makes the form the applied search.
 */
export const searchMachine = setup({
  types: {
    context: {} as Context,
    events: {} as SearchEvent,
    input: {} as SearchInput,
    tags: {} as SearchTag,
  },
  actors: {
    /** Sends `url.changed` whenever the page's URL describes a search; bound to the router where the actor is created. */
    followAddress: fromCallback<SearchEvent>(() => undefined),
  },
  guards: {
    canAddRoom: ({ context }) => canAddRoom(context.rooms.length),
    canRemoveRoom: ({ context, event }) => {
      assertEvent(event, 'room.remove');
      return canRemoveRoom(context.rooms.length) && findRoom(context, event.uuid) !== undefined;
    },
    isKnownRoom: ({ context, event }) => {
      assertEvent(event, 'room.adults.changed');
      return findRoom(context, event.uuid) !== undefined;
    },
    /** A rate is chosen for a room of the applied search (the rooms the rates were offered for). */
    isAppliedRoom: ({ context, event }) => {
      assertEvent(event, 'rate.selected');
      return findAppliedRoom(context, event.uuid) !== undefined;
    },
    canAddChild: ({ context, event }) => {
      assertEvent(event, 'room.child.add');
      const room = findRoom(context, event.uuid);
      return room !== undefined && canAddChild(room);
    },
    isKnownChild: ({ context, event }) => {
      assertEvent(event, 'room.child.remove');
      return hasChild(context, event.uuid, event.index);
    },
    isValidChildAge: ({ context, event }) => {
      assertEvent(event, 'room.child.age.changed');
      return hasChild(context, event.uuid, event.index) && normaliseChildAge(event.age) !== null;
    },
    isPointsEnabled: ({ context }) => context.payWithPointsEnabled,
    /**
     * The URL also changes because of this machine's own url.update: only a search other than the applied
     * one (back and forward, a pasted link) replaces the form, so a refinement keeps the guest's draft.
     */
    describesAnotherSearch: ({ context, event }) => {
      assertEvent(event, 'url.changed');
      return !sameQuery(toQuery(searchFromQuery(event.query, context)), toQuery(context.applied));
    },
    isSearchValid: ({ context }) => reviewSearch(context).errors.length === 0,
    hasNoErrors: ({ context }) => context.errors.length === 0,
  },
  actions: {
    setLocation: assign(({ event }) => {
      assertEvent(event, 'location.changed');
      return { location: event.location };
    }),
    setDates: assign(({ context, event }) => {
      assertEvent(event, 'dates.changed');
      return { dateRange: normaliseDateRange({ start: event.start, end: event.end }, context.clock(), dateRules(context)) };
    }),
    setApproxDateRange: assign(({ event }) => {
      assertEvent(event, 'approxDateRange.changed');
      return { approxDateRange: normaliseApproxDateRange(event.days) };
    }),
    addRoom: assign(({ context }) => {
      // An id the applied search still uses (a room removed from the form, not yet submitted) stays that room's.
      const rooms = [...context.rooms, newRoom(roomIdMaker(context.roomIdPrefix, [...context.rooms, ...context.applied.rooms])())];
      return { rooms, roomLimitReached: isRoomLimitReached(rooms.length) };
    }),
    removeRoom: assign(({ context, event }) => {
      assertEvent(event, 'room.remove');
      const rooms = context.rooms.filter((room) => room.uuid !== event.uuid);
      return { rooms, roomLimitReached: isRoomLimitReached(rooms.length) };
    }),
    setAdults: assign(({ context, event }) => {
      assertEvent(event, 'room.adults.changed');
      return updateGuests(context, event.uuid, (room) => ({ ...room, adults: clampAdults(event.adults) }));
    }),
    addChild: assign(({ context, event }) => {
      assertEvent(event, 'room.child.add');
      return updateGuests(context, event.uuid, (room) => ({ ...room, children: [...room.children, CHILD_AGE_UNSET] }));
    }),
    removeChild: assign(({ context, event }) => {
      assertEvent(event, 'room.child.remove');
      return updateGuests(context, event.uuid, (room) => ({ ...room, children: room.children.filter((_, index) => index !== event.index) }));
    }),
    setChildAge: assign(({ context, event }) => {
      assertEvent(event, 'room.child.age.changed');
      const age = normaliseChildAge(event.age) ?? CHILD_AGE_UNSET;
      return updateGuests(context, event.uuid, (room) => ({ ...room, children: room.children.map((old, index) => (index === event.index ? age : old)) }));
    }),
    setPromo: assign(({ event }) => {
      assertEvent(event, 'promo.changed');
      return { promoCode: event.promoCode };
    }),
    toggleBusiness: assign({ isBusiness: ({ context }) => !context.isBusiness }),
    togglePoints: assign({ payWithPoints: ({ context }) => !context.payWithPoints }),
    setBrands: assign(({ context, event }) => {
      assertEvent(event, 'brands.changed');
      return refine(context, { brands: normaliseCodes(event.brands) });
    }),
    setFeatures: assign(({ context, event }) => {
      assertEvent(event, 'features.changed');
      return refine(context, { features: normaliseCodes(event.features) });
    }),
    setSort: assign(({ context, event }) => {
      assertEvent(event, 'sort.changed');
      return refine(context, { sortBy: event.sortBy });
    }),
    setPriceRange: assign(({ context, event }) => {
      assertEvent(event, 'price.changed');
      return refine(context, { priceRange: normalisePriceRange(event.min, event.max) });
    }),
    /**
     * The rate is for the room's guests in the applied search. The form's room takes it too unless the
     * guest changed who stays in it since (the rate may not fit them; the next submit drops it anyway).
     */
    selectRate: assign(({ context, event }) => {
      assertEvent(event, 'rate.selected');
      const rate = { rateCode: event.rateCode, roomTypeCode: event.roomTypeCode };
      const appliedRooms = context.applied.rooms.map((room) => (room.uuid === event.uuid ? { ...room, ...rate } : room));
      const applied = appliedRooms.find((room) => room.uuid === event.uuid);
      return {
        applied: { ...context.applied, rooms: appliedRooms },
        ...updateRoom(context, event.uuid, (room) => (applied && sameGuests(room, applied) ? { ...room, ...rate } : room)),
      };
    }),
    replaceFromQuery: assign(({ context, event }) => {
      assertEvent(event, 'url.changed');
      const search = searchFromQuery(event.query, context);
      return { ...search, applied: searchOf(search), errors: [] };
    }),
    /** A valid submit makes the form the applied search. */
    applySearch: assign(({ context }) => ({ applied: searchOf(context) })),
    /** Drops the errors of the edited field that the edit resolved. */
    revalidate: assign(({ context }, params: { field: Field }) => ({
      errors: context.errors.filter((error) => FIELD_OF_ERROR[error] !== params.field || stillFails(error, context)),
    })),
    reviewSearch: assign(({ context }) => ({
      ...reviewSearch(context),
      location: context.location.trim(),
      promoCode: context.promoCode.trim(),
    })),
    /** Puts the applied search into the URL (a submit opens the results, a refinement replaces the address); bound with `.provide()`. */
    updateAddress: (_, _update: SearchAddressUpdate) => undefined,
  },
}).createMachine({
  id: 'search',
  description: 'The hotel search form and its URL: where, when, rooms and guests, filters and sort.',
  context: ({ input }) => {
    const base = {
      clock: input.now,
      roomIdPrefix: input.newId?.() ?? 'room',
      openingDate: isIsoDate(input.openingDate) ? input.openingDate : null,
      payWithPointsEnabled: input.payWithPointsEnabled ?? false,
      rooms: [],
    };
    const search = searchFromQuery(input.query ?? {}, base);
    return { ...base, ...search, applied: searchOf(search), errors: [] };
  },
  type: 'parallel',
  invoke: { src: 'followAddress' },
  states: {
    editor: {
      description: 'Whether the compact search bar of the results pages shows its full form.',
      initial: 'closed',
      states: {
        closed: {
          description: 'The search is shown as a one-line summary.',
          on: { 'editor.open': 'open' },
        },
        open: {
          description: 'The full form is shown for changing the search.',
          tags: ['editorOpen'],
          on: {
            'editor.close': 'closed',
            'search.submit': { guard: 'isSearchValid', target: 'closed' },
          },
        },
      },
    },
    form: {
      description: 'The search itself: edits, refinements, the URL, and submitting.',
      initial: 'editing',
      on: {
        'location.changed': { actions: ['setLocation', { type: 'revalidate', params: { field: 'location' } }] },
        'dates.changed': { actions: ['setDates', { type: 'revalidate', params: { field: 'dates' } }] },
        'approxDateRange.changed': { actions: 'setApproxDateRange' },
        'room.add': { guard: 'canAddRoom', actions: 'addRoom' },
        'room.remove': { guard: 'canRemoveRoom', actions: ['removeRoom', { type: 'revalidate', params: { field: 'rooms' } }] },
        'room.adults.changed': { guard: 'isKnownRoom', actions: 'setAdults' },
        'room.child.add': { guard: 'canAddChild', actions: 'addChild' },
        'room.child.remove': { guard: 'isKnownChild', actions: ['removeChild', { type: 'revalidate', params: { field: 'rooms' } }] },
        'room.child.age.changed': { guard: 'isValidChildAge', actions: ['setChildAge', { type: 'revalidate', params: { field: 'rooms' } }] },
        'promo.changed': { actions: 'setPromo' },
        'business.toggled': { actions: 'toggleBusiness' },
        'points.toggled': { guard: 'isPointsEnabled', actions: 'togglePoints' },
        'brands.changed': { actions: ['setBrands', refineAddress] },
        'features.changed': { actions: ['setFeatures', refineAddress] },
        'sort.changed': { actions: ['setSort', refineAddress] },
        'price.changed': { actions: ['setPriceRange', refineAddress] },
        'rate.selected': { guard: 'isAppliedRoom', actions: ['selectRate', refineAddress] },
        'url.changed': { guard: 'describesAnotherSearch', target: '.editing', actions: 'replaceFromQuery' },
      },
      states: {
        editing: {
          description: 'The guest edits the search; nothing is wrong with it as far as anyone said.',
          on: { 'search.submit': 'validating' },
        },
        validating: {
          description: 'Checks the submitted search: a valid one goes to the URL, an invalid one shows its problems.',
          entry: 'reviewSearch',
          always: [{ guard: 'hasNoErrors', target: 'editing', actions: ['applySearch', submitAddress] }, { target: 'invalid' }],
        },
        invalid: {
          description: 'The last submit found problems; each goes away as the guest fixes its field.',
          tags: ['invalid'],
          on: { 'search.submit': 'validating' },
          always: { guard: 'hasNoErrors', target: 'editing' },
        },
      },
    },
  },
});
