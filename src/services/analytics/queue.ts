import * as v from 'valibot';
import { AnalyticsBatchSchema } from '../../contract/analytics';
import type { AnalyticsBatch, AnalyticsEvent } from '../../contract/analytics';
import { anonymousId, forgetAnalyticsValues, storeAttribution, storedAttribution } from './client-values';
import type { LandingAttribution } from './client-values';
import { analyticsDate } from './dates';

/** An event as a caller gives it: the queue stamps when it happened. */
export type EventDraft = AnalyticsEvent extends infer Event ? (Event extends AnalyticsEvent ? Omit<Event, 'at' | 'date'> : never) : never;

/** The visitor's analytics consent, as the queue needs it (services/consent in the browser). */
export interface AnalyticsConsent {
  /** Analytics is granted now. */
  granted(): boolean;
  /** The visitor chose, and not analytics: events are dropped instead of kept. */
  refused(): boolean;
  /** Calls `listener` with the new answer on every change; answers the unsubscribe. */
  subscribe(listener: (granted: boolean) => void): () => void;
}

export interface TrackingQueueOptions {
  consent: AnalyticsConsent;
  /** Sends one batch; whatever it throws or rejects with is swallowed (spec section 8). */
  send(batch: AnalyticsBatch): unknown;
  now(): number;
  storage(): Storage | null;
  /** Runs `flush` after `delayMs`; answers a cancel. Tests pass a fake clock's timer. */
  schedule?(flush: () => void, delayMs: number): () => void;
  /** The landing URL's attribution, kept until consent allows storing it. */
  landing?: LandingAttribution;
  /** Called with errors of the pipeline itself (an event that does not fit the contract). */
  onPipelineError?(error: unknown): void;
  /** Events kept in memory while consent is pending; the oldest go first. */
  maxQueued?: number;
  /** Events per request. */
  batchSize?: number;
  /** How long events gather before they are sent. */
  flushDelayMs?: number;
}

export interface TrackingQueue {
  track(draft: EventDraft): void;
  /** Sends what is queued now (page hidden, tests), if consent allows. */
  flush(): void;
  /** Events waiting (in memory). */
  pending(): readonly AnalyticsEvent[];
  dispose(): void;
}

export const QUEUE_DEFAULTS = { maxQueued: 100, batchSize: 20, flushDelayMs: 1_000 } as const;

const defaultSchedule = (flush: () => void, delayMs: number) => {
  const timer = setTimeout(flush, delayMs);
  return () => clearTimeout(timer);
};

/**
 * The tracking queue (spec section 7: events go to a tracking queue). Nothing leaves the browser and
 * nothing is stored for analytics without analytics consent: until the visitor chooses, events wait in
 * memory (at most `maxQueued`, the oldest dropped); a refusal drops them; consent sends them.
 */
export function createTrackingQueue(options: TrackingQueueOptions): TrackingQueue {
  const { consent, now, storage } = options;
  const maxQueued = options.maxQueued ?? QUEUE_DEFAULTS.maxQueued;
  const batchSize = options.batchSize ?? QUEUE_DEFAULTS.batchSize;
  const flushDelayMs = options.flushDelayMs ?? QUEUE_DEFAULTS.flushDelayMs;
  const schedule = options.schedule ?? defaultSchedule;
  const reportPipelineError = (error: unknown) => {
    try {
      options.onPipelineError?.(error);
    } catch {
      // Reporting must never break the page.
    }
  };

  let queue: AnalyticsEvent[] = [];
  let pendingLanding: { attribution: LandingAttribution; at: number } | null =
    options.landing && Object.keys(options.landing).length > 0 ? { attribution: options.landing, at: now() } : null;
  let cancelTimer: (() => void) | null = null;

  function keepLanding(): void {
    if (!pendingLanding) return;
    storeAttribution(pendingLanding.attribution, pendingLanding.at, storage());
    pendingLanding = null;
  }

  function sendBatch(batch: AnalyticsBatch): void {
    try {
      // Any thenable, not only this realm's Promise (fetch may come from another one, as in tests).
      const result = options.send(batch);
      if (typeof result === 'object' && result !== null && 'then' in result) Promise.resolve(result).catch(() => undefined);
    } catch {
      // Tracking failures are swallowed (spec section 8).
    }
  }

  function flush(): void {
    cancelTimer?.();
    cancelTimer = null;
    if (!consent.granted() || queue.length === 0) return;
    const store = storage();
    const at = now();
    keepLanding();
    const id = anonymousId(at, store);
    const attribution = storedAttribution(at, store);
    const context = Object.keys(attribution).length > 0 ? attribution : undefined;
    while (queue.length > 0) {
      const events = queue.slice(0, batchSize);
      queue = queue.slice(batchSize);
      const parsed = v.safeParse(AnalyticsBatchSchema, { anonymousId: id, ...(context ? { context } : {}), events });
      if (parsed.success) sendBatch(parsed.output);
      else reportPipelineError(new Error(`Analytics batch does not fit the contract: ${v.summarize(parsed.issues)}`));
    }
  }

  function scheduleFlush(): void {
    if (queue.length >= batchSize) flush();
    else cancelTimer ??= schedule(flush, flushDelayMs);
  }

  function track(draft: EventDraft): void {
    try {
      if (consent.refused()) return;
      const at = now();
      queue.push({ ...draft, at, date: analyticsDate(at) } as AnalyticsEvent);
      if (queue.length > maxQueued) queue = queue.slice(queue.length - maxQueued);
      if (consent.granted()) scheduleFlush();
    } catch (error) {
      reportPipelineError(error);
    }
  }

  const unsubscribe = consent.subscribe((granted) => {
    if (granted) {
      flush();
      keepLanding();
      return;
    }
    cancelTimer?.();
    cancelTimer = null;
    queue = [];
    pendingLanding = null;
    forgetAnalyticsValues(storage());
  });

  return {
    track,
    flush,
    pending: () => queue,
    dispose() {
      cancelTimer?.();
      unsubscribe();
    },
  };
}
