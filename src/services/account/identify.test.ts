import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnalyticsBatch } from '../../contract/analytics';
import { flushAnalytics, resetAnalytics } from '../analytics/analytics';
import { chooseConsent } from '../consent/consent';
import { identifyMember } from './identify';
import { ONE_DAY_MS, PERSISTED_KEYS, readExpiring } from './persisted-values';

const NOW = Date.UTC(2026, 2, 2, 9, 0, 0);
const beacons: Promise<string>[] = [];

beforeEach(() => {
  localStorage.clear();
  resetAnalytics();
  beacons.length = 0;
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (_url: string, body: Blob) => beacons.push(body.text()) > 0,
  });
});

afterEach(() => {
  resetAnalytics();
  localStorage.clear();
});

async function identified(): Promise<string[]> {
  flushAnalytics();
  const batches = (await Promise.all(beacons)).map((text) => JSON.parse(text) as AnalyticsBatch);
  return batches.flatMap((batch) => batch.events.flatMap((event) => (event.type === 'identify' ? [event.memberGuid] : [])));
}

describe('identifying members to analytics', () => {
  it('identifies a member at most once a day (fixed clock), with consent', async () => {
    chooseConsent(['analytics']);
    expect(identifyMember('guid-a', NOW)).toBe(true);
    expect(identifyMember('guid-a', NOW + ONE_DAY_MS - 1)).toBe(false);
    expect(identifyMember('guid-b', NOW + 1000)).toBe(true);
    expect(identifyMember('guid-b', NOW + 1000 + ONE_DAY_MS)).toBe(true);
    expect(await identified()).toEqual(['guid-a', 'guid-b', 'guid-b']);
    expect(readExpiring(PERSISTED_KEYS.identifyTracked, NOW + 2000 + ONE_DAY_MS, localStorage)).toBe('guid-b');
  });

  it('without consent keeps the flag in memory only, and stores it once consent is given', async () => {
    expect(identifyMember('guid-c', NOW)).toBe(true);
    expect(identifyMember('guid-c', NOW + 1000)).toBe(false);
    expect(localStorage.getItem(PERSISTED_KEYS.identifyTracked)).toBeNull();
    expect(beacons).toHaveLength(0);
    chooseConsent(['analytics']);
    expect(await identified()).toEqual(['guid-c']);
    expect(readExpiring(PERSISTED_KEYS.identifyTracked, NOW + ONE_DAY_MS - 1, localStorage)).toBe('guid-c');
  });

  it('sends and stores nothing when analytics is refused', async () => {
    chooseConsent(['video']);
    expect(identifyMember('guid-d', NOW)).toBe(true);
    expect(await identified()).toEqual([]);
    expect(localStorage.getItem(PERSISTED_KEYS.identifyTracked)).toBeNull();
  });
});
