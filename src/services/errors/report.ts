/**
 * Reports an error to the console and, when a DSN was configured at build time, to Sentry.
 * Sentry is loaded only then, so visitors of a site without it download nothing extra.
 */
type Capture = (error: unknown, context?: string) => void;

let capture: Capture | null = null;
let loading: Promise<void> | null = null;

function sentryDsn(): string {
  return import.meta.env.SENTRY_DSN ?? '';
}

async function loadSentry(dsn: string): Promise<void> {
  const Sentry = await import('@sentry/react');
  Sentry.init({ dsn, environment: import.meta.env.MODE });
  capture = (error, context) => Sentry.captureException(error, context ? { tags: { context } } : undefined);
}

export function initErrorReporting(): Promise<void> {
  const dsn = sentryDsn();
  if (!dsn) return Promise.resolve();
  loading ??= loadSentry(dsn).catch((error: unknown) => console.error('Error reporting could not start', error));
  return loading;
}

/** The message as the spec words tracked errors: an optional context, a colon, then the message. */
export function trackedMessage(error: unknown, context?: string): string {
  const message = error instanceof Error ? error.message : String(error);
  return context ? `${context}: ${message}` : message;
}

export function reportError(error: unknown, context?: string): void {
  console.error(trackedMessage(error, context), error);
  capture?.(error, context);
}
