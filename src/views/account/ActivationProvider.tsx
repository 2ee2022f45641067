import { useRouter } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { Locale } from '../../contract/locales';
import { createLiveActivationLogic, liveActivationInput } from '../../machines/activation/activation.live';
import { SessionActorContext } from '../shell/session-context';
import { ActivationActorContext } from './activation-context';

/**
 * Runs the activation machine for one link, with its effects bound (machines/activation/activation.live.ts)
 * and this page's part of them: the session (signed in) and the way on to the activated page. The actor
 * starts in the browser only, so the code is never sent while the server renders the page.
 */
export function ActivationProvider({ locale, token, children }: { locale: Locale; token: string | null; children: ReactNode }) {
  const session = SessionActorContext.useActorRef();
  const router = useRouter();
  const [input] = useState(() => liveActivationInput(token));
  const logic = useMemo(
    () =>
      createLiveActivationLogic({
        signIn: (sessionToken) => session.send({ type: 'token.received', token: sessionToken }),
        showActivated: () => void router.navigate({ to: '/$locale/account/activated', params: { locale }, replace: true }),
      }),
    [session, router, locale],
  );
  return (
    <ActivationActorContext.Provider logic={logic} options={{ input }}>
      {children}
    </ActivationActorContext.Provider>
  );
}
