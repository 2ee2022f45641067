import { CHILD_POLICY, type ChildPolicyBreakdown, type SearchRoom } from '../../src/contract/search';

/**
 * Who a room's guests count as. Children of CHILD_POLICY.adultFromAge (12) or older count as adults:
 * for the room type's adult limit, for add-ons priced per adult and for the city tax.
 */
export interface Occupancy {
  adults: number;
  children: number;
}

export function countsAsAdult(age: number): boolean {
  return age >= CHILD_POLICY.adultFromAge;
}

export function occupancyOf(room: SearchRoom): Occupancy {
  const olderChildren = room.childAges.filter(countsAsAdult).length;
  return { adults: room.adults + olderChildren, children: room.childAges.length - olderChildren };
}

export interface RoomLimits {
  maxAdults: number;
  maxChildren: number;
  maxOccupancy: number;
}

/** Whether a room type takes these guests: every one of its three limits holds. */
export function fits(occupancy: Occupancy, limits: RoomLimits): boolean {
  return (
    occupancy.adults <= limits.maxAdults &&
    occupancy.children <= limits.maxChildren &&
    occupancy.adults + occupancy.children <= limits.maxOccupancy
  );
}

export function ageBreakdown(hotelCode: string, childAges: readonly number[]): ChildPolicyBreakdown {
  const ages = childAges.map((age) => ({ age, countsAs: countsAsAdult(age) ? ('adult' as const) : ('child' as const) }));
  const countedAsAdults = ages.filter((entry) => entry.countsAs === 'adult').length;
  return {
    hotelCode,
    adultFromAge: CHILD_POLICY.adultFromAge,
    ages,
    countedAsAdults,
    countedAsChildren: ages.length - countedAsAdults,
  };
}
