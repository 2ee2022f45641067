import type { QueryClient } from '@tanstack/react-query';
import { fromCallback, fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import { isFlagSet, PERSISTED_KEYS, PERSISTED_LIFETIMES_MS, setFlag } from '../../services/account/persisted-values';
import { providersQuery } from '../../services/account/queries';
import { isSignInPopup, onSocialConsentChange, prepareSocialSignIn } from '../../services/account/social';
import { hasConsent } from '../../services/consent/consent';
import { reportError } from '../../services/errors/report';
import type { FlagSource } from '../../services/flags/flags';
import type { AppMachine } from '../app/app.machine';
import { selectIsRestoring, selectIsSignedIn } from '../session/session.selectors';
import { googlePromptMachine } from './google-prompt.machine';
import type { GooglePromptEvent } from './google-prompt.types';

/** Where the prompt's effects reach: the app's actors, the page the router shows, the flags, the caches. */
export interface GooglePromptEdge {
  app: ActorRefFrom<AppMachine>;
  page: { read(): { pathname: string; search: Record<string, unknown> }; subscribe(onChange: () => void): () => void };
  flags: FlagSource;
  queryClient: QueryClient;
}

/** Whether a modal overlay is open on the page (the sign-in dialog, or any other modal). */
function overlayOpen(): boolean {
  return document.querySelector('dialog[open], [aria-modal="true"]:not([hidden])') !== null;
}

/** The prompt's machine with the site's services bound (started in the browser only). */
export function createLiveGooglePromptLogic({ app, page, flags, queryClient }: GooglePromptEdge) {
  return googlePromptMachine.provide({
    actors: {
      watchConditions: fromCallback<GooglePromptEvent, null>(({ sendBack }) => {
        const session = app.getSnapshot().context.session;
        const report = () => {
          const snapshot = session.getSnapshot();
          sendBack({
            type: 'conditions.changed',
            conditions: {
              ...page.read(),
              signedOut: !selectIsRestoring(snapshot) && !selectIsSignedIn(snapshot),
              consented: hasConsent('socialSignIn'),
              googleFlag: flags.getSnapshot().flags['Google Sign-In'],
              inSignInPopup: isSignInPopup(),
            },
          });
        };
        const sessionSubscription = session.subscribe(report);
        const stops = [page.subscribe(report), onSocialConsentChange(report), flags.subscribe(report), () => sessionSubscription.unsubscribe()];
        report();
        return () => {
          stops.forEach((stop) => stop());
          // The prompt stops (its page part went): the app no longer follows it as an overlay.
          app.send({ type: 'overlay.unfollow', overlay: 'googlePrompt' });
        };
      }),
      checkPrompt: fromPromise(async () => {
        const providers = await queryClient.fetchQuery(providersQuery());
        return {
          googleAvailable: providers.some((entry) => entry.provider === 'google' && entry.enabled),
          shownRecently: isFlagSet(PERSISTED_KEYS.loginShown, Date.now()),
          overlayOpen: overlayOpen(),
          consented: hasConsent('socialSignIn'),
        };
      }),
      prepareSignIn: fromPromise(async () => {
        await prepareSocialSignIn();
        return null;
      }),
    },
    actions: {
      announce: ({ self }) => app.send({ type: 'overlay.follow', overlay: 'googlePrompt', actor: self }),
      markShown: () => setFlag(PERSISTED_KEYS.loginShown, PERSISTED_LIFETIMES_MS.loginShown, Date.now()),
      loadSignIn: () => app.send({ type: 'login.load' }),
      startGoogleSignIn: () => {
        const login = app.getSnapshot().context.login;
        login?.send({ type: 'dialog.open', mode: 'login' });
        login?.send({ type: 'social.start', provider: 'google' });
      },
      reportFailure: (_, { error }) => reportError(error, 'login: Google prompt'),
    },
  });
}
