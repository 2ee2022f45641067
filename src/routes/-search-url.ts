import type { SearchMiddleware } from '@tanstack/react-router';

/**
 * Search pages read their URL into the typed search once, at the route (`validateSearch`), and keep it
 * under `searched`. The router writes what a route's `validateSearch` returns into the address; this
 * middleware takes `searched` out again, so the address keeps the spec's plain format.
 */
export function keepSearchedOutOfUrl<TSearch extends { searched: unknown }>(): SearchMiddleware<TSearch> {
  return ({ search, next }) => {
    const { searched: _typed, ...url } = next(search);
    // The address never holds `searched`; the router reads it back in by validating the address again.
    return url as TSearch;
  };
}
