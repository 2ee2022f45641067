import { createFileRoute, redirect } from '@tanstack/react-router';
import { negotiateLocale } from '../contract/locales';
import { rememberedLocale } from '../services/i18n/locale-cookie';
import { localizedPath, ROUTES } from '../services/navigation/paths';

/** `/` has no page of its own: it sends the visitor to their locale (the server does the same). */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    const locale = negotiateLocale(rememberedLocale(), navigator.languages);
    throw redirect({ href: localizedPath(locale, ROUTES.home), replace: true });
  },
});
