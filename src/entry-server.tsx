/**
 * Renders a page on the server, so the browser paints it before any script has run; the app then takes
 * the page over (hydrates it). Built by `vite build --ssr` and loaded by the site server (server/static.ts).
 */
import { dehydrate } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { prerender } from 'react-dom/static';
import { App } from './app';
import { createAppSystem } from './app-actor';
import type { AppSystem } from './app-actor';
import type { RenderedPage, ServerBuild } from './contract/rendering';
import { createAppRouter, createQueryClient } from './router';
import { setBffTransport } from './services/bff/client';
import { activateLocaleOfPath, i18n } from './services/i18n/catalogs';

/** Requests the app makes to the BFF while rendering go to this function instead of the network. */
export const useBff: ServerBuild['useBff'] = (fetchFunction) => {
  setBffTransport(fetchFunction);
};

let renders: Promise<unknown> = Promise.resolve();

/** Renders the page at an absolute URL; one render at a time (see the note on languages below). */
export function renderPage(url: string): Promise<RenderedPage> {
  const rendered = renders.then(() => render(url));
  renders = rendered.catch(() => undefined);
  return rendered;
}

async function render(url: string): Promise<RenderedPage> {
  const { origin, pathname, search } = new URL(url);
  const queryClient = createQueryClient();
  // The page renders signed out, as the browser's first render does; the actors stop with the render.
  const system = createAppSystem({ queryClient, router: () => router, location: { pathname, hash: '' } });
  const router = createAppRouter(queryClient, system, createMemoryHistory({ initialEntries: [`${pathname}${search}`] }), origin);
  try {
    return await renderWith(router, queryClient, system, pathname);
  } finally {
    system.stop();
  }
}

async function renderWith(router: ReturnType<typeof createAppRouter>, queryClient: ReturnType<typeof createQueryClient>, system: AppSystem, pathname: string): Promise<RenderedPage> {
  await router.load();
  const redirect = serverRedirect(router);
  if (redirect) return { html: '', queryState: '{}', status: 200, redirect };
  // One i18n serves all requests (messages outside components read it too): the page's language is made
  // the active one after the last await before rendering. The render itself may wait for code loaded on
  // demand, so renders are queued: one language is active for each render from its start to its end.
  await activateLocaleOfPath(pathname);
  // prerender waits for parts loaded on demand (React.lazy), so the page arrives complete.
  const { prelude } = await prerender(
    <App i18n={i18n} queryClient={queryClient} router={router} system={system} />,
    // Everything is written in place: no boundary is sent apart with a script to reveal it later, which
    // the content security policy would block.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  // A path no route matches marks the match that shows the not-found page with `_notFound`.
  const notFound = router.state.matches.some((match) => match.status === 'notFound' || match._notFound === true);
  return {
    html,
    queryState: JSON.stringify(dehydrate(queryClient)),
    status: notFound ? 404 : 200,
  };
}

const REDIRECT_STATUSES = [301, 302, 303, 307, 308] as const;
type RedirectStatus = (typeof REDIRECT_STATUSES)[number];
const isRedirectStatus = (status: number): status is RedirectStatus => (REDIRECT_STATUSES as readonly number[]).includes(status);

/**
 * The redirect a route threw while the page loaded on the server, resolved to an address, if any. The
 * router keeps its server load's result in `_serverResult` (the field TanStack's own server handler
 * reads; this package has no public accessor for it), and resolves a redirect's address publicly.
 */
function serverRedirect(router: ReturnType<typeof createAppRouter>): RenderedPage['redirect'] {
  const result = (router as unknown as { _serverResult?: { type: string; redirect?: Parameters<typeof router.resolveRedirect>[0] } })._serverResult;
  if (result?.type !== 'redirect' || !result.redirect) return undefined;
  const resolved = router.resolveRedirect(result.redirect);
  const location = resolved.headers.get('Location') ?? resolved.options.href;
  if (!location) return undefined;
  return { location, status: isRedirectStatus(resolved.status) ? resolved.status : 307 };
}

