import { AUTH_LIMITS } from '../../src/contract/auth';
import { CORPORATE_LIMITS } from '../../src/contract/corporate';
import type { Locale } from '../../src/contract/locales';
import type { MailMessage } from '../ports/mail';

/**
 * The corporate self-enrolment mails, in English, German and Arabic (the other locales get the English text
 * until they are translated), as the sign-in mails are written (server/auth/mails.ts). Links are absolute,
 * built from the public origin.
 */

type Texts = { subject: string; text: string };
type Translated = { en: Texts } & Partial<Record<Locale, Texts>>;

function mail(to: string, locale: Locale, kind: MailMessage['kind'], translations: Translated): MailMessage {
  const { subject, text } = translations[locale] ?? translations.en;
  return { to, locale, kind, subject, text };
}

const minutes = AUTH_LIMITS.otpValidMinutes;
const days = CORPORATE_LIMITS.inviteValidDays;

/** The code that proves a work email; sent for any address, so the answer never tells which domains are known. */
export function corporateOtpMail(to: string, locale: Locale, code: string): MailMessage {
  return mail(to, locale, 'corporate-otp', {
    en: {
      subject: 'Your code to enrol with your company',
      text: `Your code is ${code}\n\nIt is valid for ${minutes} minutes. Enter it to confirm this work email address and see your company's rates at H Rewards hotels.\n\nIf you did not ask for this code, you can ignore this mail.`,
    },
    de: {
      subject: 'Ihr Code für die Anmeldung über Ihr Unternehmen',
      text: `Ihr Code lautet ${code}\n\nEr ist ${minutes} Minuten gültig. Geben Sie ihn ein, um diese geschäftliche E-Mail-Adresse zu bestätigen und die Firmenraten Ihres Unternehmens in H Rewards Hotels zu sehen.\n\nWenn Sie diesen Code nicht angefordert haben, können Sie diese E-Mail ignorieren.`,
    },
    ar: {
      subject: 'رمزك للتسجيل عبر شركتك',
      text: `رمزك هو ${code}\n\nالرمز صالح لمدة ${minutes} دقائق. أدخله لتأكيد عنوان بريد العمل هذا ورؤية أسعار شركتك في فنادق H Rewards.\n\nإذا لم تطلب هذا الرمز، يمكنك تجاهل هذه الرسالة.`,
    },
  });
}

/** A colleague's invite: the link enrols whoever signs in with it (once, for `days` days). */
export function companyInviteMail(to: string, locale: Locale, company: string, link: string): MailMessage {
  return mail(to, locale, 'corporate-invite', {
    en: {
      subject: `${company} invites you to its company rates at H Rewards hotels`,
      text: `Hello,\n\n${company} invites you to book its negotiated rates at H Rewards hotels. Open this link to enrol (sign in or create your H Rewards account on the way):\n\n${link}\n\nThe link is valid for ${days} days and works once. If you do not work for ${company}, you can ignore this mail.`,
    },
    de: {
      subject: `${company} lädt Sie zu seinen Firmenraten in H Rewards Hotels ein`,
      text: `Hallo,\n\n${company} lädt Sie ein, die ausgehandelten Firmenraten in H Rewards Hotels zu buchen. Öffnen Sie diesen Link, um sich anzumelden (dabei melden Sie sich an oder legen Ihr H Rewards Konto an):\n\n${link}\n\nDer Link ist ${days} Tage gültig und funktioniert einmal. Wenn Sie nicht für ${company} arbeiten, können Sie diese E-Mail ignorieren.`,
    },
    ar: {
      subject: `تدعوك ${company} إلى أسعار الشركة في فنادق H Rewards`,
      text: `مرحبًا،\n\nتدعوك ${company} إلى حجز أسعارها المتفاوض عليها في فنادق H Rewards. افتح هذا الرابط للتسجيل (سجّل الدخول أو أنشئ حساب H Rewards في الطريق):\n\n${link}\n\nالرابط صالح لمدة ${days} يومًا ويعمل مرة واحدة. إذا كنت لا تعمل لدى ${company}، يمكنك تجاهل هذه الرسالة.`,
    },
  });
}
