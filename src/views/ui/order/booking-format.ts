import { BUSINESS_TIME_ZONE } from '../../../contract/calendar-dates';
import { linkOptions } from '@tanstack/react-router';
import type { Locale } from '../../../contract/locales';
import { reservationLinkValue } from '../../../machines/modification/modification.selectors';
import { dateTimeFormat } from '../format/intl-cache';

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

/** The add-ons that are a breakfast: a room with one has breakfast, though its rate does not include it. */
const BREAKFAST_ADDONS: ReadonlySet<string> = new Set(['BREAKFAST', 'KIDS_BREAKFAST']);

/** Whether a room has breakfast: in its rate, bought as an add-on, or not at all. */
export function breakfastOf(room: { reservation_info: { breakfast_included: boolean }; addons: readonly { addon_code: string }[] }): 'included' | 'booked' | 'none' {
  if (room.reservation_info.breakfast_included) return 'included';
  return room.addons.some((addon) => BREAKFAST_ADDONS.has(addon.addon_code)) ? 'booked' : 'none';
}

/** A phone number as a `tel:` link: digits and a leading plus only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
