import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { DEFAULT_LOCALE } from '../../src/contract/locales';
import {
  ConfirmMembershipCancellationRequestSchema,
  ContactRequestSchema,
  ContentFormRequestSchema,
  FavouriteParamSchema,
  MEMBER_ACCOUNT_LIMITS,
  MEMBER_ACCOUNT_PATHS as P,
  RedeemPromoCodeRequestSchema,
  SetPromoCodeRequestSchema,
} from '../../src/contract/member-account';
import { bearerAuth, bearerSession, type MemberEnv } from '../auth/bearer';
import { newOtpCode } from '../auth/codes';
import type { Auth } from '../auth/core';
import { clientAddress, tooManyRequests, unauthorized } from '../auth/http';
import type { RateLimitRule } from '../auth/rate-limit';
import type { AppEnv } from '../env';
import { errorBody, notFound } from '../middleware/errors';
import { validate } from '../middleware/validate';
import {
  addFavourite,
  cancellationFigures,
  cancelMembership,
  favouritesOf,
  promoCodeOf,
  promotionByCode,
  removeFavourite,
  setPromoCode,
  storeSubmission,
} from './account';
import { cancellationCodeMail, cancellationConfirmedMail, contactMail, contentFormMail, type Sender } from './account-mails';
import type { Member } from './store';

/** Limits of the account's mailing routes: each sends mail, to the service team or to the member. */
export const ACCOUNT_RATE_LIMITS = {
  formsPerMember: { name: 'forms:member', limit: 5, windowSeconds: 60 * 60 },
  formsPerAddress: { name: 'forms:address', limit: 10, windowSeconds: 60 * 60 },
  cancellationCodesPerMember: { name: 'cancel-code:member', limit: 5, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;

export const PROMO_CODE_MESSAGES = {
  unknown: 'There is no promo code like this. Check the spelling and try again.',
  expired: 'This promo code has expired: its last night has passed.',
} as const;

export interface AccountRoutesOptions {
  /** Where contact and content forms are mailed; default `service@` the site's host. */
  serviceAddress?: string;
}

/**
 * The member account (decision record 0046, spec sections 3 and 7 "Members"): favourite hotels, the
 * member's promo code, the contact and content forms, and leaving the programme. The bearer check runs
 * before any validation, so a request without a token learns nothing about what it sent.
 */
export function memberAccountRoutes(auth: Auth, options: AccountRoutesOptions = {}) {
  const { db, limiter, codes, members, settings } = auth;
  const bearer = bearerAuth(auth);
  const serviceAddress = () => options.serviceAddress ?? `service@${new URL(auth.links().login(DEFAULT_LOCALE)).hostname}`;
  const address = (c: Context) => clientAddress(c, settings.trustProxy);

  /**
   * The contact and content forms are open to everyone: a token, when sent, must be valid (a member
   * whose session ran out is told to sign in again, not taken for a visitor).
   */
  const optionalBearer = createMiddleware<{ Variables: AppEnv['Variables'] & { member: Member | undefined } }>(async (c, next) => {
    if (c.req.header('authorization') === undefined) {
      c.set('member', undefined);
      return next();
    }
    const session = await bearerSession(auth, c);
    const member = session && (await members.byId(session.memberId));
    if (!member) {
      c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      return unauthorized(c, 'Sign in to continue');
    }
    c.set('member', member);
    return next();
  });

  async function currentMember(memberId: number): Promise<Member> {
    const member = await members.byId(memberId);
    // The bearer check has just seen the member's live session.
    if (!member) throw new Error('The signed-in member has gone');
    return member;
  }

  /** The sender of a form: a member as the profile says, a visitor as typed (both required for contact). */
  function senderOf(member: Member | undefined, typed: { name?: string; email?: string }): Sender {
    if (member) return { name: `${member.firstName} ${member.lastName}`.trim(), email: member.email, memberGuid: member.guid };
    return { name: typed.name ?? null, email: typed.email ?? null, memberGuid: null };
  }

  /** One more form from this member or address, or the 429 answer. */
  async function formLimit(c: Context, member: Member | undefined): Promise<Response | undefined> {
    const verdict = member
      ? await limiter.hit(ACCOUNT_RATE_LIMITS.formsPerMember, String(member.id))
      : await limiter.hit(ACCOUNT_RATE_LIMITS.formsPerAddress, address(c));
    return verdict.allowed ? undefined : tooManyRequests(c, verdict.retryAfterSeconds);
  }

  const favouritesAnswer = async (c: Context<MemberEnv>) => c.json({ data: await favouritesOf(db, c.get('session').memberId) }, 200);

  return new Hono<AppEnv>()
    .post(P.contact, optionalBearer, validate('json', ContactRequestSchema), async (c) => {
      const body = c.req.valid('json');
      const member = c.get('member');
      if (!member) {
        const missing = [
          ...(body.name ? [] : [{ path: 'name', message: 'Enter your name' }]),
          ...(body.email ? [] : [{ path: 'email', message: 'Enter your email address so we can answer' }]),
        ];
        if (missing.length > 0) return c.json(errorBody('bad_request', 'Invalid request body', missing), 400);
      }
      const refused = await formLimit(c, member);
      if (refused) return refused;
      const sender = senderOf(member, body);
      const reservationNumber = body.reservationNumber ?? null;
      const reference = await storeSubmission(
        db,
        { kind: 'contact', subject: body.subject, message: body.message, reservationNumber },
        { memberId: member?.id ?? null, name: sender.name, email: sender.email, locale: member?.locale ?? body.locale ?? DEFAULT_LOCALE },
        auth.now(),
      );
      await auth.mail.send(contactMail(serviceAddress(), { subject: body.subject, message: body.message, reservationNumber, reference, sender }));
      return c.json({ data: { accepted: true as const, reference } }, 202);
    })

    .post(P.contentForm, optionalBearer, validate('json', ContentFormRequestSchema), async (c) => {
      const body = c.req.valid('json');
      const member = c.get('member');
      const refused = await formLimit(c, member);
      if (refused) return refused;
      // A visitor's name and email are whatever fields the page's form has; a member's come from the profile.
      const sender = senderOf(member, { name: body.fields.name, email: body.fields.email });
      const reference = await storeSubmission(
        db,
        { kind: 'content-form', formId: body.formId, fields: body.fields },
        { memberId: member?.id ?? null, name: sender.name, email: sender.email, locale: member?.locale ?? body.locale ?? DEFAULT_LOCALE },
        auth.now(),
      );
      await auth.mail.send(contentFormMail(serviceAddress(), { formId: body.formId, fields: body.fields, reference, sender }));
      return c.json({ data: { accepted: true as const, reference } }, 202);
    })

    .route(
      '/',
      new Hono<MemberEnv>()
        .use(P.favourites, bearer)
        .use(P.favourite, bearer)
        .use(P.redeemPromoCode, bearer)
        .use(P.promoCode, bearer)
        .use(P.cancelMembership, bearer)
        .use(P.confirmMembershipCancellation, bearer)

        .get(P.favourites, favouritesAnswer)
        .put(P.favourite, validate('param', FavouriteParamSchema), async (c) => {
          const outcome = await addFavourite(db, c.get('session').memberId, c.req.valid('param').hotelCode, auth.now());
          if (outcome === 'unknown-hotel') return notFound(c, 'There is no hotel with this code');
          if (outcome === 'full') {
            return c.json(
              errorBody('conflict', `You have ${MEMBER_ACCOUNT_LIMITS.favourites} favourite hotels, the most there can be. Remove one to add another.`),
              409,
            );
          }
          return favouritesAnswer(c);
        })
        .delete(P.favourite, validate('param', FavouriteParamSchema), async (c) => {
          if (!(await removeFavourite(db, c.get('session').memberId, c.req.valid('param').hotelCode))) return notFound(c, 'There is no hotel with this code');
          return favouritesAnswer(c);
        })

        .post(P.redeemPromoCode, validate('json', RedeemPromoCodeRequestSchema), async (c) => {
          const promotion = await promotionByCode(db, c.req.valid('json').code, auth.now());
          if (!promotion) return notFound(c, PROMO_CODE_MESSAGES.unknown);
          if (!promotion.view.applies) return c.json(errorBody('conflict', PROMO_CODE_MESSAGES.expired), 409);
          await setPromoCode(db, c.get('session').memberId, promotion.id, auth.now());
          return c.json({ data: promotion.view }, 200);
        })
        .get(P.promoCode, async (c) => c.json({ data: await promoCodeOf(db, c.get('session').memberId, auth.now()) }, 200))
        .put(P.promoCode, validate('json', SetPromoCodeRequestSchema), async (c) => {
          const { code } = c.req.valid('json');
          const memberId = c.get('session').memberId;
          if (code === null) {
            await setPromoCode(db, memberId, null, auth.now());
            return c.json({ data: null }, 200);
          }
          const promotion = await promotionByCode(db, code, auth.now());
          if (!promotion) return notFound(c, PROMO_CODE_MESSAGES.unknown);
          if (!promotion.view.applies) return c.json(errorBody('conflict', PROMO_CODE_MESSAGES.expired), 409);
          await setPromoCode(db, memberId, promotion.id, auth.now());
          return c.json({ data: promotion.view }, 200);
        })

        .post(P.cancelMembership, async (c) => {
          const member = await currentMember(c.get('session').memberId);
          const verdict = await limiter.hit(ACCOUNT_RATE_LIMITS.cancellationCodesPerMember, String(member.id));
          if (!verdict.allowed) return tooManyRequests(c, verdict.retryAfterSeconds);
          const figures = await cancellationFigures(db, member.id, member.points, auth.now());
          // The sign-in code store: hashed, single use, ten minutes, five wrong tries; a new one replaces it.
          const code = newOtpCode();
          await codes.issue(member.email, 'cancel-membership', code);
          await auth.mail.send(cancellationCodeMail(member.email, member.locale, code, figures));
          return c.json({ data: { codeSent: true as const, summary: { ...figures, pointsLost: true as const, bookingsKept: true as const } } }, 200);
        })
        .post(P.confirmMembershipCancellation, validate('json', ConfirmMembershipCancellationRequestSchema), async (c) => {
          const body = c.req.valid('json');
          const member = await currentMember(c.get('session').memberId);
          // Used up by the one confirmation it lets through; of two at once, the other finds it used.
          if (!(await codes.check(member.email, 'cancel-membership', body.code, { consume: true }))) {
            return c.json(
              errorBody('bad_request', 'The code is not valid or has expired', [{ path: 'code', message: 'Enter the code from the latest mail, or ask for a new one' }]),
              400,
            );
          }
          const outcome = await cancelMembership(db, member.id, auth.now());
          if (!outcome.ok) return c.json(errorBody('conflict', 'This membership has already ended'), 409);
          // Read before the erasure, used only for this mail: the member learns it happened, at the address they had.
          await auth.mail.send(cancellationConfirmedMail(outcome.oldEmail, body.locale, outcome.figures.upcomingBookings));
          return c.json({ data: { status: 'cancelled' as const, upcomingBookingsKept: outcome.figures.upcomingBookings } }, 200);
        }),
    );
}
