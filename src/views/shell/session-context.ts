import { createActorContext } from '@xstate/react';
import { createContext, useContext, useMemo } from 'react';
import { loginMachine } from '../../machines/login/login.machine';
import { selectToken } from '../../machines/session/session.selectors';
import { sessionMachine } from '../../machines/session/session.machine';
import type { AuthChannel } from '../../services/auth/auth-channel';
import type { AuthAccess } from '../../services/auth/requests';

/** The session actor starts with the shell (SessionProvider), never at module scope. */
export const SessionActorContext = createActorContext(sessionMachine);

/** The sign-in dialog's actor (LoginProvider), shared by the dialog and the login page. */
export const LoginActorContext = createActorContext(loginMachine);

/** The channel between authenticated requests and the session (see services/auth/auth-channel.ts). */
export const AuthChannelContext = createContext<AuthChannel | null>(null);

/** What authenticated queries and calls need: the current token and the channel. */
export function useAuthAccess(): AuthAccess {
  const channel = useContext(AuthChannelContext);
  if (!channel) throw new Error('useAuthAccess is used outside the SessionProvider');
  const token = SessionActorContext.useSelector(selectToken);
  return useMemo(() => ({ token, channel }), [token, channel]);
}
