import type { Logger } from '../logger';
import { FEATURE_PATH_PREFIXES, featureRoutes } from './routes';
import { createFeatureStore, type FileWatcher } from './store';

export interface FeaturesMountOptions {
  file: string;
  clientKeys: readonly string[];
  logger: Logger;
  watch?: FileWatcher;
}

/**
 * The flag routes with their store, for server/start.ts: on the site's origin next to the site and the
 * BFF. Throws a FeaturesFileError when the flags file is missing or invalid, so the process does not start.
 */
export function featuresMount({ file, clientKeys, logger, watch }: FeaturesMountOptions) {
  const store = createFeatureStore({ file, logger, ...(watch ? { watch } : {}) });
  return {
    app: featureRoutes({ store, clientKeys, logger }),
    /** The flags served now, for the BFF's own decisions (server/features/server-flags.ts). */
    store,
    matches: (pathname: string) => FEATURE_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix)),
    close: () => store.close(),
  };
}
