import * as v from 'valibot';
import { LoyaltyLocaleQuerySchema } from './loyalty';

/**
 * Member offers (spec section 2, /account/specials): the promotions a signed-in member can book now or
 * later, each with its code, what it takes off, when it can be stayed and at which brands, and what the
 * member's own level adds to every stay. Paths are relative to BFF_PREFIX.
 */
export const MEMBER_SPECIALS_PATH = '/members/specials';

export const MemberSpecialsQuerySchema = LoyaltyLocaleQuerySchema;

export const MemberSpecialSchema = v.object({
  /** The promo code the search takes (`promo`). */
  code: v.string(),
  percentOff: v.number(),
  /** The first and last night it applies to; `stayFrom` is never before today (Berlin). */
  stayFrom: v.string(),
  stayUntil: v.string(),
  /** The brands it is limited to, named; empty: every hotel. */
  brands: v.array(v.object({ code: v.string(), name: v.string() })),
});
export type MemberSpecial = v.InferOutput<typeof MemberSpecialSchema>;

export const MemberSpecialsSchema = v.object({
  /** Promotions whose stays have not ended, the soonest ending first. */
  offers: v.array(MemberSpecialSchema),
  /** The member's level and the benefits it brings to every stay, named in the asked locale. */
  level: v.object({ code: v.string(), name: v.string() }),
  benefits: v.array(v.object({ code: v.string(), name: v.string() })),
});
export type MemberSpecials = v.InferOutput<typeof MemberSpecialsSchema>;
export const MemberSpecialsResponseSchema = v.object({ data: MemberSpecialsSchema });
