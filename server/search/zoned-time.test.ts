import { describe, expect, it } from 'vitest';
import type { CancellationPolicy } from './catalogue';
import { freeCancellationUntil } from './views';
import { formatInZone, instantAt } from './zoned-time';

const policy = (hours: number | null): CancellationPolicy => ({ code: 'X', freeUntilHoursBeforeArrival: hours, description: { en: 'x' } });
const NOW = Date.parse('2026-03-02T09:00:00Z');

describe('times in a hotel’s zone', () => {
  it('finds the instant of a local hour, in winter and in summer', () => {
    expect(new Date(instantAt('2026-03-02', 18, 'Europe/Berlin')).toISOString()).toBe('2026-03-02T17:00:00.000Z');
    expect(new Date(instantAt('2026-07-01', 18, 'Europe/Berlin')).toISOString()).toBe('2026-07-01T16:00:00.000Z');
    expect(new Date(instantAt('2026-07-01', 18, 'Asia/Dubai')).toISOString()).toBe('2026-07-01T14:00:00.000Z');
    expect(new Date(instantAt('2026-01-15', 18, 'Europe/London')).toISOString()).toBe('2026-01-15T18:00:00.000Z');
  });

  it('writes an instant with the zone’s offset', () => {
    expect(formatInZone(Date.parse('2026-03-02T17:00:00Z'), 'Europe/Berlin')).toBe('2026-03-02T18:00:00+01:00');
    expect(formatInZone(Date.parse('2026-07-01T14:00:00Z'), 'Asia/Dubai')).toBe('2026-07-01T18:00:00+04:00');
  });
});

describe('freeCancellationUntil', () => {
  it('is the policy’s hours before 18:00 on the arrival day, across a change to summer time', () => {
    expect(freeCancellationUntil(policy(0), '2026-04-01', 'Europe/Berlin', NOW)).toBe('2026-04-01T18:00:00+02:00');
    expect(freeCancellationUntil(policy(24), '2026-04-01', 'Europe/Berlin', NOW)).toBe('2026-03-31T18:00:00+02:00');
    // Clocks go forward on 29 March 2026: 72 hours before 18:00 on the 30th is 17:00 on the 27th.
    expect(freeCancellationUntil(policy(72), '2026-03-30', 'Europe/Berlin', NOW)).toBe('2026-03-27T17:00:00+01:00');
  });

  it('is null for a non-refundable rate and once the moment has passed', () => {
    expect(freeCancellationUntil(policy(null), '2026-04-01', 'Europe/Berlin', NOW)).toBeNull();
    expect(freeCancellationUntil(policy(24), '2026-03-02', 'Europe/Berlin', NOW)).toBeNull();
    expect(freeCancellationUntil(policy(0), '2026-03-02', 'Europe/Berlin', NOW)).toBe('2026-03-02T18:00:00+01:00');
  });
});
