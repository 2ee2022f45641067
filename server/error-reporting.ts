import { reportableError } from './logger';

/** Sends unexpected errors somewhere people look at them. Injected so tests and local runs need none. */
export interface ErrorReporter {
  report(error: unknown, context: { requestId?: string; method?: string; path?: string }): void;
  /** Waits (briefly) for queued reports to leave before the process exits. */
  flush(): Promise<void>;
}

/**
 * Sentry when a DSN is configured (architecture: initialised only then), otherwise nothing. The SDK is
 * loaded only then, too: importing it costs more than a second of start-up.
 */
export async function createErrorReporter(dsn: string | undefined, release: string): Promise<ErrorReporter | undefined> {
  if (!dsn) return undefined;
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn,
    release,
    environment: process.env.NODE_ENV ?? 'production',
    // Errors only, no performance tracing.
    tracesSampleRate: 0,
  });
  return {
    report(error, context) {
      // Described as the log describes it: no query parameters or quoted values leave the server.
      Sentry.captureException(reportableError(error), { tags: { requestId: context.requestId }, extra: { method: context.method, path: context.path } });
    },
    async flush() {
      await Sentry.flush(2_000);
    },
  };
}
