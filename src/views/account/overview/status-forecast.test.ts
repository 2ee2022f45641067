import { describe, expect, it } from 'vitest';
import type { MemberBooking, PointsStatus } from '../../../contract/loyalty';
import { statusForecast } from './status-forecast';

const status = (nights: number, points: number, next: { nights: number; points: number } | null): PointsStatus => ({
  balance: 1000,
  pending: 0,
  expiring: { withinDays: 90, points: 0, dates: [] },
  level: { code: 'DA', name: 'Silver', order: 5 },
  progress: {
    year: 2027,
    nights,
    points,
    keep: { met: true, nightsNeeded: 0, pointsNeeded: 0 },
    next: next ? { level: { code: 'DX', name: 'Prestige', order: 6 }, ...next, nightsNeeded: next.nights - nights, pointsNeeded: next.points - points } : null,
  },
});

const booking = (departureDate: string, nights: number, pointsEarned = 0): MemberBooking => ({
  orderId: departureDate,
  source: 'online',
  status: 'confirmed',
  hotel: { code: 'ZLBF', name: 'Zleep Berlin' },
  arrivalDate: departureDate,
  departureDate,
  nights,
  bookedAt: '2027-01-01T10:00:00Z',
  currency: 'EUR',
  totalAmount: 100,
  paymentMethod: 'card',
  pointsPaid: 0,
  pointsEarned,
  pointsPending: true,
  rooms: [],
});

describe('status forecast', () => {
  it('names the level and the departure of the stay whose nights reach it, counting stays in order of departure', () => {
    const forecast = statusForecast(status(17, 0, { nights: 20, points: 50_000 }), [booking('2027-05-03', 2), booking('2027-03-14', 1), booking('2027-04-02', 1)]);
    expect(forecast).toEqual({ level: { code: 'DX', name: 'Prestige', order: 6 }, date: '2027-05-03', stays: 3 });
  });

  it('counts points as well as nights', () => {
    expect(statusForecast(status(0, 49_000, { nights: 20, points: 50_000 }), [booking('2027-02-01', 1, 1_200)])?.date).toBe('2027-02-01');
  });

  it('is null when the stays of this year do not reach the next level, stays of next year do not count, or there is no next level', () => {
    expect(statusForecast(status(1, 0, { nights: 20, points: 50_000 }), [booking('2027-02-01', 3)])).toBeNull();
    expect(statusForecast(status(19, 0, { nights: 20, points: 50_000 }), [booking('2028-01-02', 3)])).toBeNull();
    expect(statusForecast(status(19, 0, null), [booking('2027-02-01', 3)])).toBeNull();
  });
});
