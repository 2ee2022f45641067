import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_STORAGE_KEY, CONSENT_VERSION } from '../consent/consent';
import { browserAnalyticsConsent } from './analytics';
import { createTrackingQueue, type TrackingQueue } from './queue';

const NOW = Date.UTC(2026, 4, 1, 10, 0, 0);

/** Another tab of the site records a choice: this tab sees only the storage event. */
function chosenInAnotherTab(granted: string[]): void {
  const value = JSON.stringify({ version: CONSENT_VERSION, at: NOW, granted });
  localStorage.setItem(CONSENT_STORAGE_KEY, value);
  window.dispatchEvent(new StorageEvent('storage', { key: CONSENT_STORAGE_KEY, newValue: value, storageArea: localStorage }));
}

describe('the tracking queue and a choice made in another tab', () => {
  let queue: TrackingQueue | undefined;
  afterEach(() => {
    queue?.dispose();
    localStorage.clear();
  });

  const makeQueue = (send: (batch: unknown) => void) =>
    createTrackingQueue({ consent: browserAnalyticsConsent, send, now: () => NOW, storage: () => localStorage, schedule: () => () => undefined });

  it('sends what waited once analytics is granted there', () => {
    const send = vi.fn();
    queue = makeQueue(send);
    queue.track({ type: 'identify', memberGuid: 'member-1' });
    expect(send).not.toHaveBeenCalled();

    chosenInAnotherTab(['analytics']);
    expect(send).toHaveBeenCalledTimes(1);
    expect(queue.pending()).toEqual([]);
  });

  it('drops what waited when analytics is refused there', () => {
    const send = vi.fn();
    queue = makeQueue(send);
    queue.track({ type: 'identify', memberGuid: 'member-1' });
    chosenInAnotherTab(['video']);
    expect(queue.pending()).toEqual([]);
    expect(send).not.toHaveBeenCalled();
  });
});
