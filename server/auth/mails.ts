import { AUTH_LIMITS } from '../../src/contract/auth';
import type { Locale } from '../../src/contract/locales';
import type { MailMessage } from '../ports/mail';

/**
 * The texts of the sign-in and membership mails, in English, German and Arabic; the other locales get
 * the English text until they are translated. Links are absolute, built from the public origin (never
 * from the request's Host header, which a client controls).
 */

type Texts = { subject: string; text: string };
type Translated = { en: Texts } & Partial<Record<Locale, Texts>>;

const pick = (translations: Translated, locale: Locale): Texts => translations[locale] ?? translations.en;

function mail(to: string, locale: Locale, kind: MailMessage['kind'], translations: Translated): MailMessage {
  const { subject, text } = pick(translations, locale);
  return { to, locale, kind, subject, text };
}

const minutes = AUTH_LIMITS.otpValidMinutes;

export function otpMail(to: string, locale: Locale, code: string): MailMessage {
  return mail(to, locale, 'otp', {
    en: {
      subject: 'Your H Rewards code',
      text: `Your code is ${code}\n\nIt is valid for ${minutes} minutes. Enter it to sign in, or to create your H Rewards account if you do not have one yet.\n\nIf you did not ask for this code, you can ignore this mail.`,
    },
    de: {
      subject: 'Ihr H Rewards Code',
      text: `Ihr Code lautet ${code}\n\nEr ist ${minutes} Minuten gültig. Geben Sie ihn ein, um sich anzumelden oder Ihr H Rewards Konto anzulegen, falls Sie noch keines haben.\n\nWenn Sie diesen Code nicht angefordert haben, können Sie diese E-Mail ignorieren.`,
    },
    ar: {
      subject: 'رمز H Rewards الخاص بك',
      text: `رمزك هو ${code}\n\nالرمز صالح لمدة ${minutes} دقائق. أدخله لتسجيل الدخول، أو لإنشاء حساب H Rewards إذا لم يكن لديك حساب بعد.\n\nإذا لم تطلب هذا الرمز، يمكنك تجاهل هذه الرسالة.`,
    },
  });
}

export function activationMail(to: string, locale: Locale, firstName: string, link: string): MailMessage {
  return mail(to, locale, 'activation', {
    en: {
      subject: 'Activate your H Rewards membership',
      text: `Hello ${firstName},\n\nwelcome to H Rewards. Open this link to activate your membership:\n\n${link}\n\nThe link is valid for 7 days.`,
    },
    de: {
      subject: 'Aktivieren Sie Ihre H Rewards Mitgliedschaft',
      text: `Hallo ${firstName},\n\nwillkommen bei H Rewards. Öffnen Sie diesen Link, um Ihre Mitgliedschaft zu aktivieren:\n\n${link}\n\nDer Link ist 7 Tage gültig.`,
    },
    ar: {
      subject: 'فعّل عضويتك في H Rewards',
      text: `مرحبًا ${firstName}،\n\nأهلًا بك في H Rewards. افتح هذا الرابط لتفعيل عضويتك:\n\n${link}\n\nالرابط صالح لمدة 7 أيام.`,
    },
  });
}

/** Sent instead of an activation mail when someone registers with an email that already has an account. */
export function alreadyRegisteredMail(to: string, locale: Locale, loginLink: string): MailMessage {
  return mail(to, locale, 'activation', {
    en: {
      subject: 'You already have an H Rewards account',
      text: `Someone, probably you, tried to register with this email address. You already have an H Rewards account.\n\nSign in here, with a code sent by mail or with your password:\n\n${loginLink}\n\nIf it was not you, you can ignore this mail.`,
    },
    de: {
      subject: 'Sie haben bereits ein H Rewards Konto',
      text: `Jemand, vermutlich Sie, wollte sich mit dieser E-Mail-Adresse registrieren. Sie haben bereits ein H Rewards Konto.\n\nMelden Sie sich hier an, mit einem Code per E-Mail oder mit Ihrem Passwort:\n\n${loginLink}\n\nWenn Sie es nicht waren, können Sie diese E-Mail ignorieren.`,
    },
    ar: {
      subject: 'لديك حساب H Rewards بالفعل',
      text: `حاول شخص ما، وربما أنت، التسجيل بعنوان البريد الإلكتروني هذا. لديك حساب H Rewards بالفعل.\n\nسجّل الدخول من هنا، برمز يُرسل بالبريد أو بكلمة المرور:\n\n${loginLink}\n\nإذا لم تكن أنت، يمكنك تجاهل هذه الرسالة.`,
    },
  });
}

export function passwordResetMail(to: string, locale: Locale, link: string): MailMessage {
  return mail(to, locale, 'password-reset', {
    en: {
      subject: 'Set a new H Rewards password',
      text: `Open this link to set a new password:\n\n${link}\n\nThe link is valid for 1 hour and works once. If you did not ask for it, you can ignore this mail; your password stays as it is.`,
    },
    de: {
      subject: 'Neues H Rewards Passwort festlegen',
      text: `Öffnen Sie diesen Link, um ein neues Passwort festzulegen:\n\n${link}\n\nDer Link ist 1 Stunde gültig und funktioniert einmal. Wenn Sie ihn nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.`,
    },
    ar: {
      subject: 'تعيين كلمة مرور جديدة لـ H Rewards',
      text: `افتح هذا الرابط لتعيين كلمة مرور جديدة:\n\n${link}\n\nالرابط صالح لمدة ساعة واحدة ويعمل مرة واحدة. إذا لم تطلبه، يمكنك تجاهل هذه الرسالة؛ ستبقى كلمة مرورك كما هي.`,
    },
  });
}

/** Sent for a reset request to an email without an account, so the answer and the work are the same. */
export function passwordResetWithoutAccountMail(to: string, locale: Locale, registerLink: string): MailMessage {
  return mail(to, locale, 'password-reset', {
    en: {
      subject: 'Your H Rewards password',
      text: `Someone asked to reset the password of an H Rewards account with this email address, but there is no account with it.\n\nTo become a member, register here:\n\n${registerLink}\n\nIf it was not you, you can ignore this mail.`,
    },
    de: {
      subject: 'Ihr H Rewards Passwort',
      text: `Jemand wollte das Passwort eines H Rewards Kontos mit dieser E-Mail-Adresse zurücksetzen, aber es gibt kein Konto mit dieser Adresse.\n\nUm Mitglied zu werden, registrieren Sie sich hier:\n\n${registerLink}\n\nWenn Sie es nicht waren, können Sie diese E-Mail ignorieren.`,
    },
    ar: {
      subject: 'كلمة مرور H Rewards الخاصة بك',
      text: `طلب شخص ما إعادة تعيين كلمة مرور حساب H Rewards بعنوان البريد الإلكتروني هذا، لكن لا يوجد حساب به.\n\nلتصبح عضوًا، سجّل من هنا:\n\n${registerLink}\n\nإذا لم تكن أنت، يمكنك تجاهل هذه الرسالة.`,
    },
  });
}

/**
 * Sent to a member once the wrong sign-in codes for their email reached the daily cap: codes are refused
 * for the rest of the day's window (up to 24 hours), and the member learns that someone tried, and how to sign in meanwhile.
 */
export function codeGuessingNoticeMail(to: string, locale: Locale, loginLink: string): MailMessage {
  return mail(to, locale, 'security-notice', {
    en: {
      subject: 'Sign-in codes for your H Rewards account are paused',
      text: `Many wrong sign-in codes were entered for your H Rewards account. To protect it, sign-in codes for this email address are not accepted for up to 24 hours.\n\nYou can still sign in with your password, or choose a new one with "Forgot your password?":\n\n${loginLink}\n\nIf it was not you, nobody got into your account; you do not need to do anything.`,
    },
    de: {
      subject: 'Anmeldecodes für Ihr H Rewards Konto sind pausiert',
      text: `Es wurden viele falsche Anmeldecodes für Ihr H Rewards Konto eingegeben. Zu seinem Schutz werden Anmeldecodes für diese E-Mail-Adresse bis zu 24 Stunden lang nicht angenommen.\n\nSie können sich weiterhin mit Ihrem Passwort anmelden oder mit „Passwort vergessen?“ ein neues wählen:\n\n${loginLink}\n\nWenn Sie es nicht waren: Niemand ist in Ihr Konto gelangt; Sie müssen nichts tun.`,
    },
    ar: {
      subject: 'تم إيقاف رموز تسجيل الدخول لحساب H Rewards مؤقتًا',
      text: `أُدخلت رموز تسجيل دخول خاطئة كثيرة لحساب H Rewards الخاص بك. لحمايته، لن تُقبل رموز تسجيل الدخول لعنوان البريد الإلكتروني هذا لمدة تصل إلى 24 ساعة.\n\nلا يزال بإمكانك تسجيل الدخول بكلمة المرور، أو اختيار كلمة مرور جديدة عبر "هل نسيت كلمة المرور؟":\n\n${loginLink}\n\nإذا لم تكن أنت، فلم يدخل أحد إلى حسابك؛ لا تحتاج إلى فعل أي شيء.`,
    },
  });
}

/** Links in mails, on the web app's pages (the web app owns these paths). */
export function mailLinks(publicOrigin: string) {
  const page = (locale: Locale, path: string, query: Record<string, string> = {}) => {
    const url = new URL(`/${locale}/account/${path}`, publicOrigin);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url.toString();
  };
  return {
    activate: (locale: Locale, token: string) => page(locale, 'activate', { token }),
    /** The login page in password-reset mode: it asks for the new password and calls password-update. */
    passwordReset: (locale: Locale, token: string, email: string) => page(locale, 'login', { reset_token: token, email }),
    login: (locale: Locale) => page(locale, 'login'),
    /** The profile page's list of sessions, where the member ends the ones they do not recognise. */
    sessions: (locale: Locale) => `${page(locale, 'profile')}#sessions`,
    register: (locale: Locale) => page(locale, 'registration'),
  };
}
