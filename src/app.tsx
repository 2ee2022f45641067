import { I18nProvider } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import type { createAppRouter } from './router';

/** The whole app, the same in the browser and when the server renders a page ahead of it. */
export function App({ i18n, queryClient, router }: { i18n: I18n; queryClient: QueryClient; router: ReturnType<typeof createAppRouter> }) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <AppReady />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>
  );
}

/**
 * Marks the document once the app has taken the page over (`<html data-app-ready>`): until then a page
 * rendered on the server shows but does not respond. Browser tests wait for it before they interact.
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
  return null;
}
