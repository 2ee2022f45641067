import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { companies, companyAdmins, companyDomains, companyEnrolments, companyInvites } from '../db/schema';

/** The data of corporate self-enrolment (decision record 0056): companies, their domains, admins, enrolments, invites. */

export type Company = typeof companies.$inferSelect;
export type Enrolment = typeof companyEnrolments.$inferSelect;
export type InviteRow = typeof companyInvites.$inferSelect;

/** The part of an email after the last `@`, lower case (emails reach here lower-cased by the contract). */
export const domainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The active company that owns the email's domain. */
export async function activeCompanyForEmail(db: Database, email: string): Promise<Company | undefined> {
  const [row] = await db
    .select({ company: companies })
    .from(companyDomains)
    .innerJoin(companies, eq(companies.id, companyDomains.companyId))
    .where(and(eq(companyDomains.domain, domainOf(email)), eq(companies.active, true)));
  return row?.company;
}

export async function companyById(db: Database, id: number): Promise<Company | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

export async function domainsOf(db: Database, companyId: number): Promise<string[]> {
  const rows = await db.select({ domain: companyDomains.domain }).from(companyDomains).where(eq(companyDomains.companyId, companyId));
  return rows.map((row) => row.domain).sort();
}

/** The member's active enrolment, with its company. */
export async function activeEnrolmentOf(db: Database, memberId: number): Promise<{ enrolment: Enrolment; company: Company } | undefined> {
  const [row] = await db
    .select({ enrolment: companyEnrolments, company: companies })
    .from(companyEnrolments)
    .innerJoin(companies, eq(companies.id, companyEnrolments.companyId))
    .where(and(eq(companyEnrolments.memberId, memberId), eq(companyEnrolments.active, true)));
  return row;
}

/** Whether some member is enrolled under this work email now. */
export async function workEmailEnrolled(db: Database, workEmail: string): Promise<boolean> {
  const rows = await db
    .select({ id: companyEnrolments.id })
    .from(companyEnrolments)
    .where(and(eq(companyEnrolments.workEmail, workEmail), eq(companyEnrolments.active, true)));
  return rows.length > 0;
}

export interface NewEnrolment {
  companyId: number;
  memberId: number;
  workEmail: string;
  givenName: string;
  familyName: string;
  externalId: string | null;
}

/**
 * Enrols the member; undefined when the member or the work email is enrolled already (the partial unique
 * indexes decide, so two racing enrolments cannot both succeed).
 */
export async function insertEnrolment(db: Pick<Database, 'insert'>, enrolment: NewEnrolment, at: Date): Promise<Enrolment | undefined> {
  try {
    const [row] = await db
      .insert(companyEnrolments)
      .values({ id: randomUUID(), ...enrolment, active: true, enrolledAt: at, updatedAt: at, leftAt: null })
      .returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** Ends the member's active enrolment; false when there was none. */
export async function leaveCompany(db: Database, memberId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(companyEnrolments)
    .set({ active: false, leftAt: at, updatedAt: at })
    .where(and(eq(companyEnrolments.memberId, memberId), eq(companyEnrolments.active, true)))
    .returning({ id: companyEnrolments.id });
  return rows.length > 0;
}

/** The active company the member is an admin of (the first, should there be several). */
export async function adminCompanyOf(db: Database, memberId: number): Promise<Company | undefined> {
  const [row] = await db
    .select({ company: companies })
    .from(companyAdmins)
    .innerJoin(companies, eq(companies.id, companyAdmins.companyId))
    .where(and(eq(companyAdmins.memberId, memberId), eq(companies.active, true)))
    .orderBy(companies.id)
    .limit(1);
  return row?.company;
}

/** The invites this admin sent for the company, newest first. */
export async function invitesSentBy(db: Database, companyId: number, memberId: number, limit: number): Promise<InviteRow[]> {
  return db
    .select()
    .from(companyInvites)
    .where(and(eq(companyInvites.companyId, companyId), eq(companyInvites.invitedBy, memberId)))
    .orderBy(desc(companyInvites.createdAt), desc(companyInvites.id))
    .limit(limit);
}

/** New invites, replacing each email's pending (unaccepted) invite of the company: only the newest link works. */
export async function replaceInvites(
  db: Database,
  invites: { companyId: number; email: string; tokenHash: string; invitedBy: number; createdAt: Date; expiresAt: Date }[],
): Promise<InviteRow[]> {
  if (invites.length === 0) return [];
  const [first] = invites;
  return db.transaction(async (tx) => {
    await tx.delete(companyInvites).where(
      and(
        eq(companyInvites.companyId, first?.companyId ?? 0),
        inArray(
          companyInvites.email,
          invites.map((invite) => invite.email),
        ),
        isNull(companyInvites.acceptedAt),
      ),
    );
    return tx
      .insert(companyInvites)
      .values(invites.map((invite) => ({ id: randomUUID(), ...invite, acceptedAt: null, acceptedBy: null })))
      .returning();
  });
}

export async function inviteByTokenHash(db: Database, tokenHash: string): Promise<InviteRow | undefined> {
  const [row] = await db.select().from(companyInvites).where(eq(companyInvites.tokenHash, tokenHash));
  return row;
}
