import type { PreferenceItem } from '../../contract/auth';
import type { Locale } from '../../contract/locales';
import {
  type BrandPreferenceItem,
  BrandPreferenceItemResponseSchema,
  BrandPreferencesResponseSchema,
  MEMBER_PREFERENCE_PATHS as PATHS,
  NewsletterConfirmResponseSchema,
  type NewsletterStatusItem,
  NewsletterStatusItemResponseSchema,
  NewsletterStatusItemsResponseSchema,
  PreferenceCenterResponseSchema,
  PreferenceItemResponseSchema,
} from '../../contract/member-preferences';
import { fillPath } from '../bff/client';
import { inLocale } from './api';
import { callAuthorized, callBff } from './requests';
import type { AuthAccess } from './requests';

/**
 * The BFF's preference, brand-preference and newsletter routes (contract/member-preferences.ts, decision
 * record 0044), one function each: the member's own behind the bearer token, the confirmation link's and
 * the preference centre's behind the token their mail carried.
 */

type Signal = { signal?: AbortSignal };

/** POST chooses (or subscribes), DELETE unchooses (or unsubscribes): every such route is idempotent. */
const methodFor = (on: boolean) => (on ? 'POST' : 'DELETE');

/** Chooses or unchooses one preference; the answer is the item as the BFF now keeps it. */
export const choosePreference = async (access: AuthAccess, name: string, active: boolean, locale: Locale): Promise<PreferenceItem> =>
  (await callAuthorized(inLocale(fillPath(PATHS.preference, { id: name }), locale), PreferenceItemResponseSchema, access, { method: methodFor(active) })).data;

/** Every brand of the group with the member's choice (name = brand code, label = brand name). */
export const fetchBrandPreferences = async (access: AuthAccess, locale: Locale, options: Signal = {}): Promise<BrandPreferenceItem[]> =>
  (await callAuthorized(inLocale(PATHS.brandPreferences, locale), BrandPreferencesResponseSchema, access, options)).data;

/** Chooses or unchooses one brand by its code. */
export const chooseBrand = async (access: AuthAccess, code: string, active: boolean): Promise<BrandPreferenceItem> =>
  (await callAuthorized(fillPath(PATHS.brandPreference, { id: code }), BrandPreferenceItemResponseSchema, access, { method: methodFor(active) })).data;

/** Every newsletter with the member's double opt-in status (`none`, `pending`, `active`). */
export const fetchNewsletterStatuses = async (access: AuthAccess, locale: Locale, options: Signal = {}): Promise<NewsletterStatusItem[]> =>
  (await callAuthorized(inLocale(PATHS.newsletters, locale), NewsletterStatusItemsResponseSchema, access, options)).data;

/**
 * Subscribes (pending: the BFF mails the confirmation link, worded for a business or a consumer as it
 * knows the member; asking again mails a new link) or unsubscribes at once.
 */
export const setNewsletter = async (access: AuthAccess, name: string, subscribed: boolean, locale: Locale): Promise<NewsletterStatusItem> =>
  (await callAuthorized(inLocale(fillPath(PATHS.newsletter, { id: name }), locale), NewsletterStatusItemResponseSchema, access, { method: methodFor(subscribed) })).data;

/** Confirmations on their way, by token: the same link confirmed twice at once (React's development mode) sends one request. */
const runningConfirmations = new Map<string, Promise<{ newsletter: string }>>();

/**
 * Follows a confirmation link (no bearer: the mailed token proves the mailbox). The token works once; a
 * used, expired or unknown one is refused with a 400 (an InvalidInputError).
 */
export const confirmNewsletter = (token: string): Promise<{ newsletter: string }> => {
  const running =
    runningConfirmations.get(token) ??
    callBff(PATHS.newsletterConfirm, NewsletterConfirmResponseSchema, { body: { token } })
      .then((answer) => ({ newsletter: answer.data.newsletter }))
      .finally(() => runningConfirmations.delete(token));
  runningConfirmations.set(token, running);
  return running;
};

/** The preference-centre link's query: its token and the language of the labels. */
const centreQuery = (token: string, locale: Locale) => `?${new URLSearchParams({ token, locale }).toString()}`;

/** The email the preference-centre link is for, with its newsletters. A link not (or no longer) valid is a 401. */
export const fetchPreferenceCenter = async (token: string, locale: Locale, options: Signal = {}) =>
  (await callBff(`${PATHS.preferenceCenterNewsletters}${centreQuery(token, locale)}`, PreferenceCenterResponseSchema, options)).data;

/** Subscribes the link's email (active at once: the link proves the mailbox) or unsubscribes it. */
export const setPreferenceCenterNewsletter = async (token: string, name: string, subscribed: boolean, locale: Locale): Promise<NewsletterStatusItem> =>
  (
    await callBff(`${fillPath(PATHS.preferenceCenterNewsletter, { id: name })}${centreQuery(token, locale)}`, NewsletterStatusItemResponseSchema, {
      method: methodFor(subscribed),
    })
  ).data;
