import { describe, expect, it } from 'vitest';
import type { AnalyticsBatch } from '../../contract/analytics';
import { ONE_DAY_MS, readExpiring, writeExpiring } from '../account/persisted-values';
import { ANALYTICS_KEYS, ANALYTICS_LIFETIMES_MS, anonymousId, attributionOfSearch } from './client-values';
import { createTrackingQueue } from './queue';
import type { EventDraft, TrackingQueueOptions } from './queue';
import { memoryStorage } from '../../../test/web/memory-storage';


const NOW = Date.UTC(2026, 2, 2, 9, 0, 0);

/** A consent the test answers, a clock it moves, timers it runs, and every batch sent. */
function harness(options: Partial<TrackingQueueOptions> & { decided?: 'granted' | 'refused' } = {}) {
  let state: 'pending' | 'granted' | 'refused' = options.decided ?? 'pending';
  const listeners = new Set<(granted: boolean) => void>();
  const timers: { run: () => void; delayMs: number; cancelled: boolean }[] = [];
  const sent: AnalyticsBatch[] = [];
  const storage = memoryStorage();
  let now = NOW;
  const queue = createTrackingQueue({
    consent: {
      granted: () => state === 'granted',
      refused: () => state === 'refused',
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    send: (batch) => void sent.push(batch),
    now: () => now,
    storage: () => storage,
    schedule: (run, delayMs) => {
      const timer = { run, delayMs, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    ...options,
  });
  return {
    queue,
    sent,
    storage,
    choose(granted: boolean) {
      state = granted ? 'granted' : 'refused';
      for (const listener of listeners) listener(granted);
    },
    runTimers() {
      for (const timer of timers.splice(0)) if (!timer.cancelled) timer.run();
    },
    advance(milliseconds: number) {
      now += milliseconds;
    },
  };
}

const view = (pathname: string): EventDraft => ({ type: 'page_view', pathname, locale: 'en', pageType: 'Default' });

describe('the tracking queue and consent', () => {
  it('sends nothing and stores nothing before consent, then sends what waited once it is given', () => {
    const test = harness({ landing: attributionOfSearch('?trv_reference=abc123&trv_locale=de') });
    test.queue.track(view('/en/'));
    test.queue.track(view('/en/brands/jaz'));
    test.runTimers();
    test.queue.flush();
    expect(test.sent).toEqual([]);
    expect(test.storage.length).toBe(0);

    test.choose(true);
    expect(test.sent).toHaveLength(1);
    const [batch] = test.sent;
    expect(batch?.events.map((event) => event.type === 'page_view' && event.pathname)).toEqual(['/en/', '/en/brands/jaz']);
    expect(batch?.events[0]).toMatchObject({ at: NOW, date: '02-03-2026' });
    expect(batch?.context).toEqual({ trvReference: 'abc123', trvLocale: 'de' });
    expect(batch?.anonymousId).toBe(readExpiring(ANALYTICS_KEYS.anonymousId, NOW, test.storage));
    expect(test.queue.pending()).toEqual([]);
  });

  it('drops what waited when the visitor refuses, and tracks nothing after', () => {
    const test = harness({ landing: { trvReference: 'abc123' } });
    test.queue.track(view('/en/'));
    test.choose(false);
    expect(test.queue.pending()).toEqual([]);
    test.queue.track(view('/en/brands/jaz'));
    test.queue.flush();
    expect(test.queue.pending()).toEqual([]);
    expect(test.sent).toEqual([]);
    expect(test.storage.length).toBe(0);
  });

  it('keeps at most 100 events in memory while waiting, dropping the oldest', () => {
    const test = harness();
    for (let index = 0; index < 105; index++) test.queue.track(view(`/en/${index}`));
    const pending = test.queue.pending();
    expect(pending).toHaveLength(100);
    expect(pending[0]).toMatchObject({ pathname: '/en/5' });
    test.choose(true);
    // Batches of 20.
    expect(test.sent.map((batch) => batch.events.length)).toEqual([20, 20, 20, 20, 20]);
  });

  it('with consent, gathers events for a moment and sends them in one batch', () => {
    const test = harness({ decided: 'granted' });
    test.queue.track(view('/en/'));
    test.queue.track(view('/en/find-a-hotel'));
    expect(test.sent).toEqual([]);
    test.runTimers();
    expect(test.sent).toHaveLength(1);
    expect(test.sent[0]?.events).toHaveLength(2);
  });

  it('swallows failures of sending', () => {
    const test = harness({
      decided: 'granted',
      send: () => {
        throw new Error('offline');
      },
    });
    test.queue.track(view('/en/'));
    expect(() => test.queue.flush()).not.toThrow();
    const rejecting = harness({ decided: 'granted', send: () => Promise.reject(new Error('offline')) });
    rejecting.queue.track(view('/en/'));
    expect(() => rejecting.queue.flush()).not.toThrow();
  });

  it('reports an event that does not fit the contract instead of sending it', () => {
    const errors: unknown[] = [];
    const test = harness({ decided: 'granted', onPipelineError: (error) => errors.push(error) });
    test.queue.track({ type: 'error', pathname: '/en/', locale: 'english!', errorMessage: 'x', cartId: null });
    test.queue.flush();
    expect(test.sent).toEqual([]);
    expect(String(errors[0])).toContain('does not fit the contract');
  });

  it('forgets the anonymous id and attribution when consent is withdrawn', () => {
    const test = harness({ decided: 'granted', landing: { trvReference: 'abc123' } });
    test.queue.track(view('/en/'));
    test.queue.flush();
    expect(test.storage.getItem(ANALYTICS_KEYS.anonymousId)).not.toBeNull();
    test.choose(false);
    expect(test.storage.length).toBe(0);
  });
});

describe('analytics persisted values (spec sections 3 and 9)', () => {
  it('keeps the anonymous id for 365 days, then makes a new one', () => {
    const storage = memoryStorage();
    let next = 0;
    const createId = () => `anon-0000-${next++}`;
    const first = anonymousId(NOW, storage, createId);
    expect(anonymousId(NOW + ANALYTICS_LIFETIMES_MS.anonymousId - 1, storage, createId)).toBe(first);
    expect(anonymousId(NOW + 365 * ONE_DAY_MS, storage, createId)).not.toBe(first);
  });

  it('keeps trv_reference and trv_locale for 30 days from the landing', () => {
    const test = harness({ decided: 'granted', landing: attributionOfSearch('?trv_reference=ref-1&trv_locale=nl&x=1') });
    test.queue.track(view('/en/'));
    test.queue.flush();
    expect(readExpiring(ANALYTICS_KEYS.trvReference, NOW + 30 * ONE_DAY_MS - 1, test.storage)).toBe('ref-1');
    expect(readExpiring(ANALYTICS_KEYS.trvLocale, NOW + 30 * ONE_DAY_MS, test.storage)).toBeNull();
    // Expired: the next batch carries no attribution.
    test.advance(31 * ONE_DAY_MS);
    test.queue.track(view('/en/'));
    test.queue.flush();
    expect(test.sent.at(-1)?.context).toBeUndefined();
  });

  it('ignores an expired anonymous id written before', () => {
    const storage = memoryStorage();
    writeExpiring(ANALYTICS_KEYS.anonymousId, 'anon-old-0001', 1000, NOW, storage);
    expect(anonymousId(NOW + 1000, storage, () => 'anon-new-0001')).toBe('anon-new-0001');
  });

  it('reads only well-formed trv values from the landing query', () => {
    expect(attributionOfSearch('?trv_reference=%3Cscript%3E')).toEqual({});
    expect(attributionOfSearch('?trv_locale=de')).toEqual({ trvLocale: 'de' });
  });
});
