import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { fromPromise } from 'xstate';
import type { Locale } from '../../contract/locales';
import { sessionMachine } from '../../machines/session/session.machine';
import type { SessionInput, SessionMember } from '../../machines/session/session.types';
import { logout, refreshAccessToken } from '../../services/auth/api';
import { createAuthChannel } from '../../services/auth/auth-channel';
import { refreshAcrossTabs } from '../../services/auth/tabs';
import { tokenSubject } from '../../services/auth/token';
import { isAccountPath } from '../../services/auth/dialog-rules';
import { identifyMember } from '../../services/auth/identify';
import { browserSessionPersistence, PERSISTED_KEYS, readStoredToken } from '../../services/auth/persisted-values';
import { MEMBER_QUERY_ROOT, memberProfileQuery, memberStatusQuery } from '../../services/auth/queries';
import { reportError } from '../../services/errors/report';
import { localizedPath, ROUTES } from '../../services/navigation/paths';
import { AuthChannelContext, SessionActorContext } from './session-context';

/**
 * Runs the session for the whole site. The page renders signed out on the server and in the browser's
 * first render alike; the stored token is read only in an effect, after the page was taken over.
 */
export function SessionProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [channel] = useState(() => createAuthChannel(refreshAcrossTabs(refreshAccessToken)));
  const logic = useMemo(
    () =>
      sessionMachine.provide({
        actors: {
          // Profile and status through the authenticated queries (their cache, retries and 401 rule);
          // always fetched afresh, so a reload after a profile change shows the change.
          loadMember: fromPromise<SessionMember, { token: string }>(async ({ input }) => {
            const access = { token: input.token, channel };
            const [profile, status] = await Promise.all([
              queryClient.fetchQuery({ ...memberProfileQuery(access), staleTime: 0 }),
              queryClient.fetchQuery({ ...memberStatusQuery(access), staleTime: 0 }),
            ]);
            return { profile, status };
          }),
          refreshToken: fromPromise<string>(() => channel.refresh()),
          logout: fromPromise<null, { token: string | null }>(async ({ input }) => {
            await logout(input.token);
            return null;
          }),
        },
      }),
    [queryClient, channel],
  );
  const [input] = useState<SessionInput>(() => ({ store: browserSessionPersistence(), now: () => Date.now(), report: reportError }));
  return (
    <AuthChannelContext.Provider value={channel}>
      <SessionActorContext.Provider logic={logic} options={{ input }}>
        <SessionEffects locale={locale} />
        {children}
      </SessionActorContext.Provider>
    </AuthChannelContext.Provider>
  );
}

function SessionEffects({ locale }: { locale: Locale }) {
  const actor = SessionActorContext.useActorRef();
  const channel = useContext(AuthChannelContext);
  const queryClient = useQueryClient();
  const router = useRouter();

  // After hydration: the stored token decides whether a member is signed in (spec section 4).
  useEffect(() => {
    actor.send({ type: 'session.restore', token: readStoredToken() });
  }, [actor]);

  // Authenticated requests report a renewed token or a final 401.
  useEffect(
    () =>
      channel?.subscribe((event) => {
        if (event.type === 'unauthorized') actor.send({ type: 'session.unauthorized' });
        else actor.send({ type: 'token.refreshed', token: event.token });
      }),
    [actor, channel],
  );

  // Other tabs: a token they stored (a refresh, a sign-in) is taken over; their sign-out ends this session
  // too (the BFF has revoked it, so this tab's next request would be refused anyway).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== PERSISTED_KEYS.token) return;
      const snapshot = actor.getSnapshot();
      const signedIn = snapshot.hasTag('signedIn');
      if (event.newValue === null) {
        if (signedIn) actor.send({ type: 'session.unauthorized' });
      } else if (signedIn && tokenSubject(event.newValue) === tokenSubject(snapshot.context.token)) {
        actor.send({ type: 'token.refreshed', token: event.newValue });
      } else if (event.newValue !== snapshot.context.token) {
        actor.send({ type: 'token.received', token: event.newValue });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [actor]);

  useEffect(() => {
    const subscriptions = [
      actor.on('session.ended', (event) => {
        // Cached authenticated queries go with the session (spec section 4).
        queryClient.removeQueries({ queryKey: MEMBER_QUERY_ROOT });
        // A member who leaves (or is sent away) on an account page goes to the home page.
        const left = event.reason === 'logout' || event.reason === 'unauthorized' || event.reason === 'expired';
        if (left && isAccountPath(router.state.location.pathname)) void router.navigate({ href: localizedPath(locale, ROUTES.home) });
      }),
      // services/auth/identify.ts hands the member to analytics (once a day, with consent).
      actor.on('identify', (event) => {
        if (event.memberGuid) identifyMember(event.memberGuid);
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, queryClient, router, locale]);
  return null;
}
