import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { MemberProfile } from '../../src/contract/auth';
import type { Locale } from '../../src/contract/locales';
import type { Database } from '../db/database';
import { members, type SocialIdentityProvider, socialIdentities } from '../db/schema';
import { postEntry } from '../loyalty/ledger';
import { type LoyaltyPort, LoyaltyUnavailableError } from '../ports/loyalty';

export type Member = typeof members.$inferSelect;

export interface NewMember {
  email: string;
  firstName: string;
  lastName: string;
  salutation?: Member['salutation'];
  locale: Locale;
  newsletter?: boolean;
  registrationSource?: string | null;
}

export interface MemberStore {
  byEmail(email: string): Promise<Member | undefined>;
  byId(id: number): Promise<Member | undefined>;
  bySocialIdentity(provider: SocialIdentityProvider, subject: string): Promise<Member | undefined>;
  /**
   * A new pending member, without a password (the email is not proven yet: see `activate`); undefined
   * when the email already has a member (no exception, no race).
   */
  createPending(member: NewMember): Promise<Member | undefined>;
  /**
   * Makes a pending member active: creates the loyalty profile first (a failure throws and changes
   * nothing, so the same activation can be tried again), then flips the status only if still pending.
   * Undefined when someone else activated the member meanwhile. `passwordHash` is the password whoever
   * proved the email chose (from their activation link or their verified registration), set in the same
   * statement; without it the member has no password (a pending member never has one).
   */
  activate(member: Member, options?: { passwordHash?: string | null }): Promise<Member | undefined>;
  /** Links the social account to the member; false when it is linked to someone else or the member already has one there. */
  link(memberId: number, provider: SocialIdentityProvider, subject: string, email: string | null): Promise<boolean>;
  unlink(memberId: number, provider: SocialIdentityProvider): Promise<void>;
  connections(memberId: number): Promise<{ provider: SocialIdentityProvider; email: string | null }[]>;
  update(memberId: number, changes: Partial<Omit<Member, 'id' | 'guid' | 'email' | 'createdAt'>>): Promise<Member | undefined>;
}

export function createMemberStore({ db, loyalty, now }: { db: Database; loyalty: LoyaltyPort; now: () => Date }): MemberStore {
  const one = async (rows: Promise<Member[]>) => (await rows)[0];
  return {
    byEmail: (email) => one(db.select().from(members).where(eq(members.email, email))),
    byId: (id) => one(db.select().from(members).where(eq(members.id, id))),

    async bySocialIdentity(provider, subject) {
      const [row] = await db
        .select({ member: members })
        .from(socialIdentities)
        .innerJoin(members, eq(members.id, socialIdentities.memberId))
        .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)));
      return row?.member;
    },

    async createPending(member) {
      const [row] = await db
        .insert(members)
        .values({
          guid: randomUUID(),
          email: member.email,
          firstName: member.firstName,
          lastName: member.lastName,
          salutation: member.salutation ?? null,
          locale: member.locale,
          passwordHash: null,
          newsletter: member.newsletter ?? false,
          registrationSource: member.registrationSource ?? null,
          status: 'pending',
          createdAt: now(),
        })
        .onConflictDoNothing({ target: members.email })
        .returning();
      return row;
    },

    async activate(member, options = {}) {
      let profile;
      try {
        profile = await loyalty.enrol(member);
      } catch (error) {
        throw error instanceof LoyaltyUnavailableError ? error : new LoyaltyUnavailableError('The loyalty system failed', { cause: error });
      }
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(members)
          .set({
            status: 'active',
            activatedAt: now(),
            passwordHash: options.passwordHash ?? null,
            dailypointMasterId: member.dailypointMasterId ?? profile.dailypointMasterId,
            rewardLevelCode: member.rewardLevelCode ?? profile.rewardLevelCode,
            crsId: member.crsId ?? profile.crsId,
          })
          .where(and(eq(members.id, member.id), eq(members.status, 'pending')))
          .returning();
        if (!row || profile.points <= row.points) return row;
        // Points the loyalty system already holds for the member come in as an entry of the points ledger.
        const posted = await postEntry(
          tx,
          { memberId: row.id, kind: 'adjusted', points: profile.points - row.points, note: 'Points held by the loyalty system at enrolment', idempotencyKey: `enrolment:${row.id}` },
          { now: now() },
        );
        return posted ? { ...row, points: posted.balance } : row;
      });
    },

    async link(memberId, provider, subject, email) {
      const rows = await db
        .insert(socialIdentities)
        .values({ memberId, provider, subject, email, createdAt: now() })
        .onConflictDoNothing()
        .returning({ memberId: socialIdentities.memberId });
      if (rows.length > 0) return true;
      // Already there: fine when it is this very link.
      const [existing] = await db
        .select({ memberId: socialIdentities.memberId })
        .from(socialIdentities)
        .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)));
      return existing?.memberId === memberId;
    },

    async unlink(memberId, provider) {
      await db.delete(socialIdentities).where(and(eq(socialIdentities.memberId, memberId), eq(socialIdentities.provider, provider)));
    },

    connections: (memberId) =>
      db
        .select({ provider: socialIdentities.provider, email: socialIdentities.email })
        .from(socialIdentities)
        .where(eq(socialIdentities.memberId, memberId)),

    update: (memberId, changes) => one(db.update(members).set(changes).where(eq(members.id, memberId)).returning()),
  };
}

/** The profile the web app shows (MemberProfileSchema). */
export function toProfile(member: Member): MemberProfile {
  const address =
    member.street && member.postalCode && member.city && member.countryCode
      ? {
          street: member.street,
          postalCode: member.postalCode,
          city: member.city,
          countryCode: member.countryCode,
          state: member.stateCode,
          text: `${member.street}, ${member.postalCode} ${member.city}, ${member.stateCode ? `${member.stateCode}, ` : ''}${member.countryCode}`,
        }
      : null;
  return {
    Guid: member.guid,
    email: member.email,
    firstName: member.firstName,
    lastName: member.lastName,
    salutation: member.salutation,
    birthday: member.birthday,
    locale: member.locale,
    address,
    phone: member.phone,
    dailypointMasterId: member.dailypointMasterId ?? '',
    profileComplete: Boolean(member.salutation && member.birthday && address),
    extras: { newsletter: member.newsletter },
  };
}
