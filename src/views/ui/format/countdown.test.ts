import { describe, expect, it } from 'vitest';
import { countdownParts } from './countdown';

describe('countdownParts', () => {
  it.each([
    [0, { days: 0, hours: 0, minutes: 0, seconds: 0 }],
    [-5_000, { days: 0, hours: 0, minutes: 0, seconds: 0 }],
    [999, { days: 0, hours: 0, minutes: 0, seconds: 0 }],
    [1_000, { days: 0, hours: 0, minutes: 0, seconds: 1 }],
    [59_999, { days: 0, hours: 0, minutes: 0, seconds: 59 }],
    [3_600_000, { days: 0, hours: 1, minutes: 0, seconds: 0 }],
    [86_399_000, { days: 0, hours: 23, minutes: 59, seconds: 59 }],
    [2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5_500, { days: 2, hours: 3, minutes: 4, seconds: 5 }],
  ])('%i ms → %o', (ms, parts) => {
    expect(countdownParts(ms)).toEqual(parts);
  });
});
