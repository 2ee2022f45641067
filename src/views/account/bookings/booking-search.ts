import type { AccountBookingSearch } from '../../../contract/booking-pages';
import type { MemberBooking } from '../../../contract/loyalty';

/** Where a booking of the list opens on the member's booking page: by its order, or (added from the reservation system) by its number. */
export function bookingSearchOf(booking: MemberBooking): AccountBookingSearch {
  if (booking.source === 'reservation-system') return { order_id: undefined, reservation: booking.rooms[0]?.reservationNumber ?? booking.orderId.replace(/^crs:/, '') };
  return { order_id: booking.orderId, reservation: undefined };
}
