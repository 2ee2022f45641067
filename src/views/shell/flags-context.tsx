import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { featuresWaitMachine, selectWaitOver } from '../../machines/features-wait/features-wait.machine';
import { browserFlagSource, DEFAULT_SNAPSHOT, staticFlags } from '../../services/flags/queries';
import type { FeatureFlag, FlagSnapshot, FlagSource, LayoutVariant } from '../../services/flags/flags';

/**
 * Feature flags for views. Outside a FlagsProvider (tests of single views) the defaults apply. Inside it
 * the browser's GrowthBook client answers, made when the first view subscribes, which happens only in
 * the browser after the page is on screen: a page rendered on the server, and the browser's first render
 * of it, both show the defaults, so taking the page over never finds a difference.
 */
const FlagsContext = createContext<FlagSource>(staticFlags());

export function FlagsProvider({ source = browserFlagSource, children }: { source?: FlagSource; children: ReactNode }) {
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

/** The flags' source itself, for an actor that follows a flag (it subscribes on its own). */
export function useFlagSource(): FlagSource {
  return useContext(FlagsContext);
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
  // The wait starts with the actor, in the browser only: the server and the first browser render wait.
  const [input] = useState(() => ({ timeoutMs }));
  const waitOver = useSelector(useActorRef(featuresWaitMachine, { input }), selectWaitOver);
  return ready || waitOver;
}

/** Shows `fallback` until the flags have loaded or `timeoutMs` has passed, then the children. */
export function WhenFeaturesReady({ timeoutMs, fallback = null, children }: { timeoutMs: number; fallback?: ReactNode; children: ReactNode }) {
  return useFeaturesReady({ timeoutMs }) ? children : fallback;
}
