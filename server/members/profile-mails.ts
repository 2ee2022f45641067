import { AUTH_LIMITS } from '../../src/contract/auth';
import type { Locale } from '../../src/contract/locales';
import type { MailMessage } from '../ports/mail';

/**
 * The mails of profile changes (decision record 0045), in English and German; the other locales get the
 * English text until they are translated.
 */

type Texts = { subject: string; text: string };
type Translated = { en: Texts } & Partial<Record<Locale, Texts>>;

function mail(to: string, locale: Locale, kind: MailMessage['kind'], translations: Translated): MailMessage {
  const { subject, text } = translations[locale] ?? translations.en;
  return { to, locale, kind, subject, text };
}

/** What a code is for: the mail names the change, so a member who did not ask for it notices. */
export type ProfileCodePurpose = 'birthday' | 'name' | 'email-change';

const CHANGES: Record<ProfileCodePurpose, { en: string; de: string }> = {
  birthday: { en: 'change the date of birth in your H Rewards profile', de: 'das Geburtsdatum in Ihrem H Rewards Profil zu ändern' },
  name: { en: 'change the name in your H Rewards profile', de: 'den Namen in Ihrem H Rewards Profil zu ändern' },
  'email-change': { en: 'use this email address for your H Rewards account', de: 'diese E-Mail-Adresse für Ihr H Rewards Konto zu verwenden' },
};

const minutes = AUTH_LIMITS.otpValidMinutes;

/** Kind `otp`, like the sign-in code: the development mailbox and the tests find codes by it. */
export function profileCodeMail(to: string, locale: Locale, purpose: ProfileCodePurpose, code: string): MailMessage {
  const change = CHANGES[purpose];
  return mail(to, locale, 'otp', {
    en: {
      subject: 'Your H Rewards confirmation code',
      text: `Your code is ${code}\n\nEnter it to ${change.en}. It is valid for ${minutes} minutes and works once.\n\nIf you did not ask for this code, someone may be signed in to your account: sign out everywhere and choose a new password.`,
    },
    de: {
      subject: 'Ihr H Rewards Bestätigungscode',
      text: `Ihr Code lautet ${code}\n\nGeben Sie ihn ein, um ${change.de}. Er ist ${minutes} Minuten gültig und funktioniert einmal.\n\nWenn Sie diesen Code nicht angefordert haben, ist womöglich jemand in Ihrem Konto angemeldet: Melden Sie sich überall ab und wählen Sie ein neues Passwort.`,
    },
  });
}

/**
 * Sent instead of a code when a member asks to move their account to an address that already has one:
 * only whoever reads this mailbox learns it is taken; the member who asked gets the same answer as for a
 * free address.
 */
export function emailTakenMail(to: string, locale: Locale): MailMessage {
  return mail(to, locale, 'security-notice', {
    en: {
      subject: 'This email address already has an H Rewards account',
      text: 'Someone asked to move an H Rewards account to this email address. It already belongs to an H Rewards account, so it cannot be used for another one and no code was sent.\n\nIf it was you, sign in with this address instead, or choose another address. If it was not you, you can ignore this mail.',
    },
    de: {
      subject: 'Diese E-Mail-Adresse hat bereits ein H Rewards Konto',
      text: 'Jemand wollte ein H Rewards Konto auf diese E-Mail-Adresse umstellen. Sie gehört bereits zu einem H Rewards Konto, kann also für kein weiteres verwendet werden, und es wurde kein Code gesendet.\n\nWenn Sie es waren, melden Sie sich mit dieser Adresse an oder wählen Sie eine andere. Wenn nicht, können Sie diese E-Mail ignorieren.',
    },
  });
}

/** `j***@example.com`: enough for the owner to recognise the address, not enough to write to it. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** To the OLD address once the switch is done: the one way its owner learns of a change made without them. */
export function emailChangedMail(to: string, locale: Locale, newEmail: string): MailMessage {
  const masked = maskedEmail(newEmail);
  return mail(to, locale, 'security-notice', {
    en: {
      subject: 'The email address of your H Rewards account was changed',
      text: `The email address of your H Rewards account was changed to ${masked}. Mail about your account now goes there, and you sign in with it.\n\nIf you did not make this change, contact our member service at once: someone else may have access to your account.`,
    },
    de: {
      subject: 'Die E-Mail-Adresse Ihres H Rewards Kontos wurde geändert',
      text: `Die E-Mail-Adresse Ihres H Rewards Kontos wurde in ${masked} geändert. E-Mails zu Ihrem Konto gehen jetzt dorthin, und Sie melden sich damit an.\n\nWenn Sie diese Änderung nicht vorgenommen haben, wenden Sie sich sofort an unseren Mitgliederservice: Möglicherweise hat jemand anderes Zugriff auf Ihr Konto.`,
    },
  });
}
