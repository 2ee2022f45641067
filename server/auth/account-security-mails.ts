import { AUTH_LIMITS } from '../../src/contract/auth';
import type { Locale } from '../../src/contract/locales';
import { intlLocale } from '../ecommerce/booking-mail';
import { BUSINESS_TIME_ZONE } from '../lib/calendar';
import type { MailMessage } from '../ports/mail';

/**
 * The mails of the account's security (decision record 0047), in English, German and Arabic like the
 * sign-in mails; the other locales get the English text until they are translated.
 */

type Texts = { subject: string; text: string };
type Translated = { en: Texts } & Partial<Record<Locale, Texts>>;

function mail(to: string, locale: Locale, kind: MailMessage['kind'], translations: Translated): MailMessage {
  const { subject, text } = translations[locale] ?? translations.en;
  return { to, locale, kind, subject, text };
}

const minutes = AUTH_LIMITS.otpValidMinutes;

/** Kind `otp`, like the other codes: the development mailbox and the tests find codes by it. */
export function stepUpCodeMail(to: string, locale: Locale, code: string): MailMessage {
  return mail(to, locale, 'otp', {
    en: {
      subject: 'Your H Rewards security code',
      text: `Your code is ${code}\n\nEnter it to confirm a change to your H Rewards account: your email address, your password, a passkey or a large redemption of points. It is valid for ${minutes} minutes and works once.\n\nIf you did not ask for this code, someone may be signed in to your account: sign out everywhere and choose a new password.`,
    },
    de: {
      subject: 'Ihr H Rewards Sicherheitscode',
      text: `Ihr Code lautet ${code}\n\nGeben Sie ihn ein, um eine Änderung an Ihrem H Rewards Konto zu bestätigen: Ihre E-Mail-Adresse, Ihr Passwort, einen Passkey oder eine große Einlösung von Punkten. Er ist ${minutes} Minuten gültig und funktioniert einmal.\n\nWenn Sie diesen Code nicht angefordert haben, ist womöglich jemand in Ihrem Konto angemeldet: Melden Sie sich überall ab und wählen Sie ein neues Passwort.`,
    },
    ar: {
      subject: 'رمز الأمان الخاص بحساب H Rewards',
      text: `رمزك هو ${code}\n\nأدخله لتأكيد تغيير في حساب H Rewards الخاص بك: عنوان بريدك الإلكتروني أو كلمة المرور أو مفتاح مرور أو استبدال عدد كبير من النقاط. الرمز صالح لمدة ${minutes} دقائق ويعمل مرة واحدة.\n\nإذا لم تطلب هذا الرمز، فقد يكون شخص ما مسجلًا الدخول إلى حسابك: سجّل الخروج من كل الأجهزة واختر كلمة مرور جديدة.`,
    },
  });
}

/** After the member set a password from the account: the one way its owner learns of a change made without them. */
export function passwordChangedMail(to: string, locale: Locale, sessionsLink: string): MailMessage {
  return mail(to, locale, 'security-notice', {
    en: {
      subject: 'Your H Rewards password was changed',
      text: `The password of your H Rewards account was changed. Every other device signed in to your account was signed out.\n\nIf you did not make this change, choose a new password with "Forgot your password?" at once and look at where your account is signed in:\n\n${sessionsLink}`,
    },
    de: {
      subject: 'Ihr H Rewards Passwort wurde geändert',
      text: `Das Passwort Ihres H Rewards Kontos wurde geändert. Alle anderen Geräte, die in Ihrem Konto angemeldet waren, wurden abgemeldet.\n\nWenn Sie diese Änderung nicht vorgenommen haben, wählen Sie sofort mit „Passwort vergessen?“ ein neues Passwort und sehen Sie nach, wo Ihr Konto angemeldet ist:\n\n${sessionsLink}`,
    },
    ar: {
      subject: 'تم تغيير كلمة مرور H Rewards الخاصة بك',
      text: `تم تغيير كلمة مرور حساب H Rewards الخاص بك. وتم تسجيل خروج كل الأجهزة الأخرى التي كانت مسجلة الدخول إلى حسابك.\n\nإذا لم تُجرِ هذا التغيير، فاختر كلمة مرور جديدة فورًا عبر "هل نسيت كلمة المرور؟" وتحقق من الأماكن التي سُجّل فيها الدخول إلى حسابك:\n\n${sessionsLink}`,
    },
  });
}

/** The moment as the member reads it, on the business clock (Europe/Berlin), which the mail names. */
function berlinTime(at: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeStyle: 'short', timeZone: BUSINESS_TIME_ZONE }).format(at);
}

/** A sign-in from a browser the member has not signed in with before (server/auth/devices.ts). */
export function newSignInMail(to: string, locale: Locale, device: string, at: Date, sessionsLink: string): MailMessage {
  const when = berlinTime(at, locale);
  return mail(to, locale, 'security-notice', {
    en: {
      subject: 'New sign-in to your H Rewards account',
      text: `Your H Rewards account was just signed in to from a device it has not been used on before:\n\n${device}\n${when} (Berlin time)\n\nIf this was you, there is nothing to do. If not, end the sessions you do not recognise and choose a new password:\n\n${sessionsLink}`,
    },
    de: {
      subject: 'Neue Anmeldung bei Ihrem H Rewards Konto',
      text: `Bei Ihrem H Rewards Konto hat sich gerade jemand von einem Gerät angemeldet, das bisher nicht dafür verwendet wurde:\n\n${device}\n${when} (Berliner Zeit)\n\nWenn Sie das waren, müssen Sie nichts tun. Wenn nicht, beenden Sie die Sitzungen, die Sie nicht kennen, und wählen Sie ein neues Passwort:\n\n${sessionsLink}`,
    },
    ar: {
      subject: 'تسجيل دخول جديد إلى حساب H Rewards الخاص بك',
      text: `تم للتو تسجيل الدخول إلى حساب H Rewards الخاص بك من جهاز لم يُستخدم معه من قبل:\n\n${device}\n${when} (بتوقيت برلين)\n\nإذا كنت أنت، فلا حاجة لفعل أي شيء. وإذا لم تكن أنت، فأنهِ الجلسات التي لا تعرفها واختر كلمة مرور جديدة:\n\n${sessionsLink}`,
    },
  });
}
