import { QueryClient } from '@tanstack/react-query';
import { createRouter, useRouter } from '@tanstack/react-router';
import type { ErrorComponentProps, RouterHistory } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { AppSystem } from './app-actor';
import { HttpError } from './services/bff/client';
import { reportError } from './services/errors/report';
import { routeTree } from './routeTree.gen';
// The error page is its own chunk: most visits never need it.
const ErrorPage = lazy(() => import('./views/shell/ErrorPage').then((module) => ({ default: module.ErrorPage })));

function RouteError({ reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Suspense fallback={null}>
      <ErrorPage
        onRetry={() => {
          reset();
          void router.invalidate();
        }}
      />
    </Suspense>
  );
}

/**
 * A 4xx will not change by asking again, and a 503 means the BFF already waited for what it depends on
 * (the database): the visitor sees the error page with its own "Try again" at once. Anything else gets
 * two quick retries, in the browser only: a page rendered on the server shows its error state without
 * delay, and the browser takes over from there.
 */
export function shouldRetry(failureCount: number, error: unknown, onServer: boolean): boolean {
  if (onServer) return false;
  if (error instanceof HttpError && ((error.status >= 400 && error.status < 500) || error.status === 503)) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => shouldRetry(failureCount, error, import.meta.env.SSR),
        retryDelay: (attempt) => 300 * 2 ** attempt,
      },
    },
  });
}

/**
 * The app's router; tests and the server pass a memory history (the server also the origin of the
 * request), the browser uses its own. Routes reach the app's actor system through the context (a page
 * that runs a flow tells the app when it opens and closes).
 */
export function createAppRouter(queryClient: QueryClient, system: AppSystem, history?: RouterHistory, origin?: string) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    ...(origin ? { origin } : {}),
    context: { queryClient, app: system.app },
    defaultPreload: 'intent',
    // Loaders read through the query cache, so the router keeps no cache of its own.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
    // A page that fails is reported where the router catches it (in the browser), once per failure.
    defaultOnCatch: (error) => reportError(error, 'page'),
    // In the browser only: on the server the router would write an inline script for it, which the
    // content security policy forbids and the browser's render does not have.
    scrollRestoration: !import.meta.env.SSR,
    // Home pages are `/en/`, as the server redirects and the alternate links say.
    trailingSlash: 'preserve',
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
