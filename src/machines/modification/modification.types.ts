import type { EditModificationRequest, Modification, Order, Traveller } from '../../contract/ecommerce';

/** The traveller fields the guest may change; the rest of the traveller (phone, company...) is kept. */
export interface TravellerFields {
  first_name: string;
  last_name: string;
  email: string;
}

/** The guest's wishes for the reservation, as entered: what the next price check proposes. */
export interface ModificationDraft {
  checkInDate: string;
  checkOutDate: string;
  adultsCount: number;
  childAges: number[];
  /** The room type and rate wished for: the booked ones, or one of the answer's options. */
  roomTypeCode: string;
  rateCode: string;
  traveller: TravellerFields;
}

/** What stops a price check; the view words each. */
export type DraftProblem = 'dates.invalid' | 'dates.past' | 'dates.order' | 'dates.tooLong' | 'guests.invalid' | 'traveller.invalid';

/** Why the modification could not go on: the reservation is not there (or not the guest's), or a call failed. */
export type ModificationFailure = 'notFound' | 'failed';

/** The step a failure interrupted, which a retry repeats. */
export type FailedStep = 'load' | 'start' | 'complete';

/**
 * Why the draft cannot be booked as it stands: the rooms (or the rate) are not free for it, or the price
 * difference of a prepaid rate could not be charged. Either way nothing was changed.
 */
export type UnavailableReason = 'roomsGone' | 'paymentFailed';

/** A notice shown while the guest keeps editing: the price check failed, or the server refused the draft as it stands. */
export type ModificationNotice = 'repriceFailed' | 'editRejected' | null;

/** The reservation to change, as the modify page's address names it. */
export interface ModificationStart {
  orderId: string;
  reservationNumber: string;
}

export interface ModificationInput extends ModificationStart {
  /** Today's date in the business time zone (`yyyy-MM-dd`): arrivals before it are refused. */
  today: string;
}

/** The reservation as the order holds it: whether it may be changed online, and its traveller. */
export interface BookedReservation {
  /** Not cancelled, and the hotel allows online changes of it. */
  changeable: boolean;
  /** The reservation's traveller today: the draft starts from it, and a change is sent only if there is one. */
  traveller: Traveller | null;
}

export interface ModificationContext {
  orderId: string;
  reservationNumber: string;
  /** The reservation's traveller (from the order, once loaded). */
  currentTraveller: Traveller | null;
  today: string;
  /** The server's last answer: the original stay, the proposed one, its price and whether it can be booked. */
  modification: Modification | null;
  draft: ModificationDraft;
  /** Whether `modification` prices the draft as it is now; an edit makes the price stale until the next check. */
  priced: boolean;
  notice: ModificationNotice;
  /** Set while the machine is in `unavailable`: which refusal brought it there. */
  unavailableReason: UnavailableReason | null;
  failure: ModificationFailure | null;
  failedStep: FailedStep | null;
}

export type ModificationEvent =
  | { type: 'dates.changed'; checkInDate: string; checkOutDate: string }
  | { type: 'guests.changed'; adultsCount: number; childAges: number[] }
  /** Another room type and rate, from the options of the server's last answer. */
  | { type: 'room.chosen'; roomTypeCode: string; rateCode: string }
  | { type: 'traveller.changed'; traveller: TravellerFields }
  /** Asks the server for the price and availability of the draft. */
  | { type: 'price.check' }
  | { type: 'modification.complete' }
  /** After a failure: repeats the step that failed. */
  | { type: 'modification.retry' }
  /** After a failed completion: back to the edits, as they were. */
  | { type: 'edits.resume' }
  /** From the app: the member signed out (here or elsewhere); their booking's details leave the page. */
  | { type: 'member.signedOut' };

/** A completed change, for the way back to the confirmation: the order as the BFF answered it, if it did. */
export interface ModificationCompletion {
  orderId: string;
  reservationNumber: string;
  order: Order | null;
}

/** Inputs and outputs of the actors the machine invokes (bound with `.provide` by the view layer). */
export interface ModificationActorTypes {
  loadBooking: { input: ModificationStart; output: BookedReservation };
  startModification: { input: { orderId: string; reservationNumber: string }; output: Modification };
  editModification: { input: { orderId: string; modificationId: string; roomStayId: string; changes: EditModificationRequest }; output: Modification };
  completeModification: { input: { orderId: string; modificationId: string }; output: Order | null };
}
