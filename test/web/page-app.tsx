import { hydrate } from '@tanstack/react-query';
import type { DehydratedState } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { App } from '../../src/app';
import { createAppSystem } from '../../src/app-actor';
import type { AppSystem } from '../../src/app-actor';
import { createAppRouter, createQueryClient } from '../../src/router';
import { i18n } from '../../src/services/i18n/catalogs';

/*
 * The app at a page as src/entry-server.tsx and src/start-app.tsx make it, for tests of a page the
 * server renders and the browser takes over: the server's (no data given) or the browser's (with the
 * server's data). Each app's actor system is stopped by stopPageApps().
 */
const systems: AppSystem[] = [];

export async function pageApp(path: string, serverData?: DehydratedState) {
  const queryClient = createQueryClient();
  if (serverData) hydrate(queryClient, serverData);
  const system = createAppSystem({ queryClient, router: () => router, location: { pathname: new URL(path, 'http://site.test').pathname, hash: '' } });
  systems.push(system);
  const router = createAppRouter(queryClient, system, createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  return { element: <App i18n={i18n} queryClient={queryClient} router={router} system={system} />, system, router, queryClient };
}

export function stopPageApps(): void {
  systems.splice(0).forEach((system) => system.stop());
}
