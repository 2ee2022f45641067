import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';
import flagsFile from '../../server/features/flags.json';
import { activateLocaleOfPath, i18n } from '../../src/services/i18n/catalogs';
import { createAppSystem, followRouter } from '../../src/app-actor';
import type { FeatureFlag, FlagSnapshot } from '../../src/services/flags/flags';
import { browserFlagSource } from '../../src/services/flags/queries';
import { createAppRouter, createQueryClient } from '../../src/router';
import { AppSystemContext } from '../../src/views/shell/session-context';

function withoutFlags(snapshot: FlagSnapshot, off: ReadonlySet<FeatureFlag>): FlagSnapshot {
  if (off.size === 0) return snapshot;
  const flags = { ...snapshot.flags };
  for (const flag of off) flags[flag] = false;
  return { ...snapshot, flags };
}

/** Answers a request of the app (its URL, and the method and body it was sent with), or leaves it to the defaults. */
export type BffHandler = (url: URL, init?: RequestInit) => { status?: number; body: unknown } | undefined;

/**
 * The site's own flag routes answer with the flags file, as the server does, and the service messages are
 * none (unless the handler answers).
 */
const defaultAnswer: BffHandler = (url) => {
  if (url.pathname.startsWith('/api/features/')) return { body: flagsFile };
  if (url.pathname === '/bff/content/service-messages') return { body: { data: [] } };
  return undefined;
};

/**
 * Renders the whole app at a path with the real router, views and catalogs, answering BFF calls with
 * the given handler (unanswered calls are 404s), so views can be tested without a browser.
 */
export async function renderApp(path: string, handler: BffHandler = () => undefined, { flagsOff = new Set() }: { flagsOff?: ReadonlySet<FeatureFlag> } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://site.test');
    const answer = handler(url, init) ?? defaultAnswer(url);
    return new Response(JSON.stringify(answer?.body ?? { error: { code: 'not_found', message: 'Not found' } }), {
      status: answer ? (answer.status ?? 200) : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = createQueryClient();
  const url = new URL(path, 'http://site.test');
  // The app's actors read the flags as the browser has them, with the test's switched off.
  const flags = { getSnapshot: () => withoutFlags(browserFlagSource.getSnapshot(), flagsOff) };
  const system = createAppSystem({ queryClient, router: () => router, location: { pathname: url.pathname, hash: url.hash }, flags });
  const router = createAppRouter(queryClient, system, createMemoryHistory({ initialEntries: [path] }));
  const unfollow = followRouter(system, router);
  // The actors and their browser listeners (other tabs' storage) end with the test.
  onTestFinished(() => {
    unfollow();
    system.stop();
  });
  // As the browser entry does: the first page's catalog is active before anything renders.
  await activateLocaleOfPath(new URL(path, 'http://site.test').pathname);
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AppSystemContext.Provider value={system}>
          <RouterProvider router={router} />
        </AppSystemContext.Provider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  // As the app's root does once it has taken the page over: the stored session is read.
  system.app.send({ type: 'app.started' });
  return { ...view, router, fetchMock, app: system.app };
}
