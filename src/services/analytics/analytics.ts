import { ANALYTICS_LIMITS, ANALYTICS_PATHS, isMemberAreaClick } from '../../contract/analytics';
import type { AnalyticsBatch, MemberArea, MemberAreaAction } from '../../contract/analytics';
import { BFF_PREFIX } from '../../contract/content';
import { browserStorage } from '../account/persisted-values';
import { hasChosen, hasConsent, onConsentChange } from '../consent/consent';
import { captureError } from '../errors/capture';
import { anonymousId, attributionOfSearch } from './client-values';
import { hotelCustomParameters } from './hotel-parameters';
import type { HotelTrackingData } from './hotel-parameters';
import { pageTypeGroup } from './page-types';
import { createTrackingQueue } from './queue';
import { whenIdle } from '../scheduling/idle';
import type { AnalyticsConsent, EventDraft, TrackingQueue } from './queue';
import { observeGoodVitals } from './web-vitals';

/**
 * Analytics in the browser: one tracking queue for the page's life, consent from services/consent, and
 * the events of spec sections 2, 3 and 7. On the server (rendering a page) every call does nothing.
 */
export const ANALYTICS_EVENTS_URL = `${BFF_PREFIX}${ANALYTICS_PATHS.events}`;

export const browserAnalyticsConsent: AnalyticsConsent = {
  granted: () => hasConsent('analytics'),
  refused: () => hasChosen() && !hasConsent('analytics'),
  subscribe: (listener) => onConsentChange((granted) => listener(granted.has('analytics'))),
};

/** Hands a batch to the browser so it leaves even while the page unloads: a beacon, else a keepalive fetch. */
export function sendWithBeacon(batch: AnalyticsBatch): unknown {
  const body = JSON.stringify(batch);
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    if (navigator.sendBeacon(ANALYTICS_EVENTS_URL, new Blob([body], { type: 'application/json' }))) return undefined;
  }
  return fetch(ANALYTICS_EVENTS_URL, { method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' }, body });
}

let queue: TrackingQueue | null = null;

function browserQueue(): TrackingQueue | null {
  if (typeof window === 'undefined') return null;
  queue ??= createTrackingQueue({
    consent: browserAnalyticsConsent,
    send: sendWithBeacon,
    now: () => Date.now(),
    storage: browserStorage,
    landing: attributionOfSearch(window.location.search),
    onPipelineError: (error) => captureError(error, 'analytics'),
  });
  return queue;
}

/** Starts analytics for this page: the queue, sending what waits when the page is hidden, and web vitals. */
export function startAnalytics(): () => void {
  const current = browserQueue();
  if (!current) return () => undefined;
  const onHidden = () => {
    if (document.visibilityState === 'hidden') current.flush();
  };
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', current.flush);
  // Web vitals are measured only with consent to analytics: the library loads then, once the page is idle
  // (its observers read the page's buffered entries, so a late start still sees the first paint and the
  // layout shifts).
  const startObservingVitals = () => {
    observeGoodVitals((vital) => track({ type: 'web_vital', pathname: currentPathname(), name: vital.name, value: vital.value, rating: 'good' })).catch(
      (error: unknown) => captureError(error, 'analytics: web vitals'),
    );
  };
  let observing = false;
  const observeVitals = () => {
    if (observing) return;
    observing = true;
    whenIdle(startObservingVitals);
  };
  if (hasConsent('analytics')) observeVitals();
  const stopWaiting = onConsentChange((granted) => {
    if (granted.has('analytics')) observeVitals();
  });
  return () => {
    stopWaiting();
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', current.flush);
  };
}

/** Forgets the page's queue (tests start each case afresh). */
export function resetAnalytics(): void {
  queue?.dispose();
  queue = null;
}

/** Sends what waits now, if consent allows (the page is hidden; tests). */
export function flushAnalytics(): void {
  queue?.flush();
}

export function track(draft: EventDraft): void {
  browserQueue()?.track(draft);
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function currentPathname(): string {
  return clip(typeof window === 'undefined' ? '/' : window.location.pathname, ANALYTICS_LIMITS.pathname);
}

/** A page view with the page's type group and, on hotel pages, the hotel custom parameters. */
export function trackPageView(view: { pathname: string; locale: string; hotel?: HotelTrackingData | null }): void {
  const pageType = pageTypeGroup(view.pathname);
  track({
    type: 'page_view',
    pathname: clip(view.pathname, ANALYTICS_LIMITS.pathname),
    locale: view.locale,
    pageType,
    ...(pageType === 'Hotel' && view.hotel ? { customParameters: hotelCustomParameters(view.hotel) } : {}),
  });
}

/** A click in the member area, by the names of spec section 2; unknown names are not tracked. */
export function trackMemberAreaClick(pathname: string, area: string, action?: string): void {
  if (!isMemberAreaClick(area, action)) return;
  track({ type: 'click', pathname: clip(pathname, ANALYTICS_LIMITS.pathname), area, ...(action ? { action } : {}) });
}

/** The Error event (spec section 3): where it happened, in which language, the message and the cart. */
export function trackErrorEvent(error: { pathname: string; locale: string; errorMessage: string; cartId: string | null }): void {
  track({
    type: 'error',
    pathname: clip(error.pathname, ANALYTICS_LIMITS.pathname),
    locale: error.locale,
    errorMessage: clip(error.errorMessage, ANALYTICS_LIMITS.errorMessage),
    cartId: error.cartId,
  });
}

/** A visitor was put in an experiment's variation (the flag client calls this only with A/B-testing consent). */
export function trackExperimentViewed(experimentKey: string, variationKey: string): void {
  track({
    type: 'experiment_viewed',
    pathname: currentPathname(),
    experimentKey: clip(experimentKey, ANALYTICS_LIMITS.text),
    variationKey: clip(variationKey, ANALYTICS_LIMITS.text),
  });
}

/**
 * The analytics anonymous id, which experiments bucket visitors by: only with analytics consent (it is
 * created then, as the queue would on its first send); null without it, on the server and without storage.
 */
export function analyticsVisitorId(now: number = Date.now(), storage: () => Storage | null = browserStorage): string | null {
  const store = typeof window === 'undefined' ? null : storage();
  return store && hasConsent('analytics', store) ? anonymousId(now, store) : null;
}

/** Calls `listener` whenever analytics consent may have changed the visitor id; answers the unsubscribe. */
export function onAnalyticsVisitorIdChange(listener: () => void): () => void {
  return onConsentChange(() => listener());
}

export function trackIdentify(memberGuid: string): void {
  track({ type: 'identify', memberGuid });
}

export const TRACK_AREA_ATTRIBUTE = 'data-track-area';
export const TRACK_ACTION_ATTRIBUTE = 'data-track-action';

/** The attributes that make an element's clicks tracked under a member-area name (read by the shell's tracker). */
export function memberAreaTrackingAttributes<Area extends MemberArea>(area: Area, action?: MemberAreaAction<Area>): Record<string, string> {
  return { [TRACK_AREA_ATTRIBUTE]: area, ...(action ? { [TRACK_ACTION_ATTRIBUTE]: action } : {}) };
}
