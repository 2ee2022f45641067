import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { todayInBerlin } from '../../src/contract/calendar-dates';
import {
  ageOn,
  BillingAddressParamsSchema,
  BillingAddressRequestSchema,
  type BillingAddress,
  ConfirmEmailRequestSchema,
  LocaleQuerySchema,
  MEMBER_PROFILE_LIMITS,
  MEMBER_PROFILE_PATHS as P,
  PROFILE_CODE_REJECTED,
  StatesQuerySchema,
  UpdateAddressRequestSchema,
  UpdateBirthdayRequestSchema,
  UpdateEmailRequestSchema,
  UpdateNameRequestSchema,
  UpdateProfileRequestSchema,
} from '../../src/contract/member-profile';
import { bearerAuth, type MemberEnv } from '../auth/bearer';
import { newOtpCode } from '../auth/codes';
import type { Auth } from '../auth/core';
import { firstRefusal, tooManyRequests } from '../auth/http';
import type { RateLimitRule } from '../auth/rate-limit';
import { stepUpRefusal } from '../auth/step-up';
import { isUniqueViolation } from '../db/errors';
import { memberBillingAddresses, memberEmailChanges, members } from '../db/schema';
import { errorBody, notFound } from '../middleware/errors';
import { validate } from '../middleware/validate';
import { emailChangedMail, emailTakenMail, type ProfileCodePurpose, profileCodeMail } from './profile-mails';
import { countriesIn, partnersIn, stateProblem, statesOf } from './profile-data';
import { type Member, toProfile } from './store';

/**
 * How often a member may have a profile code mailed (all changes together): five in 15 minutes, twenty a
 * day. With five tries per code that bounds the guesses at a member's codes to 100 a day (one in 10,000
 * of the million codes), and what one session can make us mail.
 */
export const PROFILE_RATE_LIMITS = {
  codesPerMember: { name: 'profile-code:member', limit: 5, windowSeconds: 15 * 60 },
  codesPerMemberPerDay: { name: 'profile-code-day:member', limit: 20, windowSeconds: 24 * 60 * 60 },
  /** Codes and notices mailed to one new address, from every member together: nobody's mailbox is flooded. */
  codesPerNewEmail: { name: 'profile-code:new-email', limit: 5, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;


const codeRejected = (c: Context) => c.json(errorBody('bad_request', PROFILE_CODE_REJECTED, [{ path: 'code', message: PROFILE_CODE_REJECTED }]), 400);
const badField = (c: Context, path: string, message: string) => c.json(errorBody('bad_request', 'Invalid request body', [{ path, message }]), 400);

type BillingRow = typeof memberBillingAddresses.$inferSelect;
const toBillingAddress = (row: BillingRow): BillingAddress => ({
  id: row.id,
  companyName: row.companyName,
  vatId: row.vatId,
  street: row.street,
  postalCode: row.postalCode,
  city: row.city,
  country: row.countryCode,
  state: row.stateCode,
});

/**
 * The member's own profile changes, billing addresses and the reference data of their forms (spec
 * section 7 "Members"; decision record 0045). Birthday, name and email change only with a code mailed for
 * that very change (server/auth/codes.ts, bound to the member's address and the purpose), and asking for
 * an email change also takes a step-up token (decision record 0047); every route
 * takes the bearer token first, so a request without one is 401 whatever its body.
 */
export function memberProfileRoutes(auth: Auth) {
  const { codes, members: store, limiter, db } = auth;
  const bearer = bearerAuth(auth);

  async function currentMember(c: Context<MemberEnv>): Promise<Member> {
    const member = await store.byId(c.get('session').memberId);
    // The bearer check has just seen the member's live session.
    if (!member) throw new Error('The signed-in member has gone');
    return member;
  }

  /** The per-member limits on mailed codes; the seconds to wait when one refuses. */
  const codeLimits = (member: Member, ...more: (() => ReturnType<typeof limiter.hit>)[]) =>
    firstRefusal(
      () => limiter.hit(PROFILE_RATE_LIMITS.codesPerMember, String(member.id)),
      () => limiter.hit(PROFILE_RATE_LIMITS.codesPerMemberPerDay, String(member.id)),
      ...more,
    );

  /**
   * A new code for this change, replacing the earlier one of the same purpose. Kept under the member's
   * current address (its row in one_time_codes), bound to `context` when given, mailed to `to`.
   */
  async function mailCode(member: Member, purpose: ProfileCodePurpose, to: string, context?: string) {
    const code = newOtpCode();
    await codes.issue(member.email, purpose, code, context === undefined ? {} : { context });
    await auth.mail.send(profileCodeMail(to, member.locale, purpose, code));
  }

  /**
   * The email change's code to the new address; a taken address (by any account, activated or not) gets
   * a notice instead and no code, so the change can never be confirmed. The caller answers the same.
   */
  async function mailEmailChange(member: Member, newEmail: string) {
    const owner = await store.byEmail(newEmail);
    if (owner) {
      await codes.discard(member.email, 'email-change');
      await auth.mail.send(emailTakenMail(newEmail, member.locale));
      return;
    }
    await mailCode(member, 'email-change', newEmail, newEmail);
  }

  const accepted = (c: Context) => c.json({ data: { accepted: true as const } }, 202);

  function codeRoute(purpose: 'birthday' | 'name') {
    return async (c: Context<MemberEnv>) => {
      const member = await currentMember(c);
      const retryAfter = await codeLimits(member);
      if (retryAfter !== undefined) return tooManyRequests(c, retryAfter);
      await mailCode(member, purpose, member.email);
      return accepted(c);
    };
  }

  const pendingEmailOf = async (memberId: number) =>
    (await db.select().from(memberEmailChanges).where(eq(memberEmailChanges.memberId, memberId)))[0];

  return (
    new Hono<MemberEnv>()
      .post(P.birthdayCode, bearer, codeRoute('birthday'))
      .post(P.birthday, bearer, validate('json', UpdateBirthdayRequestSchema), async (c) => {
        const { birthday, code } = c.req.valid('json');
        // Checked before the code, so a mistyped date does not use the code up.
        if (ageOn(birthday, todayInBerlin(auth.now())) < MEMBER_PROFILE_LIMITS.minimumAge) {
          return badField(c, 'birthday', `Members must be at least ${MEMBER_PROFILE_LIMITS.minimumAge} years old`);
        }
        const member = await currentMember(c);
        if (!(await codes.check(member.email, 'birthday', code, { consume: true }))) return codeRejected(c);
        const updated = await store.update(member.id, { birthday });
        if (!updated) throw new Error('The signed-in member has gone');
        return c.json({ data: toProfile(updated) }, 200);
      })

      .post(P.nameCode, bearer, codeRoute('name'))
      .post(P.name, bearer, validate('json', UpdateNameRequestSchema), async (c) => {
        const { salutation, firstName, lastName, code } = c.req.valid('json');
        const member = await currentMember(c);
        if (!(await codes.check(member.email, 'name', code, { consume: true }))) return codeRejected(c);
        const updated = await store.update(member.id, { firstName, lastName, ...(salutation ? { salutation } : {}) });
        if (!updated) throw new Error('The signed-in member has gone');
        return c.json({ data: toProfile(updated) }, 200);
      })

      .post(P.emailRequest, bearer, validate('json', UpdateEmailRequestSchema), async (c) => {
        const { email } = c.req.valid('json');
        const member = await currentMember(c);
        if (email === member.email) return badField(c, 'email', 'This is already your email address');
        // A stolen session alone must not move the account to another mailbox (decision record 0047).
        const refusal = await stepUpRefusal(auth, c);
        if (refusal) return refusal;
        const retryAfter = await codeLimits(member, () => limiter.hit(PROFILE_RATE_LIMITS.codesPerNewEmail, email));
        if (retryAfter !== undefined) return tooManyRequests(c, retryAfter);
        // The latest request is the one a code confirms; a code mailed for an earlier address stops working.
        await db
          .insert(memberEmailChanges)
          .values({ memberId: member.id, newEmail: email, requestedAt: auth.now() })
          .onConflictDoUpdate({ target: memberEmailChanges.memberId, set: { newEmail: email, requestedAt: auth.now() } });
        await mailEmailChange(member, email);
        return accepted(c);
      })

      .post(P.emailCode, bearer, async (c) => {
        const member = await currentMember(c);
        const pending = await pendingEmailOf(member.id);
        if (!pending) return c.json(errorBody('conflict', 'Ask to change your email address first'), 409);
        const retryAfter = await codeLimits(member, () => limiter.hit(PROFILE_RATE_LIMITS.codesPerNewEmail, pending.newEmail));
        if (retryAfter !== undefined) return tooManyRequests(c, retryAfter);
        await mailEmailChange(member, pending.newEmail);
        return accepted(c);
      })

      .post(P.email, bearer, validate('json', ConfirmEmailRequestSchema), async (c) => {
        const { code } = c.req.valid('json');
        const session = c.get('session');
        const member = await currentMember(c);
        const pending = await pendingEmailOf(member.id);
        // The code is checked against the address it was mailed to: no other address can be confirmed with it.
        if (!pending || !(await codes.check(member.email, 'email-change', code, { consume: true, context: pending.newEmail }))) {
          return codeRejected(c);
        }
        let updated: Member | undefined;
        try {
          updated = await db.transaction(async (tx) => {
            const [row] = await tx
              .update(members)
              .set({ email: pending.newEmail })
              .where(and(eq(members.id, member.id), eq(members.email, member.email)))
              .returning();
            await tx.delete(memberEmailChanges).where(eq(memberEmailChanges.memberId, member.id));
            return row;
          });
        } catch (error) {
          // Registered by someone else since the code was mailed: the mailbox is proven, so saying so leaks nothing.
          if (!isUniqueViolation(error)) throw error;
          return c.json(errorBody('conflict', 'This email address now belongs to another account'), 409);
        }
        // Changed meanwhile by another of the member's sessions: this code was for the address before.
        if (!updated) return codeRejected(c);
        // Codes kept under the old address belong to changes asked for before the switch.
        await Promise.all((['birthday', 'name'] as const).map((purpose) => codes.discard(member.email, purpose)));
        // Whoever else is signed in (perhaps whoever made the change, perhaps the owner) must prove the new address.
        await auth.sessions.revokeAllOf(member.id, 'email-changed', { except: session.sessionId });
        await auth.mail.send(emailChangedMail(member.email, member.locale, updated.email));
        const token = await auth.tokens.accessToken({ memberGuid: updated.guid, sessionId: session.sessionId, email: updated.email });
        return c.json({ data: { profile: toProfile(updated), token } }, 200);
      })

      .post(P.address, bearer, validate('json', UpdateAddressRequestSchema), async (c) => {
        const body = c.req.valid('json');
        const problem = stateProblem(body.country, body.state);
        if (problem) return badField(c, 'state', problem);
        const updated = await store.update(c.get('session').memberId, {
          street: body.street,
          postalCode: body.postalCode,
          city: body.city,
          countryCode: body.country,
          stateCode: body.state ?? null,
        });
        if (!updated) throw new Error('The signed-in member has gone');
        return c.json({ data: toProfile(updated) }, 200);
      })

      .post(P.profile, bearer, validate('json', UpdateProfileRequestSchema), async (c) => {
        const { phone, locale } = c.req.valid('json');
        const updated = await store.update(c.get('session').memberId, {
          ...(phone !== undefined ? { phone } : {}),
          ...(locale ? { locale } : {}),
        });
        if (!updated) throw new Error('The signed-in member has gone');
        return c.json({ data: toProfile(updated) }, 200);
      })

      .get(P.billingAddresses, bearer, async (c) => {
        const rows = await db
          .select()
          .from(memberBillingAddresses)
          .where(eq(memberBillingAddresses.memberId, c.get('session').memberId))
          .orderBy(asc(memberBillingAddresses.createdAt), asc(memberBillingAddresses.id));
        return c.json({ data: rows.map(toBillingAddress) }, 200);
      })
      .post(P.billingAddresses, bearer, validate('json', BillingAddressRequestSchema), async (c) => {
        const body = c.req.valid('json');
        const problem = stateProblem(body.country, body.state);
        if (problem) return badField(c, 'state', problem);
        const memberId = c.get('session').memberId;
        const at = auth.now();
        // Counted under the member's row lock: two additions at once cannot both take the last place.
        const row = await db.transaction(async (tx) => {
          await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
          const [counted] = await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(memberBillingAddresses)
            .where(eq(memberBillingAddresses.memberId, memberId));
          if ((counted?.count ?? 0) >= MEMBER_PROFILE_LIMITS.maxBillingAddresses) return undefined;
          const [inserted] = await tx
            .insert(memberBillingAddresses)
            .values({
              id: randomUUID(),
              memberId,
              companyName: body.companyName || null,
              vatId: body.vatId ?? null,
              street: body.street,
              postalCode: body.postalCode,
              city: body.city,
              countryCode: body.country,
              stateCode: body.state ?? null,
              createdAt: at,
              updatedAt: at,
            })
            .returning();
          return inserted;
        });
        if (!row) {
          return c.json(errorBody('conflict', `You can keep at most ${MEMBER_PROFILE_LIMITS.maxBillingAddresses} billing addresses`), 409);
        }
        return c.json({ data: toBillingAddress(row) }, 201);
      })
      .put(P.billingAddress, bearer, validate('param', BillingAddressParamsSchema), validate('json', BillingAddressRequestSchema), async (c) => {
        const body = c.req.valid('json');
        const problem = stateProblem(body.country, body.state);
        if (problem) return badField(c, 'state', problem);
        const [row] = await db
          .update(memberBillingAddresses)
          .set({
            companyName: body.companyName || null,
            vatId: body.vatId ?? null,
            street: body.street,
            postalCode: body.postalCode,
            city: body.city,
            countryCode: body.country,
            stateCode: body.state ?? null,
            updatedAt: auth.now(),
          })
          .where(and(eq(memberBillingAddresses.id, c.req.valid('param').id), eq(memberBillingAddresses.memberId, c.get('session').memberId)))
          .returning();
        // Another member's address answers as an unknown one: nobody learns it exists.
        if (!row) return notFound(c, 'No such billing address');
        return c.json({ data: toBillingAddress(row) }, 200);
      })
      .delete(P.billingAddress, bearer, validate('param', BillingAddressParamsSchema), async (c) => {
        const rows = await db
          .delete(memberBillingAddresses)
          .where(and(eq(memberBillingAddresses.id, c.req.valid('param').id), eq(memberBillingAddresses.memberId, c.get('session').memberId)))
          .returning({ id: memberBillingAddresses.id });
        if (rows.length === 0) return notFound(c, 'No such billing address');
        return c.body(null, 204);
      })

      .get(P.countries, bearer, validate('query', LocaleQuerySchema), (c) => c.json({ data: countriesIn(c.req.valid('query').locale) }, 200))
      .get(P.states, bearer, validate('query', StatesQuerySchema), (c) => c.json({ data: statesOf(c.req.valid('query').country) }, 200))
      .get(P.partners, bearer, validate('query', LocaleQuerySchema), (c) => c.json({ data: partnersIn(c.req.valid('query').locale) }, 200))
  );
}
