import { NEWSLETTER_LIMITS } from '../../src/contract/member-preferences';
import type { Locale } from '../../src/contract/locales';
import type { UserType } from '../db/schema';
import type { MailMessage } from '../ports/mail';

/**
 * The double opt-in mail (spec section 5: B2B or B2C wording by user type), in English, German and Arabic
 * like the sign-in mails; other locales get English until translated. Every newsletter mail carries the
 * preference-centre link, so the reader can unsubscribe or change newsletters without signing in.
 */

type Texts = { subject: string; text: string };

const days = NEWSLETTER_LIMITS.confirmationValidDays;

interface ConfirmationMail {
  to: string;
  locale: Locale;
  userType: UserType;
  /** The newsletter's name in the mail's language. */
  newsletter: string;
  confirmLink: string;
  preferenceCenterLink: string;
}

function consumerTexts(locale: Locale, { newsletter, confirmLink, preferenceCenterLink }: ConfirmationMail): Texts {
  switch (locale) {
    case 'de':
      return {
        subject: `Bitte bestätigen Sie Ihr Abonnement: ${newsletter}`,
        text: `Hallo,\n\nbitte bestätigen Sie, dass Sie den ${newsletter} erhalten möchten – mit Angeboten und Neuigkeiten für Ihre nächste Reise:\n\n${confirmLink}\n\nDer Link ist ${days} Tage gültig und funktioniert einmal. Ohne Bestätigung erhalten Sie keinen Newsletter; wenn Sie ihn nicht bestellt haben, können Sie diese E-Mail ignorieren.\n\nIhre Newsletter verwalten: ${preferenceCenterLink}`,
      };
    case 'ar':
      return {
        subject: `يرجى تأكيد اشتراكك: ${newsletter}`,
        text: `مرحبًا،\n\nيرجى تأكيد رغبتك في تلقي ${newsletter}، مع العروض والأخبار لرحلتك القادمة:\n\n${confirmLink}\n\nالرابط صالح لمدة ${days} أيام ويعمل مرة واحدة. لن تتلقى النشرة دون تأكيد؛ إذا لم تطلبها، يمكنك تجاهل هذه الرسالة.\n\nإدارة نشراتك الإخبارية: ${preferenceCenterLink}`,
      };
    default:
      return {
        subject: `Please confirm your subscription: ${newsletter}`,
        text: `Hello,\n\nplease confirm that you would like to receive the ${newsletter}, with offers and news for your next trip:\n\n${confirmLink}\n\nThe link is valid for ${days} days and works once. Without your confirmation you will not receive the newsletter; if you did not ask for it, you can ignore this mail.\n\nManage your newsletters: ${preferenceCenterLink}`,
      };
  }
}

function businessTexts(locale: Locale, { newsletter, confirmLink, preferenceCenterLink }: ConfirmationMail): Texts {
  switch (locale) {
    case 'de':
      return {
        subject: `Bitte bestätigen Sie Ihr Geschäftskunden-Abonnement: ${newsletter}`,
        text: `Guten Tag,\n\nbitte bestätigen Sie, dass Sie den ${newsletter} als Geschäftskunde an diese geschäftliche E-Mail-Adresse erhalten möchten – mit Firmentarifen, Tagungsangeboten und Neuigkeiten für Geschäftsreisende:\n\n${confirmLink}\n\nDer Link ist ${days} Tage gültig und funktioniert einmal. Ohne Bestätigung senden wir keinen Newsletter; wenn Sie ihn nicht bestellt haben, können Sie diese E-Mail ignorieren.\n\nNewsletter verwalten: ${preferenceCenterLink}`,
      };
    case 'ar':
      return {
        subject: `يرجى تأكيد اشتراك عملاء الأعمال: ${newsletter}`,
        text: `مرحبًا،\n\nيرجى تأكيد رغبتك في تلقي ${newsletter} بصفتك عميل أعمال على عنوان البريد الإلكتروني الخاص بالعمل هذا، مع أسعار الشركات وعروض الاجتماعات وأخبار سفر الأعمال:\n\n${confirmLink}\n\nالرابط صالح لمدة ${days} أيام ويعمل مرة واحدة. لن نرسل النشرة دون تأكيد؛ إذا لم تطلبها، يمكنك تجاهل هذه الرسالة.\n\nإدارة النشرات الإخبارية: ${preferenceCenterLink}`,
      };
    default:
      return {
        subject: `Please confirm your business subscription: ${newsletter}`,
        text: `Hello,\n\nplease confirm that you would like to receive the ${newsletter} as a business customer at this business email address, with corporate rates, meeting offers and news for business travellers:\n\n${confirmLink}\n\nThe link is valid for ${days} days and works once. Without your confirmation we send no newsletter; if you did not ask for it, you can ignore this mail.\n\nManage your newsletters: ${preferenceCenterLink}`,
      };
  }
}

export function newsletterConfirmationMail(mail: ConfirmationMail): MailMessage {
  const { subject, text } = mail.userType === 'b2b' ? businessTexts(mail.locale, mail) : consumerTexts(mail.locale, mail);
  return { to: mail.to, locale: mail.locale, kind: 'newsletter-confirmation', subject, text };
}
