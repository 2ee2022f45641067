import { BUSINESS_TIME_ZONE } from '../../../contract/calendar-dates';
import type { Locale } from '../../../contract/locales';
import { localizedPath, ROUTES } from '../../../services/navigation/paths';
import { dateTimeFormat } from '../../../services/format/intl-cache';

/**
 * A moment (ISO date-time) for booking terms, such as the end of free cancellation: Gregorian calendar and
 * Latin digits in every language (as the stay dates), in the business time zone, which is named.
 */
export function formatDeadline(isoDateTime: string, locale: Locale): string {
  const date = new Date(isoDateTime);
  if (Number.isNaN(date.getTime())) return isoDateTime;
  return dateTimeFormat(`${locale}-u-ca-gregory-nu-latn`, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: BUSINESS_TIME_ZONE,
    timeZoneName: 'short',
  }).format(date);
}

/** The confirmation page of an order, with the reservation just changed for its notice. */
export function confirmationHref(locale: Locale, orderId: string, modifiedReservation?: string): string {
  const query = new URLSearchParams({ order_id: orderId, ...(modifiedReservation ? { modified: modifiedReservation } : {}) });
  return `${localizedPath(locale, ROUTES.booking.confirmation)}?${query.toString()}`;
}

export function modifyHref(locale: Locale, orderId: string, reservationNumber: string): string {
  return `${localizedPath(locale, ROUTES.booking.modify)}?${new URLSearchParams({ order_id: orderId, reservation: reservationNumber }).toString()}`;
}
