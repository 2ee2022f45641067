import { ORDER_LINK_PARAMS } from '../../src/contract/ecommerce';
import type { Locale } from '../../src/contract/locales';
import type { MailMessage } from '../ports/mail';
import { bookingHtml, bookingText, formatMailDate, formatMailMoney, type MailBooking } from './booking-mail';
import { html, mailDocument } from './mail-html';

/**
 * The booking mails (confirmation, cancellation, change), in every site locale: a text part and an HTML
 * part with the same content, the booking summarised as the confirmation page shows it
 * (booking-mail.ts), and the link that opens the booking. Each mail keeps its texts in one table.
 */

/**
 * The link opens the confirmation page with the order id and a signed token (order-access.ts): the page
 * exchanges the token for an access key and takes it out of the address at once. The parameters are the
 * ones the page's route reads (ConfirmationSearchSchema in src/contract/booking-pages.ts).
 */
export function orderLink(origin: string, locale: Locale, orderId: string | null, linkToken: string): string {
  const link = new URL(`/${locale}/booking/confirmation`, origin);
  if (orderId) link.searchParams.set(ORDER_LINK_PARAMS.orderId, orderId);
  link.searchParams.set(ORDER_LINK_PARAMS.token, linkToken);
  return link.toString();
}

/** A mail of a heading, paragraphs and the booking summary, as text and as HTML. */
function bookingMail(to: string, kind: MailMessage['kind'], subject: string, paragraphs: string[], booking: MailBooking): MailMessage {
  const body = html`<h1>${subject}</h1>
    ${paragraphs.map((paragraph) => html`<p>${paragraph}</p>`)}${bookingHtml(booking)}`;
  return { to, locale: booking.locale, kind, subject, text: [...paragraphs, bookingText(booking)].join('\n\n'), html: mailDocument(booking.locale, subject, body) };
}

type ConfirmationTexts = { subject: string; thanks: (hotel: string) => string };

const CONFIRMATION_TEXTS: Record<Locale, ConfirmationTexts> = {
  en: { subject: 'Your booking is confirmed', thanks: (hotel) => `Thank you for your booking at ${hotel}. We look forward to your stay.` },
  de: { subject: 'Ihre Buchung ist bestätigt', thanks: (hotel) => `Vielen Dank für Ihre Buchung im ${hotel}. Wir freuen uns auf Ihren Aufenthalt.` },
  fr: { subject: 'Votre réservation est confirmée', thanks: (hotel) => `Merci pour votre réservation à l’hôtel ${hotel}. Nous nous réjouissons de vous accueillir.` },
  nl: { subject: 'Uw boeking is bevestigd', thanks: (hotel) => `Bedankt voor uw boeking bij ${hotel}. We kijken uit naar uw verblijf.` },
  es: { subject: 'Su reserva está confirmada', thanks: (hotel) => `Gracias por su reserva en ${hotel}. Le esperamos con gusto.` },
  it: { subject: 'La sua prenotazione è confermata', thanks: (hotel) => `Grazie per la sua prenotazione presso ${hotel}. La aspettiamo.` },
  pl: { subject: 'Twoja rezerwacja jest potwierdzona', thanks: (hotel) => `Dziękujemy za rezerwację w ${hotel}. Czekamy na Ciebie.` },
  ar: { subject: 'تم تأكيد حجزك', thanks: (hotel) => `شكرًا لحجزك في ${hotel}. نتطلع إلى استقبالك.` },
};

export function confirmationMail(to: string, booking: MailBooking): MailMessage {
  const texts = CONFIRMATION_TEXTS[booking.locale];
  return bookingMail(to, 'booking-confirmation', texts.subject, [texts.thanks(booking.hotelName)], booking);
}

type CancellationTexts = {
  subject: (reservation: string) => string;
  subjectAll: string;
  cancelled: (reservation: string) => string;
  allCancelled: string;
  refund: (amount: string) => string;
  noRefund: string;
  remaining: string;
};

const CANCELLATION_TEXTS: Record<Locale, CancellationTexts> = {
  en: {
    subject: (reservation) => `Reservation ${reservation} is cancelled`,
    subjectAll: 'Your booking is cancelled',
    cancelled: (reservation) => `Reservation ${reservation} is cancelled.`,
    allCancelled: 'Every room of your booking is cancelled.',
    refund: (amount) => `${amount} will be refunded to your payment method.`,
    noRefund: 'Nothing is refunded for this room.',
    remaining: 'Your booking as it is now, with the new totals:',
  },
  de: {
    subject: (reservation) => `Reservierung ${reservation} ist storniert`,
    subjectAll: 'Ihre Buchung ist storniert',
    cancelled: (reservation) => `Reservierung ${reservation} ist storniert.`,
    allCancelled: 'Alle Zimmer Ihrer Buchung sind storniert.',
    refund: (amount) => `${amount} werden auf Ihr Zahlungsmittel erstattet.`,
    noRefund: 'Für dieses Zimmer wird nichts erstattet.',
    remaining: 'Ihre Buchung, wie sie jetzt ist, mit den neuen Summen:',
  },
  fr: {
    subject: (reservation) => `La réservation ${reservation} est annulée`,
    subjectAll: 'Votre réservation est annulée',
    cancelled: (reservation) => `La réservation ${reservation} est annulée.`,
    allCancelled: 'Toutes les chambres de votre réservation sont annulées.',
    refund: (amount) => `${amount} seront remboursés sur votre moyen de paiement.`,
    noRefund: 'Rien n’est remboursé pour cette chambre.',
    remaining: 'Votre réservation telle qu’elle est maintenant, avec les nouveaux totaux :',
  },
  nl: {
    subject: (reservation) => `Reservering ${reservation} is geannuleerd`,
    subjectAll: 'Uw boeking is geannuleerd',
    cancelled: (reservation) => `Reservering ${reservation} is geannuleerd.`,
    allCancelled: 'Alle kamers van uw boeking zijn geannuleerd.',
    refund: (amount) => `${amount} wordt terugbetaald op uw betaalmiddel.`,
    noRefund: 'Voor deze kamer wordt niets terugbetaald.',
    remaining: 'Uw boeking zoals die nu is, met de nieuwe totalen:',
  },
  es: {
    subject: (reservation) => `La reserva ${reservation} está cancelada`,
    subjectAll: 'Su reserva está cancelada',
    cancelled: (reservation) => `La reserva ${reservation} está cancelada.`,
    allCancelled: 'Todas las habitaciones de su reserva están canceladas.',
    refund: (amount) => `Se reembolsarán ${amount} en su medio de pago.`,
    noRefund: 'No se reembolsa nada por esta habitación.',
    remaining: 'Su reserva tal como está ahora, con los nuevos totales:',
  },
  it: {
    subject: (reservation) => `La prenotazione ${reservation} è cancellata`,
    subjectAll: 'La sua prenotazione è cancellata',
    cancelled: (reservation) => `La prenotazione ${reservation} è cancellata.`,
    allCancelled: 'Tutte le camere della sua prenotazione sono cancellate.',
    refund: (amount) => `${amount} saranno rimborsati sul suo metodo di pagamento.`,
    noRefund: 'Per questa camera non viene rimborsato nulla.',
    remaining: 'La sua prenotazione com’è ora, con i nuovi totali:',
  },
  pl: {
    subject: (reservation) => `Rezerwacja ${reservation} została anulowana`,
    subjectAll: 'Twoja rezerwacja została anulowana',
    cancelled: (reservation) => `Rezerwacja ${reservation} została anulowana.`,
    allCancelled: 'Wszystkie pokoje z Twojej rezerwacji zostały anulowane.',
    refund: (amount) => `${amount} zostanie zwrócone na Twoją metodę płatności.`,
    noRefund: 'Za ten pokój nie przysługuje zwrot.',
    remaining: 'Twoja rezerwacja w obecnym stanie, z nowymi sumami:',
  },
  ar: {
    subject: (reservation) => `تم إلغاء الحجز ${reservation}`,
    subjectAll: 'تم إلغاء حجزك',
    cancelled: (reservation) => `تم إلغاء الحجز ${reservation}.`,
    allCancelled: 'تم إلغاء جميع غرف حجزك.',
    refund: (amount) => `سيُعاد مبلغ ${amount} إلى وسيلة الدفع الخاصة بك.`,
    noRefund: 'لا يُسترد أي مبلغ عن هذه الغرفة.',
    remaining: 'حجزك كما هو الآن، مع المجاميع الجديدة:',
  },
};

/** After a room was cancelled: which one, what comes back, and the booking with its new totals. */
export function cancellationMail(to: string, booking: MailBooking, reservationNumber: string, refund: number): MailMessage {
  const texts = CANCELLATION_TEXTS[booking.locale];
  const all = booking.rooms.every((room) => room.cancelled);
  const paragraphs = [
    all ? texts.allCancelled : texts.cancelled(reservationNumber),
    refund > 0 ? texts.refund(formatMailMoney(refund, booking.currency, booking.locale)) : texts.noRefund,
    texts.remaining,
  ];
  return bookingMail(to, 'booking-cancellation', all ? texts.subjectAll : texts.subject(reservationNumber), paragraphs, booking);
}

type ModificationTexts = {
  subject: (reservation: string) => string;
  changed: (reservation: string) => string;
  newStay: (checkIn: string, checkOut: string) => string;
  difference: (amount: string) => string;
  noDifference: string;
  charged: (amount: string) => string;
  refunded: (amount: string) => string;
  atHotel: string;
};

const MODIFICATION_TEXTS: Record<Locale, ModificationTexts> = {
  en: {
    subject: (reservation) => `Reservation ${reservation} is changed`,
    changed: (reservation) => `Your change is saved: reservation ${reservation} keeps its number and has the new details below.`,
    newStay: (checkIn, checkOut) => `Your stay is now from ${checkIn} to ${checkOut}.`,
    difference: (amount) => `Price difference: ${amount}.`,
    noDifference: 'The price stays the same.',
    charged: (amount) => `${amount} was charged to your payment method.`,
    refunded: (amount) => `${amount} will be refunded to your payment method.`,
    atHotel: 'The difference is settled at the hotel.',
  },
  de: {
    subject: (reservation) => `Reservierung ${reservation} ist geändert`,
    changed: (reservation) => `Ihre Änderung ist gespeichert: Reservierung ${reservation} behält ihre Nummer und hat die neuen Angaben unten.`,
    newStay: (checkIn, checkOut) => `Ihr Aufenthalt ist jetzt vom ${checkIn} bis ${checkOut}.`,
    difference: (amount) => `Preisunterschied: ${amount}.`,
    noDifference: 'Der Preis bleibt gleich.',
    charged: (amount) => `${amount} wurden von Ihrem Zahlungsmittel abgebucht.`,
    refunded: (amount) => `${amount} werden auf Ihr Zahlungsmittel erstattet.`,
    atHotel: 'Der Unterschied wird im Hotel verrechnet.',
  },
  fr: {
    subject: (reservation) => `La réservation ${reservation} est modifiée`,
    changed: (reservation) => `Votre modification est enregistrée : la réservation ${reservation} garde son numéro et a les nouveaux détails ci-dessous.`,
    newStay: (checkIn, checkOut) => `Votre séjour est maintenant du ${checkIn} au ${checkOut}.`,
    difference: (amount) => `Différence de prix : ${amount}.`,
    noDifference: 'Le prix reste le même.',
    charged: (amount) => `${amount} ont été débités de votre moyen de paiement.`,
    refunded: (amount) => `${amount} seront remboursés sur votre moyen de paiement.`,
    atHotel: 'La différence est réglée à l’hôtel.',
  },
  nl: {
    subject: (reservation) => `Reservering ${reservation} is gewijzigd`,
    changed: (reservation) => `Uw wijziging is opgeslagen: reservering ${reservation} houdt haar nummer en heeft de nieuwe gegevens hieronder.`,
    newStay: (checkIn, checkOut) => `Uw verblijf is nu van ${checkIn} tot ${checkOut}.`,
    difference: (amount) => `Prijsverschil: ${amount}.`,
    noDifference: 'De prijs blijft gelijk.',
    charged: (amount) => `${amount} is afgeschreven van uw betaalmiddel.`,
    refunded: (amount) => `${amount} wordt terugbetaald op uw betaalmiddel.`,
    atHotel: 'Het verschil wordt in het hotel verrekend.',
  },
  es: {
    subject: (reservation) => `La reserva ${reservation} ha cambiado`,
    changed: (reservation) => `Su cambio está guardado: la reserva ${reservation} mantiene su número y tiene los nuevos datos a continuación.`,
    newStay: (checkIn, checkOut) => `Su estancia es ahora del ${checkIn} al ${checkOut}.`,
    difference: (amount) => `Diferencia de precio: ${amount}.`,
    noDifference: 'El precio no cambia.',
    charged: (amount) => `Se han cargado ${amount} en su medio de pago.`,
    refunded: (amount) => `Se reembolsarán ${amount} en su medio de pago.`,
    atHotel: 'La diferencia se abona en el hotel.',
  },
  it: {
    subject: (reservation) => `La prenotazione ${reservation} è modificata`,
    changed: (reservation) => `La modifica è salvata: la prenotazione ${reservation} mantiene il suo numero e ha i nuovi dati qui sotto.`,
    newStay: (checkIn, checkOut) => `Il suo soggiorno è ora dal ${checkIn} al ${checkOut}.`,
    difference: (amount) => `Differenza di prezzo: ${amount}.`,
    noDifference: 'Il prezzo resta invariato.',
    charged: (amount) => `${amount} sono stati addebitati sul suo metodo di pagamento.`,
    refunded: (amount) => `${amount} saranno rimborsati sul suo metodo di pagamento.`,
    atHotel: 'La differenza si regola in hotel.',
  },
  pl: {
    subject: (reservation) => `Rezerwacja ${reservation} została zmieniona`,
    changed: (reservation) => `Zmiana została zapisana: rezerwacja ${reservation} zachowuje swój numer i ma nowe dane poniżej.`,
    newStay: (checkIn, checkOut) => `Twój pobyt trwa teraz od ${checkIn} do ${checkOut}.`,
    difference: (amount) => `Różnica w cenie: ${amount}.`,
    noDifference: 'Cena pozostaje bez zmian.',
    charged: (amount) => `${amount} pobrano z Twojej metody płatności.`,
    refunded: (amount) => `${amount} zostanie zwrócone na Twoją metodę płatności.`,
    atHotel: 'Różnica zostanie rozliczona w hotelu.',
  },
  ar: {
    subject: (reservation) => `تم تعديل الحجز ${reservation}`,
    changed: (reservation) => `تم حفظ التعديل: يحتفظ الحجز ${reservation} برقمه وتظهر تفاصيله الجديدة أدناه.`,
    newStay: (checkIn, checkOut) => `إقامتك الآن من ${checkIn} إلى ${checkOut}.`,
    difference: (amount) => `فرق السعر: ${amount}.`,
    noDifference: 'يبقى السعر كما هو.',
    charged: (amount) => `تم خصم ${amount} من وسيلة الدفع الخاصة بك.`,
    refunded: (amount) => `سيُعاد مبلغ ${amount} إلى وسيلة الدفع الخاصة بك.`,
    atHotel: 'تتم تسوية الفرق في الفندق.',
  },
};

/**
 * After a change was saved: the new stay, the price difference (new minus old, signed) and how it is
 * settled: `charged` now (positive), refunded (negative), or at the hotel (0).
 */
export function modificationMail(to: string, booking: MailBooking, change: { reservationNumber: string; difference: number; charged: number }): MailMessage {
  const texts = MODIFICATION_TEXTS[booking.locale];
  const money = (amount: number) => formatMailMoney(amount, booking.currency, booking.locale);
  const signed = (amount: number) => formatMailMoney(amount, booking.currency, booking.locale, 'exceptZero');
  const settlement =
    change.difference === 0 && change.charged === 0
      ? []
      : [change.charged > 0 ? texts.charged(money(change.charged)) : change.charged < 0 ? texts.refunded(money(-change.charged)) : texts.atHotel];
  const paragraphs = [
    texts.changed(change.reservationNumber),
    texts.newStay(formatMailDate(booking.checkIn, booking.locale), formatMailDate(booking.checkOut, booking.locale)),
    change.difference === 0 ? texts.noDifference : texts.difference(signed(change.difference)),
    ...settlement,
  ];
  return bookingMail(to, 'booking-modification', texts.subject(change.reservationNumber), paragraphs, booking);
}
