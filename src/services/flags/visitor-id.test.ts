import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseConsent } from '../consent/consent';
import { analyticsVisitorId, flushAnalytics, resetAnalytics, trackExperimentViewed } from '../analytics/analytics';
import { ANALYTICS_KEYS } from '../analytics/client-values';
import { bindVisitorId, type VisitorIdSource, visitorAttributes } from './visitor-id';

/** An id the test changes, telling listeners as consent changes would. */
function fakeSource(initial: string | null): VisitorIdSource & { set(id: string | null): void } {
  let id = initial;
  const listeners = new Set<() => void>();
  return {
    current: () => id,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      id = next;
      for (const listener of listeners) listener();
    },
  };
}

describe('the visitor id of experiments', () => {
  it('has no attributes without an id, so the experiment answers its control', () => {
    expect(visitorAttributes(null)).toEqual({});
    expect(visitorAttributes('visitor-1')).toEqual({ id: 'visitor-1' });
  });

  it('sets the id when consent brings one, removes it when consent goes, and repeats nothing', () => {
    const setAttributes = vi.fn(() => Promise.resolve());
    const source = fakeSource(null);
    const stop = bindVisitorId({ setAttributes }, source, null, vi.fn());
    expect(setAttributes).not.toHaveBeenCalled();

    source.set('visitor-1');
    source.set('visitor-1');
    expect(setAttributes.mock.calls).toEqual([[{ id: 'visitor-1' }]]);

    source.set(null);
    expect(setAttributes.mock.calls.at(-1)).toEqual([{}]);

    stop();
    source.set('visitor-2');
    expect(setAttributes).toHaveBeenCalledTimes(2);
  });

  it('applies an id that appeared between making the client and binding it', () => {
    const setAttributes = vi.fn(() => Promise.resolve());
    bindVisitorId({ setAttributes }, fakeSource('visitor-1'), null, vi.fn());
    expect(setAttributes.mock.calls).toEqual([[{ id: 'visitor-1' }]]);
  });

  it('reports a failed update', async () => {
    const failure = new Error('no');
    const report = vi.fn();
    const source = fakeSource(null);
    bindVisitorId({ setAttributes: () => Promise.reject(failure) }, source, null, report);
    source.set('visitor-1');
    await vi.waitFor(() => expect(report).toHaveBeenCalledWith(failure));
  });
});

describe("analytics' side of experiments", () => {
  const NOW = Date.UTC(2026, 4, 1, 10, 0, 0);

  afterEach(() => {
    resetAnalytics();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('answers no id and stores nothing without analytics consent', () => {
    expect(analyticsVisitorId(NOW)).toBeNull();
    chooseConsent(['abTesting'], NOW);
    expect(analyticsVisitorId(NOW)).toBeNull();
    expect(localStorage.getItem(ANALYTICS_KEYS.anonymousId)).toBeNull();
  });

  it("answers the anonymous id with analytics consent, the same one the queue sends", () => {
    chooseConsent(['analytics', 'abTesting'], NOW);
    const id = analyticsVisitorId(NOW);
    expect(id).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(analyticsVisitorId(NOW + 1000)).toBe(id);

    const beacon = vi.fn((_url: string, _body: Blob) => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    trackExperimentViewed('layout-experiment', '2');
    flushAnalytics();
    expect(beacon).toHaveBeenCalledTimes(1);
    return (beacon.mock.calls[0]?.[1] as Blob).text().then((text) => {
      const batch = JSON.parse(text) as { anonymousId: string; events: Record<string, unknown>[] };
      expect(batch.anonymousId).toBe(id);
      expect(batch.events).toEqual([
        expect.objectContaining({ type: 'experiment_viewed', experimentKey: 'layout-experiment', variationKey: '2', pathname: window.location.pathname }),
      ]);
    });
  });
});
