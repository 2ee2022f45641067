import type { QueryClient } from '@tanstack/react-query';
import { fromCallback, fromPromise, waitFor } from 'xstate';
import type { ActorRefFrom, EventObject } from 'xstate';
import type { TargetedMessage } from '../../contract/content';
import type { Locale } from '../../contract/locales';
import { memberNewslettersQuery, memberPreferencesQuery, memberProfileQuery } from '../../services/account/queries';
import type { AuthAccess } from '../../services/bff/request';
import { hasConsent, onConsentChange } from '../../services/consent/consent';
import { brandCodeOfPath, hotelCodeOfPath } from '../../services/analytics/page-types';
import { hotelQuery } from '../../services/content/queries';
import { sanitizeHtml } from '../../services/content/sanitize-html';
import { derivedStatuses } from '../../services/content/targeted-eligibility';
import type { MemberStatuses } from '../../services/content/targeted-eligibility';
import { forgetSeenIds, readSeenIds, targetedMessagesQuery, writeSeenIds } from '../../services/content/targeted-messages';
import type { sessionMachine } from '../session/session.machine';
import { targetedMessagesMachine } from './targeted.machine';
import type { BrowserFacts, Device, PageFacts, TargetedBrowserEvent, VisitorFacts } from './targeted.types';

/** What the flow needs from the app's edge (src/app-actor.ts). */
export interface TargetedEdge {
  queryClient: QueryClient;
  /** The member's access as it is when the visitor is read, or null for a guest. */
  access(): AuthAccess | null;
}

/** Screens up to this width count as mobile (spec section 9, the mobile breakpoint the views use too). */
const MOBILE_MEDIA_QUERY = '(max-width: 1024px)';

const mobileQuery = (): MediaQueryList | null => (typeof window.matchMedia === 'function' ? window.matchMedia(MOBILE_MEDIA_QUERY) : null);
const deviceNow = (): Device => (mobileQuery()?.matches ? 'mobile' : 'desktop');

/**
 * The session is known: read from storage (and renewed if needed) and, for a member, their profile
 * loaded; judging the visitor before would show a member a guest's messages.
 */
async function sessionSettled(system: { get: (systemId: string) => unknown }, signal: AbortSignal): Promise<void> {
  const session = system.get('session') as ActorRefFrom<typeof sessionMachine> | undefined;
  if (!session) return;
  await waitFor(session, (snapshot) => !snapshot.hasTag('restoring') && !snapshot.hasTag('memberLoading'), { signal });
}

/** A signed-in member's statuses through the member queries (cached: the session has just loaded the profile). */
async function memberStatuses(queryClient: QueryClient, access: AuthAccess, locale: Locale): Promise<MemberStatuses> {
  // A profile that cannot be loaded leaves the member judged as a non-member, as while signed out.
  const profile = await queryClient.fetchQuery(memberProfileQuery(access)).catch(() => null);
  if (profile === null) return derivedStatuses(null, [], []);
  const [preferences, newsletters] = await Promise.all([
    queryClient.fetchQuery(memberPreferencesQuery(access, locale)).catch(() => []),
    queryClient.fetchQuery(memberNewslettersQuery(access, locale)).catch(() => []),
  ]);
  return derivedStatuses(profile, preferences, newsletters);
}

/** A hotel page's brand comes with the hotel (its loader has fetched it: this reads the cache). */
async function pageFacts(queryClient: QueryClient, pathname: string, locale: Locale): Promise<PageFacts> {
  const hotelCode = hotelCodeOfPath(pathname);
  const brandCode = hotelCode === null ? brandCodeOfPath(pathname) : await queryClient.fetchQuery(hotelQuery(locale, hotelCode)).then((hotel) => hotel.brand.code, () => null);
  // No page of the site is a private offer yet: offers are not published here.
  return { pathname, locale, brandCode, hotelCode, isPrivateOffer: false };
}

/** Editor HTML is sanitised as it arrives (architecture, security checklist): the views show it as it is. */
const sanitized = (messages: readonly TargetedMessage[]): TargetedMessage[] =>
  messages.map((message) => ({ ...message, attributes: { ...message.attributes, body: sanitizeHtml(message.attributes.body) } }));

const consentNow = () => ({ trackingConsent: hasConsent('analytics'), messagesConsent: hasConsent('targetedMessages') });

/**
 * The targeted-message machine with the browser and the BFF bound: content and member queries through
 * the app's query client, storage, the screen and consent. Loaded (with the machine) only once targeted
 * messages may run, so the site's first load carries none of it.
 */
export function createLiveTargetedLogic({ queryClient, access }: TargetedEdge) {
  return targetedMessagesMachine.provide({
    actors: {
      readBrowser: fromPromise<BrowserFacts>(async () => ({ host: window.location.host, seenIds: readSeenIds() })),
      loadMessages: fromPromise<readonly TargetedMessage[], { locale: Locale }>(async ({ input }) => sanitized(await queryClient.fetchQuery(targetedMessagesQuery(input.locale)))),
      loadPage: fromPromise<PageFacts, { pathname: string; locale: Locale }>(({ input }) => pageFacts(queryClient, input.pathname, input.locale)),
      loadVisitor: fromPromise<VisitorFacts, { locale: Locale }>(async ({ input, system, signal }) => {
        await sessionSettled(system, signal);
        const member = access();
        const statuses = member ? await memberStatuses(queryClient, member, input.locale) : derivedStatuses(null, [], []);
        return { device: deviceNow(), statuses, ...consentNow() };
      }),
      watchDevice: fromCallback<EventObject>(({ sendBack }) => {
        const query = mobileQuery();
        const changed = () => sendBack({ type: 'device.changed', device: deviceNow() } satisfies TargetedBrowserEvent);
        query?.addEventListener('change', changed);
        return () => query?.removeEventListener('change', changed);
      }),
      watchConsent: fromCallback<EventObject>(({ sendBack }) => onConsentChange(() => sendBack({ type: 'consent.changed', ...consentNow() } satisfies TargetedBrowserEvent))),
    },
    actions: {
      // Seen ids are kept only with consent to targeted messages (spec section 4); without, for this page visit.
      persistSeen: (_, { seenIds }) => {
        if (hasConsent('targetedMessages')) writeSeenIds(seenIds);
      },
      forgetSeen: () => forgetSeenIds(),
    },
  });
}
