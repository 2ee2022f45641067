/**
 * What views read the feature flags through (spec section 6): the browser's flags source, made on first
 * subscription, and the defaults the server and the browser's first render use.
 */
import { reportError } from '../errors/report';
import { idle } from '../scheduling/idle';
import type * as BrowserClientModule from './browser-client';
import { DEFAULT_SNAPSHOT } from './flags';
import type { FlagSource } from './flags';

export { DEFAULT_SNAPSHOT, staticFlags } from './flags';

/**
 * The browser's client, made on first subscription (never during a render or on the server). The
 * GrowthBook SDK is loaded then, once the page is idle, in a chunk of its own: the first render uses the
 * defaults anyway, so the page's first load does not carry it.
 */
let browserClient: typeof BrowserClientModule | undefined;
let loadingBrowserClient: Promise<typeof BrowserClientModule> | undefined;

export const browserFlagSource: FlagSource = {
  getSnapshot: () => browserClient?.peekBrowserFlagClient()?.getSnapshot() ?? DEFAULT_SNAPSHOT,
  subscribe: (listener) => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    // The SDK loads once the page is idle: the first view renders with the defaults either way.
    loadingBrowserClient ??= idle()
      .then(() => import('./browser-client'))
      .then((module) => (browserClient = module));
    loadingBrowserClient.then(
      (module) => {
        if (!active) return;
        unsubscribe = module.browserFlagClient().subscribe(listener);
        // The client may already hold flags (its cache): the view reads them now.
        listener();
      },
      (error: unknown) => {
        // The defaults stay; a later subscription tries again.
        loadingBrowserClient = undefined;
        reportError(error, 'feature flags: loading the client');
      },
    );
    return () => {
      active = false;
      unsubscribe?.();
    };
  },
};

