import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseConsent } from '../consent/consent';
import { resetAnalytics, startAnalytics } from './analytics';
import { observeGoodVitals } from './web-vitals';
import type * as WebVitals from './web-vitals';

vi.mock('./web-vitals', async (importActual) => ({ ...(await importActual<typeof WebVitals>()), observeGoodVitals: vi.fn(() => Promise.resolve()) }));

beforeEach(() => {
  localStorage.clear();
  resetAnalytics();
  vi.mocked(observeGoodVitals).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  resetAnalytics();
  localStorage.clear();
});

describe('web vitals', () => {
  it('are measured only once the visitor consents to analytics, and only once', async () => {
    vi.useFakeTimers();
    const stop = startAnalytics();
    await vi.runAllTimersAsync();
    expect(observeGoodVitals).not.toHaveBeenCalled();
    chooseConsent(['video']);
    await vi.runAllTimersAsync();
    expect(observeGoodVitals).not.toHaveBeenCalled();
    chooseConsent(['analytics']);
    chooseConsent(['analytics', 'video']);
    await vi.runAllTimersAsync();
    expect(observeGoodVitals).toHaveBeenCalledTimes(1);
    stop();
  });

  it('are measured once the page is idle when consent was given on an earlier visit', async () => {
    vi.useFakeTimers({ toFake: ['requestIdleCallback', 'cancelIdleCallback', 'setTimeout', 'clearTimeout'] });
    chooseConsent(['analytics']);
    const stop = startAnalytics();
    // The page's own start comes first: the library is not loaded while it is busy.
    expect(observeGoodVitals).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(observeGoodVitals).toHaveBeenCalledTimes(1);
    stop();
  });
});
