import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import {
  type ActivateRequest,
  ActivateRequestSchema,
  CompleteProfileRequestSchema,
  MEMBER_LEVELS,
  MEMBER_PATHS,
  PasswordResetRequestSchema,
  PasswordUpdateRequestSchema,
  RegisterRequestSchema,
  ValidateEmailRequestSchema,
} from '../../src/contract/auth';
import { DEFAULT_LOCALE, LocaleSchema } from '../../src/contract/locales';
import { bearerAuth, bearerSession, type MemberEnv } from '../auth/bearer';
import { newLinkToken } from '../auth/codes';
import type { Auth } from '../auth/core';
import { clientAddress, firstRefusal, tooManyRequests } from '../auth/http';
import { activationMail, alreadyRegisteredMail, passwordResetMail, passwordResetWithoutAccountMail } from '../auth/mails';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { RATE_LIMITS } from '../auth/rate-limit';
import { beginSession, startSession } from '../auth/sign-in';
import type { AppEnv } from '../env';
import { errorBody, notFound } from '../middleware/errors';
import { validate } from '../middleware/validate';
import { registrationSource } from './sources';
import { type Member, toProfile } from './store';

const LocaleQuerySchema = v.object({ locale: v.optional(LocaleSchema, DEFAULT_LOCALE) });
/** Any string up to the length limit: whether it is a valid address is the answer, not a 400. */
const LooseValidateEmailSchema = v.object({
  email: v.pipe(v.string(), v.maxLength(320)),
  validateMembership: ValidateEmailRequestSchema.entries.validateMembership,
});

/**
 * Membership (spec section 7 "Members"): registration and activation, password reset, email checks,
 * registration sources, and the signed-in member's profile and status (preferences and newsletters:
 * server/members/preference-routes.ts).
 */
export function membersRoutes(auth: Auth) {
  const { limiter, codes, members, sessions, settings } = auth;
  const address = (c: Parameters<typeof clientAddress>[0]) => clientAddress(c, settings.trustProxy);
  const bearer = bearerAuth(auth);

  /**
   * Mails a new activation link (the earlier one stops working). The password chosen with this
   * registration waits on the link: the email is not proven yet, so it becomes the member's only when
   * this link is used by whoever chose it (see the activate route). Any other proof of the email (a one-time code, a verified social account, a
   * registration token) drops the link and its password.
   */
  async function sendActivation(member: Member, pendingPasswordHash: string | null = null, token = newLinkToken()) {
    await codes.issue(member.email, 'activation', token, { pendingPasswordHash });
    await auth.mail.send(activationMail(member.email, member.locale, member.firstName, auth.links().activate(member.locale, token)));
  }

  /**
   * The password an activation sets. The link proves the mailbox, not who chose the password that waits
   * on it: that may be someone who registered another person's email. So it is set only for the visitor
   * who shows they chose it, with the registration's proof (kept by the browser that registered) or by
   * typing it again (counted as a password guess). Anyone else is asked, and may activate without it.
   */
  async function pendingPasswordOf(
    c: Context<AppEnv>,
    row: { email: string; pendingPasswordHash: string | null },
    body: ActivateRequest,
  ): Promise<{ ok: true; passwordHash: string | null; proof?: string } | { ok: false; response: Response }> {
    const pending = row.pendingPasswordHash;
    if (!pending || body.without_password) return { ok: true, passwordHash: null };
    const proof = await codes.matchingRegistrationProof(body.token, body.registration_proofs ?? []);
    if (proof) return { ok: true, passwordHash: pending, proof };
    if (body.password === undefined) {
      return { ok: false, response: c.json({ data: { outcome: 'password_confirmation_needed' as const } }, 428) };
    }
    const perAddress = await limiter.attempt(RATE_LIMITS.passwordFailuresPerAddress, address(c));
    if (!perAddress.allowed) return { ok: false, response: tooManyRequests(c, perAddress.retryAfterSeconds) };
    const perEmail = await limiter.attempt(RATE_LIMITS.passwordFailuresPerEmail, row.email);
    if (!perEmail.allowed) return { ok: false, response: tooManyRequests(c, perEmail.retryAfterSeconds) };
    if (!(await verifyPassword(body.password, pending))) {
      return {
        ok: false,
        response: c.json(
          errorBody('bad_request', 'This is not the password chosen at registration', [
            { path: 'password', message: 'Enter the password you chose when you registered, or activate without it' },
          ]),
          400,
        ),
      };
    }
    // Only failures stay counted.
    await perAddress.refund();
    await perEmail.refund();
    return { ok: true, passwordHash: pending };
  }

  async function currentMember(memberId: number): Promise<Member> {
    const member = await members.byId(memberId);
    // The bearer check has just seen the member's live session.
    if (!member) throw new Error('The signed-in member has gone');
    return member;
  }

  return new Hono<AppEnv>()
    .post(MEMBER_PATHS.register, validate('json', RegisterRequestSchema), async (c) => {
      const body = c.req.valid('json');
      const retryAfter = await firstRefusal(
        () => limiter.hit(RATE_LIMITS.registerPerAddress, address(c)),
        () => limiter.hit(RATE_LIMITS.registerPerEmail, body.email),
      );
      if (retryAfter !== undefined) return tooManyRequests(c, retryAfter);
      // Hashed whether or not the email is new, so both answers take as long.
      const passwordHash = body.password ? await hashPassword(body.password) : null;
      const details = {
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        salutation: body.salutation ?? null,
        locale: body.locale,
        newsletter: body.newsletter,
        registrationSource: body.source ?? null,
      };

      if (body.registration_token) {
        // A verified email (one-time code or social sign-in): the member is active at once and signed in.
        const claims = await auth.tokens.verifyRegistrationToken(body.registration_token).catch(() => undefined);
        if (!claims) {
          return c.json(
            errorBody('bad_request', 'Invalid request body', [
              { path: 'registration_token', message: 'The registration has expired. Please sign in again.' },
            ]),
            400,
          );
        }
        if (claims.email !== body.email) {
          return c.json(
            errorBody('bad_request', 'Invalid request body', [{ path: 'email', message: 'Use the email address you signed in with' }]),
            400,
          );
        }
        let member = await members.createPending(details);
        if (!member) {
          const existing = await members.byEmail(body.email);
          // Whoever holds the token owns the email: a pending registration is theirs to complete.
          if (!existing || existing.status === 'active') {
            return c.json(errorBody('conflict', 'There is already an account with this email address. Please sign in.'), 409);
          }
          // Only the details: any password chosen before the email was proven is not carried over.
          member = await members.update(existing.id, details);
          if (!member) throw new Error('The pending member has gone');
        }
        if (claims.provider && claims.provider_subject)
          await members.link(member.id, claims.provider, claims.provider_subject, claims.email);
        // The token proves the email: the password chosen with it (if any) is the member's from now on.
        const started = await startSession(auth, c, member, { verifiedPasswordHash: passwordHash });
        if (!started.ok) return started.response;
        return c.json({ data: { status: 'registered' as const, token: started.result.token } }, 201);
      }

      // The proof goes to the registrant, the link to the mailbox: only both together carry the password.
      // For a taken email the proof is of a token never mailed, so both answers look alike.
      const token = newLinkToken();
      const created = await members.createPending(details);
      if (created) {
        await sendActivation(created, passwordHash, token);
      } else {
        // The same answer as for a new email; the owner learns by mail what happened.
        const existing = await members.byEmail(body.email);
        if (existing?.status === 'pending') await sendActivation(existing, passwordHash, token);
        else if (existing) await auth.mail.send(alreadyRegisteredMail(existing.email, body.locale, auth.links().login(body.locale)));
      }
      return c.json({ data: { status: 'activation_sent' as const, registration_proof: await codes.registrationProof(token) } }, 201);
    })

    .post(MEMBER_PATHS.activate, validate('json', ActivateRequestSchema), async (c) => {
      const from = address(c);
      const retryAfter = await firstRefusal(() => limiter.peek(RATE_LIMITS.activationFailuresPerAddress, from));
      if (retryAfter !== undefined) return tooManyRequests(c, retryAfter);
      const body = c.req.valid('json');
      const row = await codes.findActivation(body.token);
      const member = row && (await members.byEmail(row.email));
      if (!row || !member) {
        await limiter.hit(RATE_LIMITS.activationFailuresPerAddress, from);
        return c.json({ data: { outcome: 'code_not_found' as const } }, 404);
      }
      if (member.status === 'active') return c.json({ data: { outcome: 'already_activated' as const } }, 409);
      if (row.usedAt || row.expiresAt.getTime() <= auth.now().getTime()) {
        return c.json({ data: { outcome: 'code_not_found' as const } }, 404);
      }
      const chosen = await pendingPasswordOf(c, row, body);
      if (!chosen.ok) return chosen.response;
      let activated: Member | undefined;
      try {
        // The password chosen with the registration this link was mailed for, if its chooser is here.
        activated = await members.activate(member, { passwordHash: chosen.passwordHash });
      } catch (error) {
        auth.logger.log('warn', 'loyalty system unavailable at activation', { error });
        return c.json({ data: { outcome: 'profile_fetch_error' as const } }, 502);
      }
      if (!activated) return c.json({ data: { outcome: 'already_activated' as const } }, 409);
      await codes.consumeActivation(row.id);
      const started = await startSession(auth, c, activated);
      if (!started.ok) return started.response;
      // The proof used is named, so the browser forgets it (and keeps those of other registrations).
      const proof = chosen.proof ? { registration_proof: chosen.proof } : {};
      return c.json({ data: { outcome: 'activated' as const, token: started.result.token, ...proof } }, 200);
    })

    .post(MEMBER_PATHS.passwordReset, validate('json', PasswordResetRequestSchema), async (c) => {
      const { email, language } = c.req.valid('json');
      const retryAfter = await firstRefusal(
        () => limiter.hit(RATE_LIMITS.passwordResetPerAddress, address(c)),
        () => limiter.hit(RATE_LIMITS.passwordResetPerEmail, email),
      );
      if (retryAfter !== undefined) return tooManyRequests(c, retryAfter);
      const member = await members.byEmail(email);
      if (member?.status === 'pending') {
        // Not activated yet: the activation link is what this person needs (it also lets them sign in).
        await sendActivation(member);
      } else {
        // A code is kept for unknown emails too (nobody learns it), so both paths do the same work.
        const token = newLinkToken();
        await codes.issue(email, 'password-reset', token);
        const links = auth.links();
        await auth.mail.send(
          member
            ? passwordResetMail(email, language, links.passwordReset(language, token, email))
            : passwordResetWithoutAccountMail(email, language, links.register(language)),
        );
      }
      return c.json({ data: { accepted: true as const } }, 202);
    })

    .post(MEMBER_PATHS.passwordUpdate, validate('json', PasswordUpdateRequestSchema), async (c) => {
      const { email, token, password } = c.req.valid('json');
      const from = address(c);
      const retryAfter = await firstRefusal(() => limiter.peek(RATE_LIMITS.tokenFailuresPerAddress, from));
      if (retryAfter !== undefined) return tooManyRequests(c, retryAfter);
      const member = await members.byEmail(email);
      if (!member || member.status !== 'active' || !(await codes.check(email, 'password-reset', token, { consume: true }))) {
        await limiter.hit(RATE_LIMITS.tokenFailuresPerAddress, from);
        return c.json(
          errorBody('bad_request', 'The link to set a new password is not valid or has expired', [
            { path: 'token', message: 'Ask for a new link to set your password' },
          ]),
          400,
        );
      }
      await members.update(member.id, { passwordHash: await hashPassword(password) });
      // Whoever was signed in with the old password is signed out everywhere.
      await sessions.revokeAllOf(member.id, 'password-changed');
      // The member is signed in again through a code the page trades at POST /auth/token.
      const { session } = await beginSession(auth, c, member);
      const code = await sessions.issueExchangeCode(session.sessionId);
      return c.json({ data: { status: 'password_updated' as const, code } }, 200);
    })

    .post(MEMBER_PATHS.validateEmail, validate('json', LooseValidateEmailSchema), async (c) => {
      const retryAfter = await firstRefusal(() => limiter.hit(RATE_LIMITS.validateEmailPerAddress, address(c)));
      if (retryAfter !== undefined) return tooManyRequests(c, retryAfter);
      const { email, validateMembership } = c.req.valid('json');
      const parsed = v.safeParse(ValidateEmailRequestSchema.entries.email, email);
      // Membership is nobody else's business: `isMember` is told only to a signed-in member asking about
      // their own email (true); for anyone else, member or not, it stays null, so the answer is the same.
      let isMember: boolean | null = null;
      if (validateMembership && parsed.success) {
        const session = await bearerSession(auth, c);
        if (session && session.email === parsed.output) isMember = true;
      }
      return c.json({ data: { valid: parsed.success, isMember } }, 200);
    })

    .get(
      MEMBER_PATHS.registrationSource,
      validate('param', v.object({ source: v.pipe(v.string(), v.maxLength(40)) })),
      validate('query', LocaleQuerySchema),
      (c) => {
        const source = registrationSource(c.req.valid('param').source, c.req.valid('query').locale);
        if (!source) return notFound(c, 'Unknown registration source');
        return c.json({ data: source }, 200);
      },
    )

    .route(
      '/',
      new Hono<MemberEnv>()
        .use(MEMBER_PATHS.profile, bearer)
        .use(MEMBER_PATHS.status, bearer)
        .use(MEMBER_PATHS.completeProfile, bearer)
        .get(MEMBER_PATHS.profile, async (c) => c.json({ data: toProfile(await currentMember(c.get('session').memberId)) }, 200))
        .get(MEMBER_PATHS.status, validate('query', LocaleQuerySchema), async (c) => {
          const member = await currentMember(c.get('session').memberId);
          const level = MEMBER_LEVELS.find((candidate) => candidate.code === member.rewardLevelCode) ?? MEMBER_LEVELS[0];
          return c.json(
            {
              data: {
                dailypointStatus: { reward_level: level.name, rewards_points: member.points },
                strapiStatus: { crs_id: member.crsId },
              },
            },
            200,
          );
        })
        .post(MEMBER_PATHS.completeProfile, validate('json', CompleteProfileRequestSchema), async (c) => {
          const body = c.req.valid('json');
          const updated = await members.update(c.get('session').memberId, {
            firstName: body.firstName,
            lastName: body.lastName,
            ...(body.salutation ? { salutation: body.salutation } : {}),
            ...(body.birthday ? { birthday: body.birthday } : {}),
            ...(body.address
              ? {
                  street: body.address.street,
                  postalCode: body.address.postalCode,
                  city: body.address.city,
                  countryCode: body.address.countryCode.toUpperCase(),
                  // A state belongs to the address it was given with (update-profile-address).
                  stateCode: null,
                }
              : {}),
          });
          if (!updated) throw new Error('The signed-in member has gone');
          return c.json({ data: toProfile(updated) }, 200);
        }),
    );
}
