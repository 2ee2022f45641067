import { and, eq, inArray } from 'drizzle-orm';
import type { IsoDate } from '../../lib/calendar';
import type { Database } from '../database';
import { companies, companyAdmins, companyDomains, members } from '../schema';
import { DEMO_MEMBERS } from './members';

/**
 * The demo companies of corporate self-enrolment (decision record 0056), on `.example` domains that no one
 * can own: an employee enrols with a work email on one of them and sees the company's rate. Anna Schmidt is
 * the admin of Northwind Traders (she invites colleagues; she is not enrolled herself, so her own searches
 * show no company rate).
 */
export const DEMO_COMPANIES = [
  {
    name: 'Northwind Traders',
    scimExternalId: 'northwind-traders',
    rateCode: 'CORP_NORTHWIND',
    ratePriceFactorBps: 8_500,
    rateBreakfastIncluded: true,
    rateGuaranteePolicyCode: 'GCC',
    rateCancellationPolicyCode: 'CXL18',
    domains: ['northwind.example', 'northwind-traders.example'],
    admins: [DEMO_MEMBERS.withPassword],
  },
  {
    name: 'Contoso',
    scimExternalId: 'contoso',
    rateCode: 'CORP_CONTOSO',
    ratePriceFactorBps: 9_000,
    rateBreakfastIncluded: false,
    rateGuaranteePolicyCode: 'HOLD18',
    rateCancellationPolicyCode: 'CXL1D',
    domains: ['contoso.example'],
    admins: [],
  },
] as const;

type Writer = Pick<Database, 'insert' | 'select'>;

/** Adds the demo companies that are missing (by rate code), their domains and admins; those present stay as they are. */
export async function insertDemoCompanies(db: Writer, today: IsoDate): Promise<void> {
  const existing = await db
    .select({ rateCode: companies.rateCode })
    .from(companies)
    .where(inArray(companies.rateCode, DEMO_COMPANIES.map((company) => company.rateCode)));
  const present = new Set(existing.map((row) => row.rateCode));
  for (const [index, company] of DEMO_COMPANIES.entries()) {
    if (present.has(company.rateCode)) continue;
    const { domains, admins, ...values } = company;
    // Fixed times on the seeding day keep the seed byte-identical.
    const [row] = await db
      .insert(companies)
      .values({ ...values, active: true, createdAt: new Date(`${today}T07:0${index}:00Z`) })
      .returning({ id: companies.id });
    if (!row) continue;
    await db
      .insert(companyDomains)
      .values(domains.map((domain) => ({ domain, companyId: row.id })))
      .onConflictDoNothing();
    if (admins.length === 0) continue;
    const adminRows = await db
      .select({ id: members.id })
      .from(members)
      .where(and(inArray(members.email, [...admins]), eq(members.status, 'active')));
    if (adminRows.length > 0) await db.insert(companyAdmins).values(adminRows.map((admin) => ({ companyId: row.id, memberId: admin.id })));
  }
}
