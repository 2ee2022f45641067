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
 * the new total.
 *
 * Each way is a seeded stay's (server/db/seed/stays.ts), and a stay can be checked out only once: so each
 * way is one line without choices, and the model gives exactly one journey per stay. The states of each
 * way sit inside its own parent (`arrivingGuest`, `guestInHouse`); the same page in both ways has the same
 * name, and its checks are shared. No invoke, no delay; e2e/models/hotel-checkout.drivers.ts drives it.
 */
export const hotelCheckoutModel = createMachine({
  id: 'hotelCheckoutJourney',
  types: {} as {
    events:
      | { type: 'HAND_OVER_KEY' }
      | { type: 'POST_MINIBAR' }
      | { type: 'OPEN_ROOM_CARD' }
      | { type: 'MOVE_MINIBAR_TO_BUSINESS_BILL' }
      | { type: 'CONTINUE_TO_INVOICE_ADDRESSES' }
      | { type: 'GIVE_COMPANY_ADDRESS' }
      | { type: 'CONTINUE_WITHOUT_COMPANY' }
      | { type: 'ENTER_CARD' }
      | { type: 'RESTAURANT_POSTS_CHARGE' }
      | { type: 'PAY' }
      | { type: 'PAY_THE_NEW_TOTAL' }
      | { type: 'DOWNLOAD_INVOICES' }
      | { type: 'READ_INVOICE_MAIL' };
  },
  initial: 'desk',
  states: {
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
  },
});

export type HotelCheckoutEvent = EventFromLogic<typeof hotelCheckoutModel>;
export type HotelCheckoutPath = MachinePath<typeof hotelCheckoutModel>;

export const hotelCheckoutEvents: HotelCheckoutEvent[] = [
  { type: 'HAND_OVER_KEY' },
  { type: 'POST_MINIBAR' },
  { type: 'OPEN_ROOM_CARD' },
  { type: 'MOVE_MINIBAR_TO_BUSINESS_BILL' },
  { type: 'CONTINUE_TO_INVOICE_ADDRESSES' },
  { type: 'GIVE_COMPANY_ADDRESS' },
  { type: 'CONTINUE_WITHOUT_COMPANY' },
  { type: 'ENTER_CARD' },
  { type: 'RESTAURANT_POSTS_CHARGE' },
  { type: 'PAY' },
  { type: 'PAY_THE_NEW_TOTAL' },
  { type: 'DOWNLOAD_INVOICES' },
  { type: 'READ_INVOICE_MAIL' },
];

/** The journeys to drive, each to the end of its way (every state but the desk has one way on). */
export const hotelCheckoutJourneys = (): HotelCheckoutPath[] => journeysToTheEnd(hotelCheckoutModel, hotelCheckoutEvents, { desk: { type: 'HAND_OVER_KEY' } });

/** Which seeded stay a journey needs: a guest arriving today (whose key the desk hands over) or one in house already. */
export const stayKindOf = (path: HotelCheckoutPath): 'arrivingToday' | 'inHouse' =>
  path.steps.some((step) => step.event.type === 'HAND_OVER_KEY') ? 'arrivingToday' : 'inHouse';
