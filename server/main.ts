import { ConfigError, loadConfig } from './config';
import { DataFolderError } from './db/database';
import { createJsonLogger } from './logger';
import { startServer } from './start';

/** Process entry: `node --import tsx server/main.ts` (npm start). Configuration comes from the environment. */

let logger = createJsonLogger();

try {
  // Read before NODE_ENV is defaulted below: only an operator's NODE_ENV=production makes a production
  // site (as SITE_MODE=production does); `npm start` alone is the demo (decision 0030).
  const config = loadConfig();
  // React, loaded with the app's server build, picks its production or development build from NODE_ENV
  // when first loaded; this process serves the built site, so React's production build in either mode.
  process.env.NODE_ENV ??= 'production';
  logger = createJsonLogger({ minLevel: config.logLevel });
  const server = await startServer({ config, logger });
  const stop = (signal: NodeJS.Signals) => {
    logger.log('info', 'shutting down', { signal });
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.log('error', 'shutdown failed', { error });
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  // A configuration mistake or an unusable data folder is the operator's to fix: print it plainly, without a stack trace.
  if (error instanceof ConfigError || error instanceof DataFolderError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    logger.log('error', 'start-up failed', { error });
  }
  process.exit(1);
}
