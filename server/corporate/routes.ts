import { and, eq, gt, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Context } from 'hono';
import * as v from 'valibot';
import {
  CORPORATE_LIMITS,
  CORPORATE_PATHS,
  CorporateOtpRequestSchema,
  ENROLL_INVITE_PARAM,
  ENROLL_PAGE,
  ENROLMENT_CODE_HEADER,
  EnrolmentCodeHeaderSchema,
  type Invite,
  InviteTokenParamSchema,
  type InvitesConfig,
  ScimUserRequestSchema,
  SendInvitesRequestSchema,
} from '../../src/contract/corporate';
import { bearerAuth, bearerSession, type MemberEnv } from '../auth/bearer';
import { newLinkToken, newOtpCode, tokenDigest } from '../auth/codes';
import type { Auth } from '../auth/core';
import { clientAddress, firstRefusal, tooManyRequests } from '../auth/http';
import { RATE_LIMITS, type RateLimitRule } from '../auth/rate-limit';
import { startSession } from '../auth/sign-in';
import { companyInvites } from '../db/schema';
import type { AppEnv } from '../env';
import type { ServerFlags } from '../features/server-flags';
import { errorBody } from '../middleware/errors';
import { validate } from '../middleware/validate';
import type { Member } from '../members/store';
import { companyInviteMail, corporateOtpMail } from './mails';
import { scimError, scimJson, scimUserOf, scimValidate } from './scim';
import {
  activeCompanyForEmail,
  activeEnrolmentOf,
  adminCompanyOf,
  companyById,
  domainOf,
  domainsOf,
  type InviteRow,
  inviteByTokenHash,
  insertEnrolment,
  invitesSentBy,
  leaveCompany,
  replaceInvites,
  workEmailEnrolled,
} from './store';

/** Limits of these routes (per 15 minutes unless said otherwise); code guesses count with the sign-in codes' limits. */
export const CORPORATE_RATE_LIMITS = {
  otpPerEmail: { name: 'corporate-otp:email', limit: 5, windowSeconds: 15 * 60 },
  otpPerAddress: { name: 'corporate-otp:address', limit: 20, windowSeconds: 15 * 60 },
  /** Invites one admin may send per day. */
  invitesPerMember: { name: 'corporate-invite:member', limit: CORPORATE_LIMITS.maxInvitesPerDay, windowSeconds: 24 * 60 * 60 },
  /** Unknown invite links from one address (the tokens cannot be guessed; this keeps trying slow). */
  inviteFailuresPerAddress: { name: 'corporate-invite-fail:address', limit: 30, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;

const CODE_REJECTED = 'The code is not valid or has expired';
const TOO_MANY = 'Too many attempts. Please wait a moment and try again.';

export interface CorporateRoutesDeps {
  auth: Auth;
  /** The flags as the BFF reads them: `lock-invites` stops sending and accepting invites. */
  flags: ServerFlags;
}

class InviteGone extends Error {}
class AlreadyEnrolled extends Error {}

/**
 * Corporate self-enrolment (spec section 7, decision record 0056): a one-time code to a work email, the
 * SCIM User routes that enrol, show and end an enrolment, and a company admin's invites. The SCIM routes
 * answer SCIM error bodies; the others the BFF's usual error body.
 */
export function corporateRoutes({ auth, flags }: CorporateRoutesDeps) {
  const { db, limiter, codes, members } = auth;
  const address = (c: Context) => clientAddress(c, auth.settings.trustProxy);
  const origin = () => new URL(auth.links().login('en')).origin;
  const bearer = bearerAuth(auth);
  const locked = () => flags('lock-invites');

  /** A code guess, counted before it is checked (per address and per email, as sign-in codes are). */
  async function codeGuess(email: string, from: string) {
    const perAddress = await limiter.attempt(RATE_LIMITS.otpFailuresPerAddress, from);
    if (!perAddress.allowed) return perAddress;
    const perEmail = await limiter.attempt(RATE_LIMITS.otpFailuresPerEmail, email);
    if (!perEmail.allowed) return perEmail;
    return {
      allowed: true as const,
      async succeeded() {
        await perAddress.refund();
        await perEmail.refund();
      },
    };
  }

  function inviteView(row: InviteRow, now: Date): Invite {
    return {
      email: row.email,
      status: row.acceptedAt ? 'accepted' : row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending',
      sentAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      acceptedAt: row.acceptedAt?.toISOString() ?? null,
    };
  }

  /** The member a SCIM POST enrols: the signed-in one, or the work email's (created when there is none). */
  async function enrollee(sessionMemberId: number | undefined, user: v.InferOutput<typeof ScimUserRequestSchema>): Promise<Member | 'password' | undefined> {
    if (sessionMemberId !== undefined) return members.byId(sessionMemberId);
    const existing = await members.byEmail(user.userName);
    // A member with a password proves more than the mailbox to sign in (code and password): they sign in first.
    if (existing?.passwordHash) return 'password';
    if (existing) return existing;
    const created = await members.createPending({
      email: user.userName,
      firstName: user.name.givenName,
      lastName: user.name.familyName,
      locale: user.locale ?? 'en',
      registrationSource: 'corporate',
    });
    return created ?? members.byEmail(user.userName);
  }

  return (
    new Hono<AppEnv>()
      .post(CORPORATE_PATHS.otp, validate('json', CorporateOtpRequestSchema), async (c) => {
        const { email, locale } = c.req.valid('json');
        const retryAfter = await firstRefusal(
          () => limiter.hit(CORPORATE_RATE_LIMITS.otpPerAddress, address(c)),
          () => limiter.hit(CORPORATE_RATE_LIMITS.otpPerEmail, email),
        );
        if (retryAfter !== undefined) return tooManyRequests(c, retryAfter);
        // The same steps for every email: whether a company owns the domain is told only after the code.
        const code = newOtpCode();
        await codes.issue(email, 'corporate-enrol', code);
        await auth.mail.send(corporateOtpMail(email, locale, code));
        return c.json({ data: { accepted: true as const } }, 202);
      })

      .post(CORPORATE_PATHS.scimUser, scimValidate('json', ScimUserRequestSchema), async (c) => {
        const user = c.req.valid('json');
        const code = v.safeParse(EnrolmentCodeHeaderSchema, c.req.header(ENROLMENT_CODE_HEADER) ?? '');
        if (!code.success) {
          return scimError(c, 400, 'bad_request', `Send the code from the mail in the ${ENROLMENT_CODE_HEADER} header`, {
            scimType: 'invalidValue',
            issues: [{ path: ENROLMENT_CODE_HEADER, message: 'The code has 6 digits' }],
          });
        }
        const session = await bearerSession(auth, c);
        // A token that no longer works: the browser signs in again rather than enrolling a new account.
        if (!session && c.req.header('authorization')) return scimError(c, 401, 'sign_in_first', 'Sign in to continue');
        const workEmail = user.userName;
        const guess = await codeGuess(workEmail, address(c));
        if (!guess.allowed) {
          c.header('Retry-After', String(guess.retryAfterSeconds));
          return scimError(c, 429, 'bad_request', TOO_MANY);
        }
        if (!(await codes.check(workEmail, 'corporate-enrol', code.output, { consume: false }))) {
          return scimError(c, 401, 'enrolment_code_rejected', CODE_REJECTED);
        }
        await guess.succeeded();
        const company = await activeCompanyForEmail(db, workEmail);
        if (!company) {
          return scimError(c, 422, 'company_unknown', 'No company we have an agreement with uses this email domain', { scimType: 'invalidValue' });
        }
        const member = await enrollee(session?.memberId, user);
        if (member === 'password') {
          return scimError(c, 401, 'sign_in_first', 'This email address has an H Rewards account with a password: sign in first, then enrol');
        }
        if (!member) return scimError(c, 401, 'sign_in_first', 'Sign in to continue');
        if ((await activeEnrolmentOf(db, member.id)) || (await workEmailEnrolled(db, workEmail))) {
          return scimError(c, 409, 'already_enrolled', 'Already enrolled with a company', { scimType: 'uniqueness' });
        }
        // Used up only now: a refusal above leaves the code for another try within its life.
        if (!(await codes.check(workEmail, 'corporate-enrol', code.output, { consume: true }))) {
          return scimError(c, 401, 'enrolment_code_rejected', CODE_REJECTED);
        }
        const enrolment = await insertEnrolment(
          db,
          {
            companyId: company.id,
            memberId: member.id,
            workEmail,
            givenName: user.name.givenName,
            familyName: user.name.familyName,
            externalId: user.externalId ?? null,
          },
          auth.now(),
        );
        if (!enrolment) return scimError(c, 409, 'already_enrolled', 'Already enrolled with a company', { scimType: 'uniqueness' });
        let signedIn: Extract<Awaited<ReturnType<typeof startSession>>, { ok: true }>['result'] | undefined;
        if (!session) {
          const started = await startSession(auth, c, member);
          if (!started.ok) return started.response;
          signedIn = started.result;
        }
        const resource = scimUserOf(enrolment, company, origin());
        c.header('Location', resource.meta.location);
        return scimJson(c, signedIn ? { ...resource, session: signedIn } : resource, 201);
      })

      .get(CORPORATE_PATHS.scimUser, async (c) => {
        const session = await bearerSession(auth, c);
        if (!session) {
          c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
          return scimError(c, 401, 'unauthorized', 'Sign in to continue');
        }
        const enrolled = await activeEnrolmentOf(db, session.memberId);
        if (!enrolled) return scimError(c, 404, 'not_enrolled', 'You are not enrolled with a company');
        return scimJson(c, scimUserOf(enrolled.enrolment, enrolled.company, origin()), 200);
      })

      .delete(CORPORATE_PATHS.scimUser, async (c) => {
        const session = await bearerSession(auth, c);
        if (!session) {
          c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
          return scimError(c, 401, 'unauthorized', 'Sign in to continue');
        }
        if (!(await leaveCompany(db, session.memberId, auth.now()))) return scimError(c, 404, 'not_enrolled', 'You are not enrolled with a company');
        return c.body(null, 204);
      })

      .post(CORPORATE_PATHS.acceptInvite, validate('param', InviteTokenParamSchema), async (c) => {
        if (locked()) return c.json(errorBody('invites_locked', 'Invites cannot be accepted at the moment'), 409);
        const from = address(c);
        const retryAfter = await firstRefusal(() => limiter.peek(CORPORATE_RATE_LIMITS.inviteFailuresPerAddress, from));
        if (retryAfter !== undefined) return tooManyRequests(c, retryAfter);
        const invite = await inviteByTokenHash(db, tokenDigest(c.req.valid('param').token));
        if (!invite) {
          await limiter.hit(CORPORATE_RATE_LIMITS.inviteFailuresPerAddress, from);
          return c.json(errorBody('invite_invalid', 'This invite link is not valid'), 404);
        }
        const now = auth.now();
        if (invite.acceptedAt) return c.json(errorBody('invite_used', 'This invite has been used already'), 409);
        if (invite.expiresAt.getTime() <= now.getTime()) return c.json(errorBody('invite_expired', 'This invite has expired. Ask for a new one.'), 410);
        const company = await companyById(db, invite.companyId);
        if (!company?.active) return c.json(errorBody('company_unknown', 'The company of this invite does not take part any more'), 422);
        const session = await bearerSession(auth, c);
        if (!session && c.req.header('authorization')) return c.json(errorBody('unauthorized', 'Sign in to continue'), 401);
        if (!session) {
          return c.json({ data: { outcome: 'sign_in_required' as const, company: { name: company.name }, email: invite.email } }, 200);
        }
        const member = await members.byId(session.memberId);
        if (!member) return c.json(errorBody('unauthorized', 'Sign in to continue'), 401);
        if ((await activeEnrolmentOf(db, member.id)) || (await workEmailEnrolled(db, invite.email))) {
          return c.json(errorBody('already_enrolled', 'Already enrolled with a company'), 409);
        }
        try {
          const enrolment = await db.transaction(async (tx) => {
            // Single use, also when two tabs accept at once: the conditional update lets one through.
            const taken = await tx
              .update(companyInvites)
              .set({ acceptedAt: now, acceptedBy: member.id })
              .where(and(eq(companyInvites.id, invite.id), isNull(companyInvites.acceptedAt), gt(companyInvites.expiresAt, now)))
              .returning({ id: companyInvites.id });
            if (taken.length === 0) throw new InviteGone();
            const row = await insertEnrolment(
              tx,
              { companyId: company.id, memberId: member.id, workEmail: invite.email, givenName: member.firstName, familyName: member.lastName, externalId: null },
              now,
            );
            if (!row) throw new AlreadyEnrolled();
            return row;
          });
          return c.json({ data: { outcome: 'enrolled' as const, company: { name: company.name }, user: scimUserOf(enrolment, company, origin()) } }, 201);
        } catch (error) {
          if (error instanceof InviteGone) return c.json(errorBody('invite_used', 'This invite has been used already'), 409);
          if (error instanceof AlreadyEnrolled) return c.json(errorBody('already_enrolled', 'Already enrolled with a company'), 409);
          throw error;
        }
      })

      .route(
        '/',
        new Hono<MemberEnv>()
          .get(CORPORATE_PATHS.invitesConfig, bearer, async (c) => {
            const { memberId } = c.get('session');
            const admin = await adminCompanyOf(db, memberId);
            const company = admin ?? (await activeEnrolmentOf(db, memberId))?.company;
            const isLocked = locked();
            const now = auth.now();
            const invites = admin ? await invitesSentBy(db, admin.id, memberId, CORPORATE_LIMITS.invitesListed) : [];
            const data: InvitesConfig = {
              company: company ? { name: company.name, domains: await domainsOf(db, company.id) } : null,
              isAdmin: Boolean(admin),
              canInvite: Boolean(admin) && !isLocked,
              locked: isLocked,
              maxPerRequest: CORPORATE_LIMITS.maxInvitesPerRequest,
              invites: invites.map((row) => inviteView(row, now)),
            };
            return c.json({ data }, 200);
          })

          .post(CORPORATE_PATHS.invites, bearer, validate('json', SendInvitesRequestSchema), async (c) => {
            const { memberId } = c.get('session');
            const { emails, locale } = c.req.valid('json');
            const admin = await adminCompanyOf(db, memberId);
            if (!admin) return c.json(errorBody('forbidden', "Only your company's admins can invite colleagues"), 403);
            if (locked()) return c.json(errorBody('invites_locked', 'Invites cannot be sent at the moment'), 409);
            const domains = new Set(await domainsOf(db, admin.id));
            const outside = emails.flatMap((email, index) =>
              domains.has(domainOf(email)) ? [] : [{ path: `emails.${index}`, message: `Not an address of ${admin.name}` }],
            );
            if (outside.length > 0) {
              return c.json(errorBody('invite_domain_not_allowed', `Invites go only to addresses of ${admin.name}`, outside.slice(0, 20)), 422);
            }
            const distinct = [...new Set(emails)];
            // Each invite counts towards the admin's daily limit.
            for (let sent = 0; sent < distinct.length; sent += 1) {
              const verdict = await limiter.hit(CORPORATE_RATE_LIMITS.invitesPerMember, String(memberId));
              if (!verdict.allowed) return tooManyRequests(c, verdict.retryAfterSeconds);
            }
            const now = auth.now();
            const expiresAt = new Date(now.getTime() + CORPORATE_LIMITS.inviteValidDays * 24 * 60 * 60 * 1000);
            const tokens = distinct.map((email) => ({ email, token: newLinkToken() }));
            const rows = await replaceInvites(
              db,
              tokens.map(({ email, token }) => ({ companyId: admin.id, email, tokenHash: tokenDigest(token), invitedBy: memberId, createdAt: now, expiresAt })),
            );
            for (const { email, token } of tokens) {
              const link = new URL(`/${locale}${ENROLL_PAGE}`, origin());
              link.searchParams.set(ENROLL_INVITE_PARAM, token);
              await auth.mail.send(companyInviteMail(email, locale, admin.name, link.toString()));
            }
            return c.json({ data: { invites: rows.map((row) => inviteView(row, now)) } }, 202);
          }),
      )
  );
}
