import { fromCallback } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { AuthAccess } from '../../services/bff/request';
import { corporateActors } from '../../services/corporate/actors';
import type { AppMachine } from '../app/app.machine';
import { selectIsMemberLoading, selectIsRestoring, selectIsSignedIn, selectProfile, selectToken } from '../session/session.selectors';
import { enrolmentMachine } from './enrolment.machine';
import type { EnrolmentEvent, PersonName } from './enrolment.types';

/** What the enrolment needs from the page it runs on. */
export interface EnrolmentEdge {
  /** The app's actor system: the session is read there, and a new member's token handed to it. */
  app: ActorRefFrom<AppMachine>;
  /** The HTTP client's channel to the session (a 401 refreshes the token once). */
  channel: AuthAccess['channel'];
  /** The member's company changed: search prices and the invites are read again. */
  companyChanged(): void;
}

/**
 * The enrolment machine with its effects bound: the BFF's calls with the session's token as it is when
 * each starts, the session followed (`watchSession`), and a new member's session token handed to the app,
 * which gives it to the session as it does a sign-in's (`login.succeeded`).
 */
export function createLiveEnrolmentLogic({ app, channel, companyChanged }: EnrolmentEdge) {
  const session = () => app.getSnapshot().context.session;
  const access = (): AuthAccess => ({ token: selectToken(session().getSnapshot()), channel });
  return enrolmentMachine.provide({
    actors: {
      ...corporateActors(access),
      // Tells the machine what the session is, once it is known and whenever it changes.
      watchSession: fromCallback<EnrolmentEvent>(({ sendBack }) => {
        let last = '';
        const check = (snapshot: ReturnType<ReturnType<typeof session>['getSnapshot']>) => {
          if (selectIsRestoring(snapshot)) return;
          let event: EnrolmentEvent = { type: 'session.signedOut' };
          if (selectIsSignedIn(snapshot)) {
            // The member's name is waited for (it is asked of nobody who has one), unless it cannot be loaded.
            if (selectIsMemberLoading(snapshot)) return;
            const profile = selectProfile(snapshot);
            const name: PersonName | null = profile?.firstName && profile.lastName ? { givenName: profile.firstName, familyName: profile.lastName } : null;
            event = { type: 'session.signedIn', name };
          }
          const key = JSON.stringify(event);
          if (key === last) return;
          last = key;
          sendBack(event);
        };
        const subscription = session().subscribe(check);
        check(session().getSnapshot());
        return () => subscription.unsubscribe();
      }),
    },
    actions: {
      signIn: (_, { token }) => {
        if (token) app.send({ type: 'login.succeeded', token });
      },
      companyChanged: () => companyChanged(),
    },
  });
}
