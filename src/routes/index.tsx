import { createFileRoute, redirect } from '@tanstack/react-router';
import { negotiateLocale } from '../contract/locales';
import { rememberedLocale } from '../services/i18n/locale-cookie';

/** `/` has no page of its own: it sends the visitor to their locale (the server does the same). */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    const locale = negotiateLocale(rememberedLocale(), navigator.languages);
    throw redirect({ to: '/$locale/', params: { locale }, replace: true });
  },
});
