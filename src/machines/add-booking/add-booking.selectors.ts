import type { SnapshotFrom } from 'xstate';
import type { addBookingMachine } from './add-booking.machine';

type AddBookingSnapshot = SnapshotFrom<typeof addBookingMachine>;

/** Whether the form shows (while editing and while the booking is looked up). */
export const selectFormOpen = (snapshot: AddBookingSnapshot): boolean => snapshot.matches('editing') || snapshot.matches('adding');
export const selectIsAdding = (snapshot: AddBookingSnapshot): boolean => snapshot.hasTag('busy');
export const selectAddProblems = (snapshot: AddBookingSnapshot) => (snapshot.matches('editing') ? snapshot.context.problems : {});
export const selectAddFailure = (snapshot: AddBookingSnapshot) => (snapshot.matches('editing') ? snapshot.context.failure : null);
/** The booking just added, shown until the message closes. */
export const selectAdded = (snapshot: AddBookingSnapshot) => (snapshot.matches('added') ? snapshot.context.added : null);
