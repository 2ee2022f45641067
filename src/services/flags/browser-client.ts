import { analyticsVisitorId, onAnalyticsVisitorIdChange, trackExperimentViewed } from '../analytics/analytics';
import { reportError } from '../errors/report';
import { createFlagClient, type FlagClient } from './flag-client';
import { bindVisitorId, type VisitorIdSource, visitorAttributes } from './visitor-id';

/**
 * The page's one flag client, made the first time the browser asks for it (never while the server
 * renders: no network there, and the page must render from the defaults there and in the first browser
 * render alike). It lives as long as the page. Experiments bucket by analytics' anonymous id (only with
 * analytics consent, else every visitor sees the control), and a visitor put in a variation is tracked
 * as `experiment_viewed` (only with A/B-testing consent: the client calls back only then).
 */

/** The development key of the site's own flag routes (server/config.ts uses the same default). */
export const DEFAULT_CLIENT_KEY = 'sdk-local';

export const browserVisitorId: VisitorIdSource = {
  current: () => analyticsVisitorId(),
  onChange: onAnalyticsVisitorIdChange,
};

let client: FlagClient | undefined;

/** The client if one was made; undefined before (and always on the server). */
export function peekBrowserFlagClient(): FlagClient | undefined {
  return client;
}

export function browserFlagClient(): FlagClient {
  if (client) return client;
  const apiHost = String(import.meta.env.GROWTHBOOK_API_HOST ?? '') || window.location.origin;
  const clientKey = String(import.meta.env.GROWTHBOOK_CLIENT_KEY ?? '') || DEFAULT_CLIENT_KEY;
  const id = browserVisitorId.current();
  client = createFlagClient({ apiHost, clientKey, attributes: visitorAttributes(id), onExperimentViewed: trackExperimentViewed });
  // Lives as long as the page, like the client.
  bindVisitorId(client, browserVisitorId, id, (error) => reportError(error, 'feature flags'));
  void client.start();
  return client;
}
