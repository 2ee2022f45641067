import { RESERVATION_NUMBER_PATTERN } from '../../contract/loyalty';
import type { AddBookingField, AddBookingFields, AddBookingProblem } from './add-booking.types';

/** The checks before a booking is looked up (the BFF checks again): both fields filled, the number in its format. */
export function addBookingProblems(fields: AddBookingFields): Partial<Record<AddBookingField, AddBookingProblem>> {
  const problems: Partial<Record<AddBookingField, AddBookingProblem>> = {};
  const number = fields.reservationNumber.trim();
  if (number === '') problems.reservationNumber = 'required';
  else if (!RESERVATION_NUMBER_PATTERN.test(number)) problems.reservationNumber = 'format';
  if (fields.lastName.trim() === '') problems.lastName = 'required';
  return problems;
}
