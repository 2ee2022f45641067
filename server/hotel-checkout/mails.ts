import type { Locale } from '../../src/contract/locales';
import type { MailAttachment, MailMessage } from '../ports/mail';

/**
 * The mail after check-out with the invoices attached, in English, German and Arabic like the other
 * mails; the other locales get English until translated.
 */

interface InvoiceMail {
  to: string;
  locale: Locale;
  firstName: string;
  hotelName: string;
  invoiceNumbers: string[];
  /** Points credited to the member's balance with the check-out; null or 0: none. */
  points: number | null;
  attachments: MailAttachment[];
}

function texts(locale: Locale, { firstName, hotelName, invoiceNumbers, points }: InvoiceMail): { subject: string; text: string } {
  const numbers = invoiceNumbers.join(', ');
  switch (locale) {
    case 'de':
      return {
        subject: `Ihre Rechnung – ${hotelName}`,
        text: `Hallo ${firstName},\n\nvielen Dank für Ihren Aufenthalt im ${hotelName}. Sie sind ausgecheckt; im Anhang finden Sie Ihre Rechnung (${numbers}).${points ? `\n\n${points} Punkte dieses Aufenthalts wurden Ihrem Punktekonto gutgeschrieben.` : ''}\n\nWir freuen uns auf Ihren nächsten Besuch.`,
      };
    case 'ar':
      return {
        subject: `فاتورتك – ${hotelName}`,
        text: `مرحبًا ${firstName}،\n\nشكرًا لإقامتك في ${hotelName}. تم تسجيل مغادرتك؛ تجد فاتورتك مرفقة (${numbers}).${points ? `\n\nأضيفت ${points} نقطة من هذه الإقامة إلى رصيد نقاطك.` : ''}\n\nنتطلع إلى زيارتك القادمة.`,
      };
    default:
      return {
        subject: `Your invoice – ${hotelName}`,
        text: `Hello ${firstName},\n\nthank you for staying at the ${hotelName}. You are checked out; your invoice is attached (${numbers}).${points ? `\n\n${points} points of this stay were credited to your points balance.` : ''}\n\nWe look forward to welcoming you again.`,
      };
  }
}

export function hotelInvoiceMail(mail: InvoiceMail): MailMessage {
  const { subject, text } = texts(mail.locale, mail);
  return { to: mail.to, locale: mail.locale, kind: 'hotel_invoice', subject, text, attachments: mail.attachments };
}
