/**
 * Between the site server (server/static.ts) and the app's server build (src/entry-server.tsx): a page
 * rendered before it is sent (decision 0010).
 */
export interface RenderedPage {
  /** The markup for the app's root element. */
  html: string;
  /** The query cache the page was rendered from, for the browser to start with (JSON). */
  queryState: string;
  /** 404 when the path is no page of ours. */
  status: 200 | 404;
  /**
   * Where the page's route sends the visitor instead (a route that completes its address, e.g. a hotel
   * page without its search): the server answers with this redirect, and `html` is empty.
   */
  redirect?: { location: string; status: 301 | 302 | 303 | 307 | 308 };
}

/** What the app's server build offers. */
export interface ServerBuild {
  /** Requests the app makes to the BFF while rendering go to this function instead of the network. */
  useBff(fetchFunction: typeof fetch): void;
  /** Renders the page at an absolute URL (its origin goes into the page's links). */
  renderPage(url: string): Promise<RenderedPage>;
}

/**
 * The id of the page's data block listing the scripts its app needs first (entry, shared chunks, the
 * route's chunks, the language's catalog): the server writes it, the entry script fetches them all at once
 * after the first paint.
 */
export const PAGE_SCRIPTS_ID = 'page-scripts';
