import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { isLocale } from '../contract/locales';
import { serviceMessagesQuery } from '../services/content/queries';
import { rememberLocale } from '../services/i18n/locale-cookie';
import { prefetchForPage } from './-prefetch';

/** Every page lives under its locale; an unknown locale is not a page of ours. */
export const Route = createFileRoute('/$locale')({
  beforeLoad: ({ params }) => {
    if (!isLocale(params.locale)) throw notFound();
    return { locale: params.locale };
  },
  loader: async ({ context }) => {
    // Remembered by the browser, which runs this loader again when it takes over a server-rendered page.
    if (!import.meta.env.SSR) rememberLocale(context.locale);
    // The service banners are in the server's page (decision 0036), so nothing moves when they arrive.
    await prefetchForPage(context.queryClient, serviceMessagesQuery(context.locale));
  },
  component: Outlet,
});
