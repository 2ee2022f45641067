import { fromCallback, fromPromise, waitFor } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { Locale } from '../../contract/locales';
import { exchangeCode, updatePassword } from '../../services/account/api';
import { completePopupSignIn, isSignInPopup } from '../../services/account/social';
import { reportError } from '../../services/errors/report';
import { localizedPath, POST_LOGIN_ROUTE, ROUTES } from '../../services/navigation/paths';
import type { AppMachine } from '../app/app.machine';
import { selectIsSignedIn } from '../session/session.selectors';
import { loginPageMachine } from './login-page.machine';
import type { LoginPageEvent } from './login-page.types';

/** Where the login page's effects reach: the app's actors, and the router (a replacing navigation). */
export interface LoginPageEdge {
  app: ActorRefFrom<AppMachine>;
  locale: Locale;
  /** Goes to a page of the site, replacing the current entry of the history (the query is used up). */
  replaceWith: (href: string) => void;
}

/** Exchanges on their way, by code: a code works once, and in development React starts the page twice. */
const runningExchanges = new Map<string, Promise<string>>();

function exchangeOnce(code: string): Promise<string> {
  const running = runningExchanges.get(code) ?? exchangeCode(code).finally(() => runningExchanges.delete(code));
  runningExchanges.set(code, running);
  return running;
}

/**
 * The login page's machine with its effects bound: the app's sign-in machine (loaded on request, open
 * while the page shows it), the session (tokens in, signed in out), the BFF calls, the popup's hand-over
 * and the ways on.
 */
export function createLiveLoginPageLogic({ app, locale, replaceWith }: LoginPageEdge) {
  const login = () => app.getSnapshot().context.login;
  const session = () => app.getSnapshot().context.session;
  return loginPageMachine.provide({
    actors: {
      waitForSignIn: fromPromise(async ({ signal }) => {
        await waitFor(app, (snapshot) => snapshot.context.login !== null, { signal });
        return null;
      }),
      holdDialogOpen: fromCallback<LoginPageEvent, null>(({ sendBack }) => {
        const dialog = login();
        dialog?.send({ type: 'dialog.open' });
        sendBack({ type: 'dialog.opened' });
        return () => dialog?.send({ type: 'dialog.close' });
      }),
      watchSignIn: fromCallback<LoginPageEvent, null>(({ sendBack }) => {
        const subscription = session().subscribe((snapshot) => {
          if (selectIsSignedIn(snapshot)) sendBack({ type: 'session.signedIn' });
        });
        if (selectIsSignedIn(session().getSnapshot())) sendBack({ type: 'session.signedIn' });
        return () => subscription.unsubscribe();
      }),
      // Listens before it hands the token over: the session may refuse it at once.
      signInWithLinkToken: fromCallback<LoginPageEvent, { token: string }>(({ input: { token }, sendBack }) => {
        const subscription = session().on('token.rejected', () => sendBack({ type: 'link.rejected' }));
        session().send({ type: 'token.received', token });
        return () => subscription.unsubscribe();
      }),
      exchangeCode: fromPromise(({ input: { code } }) => exchangeOnce(code)),
      completePopupSignIn: fromPromise(async () => {
        if (!isSignInPopup()) throw new Error('The sign-in answer did not arrive in the sign-in popup');
        await completePopupSignIn(window.location.href);
        return null;
      }),
      savePassword: fromPromise(async ({ input: body }) => {
        const { exchangeCode: code } = await updatePassword({ ...body, password_confirmation: body.password });
        return { code };
      }),
    },
    actions: {
      loadSignIn: () => app.send({ type: 'login.load' }),
      passGoogleResult: (_, { credential }) => login()?.send({ type: 'google.result', credential }),
      passAppleResult: (_, { authorization }) => login()?.send({ type: 'apple.result', authorization }),
      tellSessionToken: (_, { token }) => session().send({ type: 'token.received', token }),
      goToPostLoginRoute: () => replaceWith(localizedPath(locale, POST_LOGIN_ROUTE)),
      goToPasswordUpdated: () => replaceWith(localizedPath(locale, ROUTES.account.passwordUpdated)),
      askForNewResetLink: () => {
        app.send({ type: 'login.open', mode: 'passwordReset' });
        replaceWith(localizedPath(locale, ROUTES.account.login));
      },
      reportFailure: (_, { error, context }) => reportError(error, context),
    },
  });
}
