import * as v from 'valibot';
import { MAIN_NEWSLETTER_ID, MEMBER_PATHS, NewsletterItemSchema, OtpCodeRequestSchema, PreferenceItemSchema } from './auth';
import { DEFAULT_LOCALE, LocaleSchema } from './locales';

/**
 * Preferences, brand preferences and newsletters (spec sections 3, 5 and 7 "Members"; decision record
 * 0044). Paths are relative to BFF_PREFIX.
 *
 * - Member routes take the member's bearer token and change only that member's choices.
 * - A newsletter subscription is double opt-in: it stays `pending` until the link mailed to the address
 *   is followed (`confirm`, no bearer: the mailed token proves the mailbox). Unsubscribing is immediate.
 * - Visitors subscribe by email (`subscribe`); the answer is the same whether or not the email is a member's.
 * - The preference centre lets whoever holds a signed link (mailed with every newsletter mail) read and
 *   change the newsletters of that one email, without signing in. The link grants nothing else.
 */
export const MEMBER_PREFERENCE_PATHS = {
  /** GET `?locale`: every preference with the member's choice. */
  preferences: MEMBER_PATHS.preferences,
  /** POST: chooses the preference; DELETE: unchooses it. Both idempotent; unknown name 404. */
  preference: `${MEMBER_PATHS.preferences}/:id`,
  /** GET `?locale`: every brand of the group with the member's choice (name = brand code, label = brand name). */
  brandPreferences: '/members/brand-preferences',
  /** POST: chooses the brand (by its code); DELETE: unchooses it. Both idempotent; unknown code 404. */
  brandPreference: '/members/brand-preferences/:id',
  /** GET `?locale`: every newsletter with the member's subscription status. */
  newsletters: MEMBER_PATHS.newsletters,
  /** POST `?locale`: subscribes (pending, a confirmation mail is sent); DELETE: unsubscribes at once. */
  newsletter: `${MEMBER_PATHS.newsletters}/:id`,
  /** POST `{ token }`, no bearer: the mailed confirmation link's token activates its subscription. */
  newsletterConfirm: `${MEMBER_PATHS.newsletters}/confirm`,
  /** POST `{ email, locale, newsletter? }`, no bearer: a visitor's subscription; a confirmation mail is sent. */
  subscribe: '/members/subscribe',
  /** GET `?token&locale`: the newsletters of the link's email. */
  preferenceCenterNewsletters: '/members/preference-center/newsletters',
  /** POST `?token&locale`: subscribes the link's email (active at once: the link proves the mailbox); DELETE: unsubscribes. */
  preferenceCenterNewsletter: '/members/preference-center/newsletters/:id',
} as const;

/** Where mails send their readers (the web app owns these pages). */
export const PREFERENCE_PAGES = {
  /** `${PUBLIC_URL}/<locale>/preference-center?token=...`: the preference centre of one email. */
  preferenceCenter: 'preference-center',
  /** `${PUBLIC_URL}/<locale>/newsletter-confirmation?token=...`: calls `newsletterConfirm` with the token. */
  newsletterConfirmation: 'newsletter-confirmation',
} as const;

export const NEWSLETTER_LIMITS = {
  /** A confirmation link works once, for this many days. */
  confirmationValidDays: 7,
  /** A preference-centre link works for this many days. */
  preferenceCenterValidDays: 30,
  /** Confirmation mails to one address per hour (visitor and member subscriptions together); more answer 429. */
  subscribeMailsPerEmailPerHour: 3,
  /** Visitor subscriptions from one client address per hour; more answer 429. */
  subscribePerAddressPerHour: 20,
} as const;

/** A preference or brand name in a path: bounded before it is looked up; an unknown one is 404. */
const itemId = v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.regex(/^[A-Za-z0-9_-]+$/, 'Unknown name'));
export const PreferenceIdParamSchema = v.object({ id: itemId });

export const LocaleQuerySchema = v.object({ locale: v.optional(LocaleSchema, DEFAULT_LOCALE) });

/** Link tokens: base64url, at most this long (the signed preference-centre token is the longest). */
const linkToken = v.pipe(v.string(), v.minLength(1), v.maxLength(2048), v.regex(/^[A-Za-z0-9_.-]+$/, 'The link is not valid'));

export const PreferenceItemResponseSchema = v.object({ data: PreferenceItemSchema });
/** A brand preference item: `name` is the brand's code, `label` its name. */
export const BrandPreferenceItemSchema = PreferenceItemSchema;
export type BrandPreferenceItem = v.InferOutput<typeof BrandPreferenceItemSchema>;
export const BrandPreferencesResponseSchema = v.object({ data: v.array(BrandPreferenceItemSchema) });
export const BrandPreferenceItemResponseSchema = v.object({ data: BrandPreferenceItemSchema });

/** `none`: not subscribed; `pending`: waiting for the confirmation link; `active`: receives it. */
export const NEWSLETTER_STATUSES = ['none', 'pending', 'active'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** The newsletter item of spec section 3 (`active` only when confirmed), with its double opt-in status. */
export const NewsletterStatusItemSchema = v.object({ ...NewsletterItemSchema.entries, status: v.picklist(NEWSLETTER_STATUSES) });
export type NewsletterStatusItem = v.InferOutput<typeof NewsletterStatusItemSchema>;
export const NewsletterStatusItemsResponseSchema = v.object({ data: v.array(NewsletterStatusItemSchema) });
export const NewsletterStatusItemResponseSchema = v.object({ data: NewsletterStatusItemSchema });

export const NewsletterConfirmRequestSchema = v.object({ token: linkToken });
export type NewsletterConfirmRequest = v.InferInput<typeof NewsletterConfirmRequestSchema>;
export const NewsletterConfirmResponseSchema = v.object({ data: v.object({ newsletter: v.string(), status: v.literal('active') }) });

export const SubscribeRequestSchema = v.object({
  email: OtpCodeRequestSchema.entries.email,
  locale: LocaleSchema,
  /** The newsletter's name; the main one without it. */
  newsletter: v.optional(itemId, MAIN_NEWSLETTER_ID),
});
export type SubscribeRequest = v.InferInput<typeof SubscribeRequestSchema>;
/** Always the same answer: whether the email belongs to a member, or was subscribed already, is not told. */
export const SubscribeResponseSchema = v.object({ data: v.object({ accepted: v.literal(true) }) });

export const PreferenceCenterQuerySchema = v.object({ token: linkToken, locale: v.optional(LocaleSchema, DEFAULT_LOCALE) });
export const PreferenceCenterResponseSchema = v.object({
  data: v.object({ email: v.string(), newsletters: v.array(NewsletterStatusItemSchema) }),
});
