/** Starts the app in the browser: takes over a page the server rendered, or renders it. Loaded by main.tsx. */
import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { createAppSystem, followRouter } from './app-actor';
import { startAnalytics } from './services/analytics/analytics';
import { writeMemberHint } from './services/account/member-hint';
import { readStoredToken } from './services/account/persisted-values';
import { syncConsentCookie } from './services/consent/consent';
import { initErrorReportingWhenIdle } from './services/errors/report';
import { activateLocaleOfPath, i18n } from './services/i18n/catalogs';
import { createAppRouter, createQueryClient } from './router';
import { yieldToBrowser } from './services/scheduling/idle';

// The app's code has just been evaluated (a long piece of work on a phone): the browser gets a turn
// before the app is set up, and again before the page is taken over, so no single task holds input up.
await yieldToBrowser();
initErrorReportingWhenIdle();
// The server paints the consent banner and the header's member corner from cookies: they follow what
// storage holds.
syncConsentCookie();
writeMemberHint(readStoredToken() !== null);
// The analytics queue flushes when the page is hidden; web vitals are observed from now on.
startAnalytics();

const queryClient = createQueryClient();
const system = createAppSystem({ queryClient, router: () => router, location: window.location });
const router = createAppRouter(queryClient, system);
followRouter(system, router);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// A page the server rendered comes with the data it was rendered from (server/static.ts).
const queryState = document.getElementById('query-state');
if (queryState?.textContent) hydrate(queryClient, JSON.parse(queryState.textContent));

// Lingui's provider renders nothing until a locale is active, and the router starts loading only once
// rendered: the first page's catalog is activated before anything renders.
await activateLocaleOfPath(window.location.pathname);

const app = <App i18n={i18n} queryClient={queryClient} router={router} system={system} />;
if (container.hasChildNodes()) {
  // Take over the server's markup: the first render must match it, so the route (its code and data) is
  // loaded first. Hydrating in a transition lets the browser handle input between slices of the work.
  await router.load();
  await yieldToBrowser();
  // Marks the router as taking over a server render, as the router's own SSR client does: it then renders
  // the same elements the server did (no extra Suspense boundary at the top), which hydration requires.
  router.ssr = { manifest: undefined };
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser between them.
  startTransition(() => {
    root.render(app);
  });
}
