import { DEFAULT_LOCALE, localeOfPath } from '../../contract/locales';
import { trackErrorEvent } from '../analytics/analytics';
import { readStoredCartId } from '../booking/persisted-cart';
import { captureError, trackedMessage } from './capture';

/**
 * The one error handler of the web app (spec section 8): the error is logged to the console, sent to the
 * error-reporting service (Sentry, when a DSN is configured) and tracked as the analytics Error event
 * (pathname, locale, errorMessage, cartId). Its message carries the optional context and a colon; an HTTP
 * failure reads 'Request failed with status code {status}'. Tracking never makes things worse: its
 * failures are swallowed.
 */
export { errorMessageOf, initErrorReporting, initErrorReportingWhenIdle, trackedMessage } from './capture';

/** The cart of the page: a member's stored cart id, else the check-out page's cart_id query (a guest's cart). */
function currentCartId(): string | null {
  try {
    const stored = readStoredCartId();
    if (stored) return stored;
    if (typeof window === 'undefined') return null;
    const fromQuery = new URLSearchParams(window.location.search).get('cart_id');
    return fromQuery && /^[A-Za-z0-9-]{1,64}$/.test(fromQuery) ? fromQuery : null;
  } catch {
    return null;
  }
}

export function reportError(error: unknown, context?: string): void {
  captureError(error, context);
  try {
    const pathname = typeof window === 'undefined' ? '/' : window.location.pathname;
    trackErrorEvent({ pathname, locale: localeOfPath(pathname) ?? DEFAULT_LOCALE, errorMessage: trackedMessage(error, context), cartId: currentCartId() });
  } catch {
    // Tracking failures are swallowed (spec section 8).
  }
}

/**
 * Translation problems (spec section 8): a missing message is ignored (the source text shows instead),
 * any other translation error is logged. Lingui's `missing` event and catalog loading failures come here.
 */
export function reportTranslationError(problem: { kind: 'missing'; id: string; locale?: string } | { kind: 'error'; error: unknown }): void {
  if (problem.kind === 'missing') return;
  captureError(problem.error, 'translation');
}
