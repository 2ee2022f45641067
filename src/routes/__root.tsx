import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useLocation } from '@tanstack/react-router';
import { DEFAULT_LOCALE, localeOfPath } from '../contract/locales';
import { activateLocale } from '../services/i18n/catalogs';
import { NotFoundPage } from '../views/shell/NotFoundPage';
import { SiteLayout } from '../views/shell/SiteLayout';

export interface RouterContext {
  queryClient: QueryClient;
}

/** The locale of a path, or the default one for paths outside any locale (such as an unknown one). */
const displayLocale = (pathname: string) => localeOfPath(pathname) ?? DEFAULT_LOCALE;

export const Route = createRootRouteWithContext<RouterContext>()({
  // The catalog must be active before anything renders, the not-found page included.
  beforeLoad: ({ location }) => activateLocale(displayLocale(location.pathname)),
  component: RootLayout,
  notFoundComponent: RootNotFound,
});

function RootLayout() {
  const { pathname } = useLocation();
  return (
    <SiteLayout locale={displayLocale(pathname)}>
      <Outlet />
    </SiteLayout>
  );
}

function RootNotFound() {
  const { pathname } = useLocation();
  return <NotFoundPage locale={displayLocale(pathname)} />;
}
