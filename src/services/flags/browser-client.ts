import { createFlagClient, type FlagClient } from './flag-client';

/**
 * The page's one flag client, made the first time the browser asks for it (never while the server
 * renders: no network there, and the page must render from the defaults there and in the first browser
 * render alike). It lives as long as the page.
 */

/** The development key of the site's own flag routes (server/config.ts uses the same default). */
export const DEFAULT_CLIENT_KEY = 'sdk-local';

let client: FlagClient | undefined;

/** The client if one was made; undefined before (and always on the server). */
export function peekBrowserFlagClient(): FlagClient | undefined {
  return client;
}

export function browserFlagClient(): FlagClient {
  if (client) return client;
  const apiHost = String(import.meta.env.GROWTHBOOK_API_HOST ?? '') || window.location.origin;
  const clientKey = String(import.meta.env.GROWTHBOOK_CLIENT_KEY ?? '') || DEFAULT_CLIENT_KEY;
  client = createFlagClient({ apiHost, clientKey });
  void client.start();
  return client;
}
