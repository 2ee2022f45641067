import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { AUTH_LIMITS } from '../../contract/auth';
import type { Locale } from '../../contract/locales';
import {
  selectLinkProblem,
  selectPageKind,
  selectPasswordFailure,
  selectPopupFailed,
  selectSavingPassword,
} from '../../machines/login-page/login-page.selectors';
import type { LoginPageQuery } from '../../machines/login-page/login-page.types';
import { LoginPanel } from './sign-in/LoginPanel';
import { PageTitle } from '../shell/PageTitle';
import { useLoginControl } from '../shell/session-context';
import { Field, NewPasswordField } from '../ui/fields';
import { LoginPageActorContext } from './login-page-context';
import { LoginPageProvider } from './LoginPageProvider';

/** The login page's query (spec section 2), as the route validated it. */
export type LoginQuery = LoginPageQuery;

/**
 * /account/login: the dialog's content as a page, and the place sign-ins that left the site come back to.
 * The page's machine (machines/login-page) reads the query once and decides: a new password (the reset
 * mail), the provider's answer in the sign-in popup, or the sign-in, after using a session token, Google's
 * or Apple's result, or an exchange code from the query. Once the member is signed in, the page leads to
 * POST_LOGIN_ROUTE (the home page until the account overview exists); a sign-in in the dialog elsewhere
 * keeps the visitor on their page.
 */
export function LoginPage({ locale, query }: { locale: Locale; query: LoginQuery }) {
  // Another query (the reset page's way back to the sign-in, say) is another page: a new machine reads it.
  return (
    <LoginPageProvider key={JSON.stringify(query)} locale={locale} query={query}>
      <LoginPageContent locale={locale} email={query.email ?? ''} />
    </LoginPageProvider>
  );
}

function LoginPageContent({ locale, email }: { locale: Locale; email: string }) {
  const kind = LoginPageActorContext.useSelector(selectPageKind);
  if (kind === 'newPassword') return <NewPasswordPage email={email} />;
  if (kind === 'popupCallback') return <PopupCallbackPage />;
  return <SignInPage locale={locale} />;
}

/** The sign-in machine loads on demand (the app loads it when the page asks): the page says so while it does. */
function SignInPage({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const { actor } = useLoginControl();
  if (actor) return <SignInForm locale={locale} />;
  return (
    <section className="account-page" aria-busy="true">
      <PageTitle title={t`Sign in`} />
      <h1>{t`Sign in`}</h1>
      <p role="status">{t`Loading…`}</p>
    </section>
  );
}

function SignInForm({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const titleId = useId();
  const linkProblem = LoginPageActorContext.useSelector(selectLinkProblem);
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

/** In the sign-in popup: the provider's answer goes to the page that opened it. */
function PopupCallbackPage() {
  const { t } = useLingui();
  const failed = LoginPageActorContext.useSelector(selectPopupFailed);
  return (
    <section className="account-page" aria-busy={!failed}>
      <PageTitle title={t`Sign in`} />
      <h1>{t`Sign in`}</h1>
      <p role="status">{failed ? t`The sign-in could not be completed here. Close this window and try again.` : t`Completing the sign-in…`}</p>
    </section>
  );
}

/** From the password-reset mail: choose a new password (password-update), then /account/password-updated. */
function NewPasswordPage({ email }: { email: string }) {
  const { t } = useLingui();
  const page = LoginPageActorContext.useActorRef();
  const saving = LoginPageActorContext.useSelector(selectSavingPassword);
  const failure = LoginPageActorContext.useSelector(selectPasswordFailure);
  const minLength = AUTH_LIMITS.passwordMinLength;
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    const confirmation = String(data.get('confirmation') ?? '');
    const found: typeof errors = {};
    if (password.length < minLength) found.password = t`Use at least ${minLength} characters.`;
    else if (password !== confirmation) found.confirmation = t`The passwords do not match.`;
    setErrors(found);
    if (!found.password && !found.confirmation) page.send({ type: 'password.save', password });
  };
  const linkExpired = failure === 'linkExpired';
  return (
    <section className="account-page" aria-labelledby="new-password-title">
      <PageTitle title={t`Choose a new password`} />
      <h1 id="new-password-title">{t`Choose a new password`}</h1>
      <p>{t`For the account ${email}.`}</p>
      {failure ? (
        <div className="form-error" role="alert">
          <p>{linkExpired ? t`This link has expired or was already used. Ask for a new one.` : t`Your new password could not be saved. Please try again.`}</p>
          {linkExpired ? (
            <p>
              <button type="button" className="button" onClick={() => page.send({ type: 'resetLink.request' })}>
                {t`Ask for a new link`}
              </button>
            </p>
          ) : null}
        </div>
      ) : null}
      <form className="account-form" noValidate onSubmit={submit} aria-busy={saving}>
        <NewPasswordField label={t`New password`} error={errors.password} />
        <Field label={t`Repeat the new password`} name="confirmation" type="password" autoComplete="new-password" required error={errors.confirmation} />
        <button type="submit" className="button button--primary account-form__submit" disabled={saving} aria-busy={saving}>
          {saving ? t`Saving…` : t`Save the new password`}
        </button>
      </form>
    </section>
  );
}
