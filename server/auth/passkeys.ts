import { randomUUID } from 'node:crypto';
import { and, asc, eq, lt } from 'drizzle-orm';
import { DEFAULT_PASSKEY_NAME_PREFIX, PASSKEY_LIMITS, type Passkey } from '../../src/contract/passkeys';
import type { Database } from '../db/database';
import { memberPasskeys, members, type PasskeyDeviceType } from '../db/schema';
import type { Member } from '../members/store';

export type StoredPasskey = typeof memberPasskeys.$inferSelect;

/** A credential as registration verified it. */
export interface NewPasskey {
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: PasskeyDeviceType;
  backedUp: boolean;
}

export type AddOutcome = { ok: true; passkey: StoredPasskey } | { ok: false; reason: 'duplicate' | 'full' };

export interface PasskeyStore {
  /** The member's passkeys, oldest first. */
  listOf(memberId: number): Promise<StoredPasskey[]>;
  /**
   * Adds a verified credential with its name (default `Passkey n`, the first number not in use), counted
   * under the member's row lock so two registrations at once cannot pass PASSKEY_LIMITS.perMember. A
   * credential id already registered (by anyone) is a duplicate.
   */
  add(memberId: number, credential: NewPasskey, name: string | undefined): Promise<AddOutcome>;
  /** Undefined when the member has no passkey of this id. */
  rename(memberId: number, id: string, name: string): Promise<StoredPasskey | undefined>;
  /** False when the member has no passkey of this id. */
  remove(memberId: number, id: string): Promise<boolean>;
  /** The passkey of a credential id, with its member. */
  byCredentialId(credentialId: string): Promise<{ passkey: StoredPasskey; member: Member } | undefined>;
  /**
   * Records a sign-in: the counter the authenticator reported and when. Refused (false) unless the
   * counter moved forward, or both it and the stored one are 0 (authenticators that keep no counter, such
   * as synced passkeys): one conditional UPDATE, so two sign-ins reporting the same counter cannot both pass.
   */
  recordUse(id: string, counter: number, backedUp: boolean, at: Date): Promise<boolean>;
}

export function createPasskeyStore({ db, now }: { db: Database; now: () => Date }): PasskeyStore {
  return {
    listOf: (memberId) => db.select().from(memberPasskeys).where(eq(memberPasskeys.memberId, memberId)).orderBy(asc(memberPasskeys.createdAt), asc(memberPasskeys.id)),

    async add(memberId, credential, name) {
      return db.transaction(async (tx): Promise<AddOutcome> => {
        await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
        const existing = await tx.select({ name: memberPasskeys.name }).from(memberPasskeys).where(eq(memberPasskeys.memberId, memberId));
        if (existing.length >= PASSKEY_LIMITS.perMember) return { ok: false, reason: 'full' };
        const [added] = await tx
          .insert(memberPasskeys)
          .values({ id: randomUUID(), memberId, ...credential, name: name ?? defaultName(existing.map((row) => row.name)), createdAt: now() })
          .onConflictDoNothing({ target: memberPasskeys.credentialId })
          .returning();
        return added ? { ok: true, passkey: added } : { ok: false, reason: 'duplicate' };
      });
    },

    async rename(memberId, id, name) {
      const [renamed] = await db
        .update(memberPasskeys)
        .set({ name })
        .where(and(eq(memberPasskeys.id, id), eq(memberPasskeys.memberId, memberId)))
        .returning();
      return renamed;
    },

    async remove(memberId, id) {
      const removed = await db
        .delete(memberPasskeys)
        .where(and(eq(memberPasskeys.id, id), eq(memberPasskeys.memberId, memberId)))
        .returning({ id: memberPasskeys.id });
      return removed.length > 0;
    },

    async byCredentialId(credentialId) {
      const [row] = await db
        .select({ passkey: memberPasskeys, member: members })
        .from(memberPasskeys)
        .innerJoin(members, eq(members.id, memberPasskeys.memberId))
        .where(eq(memberPasskeys.credentialId, credentialId));
      return row;
    },

    async recordUse(id, counter, backedUp, at) {
      const used = await db
        .update(memberPasskeys)
        .set({ counter, backedUp, lastUsedAt: at })
        .where(and(eq(memberPasskeys.id, id), counter === 0 ? eq(memberPasskeys.counter, 0) : lt(memberPasskeys.counter, counter)))
        .returning({ id: memberPasskeys.id });
      return used.length > 0;
    },
  };
}

/** `Passkey n` with the smallest n from the count up that no passkey of the member is called. */
function defaultName(taken: string[]): string {
  const names = new Set(taken);
  let number = taken.length + 1;
  while (names.has(`${DEFAULT_PASSKEY_NAME_PREFIX} ${number}`)) number += 1;
  return `${DEFAULT_PASSKEY_NAME_PREFIX} ${number}`;
}

/** A passkey as the member sees it. */
export function toPasskey(row: StoredPasskey): Passkey {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}
