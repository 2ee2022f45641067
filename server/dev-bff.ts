/** The BFF alone, for the development server (server/dev.ts), which puts Vite in front of it. */
import { createJsonLogger } from './logger';
import { startServer } from './start';

const logger = createJsonLogger();
const server = await startServer({ logger, serveStatic: false });
const stop = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
