import { AUTH_LIMITS } from '../../src/contract/auth';
import type { Locale } from '../../src/contract/locales';
import type { MailMessage } from '../ports/mail';

/**
 * Mails of the member account (decision record 0046): to the member in English or German (other locales
 * get English until translated), and to the service team in English. Texts typed by the sender go into
 * the body only; the subject line gets them without line breaks, so no header can be smuggled in.
 */

type Texts = { subject: string; text: string };
type Translated = { en: Texts } & Partial<Record<Locale, Texts>>;

function mail(to: string, locale: Locale, kind: MailMessage['kind'], translations: Translated): MailMessage {
  const { subject, text } = translations[locale] ?? translations.en;
  return { to, locale, kind, subject, text };
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export interface CancellationFigures {
  points: number;
  vouchers: number;
  upcomingBookings: number;
}

/** The code that confirms leaving, with what leaving means. */
export function cancellationCodeMail(to: string, locale: Locale, code: string, figures: CancellationFigures): MailMessage {
  const minutes = AUTH_LIMITS.otpValidMinutes;
  return mail(to, locale, 'membership-cancellation', {
    en: {
      subject: 'Confirm the end of your H Rewards membership',
      text: `Your code to end your H Rewards membership is ${code}\n\nIt is valid for ${minutes} minutes.\n\nWhen you confirm, your ${figures.points} points are lost, your ${figures.vouchers} valid vouchers expire, and your personal data is erased. Your ${figures.upcomingBookings} upcoming bookings are kept and stay valid.\n\nIf you did not ask for this, ignore this mail: your membership stays as it is.`,
    },
    de: {
      subject: 'Bestätigen Sie das Ende Ihrer H Rewards Mitgliedschaft',
      text: `Ihr Code zum Beenden Ihrer H Rewards Mitgliedschaft lautet ${code}\n\nEr ist ${minutes} Minuten gültig.\n\nWenn Sie bestätigen, verfallen Ihre ${figures.points} Punkte und Ihre ${figures.vouchers} gültigen Gutscheine, und Ihre persönlichen Daten werden gelöscht. Ihre ${figures.upcomingBookings} bevorstehenden Buchungen bleiben bestehen und gültig.\n\nWenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihre Mitgliedschaft bleibt bestehen.`,
    },
  });
}

/** Sent to the address the member had, once the membership has ended. */
export function cancellationConfirmedMail(to: string, locale: Locale, upcomingBookings: number): MailMessage {
  return mail(to, locale, 'membership-cancellation', {
    en: {
      subject: 'Your H Rewards membership has ended',
      text: `Your H Rewards membership has ended and your personal data has been erased from your account.\n\nYour ${upcomingBookings} upcoming bookings stay valid: you find them through the links in their booking mails. Bookings and invoices are kept as the law on accounting requires.\n\nYou are welcome to become a member again at any time with this email address.`,
    },
    de: {
      subject: 'Ihre H Rewards Mitgliedschaft ist beendet',
      text: `Ihre H Rewards Mitgliedschaft ist beendet, und Ihre persönlichen Daten wurden aus Ihrem Konto gelöscht.\n\nIhre ${upcomingBookings} bevorstehenden Buchungen bleiben gültig: Sie finden sie über die Links in ihren Buchungs-E-Mails. Buchungen und Rechnungen werden aufbewahrt, wie es das Handelsrecht verlangt.\n\nSie können jederzeit wieder Mitglied werden, auch mit dieser E-Mail-Adresse.`,
    },
  });
}

export interface Sender {
  name: string | null;
  email: string | null;
  /** The member's public id, when a member sent it. */
  memberGuid: string | null;
}

function senderLines(sender: Sender, reference: string): string {
  return [
    `Reference: ${reference}`,
    `From: ${sender.name ?? '(no name given)'} <${sender.email ?? 'no email given'}>`,
    `Member: ${sender.memberGuid ?? 'no (visitor)'}`,
  ].join('\n');
}

/** A contact form message, for the service team. */
export function contactMail(
  to: string,
  message: { subject: string; message: string; reservationNumber: string | null; reference: string; sender: Sender },
): MailMessage {
  const lines = [senderLines(message.sender, message.reference)];
  if (message.reservationNumber) lines.push(`Reservation number: ${message.reservationNumber}`);
  lines.push(`Subject: ${message.subject}`, '', message.message);
  return { to, locale: 'en', kind: 'contact', subject: `Contact: ${oneLine(message.subject)}`.slice(0, 250), text: lines.join('\n') };
}

/** A content page's form, for the service team: every field as `name: value`. */
export function contentFormMail(to: string, form: { formId: string; fields: Record<string, string>; reference: string; sender: Sender }): MailMessage {
  const lines = [senderLines(form.sender, form.reference), `Form: ${form.formId}`, ''];
  for (const [name, value] of Object.entries(form.fields)) lines.push(`${name}: ${value}`);
  return { to, locale: 'en', kind: 'content-form', subject: `Form: ${form.formId}`, text: lines.join('\n') };
}
