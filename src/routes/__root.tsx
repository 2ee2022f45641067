import type { QueryClient } from '@tanstack/react-query';
import type { AppActor } from '../app-actor';
import { createRootRouteWithContext, Outlet, useLocation } from '@tanstack/react-router';
import { activateLocaleOfPath, displayLocale } from '../services/i18n/catalogs';
import { NotFoundPage } from '../views/shell/NotFoundPage';
import { SiteLayout } from '../views/shell/SiteLayout';

export interface RouterContext {
  queryClient: QueryClient;
  /** The app's root actor (src/machines/app): routes tell it when a page with a flow opens and closes. */
  app: AppActor;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Each navigation activates its page's catalog before the page renders, the not-found page included.
  beforeLoad: ({ location }) => activateLocaleOfPath(location.pathname),
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
