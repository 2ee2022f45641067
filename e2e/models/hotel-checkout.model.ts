import { createMachine } from 'xstate';
import type { EventFromLogic } from 'xstate';
import type { MachinePath } from '../../test/model-based/graph';
import { journeysToTheEnd } from './journey-paths';

/**
 * The hotel checkout as in-house guests live it, from the demo's front desk: each state is what the desk or
 * the guest sees, each event what one of them does. A guest arriving today is handed the key, a minibar
 * charge is posted, and the link on the room's card (standing in for its QR code) opens the bill; the guest
 * moves the minibar to the business bill, gives the company's address, pays by card, checks out, downloads
 * both invoices and finds them in the mail. A guest in house since yesterday reads the bill and is about
 * to pay when the restaurant posts a charge at the desk: the page says the bill changed, and the guest pays
 * the new total. A third guest books a room for today from the home page; the desk lists the stay and
 * hands over the key, and from the room card's link the guest pays the bill either with a card whose bank
 * asks for 3-D Secure or with iDEAL, approved on the bank's page, and is checked out back on the bill page.
 *
 * The first two ways are seeded stays' (server/db/seed/stays.ts), and a stay can be checked out only once:
 * so each of them is one line without choices, and the model gives exactly one journey per seeded stay.
 * The third way may branch: each of its journeys books a stay of its own. The states of each way sit inside
 * its own parent (`arrivingGuest`, `guestInHouse`, `bookedGuest`); the same page in several ways has the
 * same name, and its checks are shared. No invoke, no delay; e2e/models/hotel-checkout.drivers.ts drives it.
 */
export const hotelCheckoutModel = createMachine({
  id: 'hotelCheckoutJourney',
  types: {} as {
    events:
      | { type: 'OPEN_DESK' }
      | { type: 'BOOK_A_ROOM_FOR_TODAY' }
      | { type: 'HAND_OVER_KEY' }
      | { type: 'POST_MINIBAR' }
      | { type: 'OPEN_ROOM_CARD' }
      | { type: 'MOVE_MINIBAR_TO_BUSINESS_BILL' }
      | { type: 'CONTINUE_TO_INVOICE_ADDRESSES' }
      | { type: 'GIVE_COMPANY_ADDRESS' }
      | { type: 'CONTINUE_WITHOUT_COMPANY' }
      | { type: 'ENTER_CARD' }
      | { type: 'ENTER_3DS_CARD' }
      | { type: 'CHOOSE_IDEAL' }
      | { type: 'COMPLETE_AUTHENTICATION' }
      | { type: 'APPROVE_AT_IDEAL' }
      | { type: 'RESTAURANT_POSTS_CHARGE' }
      | { type: 'PAY' }
      | { type: 'PAY_THE_NEW_TOTAL' }
      | { type: 'DOWNLOAD_INVOICES' }
      | { type: 'READ_INVOICE_MAIL' };
  },
  initial: 'home',
  states: {
    // The site's home page: where the desk's demo is reached from, and where a guest books.
    home: { on: { OPEN_DESK: 'desk', BOOK_A_ROOM_FOR_TODAY: 'bookedGuest' } },
    // The demo hotel desk: the stays of the day, with the key, the charges and the room's card.
    desk: { on: { HAND_OVER_KEY: 'arrivingGuest', OPEN_ROOM_CARD: 'guestInHouse' } },
    arrivingGuest: {
      initial: 'keyHandedOver',
      states: {
        keyHandedOver: { on: { POST_MINIBAR: 'minibarPosted' } },
        minibarPosted: { on: { OPEN_ROOM_CARD: 'bill' } },
        bill: { on: { MOVE_MINIBAR_TO_BUSINESS_BILL: 'minibarOnBusinessBill' } },
        minibarOnBusinessBill: { on: { CONTINUE_TO_INVOICE_ADDRESSES: 'invoiceAddresses' } },
        invoiceAddresses: { on: { GIVE_COMPANY_ADDRESS: 'payment' } },
        payment: { on: { ENTER_CARD: 'cardEntered' } },
        cardEntered: { on: { PAY: 'checkedOut' } },
        checkedOut: { on: { DOWNLOAD_INVOICES: 'invoicesDownloaded' } },
        invoicesDownloaded: { on: { READ_INVOICE_MAIL: 'invoicesMailed' } },
        invoicesMailed: { type: 'final' },
      },
    },
    guestInHouse: {
      initial: 'bill',
      states: {
        bill: { on: { CONTINUE_TO_INVOICE_ADDRESSES: 'invoiceAddresses' } },
        invoiceAddresses: { on: { CONTINUE_WITHOUT_COMPANY: 'payment' } },
        payment: { on: { ENTER_CARD: 'cardEntered' } },
        cardEntered: { on: { RESTAURANT_POSTS_CHARGE: 'chargePostedMeanwhile' } },
        // The page does not know yet: it still offers the total the guest read.
        chargePostedMeanwhile: { on: { PAY: 'billChanged' } },
        billChanged: { on: { PAY_THE_NEW_TOTAL: 'newTotal' } },
        newTotal: { on: { PAY: 'checkedOut' } },
        checkedOut: { type: 'final' },
      },
    },
    bookedGuest: {
      initial: 'booked',
      states: {
        booked: { on: { OPEN_DESK: 'desk' } },
        // The desk lists the new booking among the day's arrivals.
        desk: { on: { HAND_OVER_KEY: 'keyHandedOver' } },
        keyHandedOver: { on: { OPEN_ROOM_CARD: 'bill' } },
        bill: { on: { CONTINUE_TO_INVOICE_ADDRESSES: 'invoiceAddresses' } },
        invoiceAddresses: { on: { CONTINUE_WITHOUT_COMPANY: 'payment' } },
        payment: { on: { ENTER_3DS_CARD: 'challengeCardEntered', CHOOSE_IDEAL: 'idealChosen' } },
        challengeCardEntered: { on: { PAY: 'bankChallenge' } },
        bankChallenge: { on: { COMPLETE_AUTHENTICATION: 'checkedOut' } },
        idealChosen: { on: { PAY: 'idealApproval' } },
        idealApproval: { on: { APPROVE_AT_IDEAL: 'checkedOut' } },
        // Back from the bank's page on the bill page, which checks the guest out.
        checkedOut: { type: 'final' },
      },
    },
  },
});

export type HotelCheckoutEvent = EventFromLogic<typeof hotelCheckoutModel>;
export type HotelCheckoutPath = MachinePath<typeof hotelCheckoutModel>;

export const hotelCheckoutEvents: HotelCheckoutEvent[] = [
  { type: 'OPEN_DESK' },
  { type: 'BOOK_A_ROOM_FOR_TODAY' },
  { type: 'HAND_OVER_KEY' },
  { type: 'POST_MINIBAR' },
  { type: 'OPEN_ROOM_CARD' },
  { type: 'MOVE_MINIBAR_TO_BUSINESS_BILL' },
  { type: 'CONTINUE_TO_INVOICE_ADDRESSES' },
  { type: 'GIVE_COMPANY_ADDRESS' },
  { type: 'CONTINUE_WITHOUT_COMPANY' },
  { type: 'ENTER_CARD' },
  { type: 'ENTER_3DS_CARD' },
  { type: 'CHOOSE_IDEAL' },
  { type: 'COMPLETE_AUTHENTICATION' },
  { type: 'APPROVE_AT_IDEAL' },
  { type: 'RESTAURANT_POSTS_CHARGE' },
  { type: 'PAY' },
  { type: 'PAY_THE_NEW_TOTAL' },
  { type: 'DOWNLOAD_INVOICES' },
  { type: 'READ_INVOICE_MAIL' },
];

/** How a journey that stopped where there is a choice goes on (every other state has one way on). */
const wayOn: Partial<Record<string, HotelCheckoutEvent>> = {
  home: { type: 'OPEN_DESK' },
  desk: { type: 'HAND_OVER_KEY' },
  'bookedGuest.payment': { type: 'ENTER_3DS_CARD' },
};

/** The journeys to drive, each to the end of its way. */
export const hotelCheckoutJourneys = (): HotelCheckoutPath[] => journeysToTheEnd(hotelCheckoutModel, hotelCheckoutEvents, wayOn);

/**
 * Which stay a journey needs: a seeded guest arriving today (whose key the desk hands over), a seeded one
 * in house already, or a stay the journey books itself.
 */
export const stayKindOf = (path: HotelCheckoutPath): 'arrivingToday' | 'inHouse' | 'bookedToday' => {
  const did = (type: HotelCheckoutEvent['type']) => path.steps.some((step) => step.event.type === type);
  if (did('BOOK_A_ROOM_FOR_TODAY')) return 'bookedToday';
  return did('HAND_OVER_KEY') ? 'arrivingToday' : 'inHouse';
};
