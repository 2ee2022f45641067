import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale, LocalizedText } from '../../src/contract/locales';
import type { Context } from 'hono';
import { bearerSession } from '../auth/bearer';
import type { Auth } from '../auth/core';
import type { Database } from '../db/database';
import { cancellationPolicies, companies, companyEnrolments, guaranteePolicies } from '../db/schema';
import type { CatalogueHotel, CatalogueRatePlan } from '../search/catalogue';

/*
 * Company rates (decision record 0056): a company's negotiated rate is one rate for every hotel of the
 * group, kept on the company (code, price factor, breakfast, guarantee and cancellation terms), not a rate
 * plan per hotel. For a member enrolled with an active company it joins each hotel's rate plans as one
 * more plan, so search and the cart price it with their own functions. Nobody else ever gets it.
 */

/** The company rate of one member, as a rate plan, and what keys answers that carry it. */
export interface CompanyRate {
  plan: CatalogueRatePlan & { company: { name: string } };
  /** Everything the plan's prices and texts depend on: answers with this rate are kept under it. */
  cacheKey: string;
}

/** The rate's name: the company's name in each locale's words. */
function rateName(company: string): LocalizedText {
  const names: Record<'en' | 'de' | 'ar', string> & Partial<Record<Locale, string>> = {
    en: `${company} company rate`,
    de: `Firmenrate ${company}`,
    ar: `سعر الشركة ${company}`,
  };
  return names;
}

/** The company rate of the member's active enrolment with an active company; null for everyone else. */
export async function companyRateOf(db: Database, memberId: number): Promise<CompanyRate | null> {
  const guarantee = alias(guaranteePolicies, 'guarantee');
  const cancellation = alias(cancellationPolicies, 'cancellation');
  const [row] = await db
    .select({
      name: companies.name,
      rateCode: companies.rateCode,
      priceFactorBps: companies.ratePriceFactorBps,
      breakfastIncluded: companies.rateBreakfastIncluded,
      guaranteeCode: guarantee.code,
      guaranteeType: guarantee.policyType,
      guaranteeDescription: guarantee.description,
      cancellationCode: cancellation.code,
      freeUntilHoursBeforeArrival: cancellation.freeUntilHoursBeforeArrival,
      cancellationDescription: cancellation.description,
    })
    .from(companyEnrolments)
    .innerJoin(companies, eq(companies.id, companyEnrolments.companyId))
    .innerJoin(guarantee, eq(guarantee.code, companies.rateGuaranteePolicyCode))
    .innerJoin(cancellation, eq(cancellation.code, companies.rateCancellationPolicyCode))
    .where(and(eq(companyEnrolments.memberId, memberId), eq(companyEnrolments.active, true), eq(companies.active, true)));
  if (!row) return null;
  const plan: CompanyRate['plan'] = {
    rateCode: row.rateCode,
    name: rateName(row.name),
    // Booked by a signed-in member only; it earns points like a member rate but is not paid with points.
    isMemberRate: true,
    pair: null,
    breakfastIncluded: row.breakfastIncluded,
    guarantee: { code: row.guaranteeCode, type: row.guaranteeType, description: row.guaranteeDescription },
    cancellation: { code: row.cancellationCode, freeUntilHoursBeforeArrival: row.freeUntilHoursBeforeArrival, description: row.cancellationDescription },
    priceFactorBps: row.priceFactorBps,
    pointsPerNight: 0,
    company: { name: row.name },
  };
  return { plan, cacheKey: JSON.stringify([plan.rateCode, plan.priceFactorBps, plan.breakfastIncluded, plan.guarantee.code, plan.cancellation.code, row.name]) };
}

/** The hotel as a member of the company sees it: its rate plans and the company rate. */
export function withCompanyRate(hotel: CatalogueHotel, rate: CompanyRate | null | undefined): CatalogueHotel {
  return rate ? { ...hotel, ratePlans: [...hotel.ratePlans, rate.plan] } : hotel;
}

/**
 * For routes open to everyone (search): the company rate of the member whose bearer token the request
 * carries; null without a token, for an invalid one, and for a member of no company.
 */
export function companyRateOfRequest(auth: Pick<Auth, 'db' | 'tokens' | 'sessions'>) {
  return async (c: Context): Promise<CompanyRate | null> => {
    if (!c.req.header('authorization')) return null;
    const session = await bearerSession(auth, c);
    return session ? companyRateOf(auth.db, session.memberId) : null;
  };
}
