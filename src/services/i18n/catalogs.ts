import { i18n } from '@lingui/core';
import type { Messages } from '@lingui/core';
import { DEFAULT_LOCALE, localeOfPath } from '../../contract/locales';
import type { Locale } from '../../contract/locales';

/** Each catalog is its own chunk, so a visitor downloads only the language they read. */
const catalogLoaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../locales/en/messages.po'),
  de: () => import('../../locales/de/messages.po'),
  fr: () => import('../../locales/fr/messages.po'),
  nl: () => import('../../locales/nl/messages.po'),
  es: () => import('../../locales/es/messages.po'),
  it: () => import('../../locales/it/messages.po'),
  pl: () => import('../../locales/pl/messages.po'),
  ar: () => import('../../locales/ar/messages.po'),
};

const loaded = new Set<Locale>();

/** Loads a locale's catalog once and makes it the active one. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (!loaded.has(locale)) {
    const { messages } = await catalogLoaders[locale]();
    i18n.load(locale, messages);
    loaded.add(locale);
  }
  if (i18n.locale !== locale) i18n.activate(locale);
}

/** The locale a page is shown in: its first path segment, or the default for paths outside any locale. */
export function displayLocale(pathname: string): Locale {
  return localeOfPath(pathname) ?? DEFAULT_LOCALE;
}

/** Activates the catalog of the page at this path. */
export function activateLocaleOfPath(pathname: string): Promise<void> {
  return activateLocale(displayLocale(pathname));
}

export { i18n };
