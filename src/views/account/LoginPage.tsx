import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { AUTH_LIMITS } from '../../contract/auth';
import type { Locale } from '../../contract/locales';
import { selectIsSignedIn } from '../../machines/session/session.selectors';
import { exchangeCode, updatePassword } from '../../services/auth/api';
import { InvalidInputError, statusOf } from '../../services/auth/errors';
import { completePopupSignIn, isOidcCallback, isSignInPopup } from '../../services/auth/social';
import { reportError } from '../../services/errors/report';
import { localizedPath, POST_LOGIN_ROUTE, ROUTES } from '../../services/navigation/paths';
import { LoginPanel } from '../shell/LoginPanel';
import { PageTitle } from '../shell/PageTitle';
import { SessionActorContext, useLoginActor, useLoginControl } from '../shell/session-context';
import { Field, NewPasswordField } from '../ui/fields';

/** The login page's query (spec section 2), as the route validated it. */
export interface LoginQuery {
  token?: string | undefined;
  credential?: string | undefined;
  select_by?: string | undefined;
  code?: string | undefined;
  id_token?: string | undefined;
  state?: string | undefined;
  reset_token?: string | undefined;
  email?: string | undefined;
}

/**
 * /account/login: the dialog's content as a page, and the place sign-ins that left the site come back to.
 * - reset_token and email (the password-reset mail): choose a new password.
 * - code and state without id_token: the identity provider's answer in the sign-in popup.
 * - otherwise the sign-in, after reading what the query brings: a session token (token), Google's result
 *   (credential, select_by), Apple's (code, id_token), or an exchange code (code alone).
 * Once the member is signed in, the page leads to POST_LOGIN_ROUTE (the home page until the account
 * overview exists); a sign-in in the dialog elsewhere keeps the visitor on their page.
 */
export function LoginPage({ locale, query }: { locale: Locale; query: LoginQuery }) {
  if (query.reset_token && query.email) return <NewPasswordPage locale={locale} email={query.email} resetToken={query.reset_token} />;
  if (isOidcCallback(query)) return <PopupCallbackPage />;
  return <SignInPage locale={locale} query={query} />;
}

/** The sign-in machine loads on demand (see LoginHost): the page says so while it does. */
function SignInPage({ locale, query }: { locale: Locale; query: LoginQuery }) {
  const { t } = useLingui();
  const { actor, load } = useLoginControl();
  useEffect(() => {
    if (!actor) load();
  }, [actor, load]);
  if (actor) return <SignInForm locale={locale} query={query} />;
  return (
    <section className="account-page" aria-busy="true">
      <PageTitle title={t`Sign in`} />
      <h1>{t`Sign in`}</h1>
      <p role="status">{t`Loading…`}</p>
    </section>
  );
}

function SignInForm({ locale, query }: { locale: Locale; query: LoginQuery }) {
  const { t } = useLingui();
  const login = useLoginActor();
  const session = SessionActorContext.useActorRef();
  const signedIn = SessionActorContext.useSelector(selectIsSignedIn);
  const router = useRouter();
  const titleId = useId();
  const [linkProblem, setLinkProblem] = useState(false);

  // The page shows the dialog's content: the machine is open while the page is.
  useEffect(() => {
    login.send({ type: 'dialog.open' });
    return () => login.send({ type: 'dialog.close' });
  }, [login]);

  // A token from the link that the session refuses (logged there) is worth a word to the visitor.
  const { token } = query;
  useEffect(() => {
    if (!token) return undefined;
    const subscription = session.on('token.rejected', () => setLinkProblem(true));
    return () => subscription.unsubscribe();
  }, [session, token]);

  // What the query brings is used once.
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    if (query.token) {
      session.send({ type: 'token.received', token: query.token });
    } else if (query.credential) {
      login.send({ type: 'google.result', credential: query.credential });
    } else if (query.id_token) {
      login.send({ type: 'apple.result', authorization: { id_token: query.id_token, ...(query.code ? { code: query.code } : {}) } });
    } else if (query.code) {
      exchangeCode(query.code).then(
        (token) => session.send({ type: 'token.received', token }),
        (error: unknown) => {
          reportError(error, 'login: exchange code');
          setLinkProblem(true);
        },
      );
    }
  }, [login, session, query]);

  // Signed in (here, or already): on to the post-login route, leaving the query out of the history.
  useEffect(() => {
    if (signedIn) void router.navigate({ href: localizedPath(locale, POST_LOGIN_ROUTE), replace: true });
  }, [signedIn, router, locale]);

  return (
    <section className="account-page" aria-labelledby={titleId}>
      <PageTitle title={t`Sign in`} />
      {linkProblem ? (
        <p className="form-error" role="alert">
          {t`This sign-in link is no longer valid. Please sign in again.`}
        </p>
      ) : null}
      <LoginPanel locale={locale} headingLevel={1} titleId={titleId} />
    </section>
  );
}

/** In the sign-in popup: hands the provider's answer to the page that opened it. */
function PopupCallbackPage() {
  const { t } = useLingui();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const completing = isSignInPopup() ? completePopupSignIn(window.location.href) : Promise.reject(new Error('The sign-in answer did not arrive in the sign-in popup'));
    completing.catch((error: unknown) => {
      reportError(error, 'login: popup callback');
      setFailed(true);
    });
  }, []);
  return (
    <section className="account-page" aria-busy={!failed}>
      <PageTitle title={t`Sign in`} />
      <h1>{t`Sign in`}</h1>
      <p role="status">{failed ? t`The sign-in could not be completed here. Close this window and try again.` : t`Completing the sign-in…`}</p>
    </section>
  );
}

/** From the password-reset mail: choose a new password (password-update), then /account/password-updated. */
function NewPasswordPage({ locale, email, resetToken }: { locale: Locale; email: string; resetToken: string }) {
  const { t } = useLingui();
  const router = useRouter();
  const minLength = AUTH_LIMITS.passwordMinLength;
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const session = SessionActorContext.useActorRef();
  const mutation = useMutation({
    mutationFn: async (password: string) => {
      const { exchangeCode: code } = await updatePassword({ email, token: resetToken, password, password_confirmation: password });
      // The BFF signed every session out and hands a code for a new one: the member stays signed in.
      if (code) {
        await exchangeCode(code).then(
          (token) => session.send({ type: 'token.received', token }),
          (error: unknown) => reportError(error, 'login: exchange code after password update'),
        );
      }
    },
    onSuccess: () => void router.navigate({ href: localizedPath(locale, ROUTES.account.passwordUpdated), replace: true }),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    const confirmation = String(data.get('confirmation') ?? '');
    const found: typeof errors = {};
    if (password.length < minLength) found.password = t`Use at least ${minLength} characters.`;
    else if (password !== confirmation) found.confirmation = t`The passwords do not match.`;
    setErrors(found);
    if (!found.password && !found.confirmation) mutation.mutate(password);
  };
  // The login page without the reset link's query, in password-reset mode.
  const { open } = useLoginControl();
  const askForNewLink = () => {
    open('passwordReset');
    void router.navigate({ href: localizedPath(locale, ROUTES.account.login), replace: true });
  };
  const status = statusOf(mutation.error);
  const linkExpired = mutation.isError && (status === 401 || status === 404 || status === 410 || (mutation.error instanceof InvalidInputError && mutation.error.fields.includes('token')));
  return (
    <section className="account-page" aria-labelledby="new-password-title">
      <PageTitle title={t`Choose a new password`} />
      <h1 id="new-password-title">{t`Choose a new password`}</h1>
      <p>{t`For the account ${email}.`}</p>
      {mutation.isError ? (
        <div className="form-error" role="alert">
          <p>{linkExpired ? t`This link has expired or was already used. Ask for a new one.` : t`Your new password could not be saved. Please try again.`}</p>
          {linkExpired ? (
            <p>
              <button type="button" className="button" onClick={askForNewLink}>
                {t`Ask for a new link`}
              </button>
            </p>
          ) : null}
        </div>
      ) : null}
      <form className="account-form" noValidate onSubmit={submit} aria-busy={mutation.isPending}>
        <NewPasswordField label={t`New password`} error={errors.password} />
        <Field label={t`Repeat the new password`} name="confirmation" type="password" autoComplete="new-password" required error={errors.confirmation} />
        <button type="submit" className="button button--primary account-form__submit" disabled={mutation.isPending} aria-busy={mutation.isPending}>
          {mutation.isPending ? t`Saving…` : t`Save the new password`}
        </button>
      </form>
    </section>
  );
}
