import type { Rate, RoomOffer } from '../../src/contract/search';

/** A standard rate of 100 a night for a two-night stay, as the BFF answers it; tests change what they need. */
export function rateFixture(rateCode: string, name: string, changes: Partial<Rate> = {}): Rate {
  return {
    rateCode,
    name,
    currencyCode: 'EUR',
    avg_amnt_with_tax: 100,
    avg_amnt_no_tax: 90,
    total_with_tax: 200,
    city_tax: 5,
    isMemberRate: false,
    isBreakfastIncluded: false,
    guaranteePolicy: { type: 1001, guaranteePolicyCode: 'G1', description: 'Guaranteed with your card' },
    cancellationPolicy: { cancellationPolicyCode: 'C1', description: 'Free cancellation', freeCancellationUntil: null },
    pair: null,
    iconDeposit: false,
    pointsPrice: 20000,
    pointsEarned: 400,
    ...changes,
  };
}

/** A room type for two adults and a child, with a flexible and a saver rate unless others are given. */
export const offerFixture = (typeCode: string, typeSaleName: string, rates: Rate[] = [rateFixture('FLEX', 'Flexible'), rateFixture('SAVER', 'Saver')]): RoomOffer => ({
  typeCode,
  typeSaleName,
  available: true,
  min_amnt_with_tax: 100,
  maxAdults: 2,
  maxChildren: 1,
  maxOccupancy: 3,
  image: { url: '/images/room.jpg', alt: typeSaleName },
  rates,
});
