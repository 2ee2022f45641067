import { HttpError } from '../bff/client';
import { whenIdle } from '../scheduling/idle';

/**
 * Sends an error to the console and, when a DSN was configured at build time, to Sentry (architecture:
 * Sentry is initialised only with a DSN). Sentry is loaded only then, so visitors of a site without it
 * download nothing extra. This is the bottom of error handling: analytics reports its own failures here,
 * so nothing in this module tracks.
 */
type Capture = (error: unknown, context?: string) => void;

let capture: Capture | null = null;
let loading: Promise<void> | null = null;
/** Errors caught while Sentry is still to load (it loads once the page is idle): sent once it runs. */
let waiting: [error: unknown, context: string | undefined][] | null = null;
/** At most this many errors wait for Sentry; a page failing in a loop must not grow without end. */
const MAX_WAITING = 20;

function sentryDsn(): string {
  return import.meta.env.SENTRY_DSN ?? '';
}

async function loadSentry(dsn: string): Promise<void> {
  const Sentry = await import('@sentry/react');
  Sentry.init({ dsn, environment: import.meta.env.MODE });
  capture = (error, context) => Sentry.captureException(error, context ? { tags: { context } } : undefined);
  const caughtBefore = waiting ?? [];
  waiting = null;
  for (const [error, context] of caughtBefore) capture(error, context);
}

/** Starts Sentry when a DSN is configured; does nothing (and loads nothing) without one. */
export function initErrorReporting(dsn: string = sentryDsn()): Promise<void> {
  if (!dsn) return Promise.resolve();
  loading ??= loadSentry(dsn).catch((error: unknown) => console.error('Error reporting could not start', error));
  return loading;
}

/**
 * Starts Sentry (when a DSN is configured) once the page is idle: its code is large and the first view does
 * not need it. Errors caught until then wait for it.
 */
export function initErrorReportingWhenIdle(dsn: string = sentryDsn()): void {
  if (!dsn || loading) return;
  waiting ??= [];
  whenIdle(() => void initErrorReporting(dsn));
}

/** Whether Sentry receives errors (tests; a page without a DSN never starts it). */
export function isErrorReportingActive(): boolean {
  return capture !== null;
}

/** An HTTP status an error carries: the BFF client's HttpError, a thrown Response, or an HTTP client's error with a response. */
function httpStatusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const candidate = error as { status?: unknown; response?: { status?: unknown } };
  const isResponse = typeof Response !== 'undefined' && error instanceof Response;
  if (error instanceof HttpError) return error.status;
  if (isResponse && typeof candidate.status === 'number') return candidate.status;
  if (typeof candidate.response === 'object' && candidate.response !== null && typeof candidate.response.status === 'number') return candidate.response.status;
  return null;
}

/** The message of an error: any HTTP failure reads 'Request failed with status code {status}' (spec section 8). */
export function errorMessageOf(error: unknown): string {
  const status = httpStatusOf(error);
  if (status !== null) return `Request failed with status code ${status}`;
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/** The message as the spec words tracked errors: an optional context, a colon, then the message. */
export function trackedMessage(error: unknown, context?: string): string {
  const message = errorMessageOf(error);
  return context ? `${context}: ${message}` : message;
}

/** Logs the error and hands it to Sentry (when running); never throws. */
export function captureError(error: unknown, context?: string): void {
  try {
    console.error(trackedMessage(error, context), error);
    if (capture) capture(error, context);
    else if (waiting && waiting.length < MAX_WAITING) waiting.push([error, context]);
  } catch {
    // A failing reporter must not take the page down with it.
  }
}
