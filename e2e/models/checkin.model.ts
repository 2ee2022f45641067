import { createMachine } from 'xstate';
import type { EventFromLogic } from 'xstate';
import type { MachinePath } from '../../test/model-based/graph';
import { journeysToTheEnd } from './journey-paths';

/**
 * Online check-in as a guest lives it: each state is what the guest sees, each event what the guest does.
 * A guest books a room for the first night the home page offers (inside the days before arrival when
 * online check-in is open, so the pre-arrival mail goes out with the booking), reads that mail in the demo
 * mailbox, follows its link, registers as a guest from abroad (the travel document is asked for), leaves a
 * card whose bank asks for 3-D Secure, passes it and is checked in with a QR code; the confirmation mail
 * arrives too. Or, at the guarantee, chooses PayPal instead, approves it on PayPal's page and is back on
 * the check-in page, checked in. Another guest, with a booking made at the hotel, comes from "Manage my booking" to the
 * check-in lookup, gives a wrong last name first, then the right one, and reaches the registration form.
 * No invoke, no delay: the graph utilities walk it whole; e2e/models/checkin.drivers.ts says how each
 * state is checked and each event done in the real site.
 */
export const checkinModel = createMachine({
  id: 'checkinJourney',
  types: {} as {
    events:
      | { type: 'BOOK_THE_FIRST_NIGHT_OFFERED' }
      | { type: 'READ_PRE_ARRIVAL_MAIL' }
      | { type: 'FOLLOW_CHECKIN_LINK' }
      | { type: 'CONTINUE_WITH_NOTHING_FILLED' }
      | { type: 'CHOOSE_FOREIGN_NATIONALITY' }
      | { type: 'FILL_THE_REST_AND_CONTINUE' }
      | { type: 'ENTER_3DS_CARD' }
      | { type: 'CHOOSE_PAYPAL' }
      | { type: 'CONFIRM_CHECKIN' }
      | { type: 'APPROVE_AT_PAYPAL' }
      | { type: 'COMPLETE_AUTHENTICATION' }
      | { type: 'READ_CONFIRMATION_MAIL' }
      | { type: 'OPEN_MANAGE_MY_BOOKING' }
      | { type: 'OPEN_CHECKIN_LOOKUP' }
      | { type: 'FIND_WITH_WRONG_NAME' }
      | { type: 'FIND_WITH_RIGHT_NAME' };
  },
  initial: 'home',
  states: {
    home: { on: { BOOK_THE_FIRST_NIGHT_OFFERED: 'booked', OPEN_MANAGE_MY_BOOKING: 'findBooking' } },
    booked: { on: { READ_PRE_ARRIVAL_MAIL: 'preArrivalMail' } },
    preArrivalMail: { on: { FOLLOW_CHECKIN_LINK: 'registration' } },
    registration: { on: { CONTINUE_WITH_NOTHING_FILLED: 'detailsMissing', CHOOSE_FOREIGN_NATIONALITY: 'travelDocumentAsked' } },
    // Going on with nothing filled in: the form names what is missing and keeps what it had.
    detailsMissing: { on: { CHOOSE_FOREIGN_NATIONALITY: 'travelDocumentAsked' } },
    travelDocumentAsked: { on: { FILL_THE_REST_AND_CONTINUE: 'paymentGuarantee' } },
    paymentGuarantee: { on: { ENTER_3DS_CARD: 'challengeCardEntered', CHOOSE_PAYPAL: 'paypalChosen' } },
    challengeCardEntered: { on: { CONFIRM_CHECKIN: 'bankChallenge' } },
    bankChallenge: { on: { COMPLETE_AUTHENTICATION: 'checkedIn' } },
    // PayPal instead of a card: no card form, and the page says where the guest goes next.
    paypalChosen: { on: { CONFIRM_CHECKIN: 'paypalApproval' } },
    paypalApproval: { on: { APPROVE_AT_PAYPAL: 'checkedIn' } },
    checkedIn: { on: { READ_CONFIRMATION_MAIL: 'confirmationMail' } },
    confirmationMail: { type: 'final' },
    // The other way in: from the site's header, without the mail. A wrong name first (said at the lookup,
    // and what was typed stays), then the right one. One way only: the booking it finds is a seeded stay,
    // and no two journeys may share one.
    findBooking: { on: { OPEN_CHECKIN_LOOKUP: 'lookup' } },
    lookup: { on: { FIND_WITH_WRONG_NAME: 'lookupRefused' } },
    lookupRefused: { on: { FIND_WITH_RIGHT_NAME: 'foundRegistration' } },
    foundRegistration: { type: 'final' },
  },
});

export type CheckinEvent = EventFromLogic<typeof checkinModel>;
export type CheckinPath = MachinePath<typeof checkinModel>;
export type CheckinState =
  | 'home'
  | 'booked'
  | 'preArrivalMail'
  | 'registration'
  | 'detailsMissing'
  | 'travelDocumentAsked'
  | 'paymentGuarantee'
  | 'challengeCardEntered'
  | 'bankChallenge'
  | 'paypalChosen'
  | 'paypalApproval'
  | 'checkedIn'
  | 'confirmationMail'
  | 'findBooking'
  | 'lookup'
  | 'lookupRefused'
  | 'foundRegistration';

export const checkinEvents: CheckinEvent[] = [
  { type: 'BOOK_THE_FIRST_NIGHT_OFFERED' },
  { type: 'READ_PRE_ARRIVAL_MAIL' },
  { type: 'FOLLOW_CHECKIN_LINK' },
  { type: 'CONTINUE_WITH_NOTHING_FILLED' },
  { type: 'CHOOSE_FOREIGN_NATIONALITY' },
  { type: 'FILL_THE_REST_AND_CONTINUE' },
  { type: 'ENTER_3DS_CARD' },
  { type: 'CHOOSE_PAYPAL' },
  { type: 'CONFIRM_CHECKIN' },
  { type: 'APPROVE_AT_PAYPAL' },
  { type: 'COMPLETE_AUTHENTICATION' },
  { type: 'READ_CONFIRMATION_MAIL' },
  { type: 'OPEN_MANAGE_MY_BOOKING' },
  { type: 'OPEN_CHECKIN_LOOKUP' },
  { type: 'FIND_WITH_WRONG_NAME' },
  { type: 'FIND_WITH_RIGHT_NAME' },
];

/** How a guest who stopped somewhere goes on: the way on from each state that is not an end. */
const wayOn: Partial<Record<CheckinState, CheckinEvent>> = {
  home: { type: 'BOOK_THE_FIRST_NIGHT_OFFERED' },
  booked: { type: 'READ_PRE_ARRIVAL_MAIL' },
  preArrivalMail: { type: 'FOLLOW_CHECKIN_LINK' },
  registration: { type: 'CHOOSE_FOREIGN_NATIONALITY' },
  detailsMissing: { type: 'CHOOSE_FOREIGN_NATIONALITY' },
  travelDocumentAsked: { type: 'FILL_THE_REST_AND_CONTINUE' },
  paymentGuarantee: { type: 'ENTER_3DS_CARD' },
  challengeCardEntered: { type: 'CONFIRM_CHECKIN' },
  bankChallenge: { type: 'COMPLETE_AUTHENTICATION' },
  paypalChosen: { type: 'CONFIRM_CHECKIN' },
  paypalApproval: { type: 'APPROVE_AT_PAYPAL' },
  checkedIn: { type: 'READ_CONFIRMATION_MAIL' },
  findBooking: { type: 'OPEN_CHECKIN_LOOKUP' },
  lookup: { type: 'FIND_WITH_WRONG_NAME' },
  lookupRefused: { type: 'FIND_WITH_RIGHT_NAME' },
};

/** The journeys to drive, each to an end of the model. */
export const checkinJourneys = (): CheckinPath[] => journeysToTheEnd(checkinModel, checkinEvents, wayOn);

/** Whether a journey finds a booking made at the hotel (a seeded stay) rather than booking its own room. */
export const findsSeededStay = (path: CheckinPath) => path.steps.some((step) => step.event.type === 'OPEN_MANAGE_MY_BOOKING');
