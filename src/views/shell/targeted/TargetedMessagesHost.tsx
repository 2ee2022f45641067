import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import type { Locale } from '../../../contract/locales';
import { selectIsMemberLoading, selectIsRestoring, selectIsSignedIn, selectProfile } from '../../../machines/session/session.selectors';
import type { PageFacts, VisitorFacts } from '../../../machines/targeted/targeted.types';
import { brandCodeOfPath, hotelCodeOfPath } from '../../../services/analytics/page-types';
import { memberNewslettersQuery, memberPreferencesQuery } from '../../../services/auth/queries';
import { hotelQuery } from '../../../services/content/queries';
import { derivedStatuses, isDevelopmentHost } from '../../../services/content/targeted-eligibility';
import { forgetSeenIdsOnWithdrawal, targetedMessagesQuery } from '../../../services/content/targeted-messages';
import { useConsent } from '../consent/use-consent';
import { SessionActorContext, useAuthAccess } from '../session-context';
import { useMobileScreen } from '../use-mobile-screen';

const TargetedMessages = lazy(() => import('./TargetedMessages'));

/**
 * The shell's place for targeted messages (spec section 4). It gathers what the rules need — the page's
 * brand and hotel, the visitor's member statuses, device and consent — and loads the machine and its
 * views only when there are messages this visitor may be shown: with consent to targeted messages, or on
 * a development host. Nothing happens on the server or before the page is taken over (storage and
 * consent are browser-only), and nothing starts before the session is known, so a member never
 * glimpses a message meant for guests.
 */
export function TargetedMessagesHost({ locale }: { locale: Locale }) {
  const host = useBrowserHost();
  const messagesConsent = useConsent('targetedMessages');
  const trackingConsent = useConsent('analytics');
  const allowed = host !== null && (messagesConsent || isDevelopmentHost(host));
  const { data: messages } = useQuery({ ...targetedMessagesQuery(locale), enabled: allowed });
  const page = usePageFacts(locale);
  const { visitor, logins } = useVisitorFacts(locale, trackingConsent, messagesConsent);

  useEffect(() => forgetSeenIdsOnWithdrawal(), []);

  if (!allowed || !messages?.length || page === null || visitor === null) return null;
  return (
    <Suspense fallback={null}>
      <TargetedMessages locale={locale} messages={messages} page={page} visitor={visitor} logins={logins} host={host} />
    </Suspense>
  );
}

const noSubscription = () => () => undefined;

/** The page's host in the browser; null on the server and while the page is taken over. */
function useBrowserHost(): string | null {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.host,
    () => null,
  );
}

const sameFacts = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The facts of the page on screen. A hotel page's brand comes with the hotel (its loader has fetched it,
 * so this reads the cache); until it is known the previous page's facts stay, so the messages never
 * judge a hotel page without its brand. Derived while rendering: the state only keeps the last facts,
 * with their identity while nothing changes.
 */
function usePageFacts(locale: Locale): PageFacts | null {
  const { pathname } = useLocation();
  const hotelCode = hotelCodeOfPath(pathname);
  const hotel = useQuery({ ...hotelQuery(locale, hotelCode ?? ''), enabled: hotelCode !== null });
  const [facts, setFacts] = useState<PageFacts | null>(null);
  if (hotelCode === null || !hotel.isPending) {
    const next: PageFacts = {
      pathname,
      locale,
      brandCode: hotelCode !== null ? (hotel.data?.brand.code ?? null) : brandCodeOfPath(pathname),
      hotelCode,
      // No page of the site is a private offer yet: offers are not published here.
      isPrivateOffer: false,
    };
    if (facts === null || !sameFacts(facts, next)) {
      setFacts(next);
      return next;
    }
  }
  return facts;
}

interface VisitorState {
  visitor: VisitorFacts | null;
  /** Sign-ins seen since the page opened (a restored session is not one). */
  logins: number;
}

interface VisitorTracking extends VisitorState {
  /** The session was known to be signed out: the next sign-in is a login. */
  sawSignedOut: boolean;
  /** A login happened and counts once the member's facts are in. */
  loginPending: boolean;
}

/**
 * The visitor as the rules see them, once the session is known and, for a member, their profile,
 * preferences and newsletters have loaded. The facts keep their identity while nothing changes, so the
 * machine hears only of real changes; a sign-in counts once the member's facts are in.
 */
function useVisitorFacts(locale: Locale, trackingConsent: boolean, messagesConsent: boolean): VisitorState {
  const restoring = SessionActorContext.useSelector(selectIsRestoring);
  const signedIn = SessionActorContext.useSelector(selectIsSignedIn);
  const memberLoading = SessionActorContext.useSelector(selectIsMemberLoading);
  const profile = SessionActorContext.useSelector(selectProfile);
  const access = useAuthAccess();
  const memberKnown = signedIn && profile !== null && access.token !== null;
  const preferences = useQuery({ ...memberPreferencesQuery(access, locale), enabled: memberKnown });
  const newsletters = useQuery({ ...memberNewslettersQuery(access, locale), enabled: memberKnown });
  const mobile = useMobileScreen();
  const [tracked, setTracked] = useState<VisitorTracking>({ visitor: null, logins: 0, sawSignedOut: false, loginPending: false });

  const next = { ...tracked };
  if (!restoring && !signedIn) next.sawSignedOut = true;
  if (signedIn && next.sawSignedOut) {
    next.sawSignedOut = false;
    next.loginPending = true;
  }
  const ready = !restoring && (!signedIn || (!memberLoading && (profile === null || (!preferences.isPending && !newsletters.isPending))));
  if (ready) {
    const visitor: VisitorFacts = {
      device: mobile ? 'mobile' : 'desktop',
      statuses: derivedStatuses(signedIn ? profile : null, preferences.data ?? [], newsletters.data ?? []),
      trackingConsent,
      messagesConsent,
    };
    if (next.loginPending && signedIn) {
      next.loginPending = false;
      next.logins += 1;
      next.visitor = visitor;
    } else if (next.visitor === null || !sameFacts(next.visitor, visitor)) {
      next.visitor = visitor;
    }
  }
  if (!sameFacts(next, tracked) || next.visitor !== tracked.visitor) {
    setTracked(next);
    return next;
  }
  return tracked;
}
