import { type Cart, ORDER_LINK_PARAMS } from '../../src/contract/ecommerce';
import type { Locale } from '../../src/contract/locales';
import type { MailMessage } from '../ports/mail';

/**
 * The booking confirmation, in English and German (other locales get English until translated): the
 * reservation numbers, the stay, what was paid and what is due at the hotel, and the link to the booking.
 */

type Texts = { subject: string; lines: (cart: Cart, link: string) => string[] };

const money = (amount: number, currency: string) => `${amount.toFixed(2)} ${currency}`;

const TEXTS: { en: Texts } & Partial<Record<Locale, Texts>> = {
  en: {
    subject: 'Your booking is confirmed',
    lines: (cart, link) => {
      const stay = cart.stays[0];
      return [
        `Thank you for your booking at ${stay?.hotel_name ?? ''}.`,
        `Arrival ${stay?.check_in_date ?? ''}, departure ${stay?.check_out_date ?? ''}.`,
        ...(stay?.room_stays ?? []).map(
          (room) => `Reservation ${room.reservation_number ?? ''}: ${room.room_type_name}, ${room.reservation_info.rate_name}`,
        ),
        `Paid now: ${money(cart.amount_to_pay_now, cart.currency)}. Due at the hotel: ${money(cart.amount_at_hotel, cart.currency)} plus city tax ${money(cart.city_tax_total, cart.currency)}.`,
        `Your booking: ${link}`,
      ];
    },
  },
  de: {
    subject: 'Ihre Buchung ist bestätigt',
    lines: (cart, link) => {
      const stay = cart.stays[0];
      return [
        `Vielen Dank für Ihre Buchung im ${stay?.hotel_name ?? ''}.`,
        `Anreise ${stay?.check_in_date ?? ''}, Abreise ${stay?.check_out_date ?? ''}.`,
        ...(stay?.room_stays ?? []).map(
          (room) => `Reservierung ${room.reservation_number ?? ''}: ${room.room_type_name}, ${room.reservation_info.rate_name}`,
        ),
        `Jetzt bezahlt: ${money(cart.amount_to_pay_now, cart.currency)}. Im Hotel zu zahlen: ${money(cart.amount_at_hotel, cart.currency)} zuzüglich City-Tax ${money(cart.city_tax_total, cart.currency)}.`,
        `Ihre Buchung: ${link}`,
      ];
    },
  },
};

/**
 * The link opens the confirmation page with the order id and a signed token (order-access.ts): the page
 * exchanges the token for an access key and takes it out of the address at once.
 */
export function confirmationMail(to: string, locale: Locale, cart: Cart, origin: string, linkToken: string): MailMessage {
  const texts = TEXTS[locale] ?? TEXTS.en;
  const link = new URL(`/${locale}/booking/confirmation`, origin);
  if (cart.order_id) link.searchParams.set(ORDER_LINK_PARAMS.orderId, cart.order_id);
  link.searchParams.set(ORDER_LINK_PARAMS.token, linkToken);
  return {
    to,
    locale,
    kind: 'booking-confirmation',
    subject: texts.subject,
    text: texts.lines(cart, link.toString()).join('\n\n'),
  };
}
