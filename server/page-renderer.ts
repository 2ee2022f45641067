import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from './logger';

/** What the app's server build (src/entry-server.tsx) offers; declared here because server/ may not import src/ views. */
export interface RenderedPage {
  html: string;
  queryState: string;
  status: 200 | 404;
}
export interface PageRenderer {
  /** Renders the page at an absolute URL (its origin goes into the page's links). */
  renderPage(url: string): Promise<RenderedPage>;
}
interface ServerBuild extends PageRenderer {
  useBff(fetchFunction: typeof fetch): void;
}

/**
 * Loads the app's server build, wired to answer its BFF requests in-process through `bffFetch`.
 * Without a build (tests, `npm run dev`) there is no renderer and pages are sent for the browser to render.
 */
export async function loadPageRenderer(entry: string, bffFetch: typeof fetch, logger: Logger): Promise<PageRenderer | undefined> {
  const path = resolve(entry);
  if (!existsSync(path)) {
    logger.log('warn', 'server rendering off: the app’s server build was not found; run the build first', { entry });
    return undefined;
  }
  const build = (await import(pathToFileURL(path).href)) as ServerBuild;
  build.useBff(bffFetch);
  return { renderPage: (url) => build.renderPage(url) };
}
