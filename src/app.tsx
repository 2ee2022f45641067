import { I18nProvider } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import type { AppSystem } from './app-actor';
import type { createAppRouter } from './router';
import { AppSystemContext } from './views/shell/session-context';

/** The whole app, the same in the browser and when the server renders a page ahead of it. */
export function App({ i18n, queryClient, router, system }: { i18n: I18n; queryClient: QueryClient; router: ReturnType<typeof createAppRouter>; system: AppSystem }) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <AppSystemContext.Provider value={system}>
            <RouterProvider router={router} />
            <AppReady system={system} />
          </AppSystemContext.Provider>
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>
  );
}

/**
 * Once the app has taken the page over: the app's actors may read the browser's storage now (the first
 * render matched the server's, signed out), and the document is marked (`<html data-app-ready>`): until
 * then a page rendered on the server shows but does not respond. Browser tests wait for it.
 */
function AppReady({ system }: { system: AppSystem }) {
  // DOM work: the document's mark; and the one moment the app learns that hydration is over.
  useEffect(() => {
    system.app.send({ type: 'app.started' });
    document.documentElement.dataset.appReady = '';
  }, [system]);
  return null;
}
