import type { TargetedMessage, TargetedMessageTrigger } from '../../contract/content';
import { MAIN_NEWSLETTER_ID } from '../../contract/auth';
import { isLocale } from '../../contract/locales';
import { matchesAnyUrlTarget, stripSlashes } from './url-targets';

/**
 * Which targeted message a page shows (spec section 4). Pure rules, so the targeted-message machine and
 * its tests share one source of truth; the machine decides when to ask (triggers), this decides what.
 */

/** The main newsletter: a member counts as subscribed when it is active (spec section 3). */
export { MAIN_NEWSLETTER_ID };

/** First path segments of system-type pages (spec section 2): account, booking, check-in and checkout. */
const SYSTEM_SECTIONS: ReadonlySet<string> = new Set(['account', 'booking', 'checkin', 'check-in', 'checkout', 'check-out']);

export interface MemberStatuses {
  memberType: 'member' | 'non-member';
  addressStatus: 'complete' | 'incomplete';
  preferencesStatus: 'selected' | 'not-selected';
  notificationsStatus: 'subscribed' | 'not-subscribed';
}

/** Only what the rules read from the profile: a signed-out visitor has none. */
export interface ProfileForStatuses {
  address: { text: string } | null;
}
export interface ActiveItem {
  name: string;
  active: boolean;
}

/**
 * The statuses the member filters compare against (spec section 4, "Derived statuses"). Without a profile
 * the visitor is a non-member, and nothing about preferences or newsletters is read.
 */
export function derivedStatuses(
  profile: ProfileForStatuses | null,
  preferences: readonly ActiveItem[],
  newsletters: readonly ActiveItem[],
): MemberStatuses {
  if (profile === null) {
    return { memberType: 'non-member', addressStatus: 'incomplete', preferencesStatus: 'not-selected', notificationsStatus: 'not-subscribed' };
  }
  return {
    memberType: 'member',
    addressStatus: (profile.address?.text ?? '').trim().length > 0 ? 'complete' : 'incomplete',
    preferencesStatus: preferences.some((item) => item.active) ? 'selected' : 'not-selected',
    notificationsStatus: newsletters.some((item) => item.name === MAIN_NEWSLETTER_ID && item.active) ? 'subscribed' : 'not-subscribed',
  };
}

export interface EligibilityContext {
  /** The location's pathname, with or without its locale segment (`/en/find-a-hotel` or `/find-a-hotel`). */
  pathname: string;
  locale: string;
  /** The brand and hotel of the page, when it has them. */
  brandCode: string | null;
  hotelCode: string | null;
  isPrivateOffer: boolean;
  now: Date;
  device: 'mobile' | 'desktop';
  statuses: MemberStatuses;
  /** Consent to tracking (analytics): needed for messages that filter visitors. */
  trackingConsent: boolean;
  /** Consent to targeted messages: needed for any message at all. */
  messagesConsent: boolean;
  /** The page's host name (`location.hostname`); a port is ignored. */
  host: string;
  seenIds: ReadonlySet<number> | readonly number[];
}

/** The page path without its locale segment, e.g. `/en/find-a-hotel` → `find-a-hotel`. */
export function pagePath(pathname: string, locale: string): string {
  const segments = stripSlashes(pathname).split('/');
  if (segments[0]?.toLowerCase() === locale.toLowerCase()) segments.shift();
  return segments.join('/');
}

/** Account, booking, check-in and checkout pages never show targeted messages. */
export function isSystemPage(path: string): boolean {
  const section = stripSlashes(path).split('/')[0]?.toLowerCase() ?? '';
  return SYSTEM_SECTIONS.has(section);
}

/**
 * Development hosts show messages without tracking consent (spec section 4): local ones and those whose
 * name marks them as dev or uat.
 */
export function isDevelopmentHost(host: string): boolean {
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  if (hostname === '127.0.0.1' || hostname === '[::1]' || hostname === '::1') return true;
  const labels = hostname.split('.');
  // `dev.example.com`, `api.uat.example.com`, `site.local`; or a first label such as `web-dev` or `uat-2`.
  if (labels.some((label) => /^(?:localhost|local|dev|uat)$/.test(label))) return true;
  return /^(?:dev|uat)-|-(?:dev|uat)$/.test(labels[0] ?? '');
}

/**
 * An excluded page as a comparable path: editors paste links, absolute or not, with or without the
 * locale segment, so `https://site/en/find-a-hotel/` and `/find-a-hotel` name the same page.
 */
function excludedPath(link: string): string {
  let path = link.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return '\u0000'; // an unreadable link excludes nothing
    }
  }
  path = path.split(/[?#]/)[0] ?? '';
  const segments = stripSlashes(path).split('/');
  if (segments.length > 0 && isLocale(segments[0]?.toLowerCase())) segments.shift();
  return segments.join('/').toLowerCase();
}

function matchesTargets(message: TargetedMessage, context: EligibilityContext, path: string): boolean {
  const { brands, hotels, urls } = message.attributes.targets;
  if (brands.length > 0 && (context.brandCode === null || !brands.includes(context.brandCode))) return false;
  if (hotels.length > 0 && (context.hotelCode === null || !hotels.includes(context.hotelCode))) return false;
  if (urls.length > 0 && !matchesAnyUrlTarget(urls, path)) return false;
  const here = path.toLowerCase();
  return !message.attributes.excludedPages.some((link) => excludedPath(link) === here);
}

/**
 * Milliseconds until a countdown message expires (0 once it has, or when it has no date); null for a
 * message without a countdown.
 */
export function countdownMsLeft(message: TargetedMessage, now: Date): number | null {
  if (!message.attributes.isCountdown) return null;
  if (message.attributes.countdownDate === null) return 0;
  return Math.max(0, Date.parse(message.attributes.countdownDate) - now.getTime());
}

function countdownRunning(message: TargetedMessage, now: Date): boolean {
  const left = countdownMsLeft(message, now);
  return left === null || left > 0;
}

/** Whether every visitor filter is left at `all`: the only messages shown without tracking consent. */
export function hasOnlyAllFilters(message: TargetedMessage): boolean {
  const a = message.attributes;
  return [a.deviceType, a.memberType, a.memberAddressStatus, a.memberPreferencesStatus, a.memberNotificationsStatus].every((f) => f === 'all');
}

function matchesFilters(message: TargetedMessage, context: EligibilityContext): boolean {
  const a = message.attributes;
  const s = context.statuses;
  return (
    (a.deviceType === 'all' || a.deviceType === context.device) &&
    (a.memberType === 'all' || a.memberType === s.memberType) &&
    (a.memberAddressStatus === 'all' || a.memberAddressStatus === s.addressStatus) &&
    (a.memberPreferencesStatus === 'all' || a.memberPreferencesStatus === s.preferencesStatus) &&
    (a.memberNotificationsStatus === 'all' || a.memberNotificationsStatus === s.notificationsStatus)
  );
}

function alreadySeen(id: number, seenIds: EligibilityContext['seenIds']): boolean {
  return seenIds instanceof Set ? seenIds.has(id) : (seenIds as readonly number[]).includes(id);
}

/** Whether the message may show on this page to this visitor now (every rule of spec section 4). */
export function isEligible(message: TargetedMessage, context: EligibilityContext): boolean {
  const path = pagePath(context.pathname, context.locale);
  if (context.isPrivateOffer || isSystemPage(path)) return false;
  if (!matchesTargets(message, context, path)) return false;
  if (!countdownRunning(message, context.now)) return false;
  if (!matchesFilters(message, context)) return false;
  // Development hosts show messages whatever the visitor chose, so editors can try them out.
  const developmentHost = isDevelopmentHost(context.host);
  if (!context.messagesConsent && !developmentHost) return false;
  if (!context.trackingConsent && !developmentHost && !hasOnlyAllFilters(message)) return false;
  return !alreadySeen(message.id, context.seenIds);
}

/**
 * The one message to show: the eligible message of highest priority (the earlier one on a tie), or null.
 * With a trigger, only the messages that trigger shows are considered.
 */
export function pickMessage(
  messages: readonly TargetedMessage[],
  context: EligibilityContext,
  trigger?: TargetedMessageTrigger,
): TargetedMessage | null {
  let best: TargetedMessage | null = null;
  for (const message of messages) {
    if (trigger !== undefined && message.attributes.trigger !== trigger) continue;
    if (!isEligible(message, context)) continue;
    if (best === null || message.attributes.priority > best.attributes.priority) best = message;
  }
  return best;
}
