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
  resetAnalytics();
  localStorage.clear();
});

describe('web vitals', () => {
  it('are measured only once the visitor consents to analytics, and only once', () => {
    const stop = startAnalytics();
    expect(observeGoodVitals).not.toHaveBeenCalled();
    chooseConsent(['video']);
    expect(observeGoodVitals).not.toHaveBeenCalled();
    chooseConsent(['analytics']);
    chooseConsent(['analytics', 'video']);
    expect(observeGoodVitals).toHaveBeenCalledTimes(1);
    stop();
  });

  it('are measured at once when consent was given on an earlier visit', () => {
    chooseConsent(['analytics']);
    const stop = startAnalytics();
    expect(observeGoodVitals).toHaveBeenCalledTimes(1);
    stop();
  });
});
