import { assign, enqueueActions, fromCallback, setup } from 'xstate';
import { statusOf } from '../../services/account/errors';
import type { FavouriteChange, FavouriteFailure, FavouriteHotel, FavouriteNotice, FavouritesContext, FavouritesEvent, FavouritesTag } from './favourites.types';

// Followers and the saver are bound at the app's edge (favourites.live.ts); unbound (the server's render,
// tests of other machines) they do nothing, so hearts simply wait.
const noEffect = () => undefined;

/** 409: the member has the most favourites there can be; anything else is a request that failed. */
const failureOf = (error: unknown): FavouriteFailure => (statusOf(error) === 409 ? 'full' : 'failed');

/** The notices with this one in front, replacing an older one of the same hotel. */
const withNotice = (notices: readonly FavouriteNotice[], notice: FavouriteNotice) => [notice, ...notices.filter((other) => other.hotel.hotelCode !== notice.hotel.hotelCode)];

const withoutNotice = (notices: readonly FavouriteNotice[], hotelCode: string) => notices.filter((notice) => notice.hotel.hotelCode !== hotelCode);

const withoutPending = (pending: Readonly<Record<string, boolean>>, hotelCode: string) =>
  Object.fromEntries(Object.entries(pending).filter(([code]) => code !== hotelCode));

const hotelOf = (event: FavouritesEvent): FavouriteHotel | null => ('hotel' in event ? event.hotel : null);

/**
 * The member's favourite hotels (spec section 3) for the whole visit, as the hearts on hotel cards and
 * hotel pages and the favourites page use them. Spawned by the app (`favourites`) and told nothing by it:
 * it follows the session (signed in or not) and, while a visitor signs in for a heart, the sign-in dialog.
 * - Until the session is known (the server's page, the browser before reading storage) no heart is
 *   pressed and none can be pressed.
 * - A visitor's heart opens the sign-in dialog and keeps the hotel: once they are signed in it is saved;
 *   if the dialog closes without a sign-in, it is forgotten.
 * - A member's heart changes at once: the change is pending (shown as asked) until the BFF answers with
 *   the list, which replaces the one held; a refusal drops the change (the heart shows what is saved)
 *   and says so. One change per hotel at a time.
 */
export const favouritesMachine = setup({
  types: {
    context: {} as FavouritesContext,
    events: {} as FavouritesEvent,
    tags: {} as FavouritesTag,
  },
  actors: {
    /** Tells `session.signedIn` and `session.signedOut` as the session's state changes. */
    followSession: fromCallback<FavouritesEvent>(noEffect),
    /** While a visitor signs in for a heart: `signIn.succeeded`, or `signIn.abandoned` when the dialog closes without it. */
    followSignIn: fromCallback<FavouritesEvent>(noEffect),
    /** The member's list as the query cache holds it: `favourites.listed` on every answer, `favourites.unavailable` on failure. */
    followList: fromCallback<FavouritesEvent>(noEffect),
    /** Sends each change it is told (`favourite.send`) and answers `favourite.answered` or `favourite.refused`. */
    saveFavourites: fromCallback<FavouriteChange>(noEffect),
  },
  guards: {
    /** The change asks for a favourite (a visitor's heart is never pressed: it can only ask to save). */
    asksToSave: ({ event }) => event.type === 'favourite.set' && event.saved,
    /** No change of this hotel is on its way (one at a time per hotel). */
    isIdleHotel: ({ context, event }) => {
      const hotel = hotelOf(event);
      return hotel !== null && !(hotel.hotelCode in context.pending);
    },
    /** The answer is to a change that is on its way (an answer for a member who has since left is not). */
    isPendingHotel: ({ context, event }) => {
      const hotel = hotelOf(event);
      return hotel !== null && hotel.hotelCode in context.pending;
    },
  },
  actions: {
    /** Opens the sign-in dialog: the app loads it if it is not there yet. */
    askForSignIn: enqueueActions(({ enqueue, system }) => {
      const app = system.get('app');
      if (app) enqueue.sendTo(app, { type: 'login.open' });
    }),
    keepIntent: assign(({ event }) => (event.type === 'favourite.set' ? { intent: event.hotel } : {})),
    forgetIntent: assign({ intent: null }),
    /** Signed in with a hotel kept from before: it is saved like a heart pressed now. */
    saveIntent: enqueueActions(({ context, enqueue }) => {
      if (!context.intent) return;
      enqueue.raise({ type: 'favourite.set', hotel: context.intent, saved: true });
      enqueue.assign({ intent: null });
    }),
    /** The change shows at once and goes to the BFF. */
    sendChange: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'favourite.set') return;
      const { hotel, saved } = event;
      enqueue.assign({ pending: { ...context.pending, [hotel.hotelCode]: saved }, notices: withoutNotice(context.notices, hotel.hotelCode) });
      enqueue.sendTo('saveFavourites', { type: 'favourite.send', hotel, saved } satisfies FavouriteChange);
    }),
    keepList: assign(({ event }) => (event.type === 'favourites.listed' ? { saved: event.codes } : {})),
    /** The BFF's list replaces the one held; the change is done and said. */
    keepAnswer: assign(({ context, event }) => {
      if (event.type !== 'favourite.answered') return {};
      const notice: FavouriteNotice = { kind: event.saved ? 'saved' : 'removed', hotel: event.hotel };
      return { saved: event.codes, pending: withoutPending(context.pending, event.hotel.hotelCode), notices: withNotice(context.notices, notice) };
    }),
    /** The change is dropped: the heart shows what is saved, and the failure is said. */
    revertChange: assign(({ context, event }) => {
      if (event.type !== 'favourite.refused') return {};
      const notice: FavouriteNotice = { kind: event.saved ? 'notSaved' : 'notRemoved', hotel: event.hotel, failure: failureOf(event.error) };
      return { pending: withoutPending(context.pending, event.hotel.hotelCode), notices: withNotice(context.notices, notice) };
    }),
    /** A member left: nothing of theirs stays. */
    forgetMember: assign({ saved: null, pending: {}, intent: null, notices: [] }),
  },
}).createMachine({
  id: 'favourites',
  description: 'Favourite hotels: the hearts on hotel cards and pages, a visitor’s heart kept through signing in, and the member’s list.',
  context: { saved: null, pending: {}, intent: null, notices: [] },
  invoke: { id: 'followSession', src: 'followSession' },
  initial: 'unknown',
  states: {
    unknown: {
      description: 'The session is not known yet (the server’s page, the browser before reading storage): no heart is pressed, none can be pressed.',
      on: { 'session.signedIn': 'signedIn', 'session.signedOut': 'signedOut' },
    },
    signedOut: {
      description: 'A visitor: a heart asks them to sign in.',
      tags: ['sessionKnown'],
      initial: 'idle',
      on: { 'session.signedIn': 'signedIn' },
      states: {
        idle: {
          description: 'Hearts are not pressed; pressing one opens the sign-in dialog and keeps the hotel.',
          on: { 'favourite.set': { guard: 'asksToSave', target: 'askingSignIn', actions: ['keepIntent', 'askForSignIn'] } },
        },
        askingSignIn: {
          description: 'The sign-in dialog is open (or loading) for a heart: a sign-in saves the hotel, closing the dialog forgets it.',
          invoke: { id: 'followSignIn', src: 'followSignIn' },
          on: {
            'signIn.succeeded': 'signingIn',
            'signIn.abandoned': { target: 'idle', actions: 'forgetIntent' },
            // The dialog's code could not load and the visitor presses a heart again: that hotel, and the dialog once more.
            'favourite.set': { guard: 'asksToSave', target: 'askingSignIn', reenter: true, actions: ['keepIntent', 'askForSignIn'] },
          },
        },
        signingIn: {
          description: 'The visitor signed in; the session takes the token, then the hotel is saved.',
          tags: ['signingIn'],
          on: { 'session.signedOut': { target: 'idle', actions: 'forgetIntent' } },
        },
      },
    },
    signedIn: {
      description: 'A member: their list is followed; a heart changes at once and the BFF’s answer decides.',
      tags: ['sessionKnown', 'member'],
      invoke: [
        { id: 'followList', src: 'followList' },
        { id: 'saveFavourites', src: 'saveFavourites' },
      ],
      entry: 'saveIntent',
      initial: 'loading',
      on: {
        'session.signedOut': { target: 'signedOut', actions: 'forgetMember' },
        'favourites.listed': { target: '.listed', actions: 'keepList' },
        'favourite.set': { guard: 'isIdleHotel', actions: 'sendChange' },
        'favourite.answered': { guard: 'isPendingHotel', actions: 'keepAnswer' },
        'favourite.refused': { guard: 'isPendingHotel', actions: 'revertChange' },
      },
      states: {
        loading: {
          description: 'The member’s list loads: hearts wait (a hotel kept through signing in is being saved meanwhile).',
          on: { 'favourites.unavailable': 'unavailable' },
        },
        listed: { description: 'The list is known: hearts show it and can be pressed.', tags: ['listKnown'] },
        unavailable: { description: 'The list could not be loaded: hearts wait until it is read again (the favourites page can try again).' },
      },
    },
  },
});

export type FavouritesMachine = typeof favouritesMachine;
