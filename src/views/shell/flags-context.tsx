import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { reportError } from '../../services/errors/report';
import type * as BrowserClientModule from '../../services/flags/browser-client';
import { DEFAULT_SNAPSHOT, staticFlags } from '../../services/flags/flags';
import type { FeatureFlag, FlagSnapshot, FlagSource, LayoutVariant } from '../../services/flags/flags';

/**
 * Feature flags for views. Outside a FlagsProvider (tests of single views) the defaults apply. Inside it
 * the browser's GrowthBook client answers, made when the first view subscribes, which happens only in
 * the browser after the page is on screen: a page rendered on the server, and the browser's first render
 * of it, both show the defaults, so taking the page over never finds a difference.
 */
const FlagsContext = createContext<FlagSource>(staticFlags());

/**
 * The browser's client, made on first subscription (never during a render or on the server). The
 * GrowthBook SDK is loaded then, in a chunk of its own: the first render uses the defaults anyway, so the
 * page's first load does not carry it.
 */
let browserClient: typeof BrowserClientModule | undefined;
let loadingBrowserClient: Promise<typeof BrowserClientModule> | undefined;

const browserSource: FlagSource = {
  getSnapshot: () => browserClient?.peekBrowserFlagClient()?.getSnapshot() ?? DEFAULT_SNAPSHOT,
  subscribe: (listener) => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    loadingBrowserClient ??= import('../../services/flags/browser-client').then((module) => (browserClient = module));
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

export function FlagsProvider({ source = browserSource, children }: { source?: FlagSource; children: ReactNode }) {
  return <FlagsContext.Provider value={source}>{children}</FlagsContext.Provider>;
}

const serverSnapshot = () => DEFAULT_SNAPSHOT;

function useFlagSnapshot<T>(select: (snapshot: FlagSnapshot) => T): T {
  const source = useContext(FlagsContext);
  return useSyncExternalStore(
    source.subscribe,
    () => select(source.getSnapshot()),
    () => select(serverSnapshot()),
  );
}

/** Whether a flag is on; the view renders again when it changes (for instance on the server, live). */
export function useFlag(flag: FeatureFlag): boolean {
  return useFlagSnapshot((snapshot) => snapshot.flags[flag]);
}

/** The layout experiment's variant (A_CONTROL without A/B-testing consent). */
export function useLayoutVariant(): LayoutVariant {
  return useFlagSnapshot((snapshot) => snapshot.layout);
}

/**
 * Whether content waiting for the flags may show: once they have loaded, or once `timeoutMs` has passed
 * without them (the content then shows with the defaults rather than never).
 */
export function useFeaturesReady({ timeoutMs }: { timeoutMs: number }): boolean {
  const ready = useFlagSnapshot((snapshot) => snapshot.ready);
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (ready) return undefined;
    const timer = setTimeout(() => setTimedOut(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [ready, timeoutMs]);
  return ready || timedOut;
}

/** Shows `fallback` until the flags have loaded or `timeoutMs` has passed, then the children. */
export function WhenFeaturesReady({ timeoutMs, fallback = null, children }: { timeoutMs: number; fallback?: ReactNode; children: ReactNode }) {
  return useFeaturesReady({ timeoutMs }) ? children : fallback;
}
