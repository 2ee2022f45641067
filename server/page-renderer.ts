import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '../src/contract/rendering';
import type { Logger } from './logger';

export type { RenderedPage } from '../src/contract/rendering';

/** Renders pages before they are sent. */
export type PageRenderer = Pick<ServerBuild, 'renderPage'>;

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
