import { BUSINESS_TIME_ZONE } from '../../../contract/calendar-dates';
import { linkOptions } from '@tanstack/react-router';
import type { Locale } from '../../../contract/locales';
import { reservationLinkValue } from '../../../machines/modification/modification.selectors';
import { dateTimeFormat } from '../../ui/format/intl-cache';

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
export function confirmationLink(locale: Locale, orderId: string, modifiedReservation?: string) {
  return linkOptions({
    to: '/$locale/booking/confirmation',
    params: { locale },
    search: { order_id: orderId, ...(modifiedReservation ? { modified: reservationLinkValue(modifiedReservation) } : {}) },
  });
}

/** The page that changes one reservation of an order. */
export function modifyLink(locale: Locale, orderId: string, reservationNumber: string) {
  return linkOptions({ to: '/$locale/booking/modify', params: { locale }, search: { order_id: orderId, reservation: reservationLinkValue(reservationNumber) } });
}
