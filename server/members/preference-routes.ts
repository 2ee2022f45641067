import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  LocaleQuerySchema,
  MEMBER_PREFERENCE_PATHS as PATHS,
  NEWSLETTER_LIMITS,
  NewsletterConfirmRequestSchema,
  PREFERENCE_PAGES,
  PreferenceCenterQuerySchema,
  PreferenceIdParamSchema,
  SubscribeRequestSchema,
} from '../../src/contract/member-preferences';
import type { Locale } from '../../src/contract/locales';
import { bearerAuth, type MemberEnv } from '../auth/bearer';
import type { Auth } from '../auth/core';
import { clientAddress, firstRefusal, tooManyRequests, unauthorized } from '../auth/http';
import type { RateLimitRule } from '../auth/rate-limit';
import type { AppEnv } from '../env';
import { errorBody, notFound } from '../middleware/errors';
import { validate } from '../middleware/validate';
import { newsletterConfirmationMail } from './newsletter-mails';
import {
  confirmSubscription,
  newsletterItem,
  newsletterItemsOf,
  requestSubscription,
  type Subscriber,
  subscribeConfirmed,
  subscriberByEmail,
  unsubscribe,
  userTypeOf,
} from './newsletters';
import { createPreferenceCenterTokens } from './preference-center-token';
import { brandPreferencesOf, newsletterNamed, preferencesOf, setBrandPreference, setPreference } from './preferences';

const HOUR = 60 * 60;

/** Confirmation mails to one address, whoever asks for them (visitor or member): nobody floods a mailbox. */
const SUBSCRIBE_PER_EMAIL: RateLimitRule = {
  name: 'newsletter-subscribe:email',
  limit: NEWSLETTER_LIMITS.subscribeMailsPerEmailPerHour,
  windowSeconds: HOUR,
};
/** Visitor subscriptions from one client address: nobody mails many addresses from one place. */
const SUBSCRIBE_PER_ADDRESS: RateLimitRule = {
  name: 'newsletter-subscribe:address',
  limit: NEWSLETTER_LIMITS.subscribePerAddressPerHour,
  windowSeconds: HOUR,
};

type PreferenceCenterEnv = { Variables: AppEnv['Variables'] & { preferenceCenterEmail: string } };

/**
 * Preferences, brand preferences and newsletters (spec section 7 "Members"; decision record 0044): the
 * member's own choices behind the bearer token, the double opt-in confirmation, visitors' subscriptions,
 * and the preference centre of one email behind its signed link.
 */
export function memberPreferenceRoutes(auth: Auth) {
  const { db, limiter, members, settings } = auth;
  const bearer = bearerAuth(auth);
  const address = (c: Context) => clientAddress(c, settings.trustProxy);
  const preferenceCenterTokens = createPreferenceCenterTokens({ keys: auth.keys, issuer: settings.issuer, now: auth.now });

  /** The web app's pages on the public origin (never the request's Host, which a client controls). */
  const page = (locale: Locale, path: string, token: string) => {
    const url = new URL(`/${locale}/${path}`, new URL(auth.links().login(locale)).origin);
    url.searchParams.set('token', token);
    return url.toString();
  };

  /**
   * Asks for a subscription and mails the confirmation link when one is needed. False when the address
   * had too many confirmation mails this hour (nothing was changed or sent).
   */
  async function requestAndMail(subscriber: Subscriber, mailTo: string, newsletter: string, locale: Locale) {
    const verdict = await limiter.hit(SUBSCRIBE_PER_EMAIL, mailTo);
    if (!verdict.allowed) return verdict;
    const requested = await requestSubscription(db, { subscriber, newsletter, locale, now: auth.now() });
    if (requested.status === 'pending') {
      const label = newsletterItem(newsletter, 'pending', locale)?.label ?? newsletter;
      await auth.mail.send(
        newsletterConfirmationMail({
          to: mailTo,
          locale,
          userType: await userTypeOf(db, subscriber),
          newsletter: label,
          confirmLink: page(locale, PREFERENCE_PAGES.newsletterConfirmation, requested.token),
          preferenceCenterLink: page(locale, PREFERENCE_PAGES.preferenceCenter, await preferenceCenterTokens.sign(mailTo)),
        }),
      );
    }
    return { allowed: true as const, status: requested.status };
  }

  async function memberSubscriber(memberId: number): Promise<Subscriber & { kind: 'member' }> {
    const member = await members.byId(memberId);
    // The bearer check has just seen the member's live session.
    if (!member) throw new Error('The signed-in member has gone');
    return { kind: 'member', memberId: member.id, email: member.email, locale: member.locale };
  }

  /**
   * The preference centre's link, checked before anything else (like the bearer token of member routes):
   * a missing, forged, expired or other-purpose token is 401. Only these routes accept it.
   */
  const preferenceCenterLink = createMiddleware<PreferenceCenterEnv>(async (c, next) => {
    const token = c.req.query('token');
    const email = token ? await preferenceCenterTokens.verify(token) : undefined;
    if (!email) return unauthorized(c, 'This link is not valid or has expired. Use the link in a newer mail.');
    c.set('preferenceCenterEmail', email);
    await next();
  });

  return (
    new Hono<AppEnv>()
      // Registered before the bearer routes: `newsletters/confirm` would otherwise match `newsletters/:id`.
      .post(PATHS.newsletterConfirm, validate('json', NewsletterConfirmRequestSchema), async (c) => {
        const confirmed = await confirmSubscription(db, c.req.valid('json').token, auth.now());
        if (!confirmed) {
          return c.json(
            errorBody('bad_request', 'This confirmation link is not valid, was used already or has expired', [
              { path: 'token', message: 'Subscribe again to get a new link' },
            ]),
            400,
          );
        }
        return c.json({ data: { newsletter: confirmed.newsletter, status: 'active' as const } }, 200);
      })

      .post(PATHS.subscribe, validate('json', SubscribeRequestSchema), async (c) => {
        const { email, locale, newsletter } = c.req.valid('json');
        if (!newsletterNamed(newsletter)) return notFound(c, 'Unknown newsletter');
        const retryAfter = await firstRefusal(() => limiter.hit(SUBSCRIBE_PER_ADDRESS, address(c)));
        if (retryAfter !== undefined) return tooManyRequests(c, retryAfter);
        // A member's email subscribes the member: one subscriber per address, whoever asks.
        const requested = await requestAndMail(await subscriberByEmail(db, email), email, newsletter, locale);
        if (!requested.allowed) return tooManyRequests(c, requested.retryAfterSeconds);
        // The same answer whether the email is a member's, was subscribed already or is new.
        return c.json({ data: { accepted: true as const } }, 202);
      })

      .get(PATHS.preferenceCenterNewsletters, preferenceCenterLink, validate('query', PreferenceCenterQuerySchema), async (c) => {
        const email = c.get('preferenceCenterEmail');
        const subscriber = await subscriberByEmail(db, email);
        return c.json({ data: { email, newsletters: await newsletterItemsOf(db, subscriber, c.req.valid('query').locale) } }, 200);
      })
      .post(
        PATHS.preferenceCenterNewsletter,
        preferenceCenterLink,
        validate('param', PreferenceIdParamSchema),
        validate('query', PreferenceCenterQuerySchema),
        async (c) => {
          const name = c.req.valid('param').id;
          const { locale } = c.req.valid('query');
          if (!newsletterNamed(name)) return notFound(c, 'Unknown newsletter');
          const subscriber = await subscriberByEmail(db, c.get('preferenceCenterEmail'));
          await subscribeConfirmed(db, { subscriber, newsletter: name, locale, now: auth.now() });
          return c.json({ data: newsletterItem(name, 'active', locale) }, 200);
        },
      )
      .delete(
        PATHS.preferenceCenterNewsletter,
        preferenceCenterLink,
        validate('param', PreferenceIdParamSchema),
        validate('query', PreferenceCenterQuerySchema),
        async (c) => {
          const name = c.req.valid('param').id;
          if (!newsletterNamed(name)) return notFound(c, 'Unknown newsletter');
          await unsubscribe(db, await subscriberByEmail(db, c.get('preferenceCenterEmail')), name);
          return c.json({ data: newsletterItem(name, 'none', c.req.valid('query').locale) }, 200);
        },
      )

      .route(
        '/',
        new Hono<MemberEnv>()
          // The token is checked before any input: without one every route answers 401, whatever it was sent.
          .use(PATHS.preferences, bearer)
          .use(PATHS.preference, bearer)
          .use(PATHS.brandPreferences, bearer)
          .use(PATHS.brandPreference, bearer)
          .use(PATHS.newsletters, bearer)
          .use(PATHS.newsletter, bearer)

          .get(PATHS.preferences, validate('query', LocaleQuerySchema), async (c) =>
            c.json({ data: await preferencesOf(db, c.get('session').memberId, c.req.valid('query').locale) }, 200),
          )
          .post(PATHS.preference, validate('param', PreferenceIdParamSchema), validate('query', LocaleQuerySchema), async (c) => {
            const chosen = await setPreference(db, c.get('session').memberId, c.req.valid('param').id, true, c.req.valid('query').locale);
            return chosen ? c.json({ data: chosen }, 200) : notFound(c, 'Unknown preference');
          })
          .delete(PATHS.preference, validate('param', PreferenceIdParamSchema), validate('query', LocaleQuerySchema), async (c) => {
            const chosen = await setPreference(db, c.get('session').memberId, c.req.valid('param').id, false, c.req.valid('query').locale);
            return chosen ? c.json({ data: chosen }, 200) : notFound(c, 'Unknown preference');
          })

          // `locale` is accepted like the other helpers; brand names are names and read the same in every language.
          .get(PATHS.brandPreferences, validate('query', LocaleQuerySchema), async (c) =>
            c.json({ data: await brandPreferencesOf(db, c.get('session').memberId) }, 200),
          )
          .post(PATHS.brandPreference, validate('param', PreferenceIdParamSchema), async (c) => {
            const chosen = await setBrandPreference(db, c.get('session').memberId, c.req.valid('param').id, true, auth.now());
            return chosen ? c.json({ data: chosen }, 200) : notFound(c, 'Unknown brand');
          })
          .delete(PATHS.brandPreference, validate('param', PreferenceIdParamSchema), async (c) => {
            const chosen = await setBrandPreference(db, c.get('session').memberId, c.req.valid('param').id, false, auth.now());
            return chosen ? c.json({ data: chosen }, 200) : notFound(c, 'Unknown brand');
          })

          .get(PATHS.newsletters, validate('query', LocaleQuerySchema), async (c) => {
            const subscriber = await memberSubscriber(c.get('session').memberId);
            return c.json({ data: await newsletterItemsOf(db, subscriber, c.req.valid('query').locale) }, 200);
          })
          .post(PATHS.newsletter, validate('param', PreferenceIdParamSchema), validate('query', LocaleQuerySchema), async (c) => {
            const name = c.req.valid('param').id;
            if (!newsletterNamed(name)) return notFound(c, 'Unknown newsletter');
            const subscriber = await memberSubscriber(c.get('session').memberId);
            // The mail's language: the one asked for, else the member's own.
            const locale = c.req.query('locale') === undefined ? subscriber.locale : c.req.valid('query').locale;
            const requested = await requestAndMail(subscriber, subscriber.email, name, locale);
            if (!requested.allowed) return tooManyRequests(c, requested.retryAfterSeconds);
            // 202: accepted, waiting for the confirmation link; 200 when it was active already.
            return c.json({ data: newsletterItem(name, requested.status, c.req.valid('query').locale) }, requested.status === 'active' ? 200 : 202);
          })
          .delete(PATHS.newsletter, validate('param', PreferenceIdParamSchema), validate('query', LocaleQuerySchema), async (c) => {
            const name = c.req.valid('param').id;
            if (!newsletterNamed(name)) return notFound(c, 'Unknown newsletter');
            await unsubscribe(db, await memberSubscriber(c.get('session').memberId), name);
            return c.json({ data: newsletterItem(name, 'none', c.req.valid('query').locale) }, 200);
          }),
      )
  );
}
