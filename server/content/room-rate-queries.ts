import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database';
import { cancellationPolicies, guaranteePolicies, hotels, ratePlans, roomTypes } from '../db/schema';

/** Reads of one room type or one rate plan of a hotel, with every locale; the service picks one. */

export async function selectRoomType(db: Database, hotelCode: string, typeCode: string) {
  const [row] = await db
    .select({
      typeCode: roomTypes.typeCode,
      saleName: roomTypes.saleName,
      maxAdults: roomTypes.maxAdults,
      maxChildren: roomTypes.maxChildren,
      maxOccupancy: roomTypes.maxOccupancy,
    })
    .from(roomTypes)
    .innerJoin(hotels, eq(hotels.id, roomTypes.hotelId))
    .where(and(eq(hotels.hotelCode, hotelCode), eq(roomTypes.typeCode, typeCode)))
    .limit(1);
  return row;
}

/** A rate plan with its policies and, for a non-member rate, the member rate of the same hotel paired with it. */
export async function selectRatePlan(db: Database, hotelCode: string, rateCode: string) {
  const memberRate = alias(ratePlans, 'member_rate');
  const [row] = await db
    .select({
      plan: ratePlans,
      guarantee: guaranteePolicies,
      cancellation: cancellationPolicies,
      pairedMemberRateCode: memberRate.rateCode,
    })
    .from(ratePlans)
    .innerJoin(hotels, eq(hotels.id, ratePlans.hotelId))
    .innerJoin(guaranteePolicies, eq(guaranteePolicies.code, ratePlans.guaranteePolicyCode))
    .innerJoin(cancellationPolicies, eq(cancellationPolicies.code, ratePlans.cancellationPolicyCode))
    .leftJoin(memberRate, and(eq(memberRate.hotelId, ratePlans.hotelId), eq(memberRate.pairedNonMemberRateCode, ratePlans.rateCode)))
    .where(and(eq(hotels.hotelCode, hotelCode), eq(ratePlans.rateCode, rateCode)))
    .limit(1);
  return row;
}
