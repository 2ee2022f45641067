import { availableParallelism } from 'node:os';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react-swc';
import type { Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';
import { stripMachineDescriptions } from './scripts/strip-machine-descriptions.ts';

/**
 * App modules that bring a large library with them and are needed only on use (the calendar) or once
 * the app shows editors' HTML (its sanitiser): they keep chunks of their own, out of
 * the shared chunk every page loads.
 */
const LOADED_ON_USE = /[\\/]src[\\/](machines[\\/](cart|modification)[\\/].*|views[\\/]ui[\\/]StayCalendar\.tsx|services[\\/]content[\\/]sanitize-html\.ts)$/;

type ChunkingContext = Rolldown.ChunkingContext;

/**
 * The app's start and the pages most visits begin with. App code they import, when shared between
 * chunks, goes into the one shared chunk every page loads; code shared only by later pages and dialogs
 * (check-out, confirmation, the sign-in dialog, the account pages) is left to chunks of its own, so the
 * first pages do not carry it.
 */
const EARLY = /[\\/]src[\\/](start-app\.tsx|routes[\\/]\$locale(\.tsx|[\\/](index|find-a-hotel|hotels[\\/]\$hotelCode|booking[\\/]select-room-rate)\.tsx))(\?tsr-split=component)?$/;
const neededEarlyMemo = new Map<string, boolean>();

/** Whether one of the EARLY modules imports the module, directly or through static imports. */
function neededEarly(id: string, ctx: ChunkingContext, visiting = new Set<string>()): boolean {
  const known = neededEarlyMemo.get(id);
  if (known !== undefined) return known;
  if (EARLY.test(id)) return true;
  if (visiting.has(id)) return false;
  visiting.add(id);
  const reached = (ctx.getModuleInfo(id)?.importers ?? []).some((importer) => neededEarly(importer, ctx, visiting));
  // A "no" found while a cycle was being walked may be a "yes" by another way: only a whole walk settles it.
  if (reached || visiting.size === 1) neededEarlyMemo.set(id, reached);
  visiting.delete(id);
  return reached;
}

export default defineConfig({
  plugins: [
    // The router plugin must come before react() so generated route files are transformed too.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      routeFileIgnorePattern: '\\.test\\.',
    }),
    stripMachineDescriptions(),
    react({ plugins: [['@lingui/swc-plugin', {}]] }),
    lingui(),
  ],
  define: {
    // Only the DSN is exposed to the browser; other SENTRY_* variables (tokens) never are.
    'import.meta.env.SENTRY_DSN': JSON.stringify(process.env.SENTRY_DSN ?? ''),
    // The feature-flag client key (public, like a GrowthBook SDK key) and, to use a GrowthBook server
    // instead of the site's own flag routes, its URL (src/services/flags/flag-client.ts).
    'import.meta.env.GROWTHBOOK_CLIENT_KEY': JSON.stringify(process.env.GROWTHBOOK_CLIENT_KEY ?? ''),
    'import.meta.env.GROWTHBOOK_API_HOST': JSON.stringify(process.env.GROWTHBOOK_API_HOST ?? ''),
  },
  build: {
    target: 'es2022',
    // One stylesheet for the whole site: the server writes it into each page (server/static.ts), so the
    // first paint waits for no request and no chunk has to load styles later.
    cssCodeSplit: false,
    // The server reads it to preload the catalog of the page's language (server/static.ts).
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // XState is one library every page runs (the app's actor system starts with the page): one file
        // rather than four small ones that each cost a request and compress worse apart.
        codeSplitting: {
          groups: [
            { name: 'framework', priority: 20, test: /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack|xstate|@xstate|valibot|@lingui)[\\/]/ },
            {
              name: (id: string, ctx: ChunkingContext) => (neededEarly(id, ctx) ? 'shared' : null),
              debugName: 'shared',
              priority: 10,
              minShareCount: 2,
              includeDependenciesRecursively: false,
              test: (id: string) => /[\\/]src[\\/]/.test(id) && !LOADED_ON_USE.test(id),
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      // In development the BFF runs as its own process; see server/dev.ts.
      '/bff': `http://127.0.0.1:${process.env.BFF_PORT ?? '3001'}`,
      // The local identity provider (development stand-in for Google and Apple) runs in the BFF process.
      '/dev/idp': `http://127.0.0.1:${process.env.BFF_PORT ?? '3001'}`,
      // So does the bundled test payment provider (its hosted card form and approval pages).
      '/psp': `http://127.0.0.1:${process.env.BFF_PORT ?? '3001'}`,
      // And the feature flags (GrowthBook-compatible routes and their event stream, server/features).
      '/api/features': `http://127.0.0.1:${process.env.BFF_PORT ?? '3001'}`,
      '/api/eval': `http://127.0.0.1:${process.env.BFF_PORT ?? '3001'}`,
      '^/sub/': `http://127.0.0.1:${process.env.BFF_PORT ?? '3001'}`,
    },
  },
  test: {
    projects: [
      {
        extends: true,
        // Resolve packages as the browser does: the router otherwise loads its server build in jsdom.
        resolve: { conditions: ['browser', 'development', 'module', 'import', 'default'] },
        ssr: { resolve: { conditions: ['browser', 'development', 'module', 'import', 'default'] } },
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Transform the router through Vite so the browser conditions above apply to it too.
          server: { deps: { inline: [/@tanstack\//] } },
          setupFiles: ['test/setup/web.ts'],
          // Vitest leaves one core free by default, which on a two-core machine is half of it; a view
          // file spends most of its time setting up its document and importing the app, in parallel.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          // A limit that only catches a hang: a view test renders the whole app, which on a busy machine
          // takes far longer than on an idle one, and no test may depend on the machine's speed.
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          // Migrates and seeds one database for the run; each test file starts from a copy of it.
          globalSetup: ['test/bff/database-template.ts'],
          // A worker's test files share its loaded modules (the embedded database's engine, the app): each
          // file opens its own database and builds its own app, so they share no state, and loading all of
          // it again for each file was half of the project's time.
          isolate: false,
          // Each test file opens its own embedded database; two at a time fits this machine's memory.
          maxWorkers: 2,
          // Limits that only catch a hang: starting a database or a whole server takes from seconds to
          // half a minute and more on a busy machine, and no test may depend on the machine's speed.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
