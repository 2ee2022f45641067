import { QueryObserver } from '@tanstack/react-query';
import type { QueryClient, QueryObserverResult } from '@tanstack/react-query';
import { fromCallback } from 'xstate';
import type { ActorRefFrom, Subscription } from 'xstate';
import type { Favourites } from '../../contract/member-account';
import type { AuthAccess } from '../../services/account/requests';
import { tokenSubject } from '../../services/account/token';
import type { AppMachine } from '../app/app.machine';
import type { LoginRef, SessionRef } from '../app/app.types';
import { selectIsOpen } from '../login/login.selectors';
import { selectIsRestoring, selectIsSignedIn, selectToken } from '../session/session.selectors';
import { favouritesMachine } from './favourites.machine';
import type { FavouriteChange, FavouritesEvent } from './favourites.types';

/** What the favourites need from the app's edge: the query cache and the member's access when a call starts. */
export interface FavouritesEdge {
  queryClient: QueryClient;
  access(): AuthAccess;
}

type AppRef = ActorRefFrom<AppMachine>;

/**
 * The session as the favourites hear it: `session.signedIn` once a member holds a token, `session.signedOut`
 * once nobody does; nothing while storage is still being read. Another member signing in (another tab)
 * is a sign-out and a sign-in, so one member's list never shows for another.
 */
const followSession = fromCallback<FavouritesEvent>(({ system, sendBack }) => {
  const session = system.get('session') as SessionRef | undefined;
  if (!session) return undefined;
  let told: string | null = null;
  const report = (snapshot: ReturnType<SessionRef['getSnapshot']>) => {
    if (selectIsRestoring(snapshot)) return;
    const now = selectIsSignedIn(snapshot) ? `member ${tokenSubject(selectToken(snapshot)) ?? ''}` : 'visitor';
    if (now === told) return;
    if (told !== null && told !== 'visitor' && now !== 'visitor') sendBack({ type: 'session.signedOut' });
    told = now;
    sendBack({ type: now === 'visitor' ? 'session.signedOut' : 'session.signedIn' });
  };
  report(session.getSnapshot());
  const subscription = session.subscribe(report);
  return () => subscription.unsubscribe();
});

/**
 * The sign-in dialog a heart opened: `signIn.succeeded` when the visitor signs in (the dialog's login
 * event, which comes before it closes), `signIn.abandoned` when it closes without that, or when its code
 * fails to load. The dialog's machine is loaded by the app on demand, so it is found in the app's context.
 */
const followSignIn = fromCallback<FavouritesEvent>(({ system, sendBack }) => {
  const app = system.get('app') as AppRef | undefined;
  if (!app) return undefined;
  let settled = false;
  const settle = (event: FavouritesEvent) => {
    if (settled) return;
    settled = true;
    sendBack(event);
  };
  const followed: Subscription[] = [];
  let login: LoginRef | null = null;
  const followLogin = (ref: LoginRef) => {
    login = ref;
    let seenOpen = false;
    const check = (snapshot: ReturnType<LoginRef['getSnapshot']>) => {
      if (selectIsOpen(snapshot)) seenOpen = true;
      else if (seenOpen) settle({ type: 'signIn.abandoned' });
    };
    // Registered before the snapshots: the login event is emitted before the dialog shows as closed.
    followed.push(ref.on('login.succeeded', () => settle({ type: 'signIn.succeeded' })));
    followed.push(ref.subscribe(check));
    check(ref.getSnapshot());
  };
  // Only a failure after this request counts: an earlier one is what the request tries again.
  let loadFailedBefore = app.getSnapshot().hasTag('loginLoadFailed');
  const onApp = (snapshot: ReturnType<AppRef['getSnapshot']>) => {
    const loadFailed = snapshot.hasTag('loginLoadFailed');
    if (loadFailed && !loadFailedBefore) settle({ type: 'signIn.abandoned' });
    loadFailedBefore = loadFailed;
    if (!login && snapshot.context.login) followLogin(snapshot.context.login);
  };
  followed.push(app.subscribe(onApp));
  onApp(app.getSnapshot());
  return () => followed.forEach((subscription) => subscription.unsubscribe());
});

/**
 * The list's calls and their contract: loaded once a member is signed in (or presses a heart), so they
 * are not part of any page's first load, which every visitor pays for.
 */
const loadCalls = () => import('../../services/account/favourites-queries');

/** The favourites machine with the site's effects: the session and the dialog followed, the list read and changed through the query cache. */
export function createLiveFavouritesLogic({ queryClient, access }: FavouritesEdge) {
  return favouritesMachine.provide({
    actors: {
      followSession,
      followSignIn,
      // The member's list as the cache holds it: read when stale, replaced by every change's answer.
      followList: fromCallback<FavouritesEvent>(({ sendBack }) => {
        let stop: (() => void) | null = null;
        let stopped = false;
        loadCalls().then(
          ({ favouritesQuery }) => {
            if (stopped) return;
            const observer = new QueryObserver(queryClient, favouritesQuery(access()));
            const report = (result: QueryObserverResult<Favourites, unknown>) => {
              if (result.data !== undefined) sendBack({ type: 'favourites.listed', codes: result.data });
              else if (result.isError) sendBack({ type: 'favourites.unavailable' });
            };
            stop = observer.subscribe(report);
            report(observer.getCurrentResult());
          },
          () => {
            if (!stopped) sendBack({ type: 'favourites.unavailable' });
          },
        );
        return () => {
          stopped = true;
          stop?.();
        };
      }),
      // Changes of different hotels go out side by side; the machine sends one per hotel at a time.
      saveFavourites: fromCallback<FavouriteChange>(({ sendBack, receive }) => {
        // The member left (the saver stops with their session): a late answer is neither kept nor told.
        let stopped = false;
        const tell = (event: FavouritesEvent) => {
          if (!stopped) sendBack(event);
        };
        receive(({ hotel, saved }) => {
          const current = access();
          loadCalls()
            .then(async ({ setFavourite, keepFavouritesAnswer }) => {
              const codes = await setFavourite(current, hotel.hotelCode, saved);
              if (stopped) return;
              await keepFavouritesAnswer(queryClient, current, codes);
              tell({ type: 'favourite.answered', hotel, saved, codes });
            })
            .catch((error: unknown) => tell({ type: 'favourite.refused', hotel, saved, error }));
        });
        return () => {
          stopped = true;
        };
      }),
    },
  });
}
