import { type Locale, pickLocalized } from '../../src/contract/locales';
import { CHILD_POLICY, type RateContentSchema, type RatePolicySchema, type RoomContentSchema } from '../../src/contract/search';
import type * as v from 'valibot';
import type { Database } from '../db/database';
import { guaranteeView, isDeposit } from '../search/views';
import { selectRatePlan, selectRoomType } from './room-rate-queries';
import { roomImageUrl } from './service';

/** Content of one room type, one rate and one rate's policies, in one locale; undefined for unknown codes. */
export function createRoomRateContentService(db: Database) {
  return {
    async room(hotelCode: string, typeCode: string, locale: Locale): Promise<v.InferOutput<typeof RoomContentSchema> | undefined> {
      const row = await selectRoomType(db, hotelCode, typeCode);
      if (!row) return undefined;
      const typeSaleName = pickLocalized(row.saleName, locale);
      return {
        hotelCode,
        typeCode: row.typeCode,
        typeSaleName,
        maxAdults: row.maxAdults,
        maxChildren: row.maxChildren,
        maxOccupancy: row.maxOccupancy,
        image: { url: roomImageUrl(hotelCode, row.typeCode), alt: typeSaleName },
      };
    },

    async rate(hotelCode: string, rateCode: string, locale: Locale): Promise<v.InferOutput<typeof RateContentSchema> | undefined> {
      const row = await selectRatePlan(db, hotelCode, rateCode);
      if (!row) return undefined;
      const { plan } = row;
      return {
        hotelCode,
        rateCode: plan.rateCode,
        name: pickLocalized(plan.name, locale),
        isMemberRate: plan.isMemberRate,
        isBreakfastIncluded: plan.breakfastIncluded,
        pair: plan.isMemberRate ? plan.pairedNonMemberRateCode : row.pairedMemberRateCode,
        pointsPerNight: plan.pointsPerNight,
      };
    },

    async ratePolicy(hotelCode: string, rateCode: string, locale: Locale): Promise<v.InferOutput<typeof RatePolicySchema> | undefined> {
      const row = await selectRatePlan(db, hotelCode, rateCode);
      if (!row) return undefined;
      const guarantee = { code: row.guarantee.code, type: row.guarantee.policyType, description: row.guarantee.description };
      return {
        hotelCode,
        rateCode: row.plan.rateCode,
        guaranteePolicy: guaranteeView(guarantee, locale),
        cancellationPolicy: {
          cancellationPolicyCode: row.cancellation.code,
          description: pickLocalized(row.cancellation.description, locale),
          freeUntilHoursBeforeArrival: row.cancellation.freeUntilHoursBeforeArrival,
        },
        iconDeposit: isDeposit(guarantee),
        childPolicy: { adultFromAge: CHILD_POLICY.adultFromAge },
      };
    },
  };
}
