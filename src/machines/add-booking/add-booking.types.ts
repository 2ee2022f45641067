import type { MemberBooking } from '../../contract/loyalty';

/** What the member types: the reservation number and the guest's last name. */
export interface AddBookingFields {
  reservationNumber: string;
  lastName: string;
}
export type AddBookingField = keyof AddBookingFields;

/** A field's problem found before sending; the view words it. */
export type AddBookingProblem = 'required' | 'format';

/**
 * Why a booking was not added. `notFound`: no reservation with this number and last name (whoever's it
 * may be); `alreadyAdded`: it is in the account already; `invalid`: fields to correct; `unavailable`: the
 * reservation system did not answer; `failed`: anything else.
 */
export type AddBookingFailure = 'notFound' | 'alreadyAdded' | 'invalid' | 'unavailable' | 'failed';

export interface AddBookingContext {
  fields: AddBookingFields | null;
  problems: Partial<Record<AddBookingField, AddBookingProblem>>;
  failure: AddBookingFailure | null;
  added: MemberBooking | null;
}

export type AddBookingEvent =
  /** "Add a booking": the form opens. */
  | { type: 'add.open' }
  | { type: 'add.submit'; fields: AddBookingFields }
  /** The form or the message closes. */
  | { type: 'add.close' };

export interface AddBookingActorTypes {
  addBooking: { input: AddBookingFields; output: MemberBooking };
}
