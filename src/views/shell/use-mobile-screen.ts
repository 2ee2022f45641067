import { useSyncExternalStore } from 'react';

/** Screens up to this width count as mobile (spec section 9, mobile breakpoint). */
export const MOBILE_MEDIA_QUERY = '(max-width: 1024px)';

function mobileQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(MOBILE_MEDIA_QUERY) : null;
}

/** Whether the screen is a mobile one now. */
export function viewportIsMobile(): boolean {
  return mobileQuery()?.matches ?? false;
}

/** Calls `onChange` whenever the screen crosses the mobile breakpoint; returns the unsubscribe. */
export function subscribeToViewport(onChange: () => void): () => void {
  const query = mobileQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the screen is a mobile one, kept current; false on the server and while the page is taken over. */
export function useMobileScreen(): boolean {
  return useSyncExternalStore(subscribeToViewport, viewportIsMobile, () => false);
}
