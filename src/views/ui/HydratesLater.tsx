import { Suspense } from 'react';
import type { ReactNode } from 'react';

/**
 * Part of a page that the browser takes over after the rest (decision 0038): on a page from the server,
 * React commits everything outside such a boundary first (the header, the search form) and takes the
 * boundary's markup over afterwards, in a later and separate piece of work, so the controls a visitor
 * reaches for first respond sooner. Until then its markup stays as the server painted it; a click in it
 * makes React take it over at once and replays the click. Rendered in the browser, it is just its children.
 */
export function HydratesLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
