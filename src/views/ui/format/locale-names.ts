import type { Locale } from '../../../contract/locales';

/** Each language named in itself, as a language switcher shows it. */
export const LOCALE_NATIVE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  nl: 'Nederlands',
  es: 'Español',
  it: 'Italiano',
  pl: 'Polski',
  ar: 'العربية',
};
