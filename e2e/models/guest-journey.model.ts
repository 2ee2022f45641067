import { createMachine, getNextSnapshot } from 'xstate';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { generatePaths, generateTransitionCover } from '../../test/model-based/graph';
import type { MachinePath } from '../../test/model-based/graph';

/**
 * What a guest sees and does on the way from the home page to a paid booking: each state is a page (or
 * a part of one) the guest can tell apart, each event something the guest does there. A member may sign
 * in on the check-out page and pay, or sign out there again and book as a guest. It has no invoke
 * and no delay, so the graph utilities walk it whole; e2e/models/drivers.ts says how each state is
 * checked and each event done in the real site.
 */
export const guestJourneyModel = createMachine({
  id: 'guestJourney',
  types: {} as {
    events:
      | { type: 'FILL_SEARCH' }
      | { type: 'SEARCH' }
      | { type: 'CHOOSE_HOTEL' }
      | { type: 'SELECT_STANDARD_RATES' }
      | { type: 'CONTINUE_TO_PAYMENT' }
      | { type: 'AUTOFILL_DETAILS' }
      | { type: 'SIGN_IN_AS_MEMBER' }
      | { type: 'SAME_GUEST_IN_EVERY_ROOM' }
      | { type: 'SIGN_OUT' }
      | { type: 'ENTER_GOOD_CARD' }
      | { type: 'ENTER_DECLINED_CARD' }
      | { type: 'ENTER_3DS_CARD' }
      | { type: 'PAY' }
      | { type: 'COMPLETE_AUTHENTICATION' }
      | { type: 'OPEN_MAIL_LINK_IN_FRESH_BROWSER' }
      | { type: 'FIND_BOOKING_IN_FRESH_BROWSER' }
      | { type: 'CANCEL_ONE_ROOM' };
  },
  initial: 'home',
  states: {
    home: { on: { FILL_SEARCH: 'searchReady' } },
    searchReady: { on: { SEARCH: 'results' } },
    results: { on: { CHOOSE_HOTEL: 'roomPage' } },
    roomPage: { on: { SELECT_STANDARD_RATES: 'ratesChosen' } },
    ratesChosen: { on: { CONTINUE_TO_PAYMENT: 'checkout' } },
    checkout: { on: { AUTOFILL_DETAILS: 'detailsFilled', SIGN_IN_AS_MEMBER: 'memberCheckout' } },
    // Signed in on the check-out page: the member's own details fill the first room's guest; the member is
    // the guest of the other room too and pays, or signs out again.
    memberCheckout: { on: { SAME_GUEST_IN_EVERY_ROOM: 'memberDetailsFilled', SIGN_OUT: 'signedOutCheckout' } },
    memberDetailsFilled: { on: { ENTER_GOOD_CARD: 'goodCardEntered' } },
    // Signed out there: nothing of the member stays on the page, and the booking goes on as a guest's.
    signedOutCheckout: { on: { AUTOFILL_DETAILS: 'detailsFilled' } },
    detailsFilled: { on: { ENTER_GOOD_CARD: 'goodCardEntered', ENTER_DECLINED_CARD: 'declinedCardEntered', ENTER_3DS_CARD: 'challengeCardEntered' } },
    goodCardEntered: { on: { PAY: 'confirmation' } },
    declinedCardEntered: { on: { PAY: 'paymentDeclined' } },
    challengeCardEntered: { on: { PAY: 'providerChallenge' } },
    paymentDeclined: { on: { ENTER_GOOD_CARD: 'goodCardEntered' } },
    providerChallenge: { on: { COMPLETE_AUTHENTICATION: 'confirmation' } },
    // Booked: the confirmation, and the same booking found again later in another browser.
    confirmation: { tags: 'booked', on: { OPEN_MAIL_LINK_IN_FRESH_BROWSER: 'bookingFromMail', FIND_BOOKING_IN_FRESH_BROWSER: 'bookingFound' } },
    bookingFromMail: { tags: 'booked', on: { CANCEL_ONE_ROOM: 'partlyCancelled' } },
    bookingFound: { tags: 'booked', type: 'final' },
    partlyCancelled: { tags: 'booked', type: 'final' },
  },
});

export type GuestJourneyEvent = EventFromLogic<typeof guestJourneyModel>;
export type GuestJourneyPath = MachinePath<typeof guestJourneyModel>;

export const guestJourneyEvents: GuestJourneyEvent[] = [
  { type: 'FILL_SEARCH' },
  { type: 'SEARCH' },
  { type: 'CHOOSE_HOTEL' },
  { type: 'SELECT_STANDARD_RATES' },
  { type: 'CONTINUE_TO_PAYMENT' },
  { type: 'AUTOFILL_DETAILS' },
  { type: 'SIGN_IN_AS_MEMBER' },
  { type: 'SAME_GUEST_IN_EVERY_ROOM' },
  { type: 'SIGN_OUT' },
  { type: 'ENTER_GOOD_CARD' },
  { type: 'ENTER_DECLINED_CARD' },
  { type: 'ENTER_3DS_CARD' },
  { type: 'PAY' },
  { type: 'COMPLETE_AUTHENTICATION' },
  { type: 'OPEN_MAIL_LINK_IN_FRESH_BROWSER' },
  { type: 'FIND_BOOKING_IN_FRESH_BROWSER' },
  { type: 'CANCEL_ONE_ROOM' },
];

/** How a guest who stopped somewhere goes on to a paid booking: the way on from each state. */
const wayOn: Partial<Record<string, GuestJourneyEvent>> = {
  home: { type: 'FILL_SEARCH' },
  searchReady: { type: 'SEARCH' },
  results: { type: 'CHOOSE_HOTEL' },
  roomPage: { type: 'SELECT_STANDARD_RATES' },
  ratesChosen: { type: 'CONTINUE_TO_PAYMENT' },
  checkout: { type: 'AUTOFILL_DETAILS' },
  memberCheckout: { type: 'SAME_GUEST_IN_EVERY_ROOM' },
  memberDetailsFilled: { type: 'ENTER_GOOD_CARD' },
  signedOutCheckout: { type: 'AUTOFILL_DETAILS' },
  detailsFilled: { type: 'ENTER_GOOD_CARD' },
  goodCardEntered: { type: 'PAY' },
  declinedCardEntered: { type: 'PAY' },
  challengeCardEntered: { type: 'PAY' },
  paymentDeclined: { type: 'ENTER_GOOD_CARD' },
  providerChallenge: { type: 'COMPLETE_AUTHENTICATION' },
};

export const eventTypes = (path: GuestJourneyPath) => path.steps.map((step) => step.event.type).filter((type) => !type.startsWith('xstate.'));

/** Extends a path along the way on until the guest holds a paid booking: every journey ends booked. */
function toConfirmation(path: GuestJourneyPath): GuestJourneyPath {
  let current = path;
  while (!current.state.hasTag('booked')) {
    const event = wayOn[String(current.state.value)];
    if (!event) throw new Error(`The model has no way on from ${JSON.stringify(current.state.value)}`);
    const next = getNextSnapshot(guestJourneyModel, current.state, event) as SnapshotFrom<typeof guestJourneyModel>;
    current = { state: next, steps: [...current.steps, { event, state: next }], weight: current.weight + 1 };
  }
  return current;
}

/**
 * The journeys to drive: the shortest path to every state and the transition cover, each carried on to
 * a paid booking, without the ones another journey already walks from its start.
 */
export function guestJourneys(): GuestJourneyPath[] {
  const options = { input: undefined, events: guestJourneyEvents };
  const completed = [...generatePaths(guestJourneyModel, options), ...generateTransitionCover(guestJourneyModel, options)].map(toConfirmation);
  const unique = new Map(completed.map((path) => [eventTypes(path).join(' '), path]));
  const keys = [...unique.keys()];
  // A journey whose events all begin another's is walked by that one.
  return keys.filter((key) => !keys.some((other) => other !== key && other.startsWith(`${key} `))).map((key) => unique.get(key) as GuestJourneyPath);
}
