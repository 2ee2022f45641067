import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Starts a page's data request from its route loader. In the browser the page does not wait: it shows
 * placeholders while the data loads. The server renders a page once, so there it waits, and the page
 * arrives with its data in the HTML.
 */
export async function prefetchForPage<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): Promise<void> {
  const pending = queryClient.prefetchQuery(options);
  if (import.meta.env.SSR) await pending;
}
