import { createActorContext, useSelector } from '@xstate/react';
import { createContext, useContext, useMemo } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { loginMachine } from '../../machines/login/login.machine';
import type { LoginEntryMode } from '../../machines/login/login.types';
import { selectToken } from '../../machines/session/session.selectors';
import { sessionMachine } from '../../machines/session/session.machine';
import type { AuthChannel } from '../../services/auth/auth-channel';
import type { AuthAccess } from '../../services/auth/requests';

/** The session actor starts with the shell (SessionProvider), never at module scope. */
export const SessionActorContext = createActorContext(sessionMachine);

/** The channel between authenticated requests and the session (see services/auth/auth-channel.ts). */
export const AuthChannelContext = createContext<AuthChannel | null>(null);

/** What authenticated queries and calls need: the current token and the channel. */
export function useAuthAccess(): AuthAccess {
  const channel = useContext(AuthChannelContext);
  if (!channel) throw new Error('useAuthAccess is used outside the SessionProvider');
  const token = SessionActorContext.useSelector(selectToken);
  return useMemo(() => ({ token, channel }), [token, channel]);
}

export type LoginActorRef = ActorRefFrom<typeof loginMachine>;
export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

/**
 * The sign-in dialog's machine is not part of the page's first load: the shell's LoginHost loads it (with
 * the dialog) the first time someone asks to sign in, on the login page, or for the Google prompt. Until
 * then `actor` is null; `open` works at any time and opens the dialog as soon as it is there.
 */
export interface LoginControl {
  actor: LoginActorRef | null;
  open(mode?: LoginEntryMode): void;
  /** Loads the dialog's machine without opening it (the login page, the Google prompt). */
  load(): void;
}

export const LoginControlContext = createContext<LoginControl | null>(null);

export function useLoginControl(): LoginControl {
  const control = useContext(LoginControlContext);
  if (!control) throw new Error('useLoginControl is used outside the LoginHost');
  return control;
}

/** The dialog's actor, in components that are only rendered once it is loaded. */
export function useLoginActor(): LoginActorRef {
  const { actor } = useLoginControl();
  if (!actor) throw new Error('useLoginActor is used before the sign-in machine was loaded');
  return actor;
}

export function useLoginSelector<T>(selector: (snapshot: LoginSnapshot) => T): T {
  return useSelector(useLoginActor(), selector);
}
