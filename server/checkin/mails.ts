import { CHECKIN_LIMITS } from '../../src/contract/checkin';
import type { Locale } from '../../src/contract/locales';
import { html, mailDocument } from '../ecommerce/mail-html';
import type { MailMessage } from '../ports/mail';

/**
 * The mails of online check-in (decision record 0054), in English, German and Arabic like the booking
 * mails; other locales get English until translated. Each has a text part and an HTML part; every value
 * in the HTML is escaped (names are what guests typed). The confirmation carries its QR code as an
 * inline image (a data address): mail programs show it without loading anything.
 */

type Language = 'en' | 'de' | 'ar';
const languageOf = (locale: Locale): Language => (locale === 'de' || locale === 'ar' ? locale : 'en');

/** Dates as the reader reads them; Arabic with Latin digits and the Gregorian calendar, as on the site. */
function longDate(date: string, language: Language): string {
  const tag = language === 'ar' ? 'ar-u-nu-latn-ca-gregory' : language === 'de' ? 'de-DE' : 'en-GB';
  return new Intl.DateTimeFormat(tag, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

export interface PreArrivalMail {
  to: string;
  locale: Locale;
  guestName: string;
  hotelName: string;
  arrivalDate: string;
  departureDate: string;
  reservationNumber: string;
  /** `{origin}/{locale}/checkin/personal-details?token=...` */
  checkinLink: string;
}

const PRE_ARRIVAL_TEXTS = {
  en: {
    subject: (hotel: string) => `Check in online for your stay at ${hotel}`,
    greeting: (name: string) => `Hello ${name},`,
    lead: (hotel: string, arrival: string) => `we look forward to welcoming you at ${hotel} on ${arrival}. Check in online now and skip the queue at the front desk: fill in the registration form and leave your card for the stay, then collect your key on arrival.`,
    reservation: 'Reservation number',
    arrival: 'Arrival',
    departure: 'Departure',
    button: 'Check in online',
    validity: `Online check-in is open from ${CHECKIN_LIMITS.preArrivalDays} days before arrival until your arrival day.`,
  },
  de: {
    subject: (hotel: string) => `Jetzt online einchecken: Ihr Aufenthalt im ${hotel}`,
    greeting: (name: string) => `Hallo ${name},`,
    lead: (hotel: string, arrival: string) => `wir freuen uns, Sie am ${arrival} im ${hotel} begrüßen zu dürfen. Checken Sie jetzt online ein und sparen Sie sich die Wartezeit an der Rezeption: Füllen Sie den Meldeschein aus, hinterlegen Sie Ihre Karte für den Aufenthalt und holen Sie bei Ankunft nur noch Ihren Schlüssel ab.`,
    reservation: 'Reservierungsnummer',
    arrival: 'Anreise',
    departure: 'Abreise',
    button: 'Online einchecken',
    validity: `Der Online-Check-in ist ab ${CHECKIN_LIMITS.preArrivalDays} Tagen vor der Anreise bis zum Anreisetag möglich.`,
  },
  ar: {
    subject: (hotel: string) => `سجّل وصولك عبر الإنترنت لإقامتك في ${hotel}`,
    greeting: (name: string) => `مرحبًا ${name}،`,
    lead: (hotel: string, arrival: string) => `نتطلع إلى استقبالك في ${hotel} يوم ${arrival}. سجّل وصولك عبر الإنترنت الآن وتجنّب الانتظار في مكتب الاستقبال: املأ استمارة التسجيل وسجّل بطاقتك للإقامة، ثم استلم مفتاحك عند الوصول.`,
    reservation: 'رقم الحجز',
    arrival: 'الوصول',
    departure: 'المغادرة',
    button: 'تسجيل الوصول عبر الإنترنت',
    validity: `يتاح تسجيل الوصول عبر الإنترنت قبل ${CHECKIN_LIMITS.preArrivalDays} أيام من الوصول وحتى يوم وصولك.`,
  },
} as const;

export function preArrivalMail(mail: PreArrivalMail): MailMessage {
  const language = languageOf(mail.locale);
  const texts = PRE_ARRIVAL_TEXTS[language];
  const arrival = longDate(mail.arrivalDate, language);
  const departure = longDate(mail.departureDate, language);
  const subject = texts.subject(mail.hotelName);
  const text = [
    texts.greeting(mail.guestName),
    '',
    texts.lead(mail.hotelName, arrival),
    '',
    `${texts.reservation}: ${mail.reservationNumber}`,
    `${texts.arrival}: ${arrival}`,
    `${texts.departure}: ${departure}`,
    '',
    `${texts.button}: ${mail.checkinLink}`,
    '',
    texts.validity,
  ].join('\n');
  const body = html`<h1>${subject}</h1>
    <p>${texts.greeting(mail.guestName)}</p>
    <p>${texts.lead(mail.hotelName, arrival)}</p>
    <dl>
      <dt>${texts.reservation}</dt>
      <dd><bdi>${mail.reservationNumber}</bdi></dd>
      <dt>${texts.arrival}</dt>
      <dd>${arrival}</dd>
      <dt>${texts.departure}</dt>
      <dd>${departure}</dd>
    </dl>
    <p><a class="button" href="${mail.checkinLink}">${texts.button}</a></p>
    <p>${texts.validity}</p>`;
  return { to: mail.to, locale: mail.locale, kind: 'pre_arrival', subject, text, html: mailDocument(mail.locale, subject, body) };
}

export interface CheckinConfirmationMail {
  to: string;
  locale: Locale;
  guestName: string;
  hotelName: string;
  arrivalDate: string;
  departureDate: string;
  reservationNumber: string;
  confirmationCode: string;
  /** HH:mm as the guest gave it. */
  arrivalTime: string;
  /** The QR code as a `data:image/png;base64,...` address. */
  qrImage: string;
  /** The pre-authorisation, formatted with its currency. */
  preAuthorisation: string;
}

const CONFIRMATION_TEXTS = {
  en: {
    subject: (hotel: string) => `You are checked in online: ${hotel}`,
    greeting: (name: string) => `Hello ${name},`,
    lead: (hotel: string) => `your online check-in at ${hotel} is complete. On arrival, show this code (or its QR code) at the front desk to collect your key.`,
    code: 'Check-in code',
    reservation: 'Reservation number',
    arrival: 'Arrival',
    departure: 'Departure',
    time: 'Expected arrival time',
    hold: 'Pre-authorised on your card',
    holdNote: 'The amount is only reserved, not charged: the final bill is settled at check-out.',
    qrAlt: 'QR code for the front desk',
  },
  de: {
    subject: (hotel: string) => `Online-Check-in abgeschlossen: ${hotel}`,
    greeting: (name: string) => `Hallo ${name},`,
    lead: (hotel: string) => `Ihr Online-Check-in im ${hotel} ist abgeschlossen. Zeigen Sie bei Ankunft diesen Code (oder seinen QR-Code) an der Rezeption, um Ihren Schlüssel abzuholen.`,
    code: 'Check-in-Code',
    reservation: 'Reservierungsnummer',
    arrival: 'Anreise',
    departure: 'Abreise',
    time: 'Voraussichtliche Ankunftszeit',
    hold: 'Auf Ihrer Karte vorautorisiert',
    holdNote: 'Der Betrag ist nur reserviert, nicht belastet: Die Schlussrechnung wird beim Check-out beglichen.',
    qrAlt: 'QR-Code für die Rezeption',
  },
  ar: {
    subject: (hotel: string) => `اكتمل تسجيل وصولك عبر الإنترنت: ${hotel}`,
    greeting: (name: string) => `مرحبًا ${name}،`,
    lead: (hotel: string) => `اكتمل تسجيل وصولك عبر الإنترنت في ${hotel}. عند الوصول، اعرض هذا الرمز (أو رمز QR الخاص به) في مكتب الاستقبال لاستلام مفتاحك.`,
    code: 'رمز تسجيل الوصول',
    reservation: 'رقم الحجز',
    arrival: 'الوصول',
    departure: 'المغادرة',
    time: 'وقت الوصول المتوقع',
    hold: 'مبلغ مفوَّض مسبقًا على بطاقتك',
    holdNote: 'المبلغ محجوز فقط ولم يُخصم: تُسدَّد الفاتورة النهائية عند المغادرة.',
    qrAlt: 'رمز QR لمكتب الاستقبال',
  },
} as const;

export function checkinConfirmationMail(mail: CheckinConfirmationMail): MailMessage {
  const language = languageOf(mail.locale);
  const texts = CONFIRMATION_TEXTS[language];
  const arrival = longDate(mail.arrivalDate, language);
  const departure = longDate(mail.departureDate, language);
  const subject = texts.subject(mail.hotelName);
  const text = [
    texts.greeting(mail.guestName),
    '',
    texts.lead(mail.hotelName),
    '',
    `${texts.code}: ${mail.confirmationCode}`,
    `${texts.reservation}: ${mail.reservationNumber}`,
    `${texts.arrival}: ${arrival}`,
    `${texts.departure}: ${departure}`,
    `${texts.time}: ${mail.arrivalTime}`,
    `${texts.hold}: ${mail.preAuthorisation}`,
    '',
    texts.holdNote,
  ].join('\n');
  const body = html`<h1>${subject}</h1>
    <p>${texts.greeting(mail.guestName)}</p>
    <p>${texts.lead(mail.hotelName)}</p>
    <p style="text-align: center">
      <img src="${mail.qrImage}" width="240" height="240" alt="${texts.qrAlt}" /><br />
      <strong style="font-size: 24px; letter-spacing: 4px"><bdi>${mail.confirmationCode}</bdi></strong>
    </p>
    <dl>
      <dt>${texts.reservation}</dt>
      <dd><bdi>${mail.reservationNumber}</bdi></dd>
      <dt>${texts.arrival}</dt>
      <dd>${arrival}</dd>
      <dt>${texts.departure}</dt>
      <dd>${departure}</dd>
      <dt>${texts.time}</dt>
      <dd><bdi>${mail.arrivalTime}</bdi></dd>
      <dt>${texts.hold}</dt>
      <dd><bdi>${mail.preAuthorisation}</bdi></dd>
    </dl>
    <p>${texts.holdNote}</p>`;
  return { to: mail.to, locale: mail.locale, kind: 'checkin_confirmation', subject, text, html: mailDocument(mail.locale, subject, body) };
}
