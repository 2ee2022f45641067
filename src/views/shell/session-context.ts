import { useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, useMemo } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { appMachine } from '../../machines/app/app.machine';
import type { LoginRef, SessionRef } from '../../machines/app/app.types';
import type { loginMachine } from '../../machines/login/login.machine';
import type { LoginEntryMode } from '../../machines/login/login.types';
import { selectToken } from '../../machines/session/session.selectors';
import type { AuthChannel } from '../../services/account/auth-channel';
import type { AuthAccess } from '../../services/bff/request';

export type AppActorRef = ActorRefFrom<typeof appMachine>;
export type AppSnapshot = SnapshotFrom<typeof appMachine>;

/** The app's actor system as views reach it: the root actor and the HTTP client's channel to the session. */
export interface AppSystemValue {
  app: AppActorRef;
  channel: AuthChannel;
}

/** Given once, by the app's root (src/app.tsx), from the actor system made at the edge (src/app-actor.ts). */
export const AppSystemContext = createContext<AppSystemValue | null>(null);

export function useAppSystem(): AppSystemValue {
  const system = useContext(AppSystemContext);
  if (!system) throw new Error('The app actor system is missing: render views inside the app (src/app.tsx)');
  return system;
}

export function useAppSelector<T>(selector: (snapshot: AppSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useAppSystem().app, selector, compare);
}

/** The session actor, spawned by the app for the whole visit. */
function useSessionRef(): SessionRef {
  return useAppSystem().app.getSnapshot().context.session;
}

/** Narrow selectors on the session and its actor, as views use them. */
export const SessionActorContext = {
  useActorRef: useSessionRef,
  useSelector<T>(selector: (snapshot: SnapshotFrom<SessionRef>) => T, compare?: (a: T, b: T) => boolean): T {
    return useSelector(useSessionRef(), selector, compare);
  },
};

/** What authenticated queries and calls need: the current token and the channel. */
export function useAuthAccess(): AuthAccess {
  const { channel } = useAppSystem();
  const token = SessionActorContext.useSelector(selectToken);
  return useMemo(() => ({ token, channel }), [token, channel]);
}

export type LoginActorRef = LoginRef;
export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

/**
 * The sign-in dialog's machine is not part of the page's first load: the app loads it (with the dialog's
 * code) the first time someone asks to sign in, on the login page, or for the Google prompt. Until then
 * `actor` is null; `open` works at any time and opens the dialog as soon as it is there.
 */
export interface LoginControl {
  actor: LoginActorRef | null;
  open(mode?: LoginEntryMode): void;
  /** Loads the dialog's machine without opening it (the login page, the Google prompt). */
  load(): void;
  /** The sign-in code could not be loaded; opening again tries again. */
  loadFailed: boolean;
}

export function useLoginControl(): LoginControl {
  const { app } = useAppSystem();
  const actor = useAppSelector((snapshot) => snapshot.context.login);
  const loadFailed = useAppSelector((snapshot) => snapshot.hasTag('loginLoadFailed'));
  const open = useCallback((mode?: LoginEntryMode) => app.send(mode ? { type: 'login.open', mode } : { type: 'login.open' }), [app]);
  const load = useCallback(() => app.send({ type: 'login.load' }), [app]);
  return useMemo(() => ({ actor, open, load, loadFailed }), [actor, open, load, loadFailed]);
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
