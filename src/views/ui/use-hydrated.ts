import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the page the server rendered is taken over (hydrated), and on the server; true from the
 * render after that on, and at once for a page rendered in the browser. Browser-only state (the running
 * cart, the session) is shown only once this is true, so the first render in the browser matches the
 * server's markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
