import { i18n } from '@lingui/core';
import type { I18n, Messages } from '@lingui/core';
import { DEFAULT_LOCALE, localeOfPath } from '../../contract/locales';
import type { Locale } from '../../contract/locales';
// A static import costs the first load nothing: the app's entry (start-app.tsx) and the shell's analytics
// tracker import the error handler and analytics statically, so both are in the first chunk already.
import { reportTranslationError } from '../errors/report';
import { isAccountSettingsPath, isMemberOnlyPath } from '../account/dialog-rules';
import { isInHousePath, pathWithoutLocale, ROUTES } from '../navigation/paths';

export type CatalogLoaders = Record<Locale, () => Promise<{ messages: Messages }>>;

/** Each catalog is its own chunk, so a visitor downloads only the language they read. */
const catalogLoaders: CatalogLoaders = {
  en: () => import('../../locales/en/messages.po'),
  de: () => import('../../locales/de/messages.po'),
  fr: () => import('../../locales/fr/messages.po'),
  nl: () => import('../../locales/nl/messages.po'),
  es: () => import('../../locales/es/messages.po'),
  it: () => import('../../locales/it/messages.po'),
  pl: () => import('../../locales/pl/messages.po'),
  ar: () => import('../../locales/ar/messages.po'),
};

/**
 * The member area's messages, a catalog of their own (lingui.config.ts): only its pages load them, so
 * the first load of every other page does not carry them.
 */
const memberCatalogLoaders: CatalogLoaders = {
  en: () => import('../../locales/en/member.po'),
  de: () => import('../../locales/de/member.po'),
  fr: () => import('../../locales/fr/member.po'),
  nl: () => import('../../locales/nl/member.po'),
  es: () => import('../../locales/es/member.po'),
  it: () => import('../../locales/it/member.po'),
  pl: () => import('../../locales/pl/member.po'),
  ar: () => import('../../locales/ar/member.po'),
};

/**
 * The account settings' messages (profile, preferences, favourite hotels), another catalog of their own:
 * the member area's other pages do not carry them.
 */
const settingsCatalogLoaders: CatalogLoaders = {
  en: () => import('../../locales/en/settings.po'),
  de: () => import('../../locales/de/settings.po'),
  fr: () => import('../../locales/fr/settings.po'),
  nl: () => import('../../locales/nl/settings.po'),
  es: () => import('../../locales/es/settings.po'),
  it: () => import('../../locales/it/settings.po'),
  pl: () => import('../../locales/pl/settings.po'),
  ar: () => import('../../locales/ar/settings.po'),
};

/**
 * The messages of online check-in, the hotel checkout and company enrolment, a catalog of their own: only
 * those pages load them.
 */
const guestFlowsCatalogLoaders: CatalogLoaders = {
  en: () => import('../../locales/en/guest-flows.po'),
  de: () => import('../../locales/de/guest-flows.po'),
  fr: () => import('../../locales/fr/guest-flows.po'),
  nl: () => import('../../locales/nl/guest-flows.po'),
  es: () => import('../../locales/es/guest-flows.po'),
  it: () => import('../../locales/it/guest-flows.po'),
  pl: () => import('../../locales/pl/guest-flows.po'),
  ar: () => import('../../locales/ar/guest-flows.po'),
};

/** The check-in and hotel-checkout pages and the enrolment page carry the guest flows' catalog. */
export function isGuestFlowPath(pathname: string): boolean {
  return isInHousePath(pathname) || pathWithoutLocale(pathname).replace(/\/+$/, '') === ROUTES.enrolment;
}

const loaded = new Set<Locale>();
/** The extra catalogs loaded so far, per catalog and locale. */
const extraLoaded = new Map<CatalogLoaders, Set<Locale>>();

/**
 * Sends Lingui's `missing` events to the error handler, which ignores them by design (spec section 8: the
 * source text shows instead). Answers the unsubscribe.
 */
export function reportMissingMessages(instance: I18n = i18n): () => void {
  return instance.on('missing', ({ id, locale }) => reportTranslationError({ kind: 'missing', id, locale }));
}

reportMissingMessages();

/**
 * Loads a locale's catalog once and makes it the active one. A catalog that fails to load (a chunk lost
 * in a deploy, the network) is reported as a translation error and the failure rethrown to the caller.
 */
export async function activateLocale(locale: Locale, loaders: CatalogLoaders = catalogLoaders): Promise<void> {
  if (!loaded.has(locale)) {
    let messages: Messages;
    try {
      ({ messages } = await loaders[locale]());
    } catch (error) {
      reportTranslationError({ kind: 'error', error });
      throw error;
    }
    i18n.load(locale, messages);
    loaded.add(locale);
  }
  if (i18n.locale !== locale) i18n.activate(locale);
}

/**
 * Loads a catalog beside the main one (Lingui merges them) once per locale: the member area's messages by
 * default. A failure is reported and rethrown, as for the main catalog.
 */
export async function loadExtraCatalog(locale: Locale, loaders: CatalogLoaders = memberCatalogLoaders): Promise<void> {
  const done = extraLoaded.get(loaders) ?? new Set<Locale>();
  extraLoaded.set(loaders, done);
  if (done.has(locale)) return;
  let messages: Messages;
  try {
    ({ messages } = await loaders[locale]());
  } catch (error) {
    reportTranslationError({ kind: 'error', error });
    throw error;
  }
  i18n.load(locale, messages);
  done.add(locale);
}

/** The locale a page is shown in: its first path segment, or the default for paths outside any locale. */
export function displayLocale(pathname: string): Locale {
  return localeOfPath(pathname) ?? DEFAULT_LOCALE;
}

/**
 * Activates the catalog of the page at this path, with the member area's messages on its pages and the
 * account settings' on theirs.
 */
export async function activateLocaleOfPath(pathname: string): Promise<void> {
  const locale = displayLocale(pathname);
  await Promise.all([
    activateLocale(locale),
    isMemberOnlyPath(pathname) ? loadExtraCatalog(locale, memberCatalogLoaders) : undefined,
    isAccountSettingsPath(pathname) ? loadExtraCatalog(locale, settingsCatalogLoaders) : undefined,
    isGuestFlowPath(pathname) ? loadExtraCatalog(locale, guestFlowsCatalogLoaders) : undefined,
  ]);
}

export { i18n };
