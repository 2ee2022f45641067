import { describe, expect, it } from 'vitest';
import { MEMBER_LEVELS } from '../../src/contract/auth';
import { simulateLedger } from '../db/seed/loyalty';
import { expiringWithin, expiryCutoff, remainingLots, validUntil } from './expiry';
import { benefitsOf, LEVEL_RULES, levelAfterYearEnd, levelOf, progressOf, qualifiedLevel } from './levels';

/* The level rules and the expiry of points as pure functions (decision record 0040). */

const level = (code: string) => levelOf(code);

describe('level rules', () => {
  it('pairs the spec’s levels with their codes in level_order: Star DP ... Diamond DD', () => {
    expect(LEVEL_RULES.map((rule) => `${rule.order} ${rule.name} ${rule.code}`)).toEqual([
      '4 Star DP',
      '5 Silver DA',
      '6 Prestige DX',
      '7 Gold DB',
      '8 Platinum DI',
      '9 Diamond DD',
    ]);
    expect(LEVEL_RULES.map((rule) => rule.code)).toEqual(MEMBER_LEVELS.map((member) => member.code));
  });

  it('takes 10/20/30/40/60 nights or 2,500/5,000/7,500/10,000/15,000 points in a calendar year', () => {
    expect(LEVEL_RULES.map((rule) => [rule.nights, rule.points])).toEqual([
      [0, 0],
      [10, 2_500],
      [20, 5_000],
      [30, 7_500],
      [40, 10_000],
      [60, 15_000],
    ]);
  });

  it('reaches a level exactly at its threshold, by nights or by points', () => {
    expect(qualifiedLevel({ nights: 19, points: 4_999 }).name).toBe('Silver');
    expect(qualifiedLevel({ nights: 20, points: 0 }).name).toBe('Prestige');
    expect(qualifiedLevel({ nights: 0, points: 5_000 }).name).toBe('Prestige');
    expect(qualifiedLevel({ nights: 9, points: 2_499 }).name).toBe('Star');
    expect(qualifiedLevel({ nights: 60, points: 0 }).name).toBe('Diamond');
    expect(qualifiedLevel({ nights: 200, points: 200_000 }).name).toBe('Diamond');
  });

  it('at a year end takes the level the year reached, at most one level below the level held', () => {
    expect(levelAfterYearEnd(level('DB'), { nights: 0, points: 0 }).name).toBe('Prestige');
    expect(levelAfterYearEnd(level('DB'), { nights: 30, points: 0 }).name).toBe('Gold');
    expect(levelAfterYearEnd(level('DB'), { nights: 12, points: 0 }).name).toBe('Prestige');
    expect(levelAfterYearEnd(level('DB'), { nights: 45, points: 0 }).name).toBe('Platinum');
    expect(levelAfterYearEnd(level('DP'), { nights: 0, points: 0 }).name).toBe('Star');
    expect(levelAfterYearEnd(level('DA'), { nights: 0, points: 0 }).name).toBe('Star');
  });

  it('tells what keeping the level and reaching the next one still take', () => {
    expect(progressOf(level('DA'), { nights: 4, points: 3_000 })).toMatchObject({
      keep: { met: true, nightsNeeded: 6, pointsNeeded: 0 },
      next: { level: { name: 'Prestige' }, nightsNeeded: 16, pointsNeeded: 2_000 },
    });
    expect(progressOf(level('DD'), { nights: 0, points: 0 }).next).toBeNull();
  });

  it('gives a level every benefit of the levels below it', () => {
    const star = benefitsOf(level('DP')).map((benefit) => benefit.code);
    const gold = benefitsOf(level('DB')).map((benefit) => benefit.code);
    expect(gold).toEqual(expect.arrayContaining(star));
    expect(gold.length).toBeGreaterThan(star.length);
    expect(new Set(benefitsOf(level('DD')).map((benefit) => benefit.code)).size).toBe(benefitsOf(level('DD')).length);
  });
});

describe('points validity', () => {
  it('keeps points until the end of the month 24 months after the month they were entered', () => {
    expect(validUntil('2024-03-15')).toBe('2026-03-31');
    expect(validUntil('2024-01-31')).toBe('2026-01-31');
    expect(validUntil('2024-02-29')).toBe('2026-02-28');
    expect(validUntil('2024-12-01')).toBe('2026-12-31');
  });

  it('names the first day whose points are still valid', () => {
    expect(expiryCutoff('2026-04-01')).toBe('2024-04-01');
    expect(expiryCutoff('2026-03-31')).toBe('2024-03-01');
    expect(validUntil('2024-03-31') < '2026-04-01').toBe(true);
    expect(validUntil('2024-04-01') >= '2026-04-01').toBe(true);
  });

  it('uses the oldest points first and lists what runs out within 90 days', () => {
    const lots = [
      { postedOn: '2024-03-10', points: 1_000 },
      { postedOn: '2024-05-02', points: 700 },
      { postedOn: '2025-09-09', points: 300 },
    ];
    const left = remainingLots(lots, 1_200);
    expect(left).toEqual([
      { postedOn: '2024-05-02', points: 500 },
      { postedOn: '2025-09-09', points: 300 },
    ]);
    expect(expiringWithin(left, '2026-03-02', 90)).toEqual([{ date: '2026-05-31', points: 500 }]);
    expect(expiringWithin(left, '2026-03-01', 90)).toEqual([]);
  });
});

describe('the seeded history', () => {
  it('writes off what ran out in the order it happened, and never spends more than there is', () => {
    const entries = simulateLedger(
      [
        { on: '2023-01-10', kind: 'earned', points: 1_000 },
        { on: '2023-06-01', kind: 'redeemed', points: -400 },
        { on: '2025-03-05', kind: 'earned', points: 200 },
      ],
      '2025-03-06',
    );
    expect(entries.map((entry) => [entry.on, entry.kind, entry.points, entry.balanceAfter])).toEqual([
      ['2023-01-10', 'earned', 1_000, 1_000],
      ['2023-06-01', 'redeemed', -400, 600],
      ['2025-02-01', 'expired', -600, 0],
      ['2025-03-05', 'earned', 200, 200],
    ]);
    expect(() => simulateLedger([{ on: '2025-01-01', kind: 'redeemed', points: -1 }], '2025-01-02')).toThrow(/spends more/);
  });
});
