import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, describePath, expectFullCoverage, generatePaths, generateTransitionCover } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import { HttpError } from '../../services/bff/client';
import { favouritesMachine } from './favourites.machine';
import { selectHeart, selectNotice } from './favourites.selectors';
import type { FavouriteChange, FavouriteHotel, FavouritesEvent } from './favourites.types';

/*
 * The favourites machine, walked with the harness: two hotels, the session's moves (known signed in or
 * out), a visitor's heart with the sign-in dialog's outcomes, the member's list as the cache answers it,
 * and the BFF's answers to each change on its way (the list as it is then, a 500, a 409 for a full list),
 * offered only for changes that are on their way. Each path is replayed on a real actor whose saver and
 * sign-in request record what they were asked; after every step the rules are checked: a change goes out
 * once per press, one per hotel at a time; a visitor's heart asks for the dialog and its hotel is saved
 * only once they are signed in; the hearts show what the session, the list and the changes say.
 */

const HOTELS = {
  A: { hotelCode: 'SBTG', hotelName: 'Steigenberger Hotel Berlin Tiergarten' },
  B: { hotelCode: 'MXBM', hotelName: 'MAXX Hotel Berlin Mitte' },
} satisfies Record<string, FavouriteHotel>;
const CODES = [HOTELS.A.hotelCode, HOTELS.B.hotelCode];

const recorded = { sent: [] as FavouriteChange[], signInsAsked: 0 };

const machine = favouritesMachine.provide({
  actors: {
    saveFavourites: fromCallback<FavouriteChange>(({ receive }) => {
      receive((change) => void recorded.sent.push(change));
    }),
  },
  actions: { askForSignIn: () => void (recorded.signInsAsked += 1) },
});
type Snapshot = SnapshotFrom<typeof machine>;
type Path = MachinePath<typeof machine>;

/** The list the BFF answers after a change: a saved hotel comes first (newest), a removed one goes. */
const listAfter = (saved: readonly string[] | null, hotelCode: string, save: boolean) => {
  const others = (saved ?? []).filter((code) => code !== hotelCode);
  return save ? [hotelCode, ...others] : others;
};

const hotelByCode = (code: string): FavouriteHotel => (code === HOTELS.A.hotelCode ? HOTELS.A : HOTELS.B);

/** The events the world may send: the fixed ones, and the BFF's answers to the changes on their way. */
function eventsFor(snapshot: Snapshot): FavouritesEvent[] {
  const fixed: FavouritesEvent[] = [
    { type: 'session.signedIn' },
    { type: 'session.signedOut' },
    { type: 'favourite.set', hotel: HOTELS.A, saved: true },
    { type: 'favourite.set', hotel: HOTELS.A, saved: false },
    { type: 'favourite.set', hotel: HOTELS.B, saved: true },
    { type: 'signIn.succeeded' },
    { type: 'signIn.abandoned' },
    { type: 'favourites.listed', codes: [] },
    { type: 'favourites.listed', codes: [HOTELS.A.hotelCode] },
    { type: 'favourites.unavailable' },
  ];
  const answers = Object.entries(snapshot.context.pending).flatMap(([code, saved]): FavouritesEvent[] => {
    const hotel = hotelByCode(code);
    return [
      { type: 'favourite.answered', hotel, saved, codes: listAfter(snapshot.context.saved, code, saved) },
      { type: 'favourite.refused', hotel, saved, error: new HttpError(500) },
      ...(saved ? [{ type: 'favourite.refused' as const, hotel, saved, error: new HttpError(409) }] : []),
    ];
  });
  return [...fixed, ...answers];
}

const serializeState = (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context.saved, snapshot.context.pending, snapshot.context.intent?.hotelCode ?? null]);
const options = { events: eventsFor, serializeState, input: undefined as never };
const paths = [...generatePaths(machine, options), ...generateTransitionCover(machine, options)];
const recorder = new CoverageRecorder(machine);

function label(event: { type: string; hotel?: FavouriteHotel; saved?: boolean; codes?: readonly string[]; error?: unknown }): string {
  const hotel = event.hotel ? `${event.hotel.hotelCode}${event.saved ? '+' : '-'}` : '';
  if (event.type === 'favourites.listed') return `listed[${event.codes?.join(',')}]`;
  if (event.type === 'favourite.refused') return `refused(${hotel} ${(event.error as HttpError).status})`;
  return hotel ? `${event.type}(${hotel})` : event.type;
}
const nameOf = (path: Path) => describePath(path, label as (event: { type: string }) => string);

describe('favourites machine, model-based', () => {
  it('keeps the generated paths few', () => {
    console.info(`favourites model paths: ${paths.length}`);
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.length).toBeLessThan(5000);
  });

  it.each(paths.map((path) => [nameOf(path), path] as const))('%s', (_name, path) => {
    Object.assign(recorded, { sent: [], signInsAsked: 0 });
    const actor = createActor(machine, { inspect: recorder.inspect });
    actor.start();
    const expected = { sent: [] as FavouriteChange[], signInsAsked: 0 };
    for (const step of path.steps) {
      const event = step.event as FavouritesEvent;
      if ((event.type as string) === 'xstate.init') continue;
      const before = actor.getSnapshot();
      actor.send(event);
      const after = actor.getSnapshot();
      expect(after.value, `after ${label(event)}`).toEqual(step.state.value);
      expected.signInsAsked += signInAsked(before, after, event) ? 1 : 0;
      expected.sent.push(...changesSent(before, after, event));
      // A change goes out once per press (or once for the hotel kept through signing in), never otherwise.
      expect(recorded.sent).toEqual(expected.sent);
      expect(recorded.signInsAsked).toBe(expected.signInsAsked);
      checkHearts(before, after, event);
    }
    actor.stop();
  });

  it('covers every state and transition of the machine', () => {
    expectFullCoverage(recorder, 'favourites');
  });
});

/** A visitor pressed a heart: the sign-in dialog is asked for. */
function signInAsked(before: Snapshot, after: Snapshot, event: FavouritesEvent): boolean {
  return event.type === 'favourite.set' && event.saved && before.matches('signedOut') && !before.matches({ signedOut: 'signingIn' }) && after.matches({ signedOut: 'askingSignIn' });
}

/** The changes a step must have sent: a member's press of a hotel not on its way, or the hotel kept through signing in. */
function changesSent(before: Snapshot, after: Snapshot, event: FavouritesEvent): FavouriteChange[] {
  if (event.type === 'favourite.set' && before.matches('signedIn') && !(event.hotel.hotelCode in before.context.pending)) {
    return [{ type: 'favourite.send', hotel: event.hotel, saved: event.saved }];
  }
  if (event.type === 'session.signedIn' && !before.matches('signedIn') && before.context.intent) {
    expect(after.context.intent).toBeNull();
    return [{ type: 'favourite.send', hotel: before.context.intent, saved: true }];
  }
  return [];
}

/** What the hearts show after a step, and what the member is told. */
function checkHearts(before: Snapshot, after: Snapshot, event: FavouritesEvent) {
  for (const code of CODES) {
    const heart = selectHeart(code)(after);
    const pending = after.context.pending[code];
    if (after.matches('unknown')) expect(heart).toEqual({ enabled: false, pressed: false, busy: false });
    if (after.matches({ signedOut: 'idle' }) || after.matches({ signedOut: 'askingSignIn' })) expect(heart).toEqual({ enabled: true, pressed: false, busy: false });
    if (after.matches({ signedOut: 'signingIn' })) expect(heart.pressed).toBe(after.context.intent?.hotelCode === code);
    if (pending !== undefined) expect(heart).toEqual({ enabled: true, pressed: pending, busy: true });
    else if (after.matches({ signedIn: 'listed' })) expect(heart).toEqual({ enabled: true, pressed: after.context.saved?.includes(code) ?? false, busy: false });
    else if (after.matches({ signedIn: 'loading' }) || after.matches({ signedIn: 'unavailable' })) expect(heart.enabled).toBe(false);
  }
  // Nothing of a member stays once they are signed out; a visitor keeps at most the hotel they asked for.
  if (after.matches('signedOut') && before.matches('signedIn')) {
    expect(after.context).toMatchObject({ saved: null, pending: {}, intent: null, notices: [] });
  }
  // A closed dialog forgets the hotel; a sign-in keeps it until it is sent.
  if (event.type === 'signIn.abandoned' && before.matches({ signedOut: 'askingSignIn' })) expect(after.context.intent).toBeNull();
  // An answer to a change on its way ends it and says what became of it; the list is the BFF's.
  if ((event.type === 'favourite.answered' || event.type === 'favourite.refused') && event.hotel.hotelCode in before.context.pending) {
    const code = event.hotel.hotelCode;
    expect(code in after.context.pending).toBe(false);
    const notice = selectNotice(code)(after);
    if (event.type === 'favourite.answered') {
      expect(after.context.saved).toEqual(event.codes);
      expect(notice).toEqual({ kind: event.saved ? 'saved' : 'removed', hotel: event.hotel });
    } else {
      // Refused: the heart shows what is saved, as before the press.
      expect(after.context.saved).toEqual(before.context.saved);
      const failure = (event.error as HttpError).status === 409 ? 'full' : 'failed';
      expect(notice).toEqual({ kind: event.saved ? 'notSaved' : 'notRemoved', hotel: event.hotel, failure });
    }
  }
  // A new press of a hotel clears what was said of its last change.
  if (event.type === 'favourite.set' && after.context.pending[event.hotel.hotelCode] !== undefined && !(event.hotel.hotelCode in before.context.pending)) {
    expect(selectNotice(event.hotel.hotelCode)(after)).toBeNull();
  }
}
