import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { shallowEqual } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { AUTH_LIMITS } from '../../contract/auth';
import type { Locale } from '../../contract/locales';
import { selectIsActivating, selectPage, selectPasswordQuestion } from '../../machines/activation/activation.selectors';
import { PageTitle } from '../shell/PageTitle';
import { SignInButton } from './sign-in/SignInButton';
import { Field } from '../ui/fields';
import { ActivationActorContext } from './activation-context';
import { ActivationProvider } from './ActivationProvider';

/**
 * The activation link (/account/activate?token=...): activates the membership once and shows its outcome
 * (spec section 4): activated (signed in, on to /account/activated), code not found or not active,
 * already activated, or active but the profile or points could not be fetched; each with a way forward.
 * The activation machine (machines/activation) runs the flow; this page shows where it is.
 */
export function ActivatePage({ locale, token }: { locale: Locale; token?: string | undefined }) {
  return (
    // A new link is a new activation.
    <ActivationProvider key={token ?? ''} locale={locale} token={token ?? null}>
      <Activation locale={locale} />
    </ActivationProvider>
  );
}

function Activation({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const actor = ActivationActorContext.useActorRef();
  const page = ActivationActorContext.useSelector(selectPage);
  const busy = ActivationActorContext.useSelector(selectIsActivating);
  let heading: string;
  let body: ReactNode;
  if (page === 'linkBroken') {
    heading = t`This activation link does not work`;
    body = (
      <>
        <p>{t`The link may be incomplete, expired or already used. If you registered a while ago, register again to get a new link.`}</p>
        <p className="account-page__actions">
          <Link className="button button--primary" to="/$locale/account/registration" params={{ locale }}>
            {t`Register again`}
          </Link>
          <SignInButton className="button">{t`Sign in`}</SignInButton>
        </p>
      </>
    );
  } else if (page === 'alreadyActive') {
    heading = t`Your membership is already active`;
    body = (
      <>
        <p>{t`You can sign in with your email address.`}</p>
        <p className="account-page__actions">
          <SignInButton>{t`Sign in`}</SignInButton>
        </p>
      </>
    );
  } else if (page === 'profileUnavailable') {
    heading = t`Your membership is active`;
    body = (
      <>
        <p>{t`We could not load your profile and points just now. Please sign in to continue.`}</p>
        <p className="account-page__actions">
          <SignInButton>{t`Sign in`}</SignInButton>
        </p>
      </>
    );
  } else if (page === 'passwordQuestion') {
    heading = t`Confirm your password`;
    body = <p>{t`This link activates a membership registered with a password. Enter the password you chose when you registered.`}</p>;
  } else if (page === 'failed') {
    heading = t`We could not activate your membership`;
    body = (
      <>
        <p role="alert">{t`Something went wrong. Please try again.`}</p>
        <p className="account-page__actions">
          <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'activation.retry' })}>
            {t`Try again`}
          </button>
        </p>
      </>
    );
  } else {
    heading = t`Activating your membership…`;
    body = null;
  }

  return (
    <section className="account-page" aria-labelledby="activate-title" aria-busy={busy}>
      <PageTitle title={t`Activate your membership`} />
      <h1 id="activate-title">{heading}</h1>
      <div role="status">{body}</div>
      {page === 'passwordQuestion' ? <PasswordQuestion /> : null}
    </section>
  );
}

/**
 * The password question: the password chosen at registration (typed again), or activating without it
 * for whoever did not register (or forgot it). Outside the status region, so the form is not re-read
 * on every change; the heading and the first field say what is asked.
 */
function PasswordQuestion() {
  const { t } = useLingui();
  const actor = ActivationActorContext.useActorRef();
  const { confirming, typed, emptyPassword, failure: problem, wrongPasswords } = ActivationActorContext.useSelector(selectPasswordQuestion, shallowEqual);
  const form = useRef<HTMLFormElement>(null);
  const focusPassword = () => (form.current?.elements.namedItem('password') as HTMLInputElement | null)?.focus();
  const withoutId = useId();
  const wrongPassword = problem === 'wrongPassword';
  const failure =
    problem === 'tooManyAttempts'
      ? t`Too many wrong passwords. Please wait a few minutes, or activate without that password.`
      : problem === 'failed'
        ? t`Something went wrong. Please try again.`
        : null;

  // DOM work: after each wrong password the field gets the focus again, with its error read out.
  useEffect(() => {
    if (wrongPasswords > 0) focusPassword();
  }, [wrongPasswords]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    // DOM work: an empty field keeps the focus (the machine marks it empty).
    if (!password) focusPassword();
    actor.send({ type: 'password.submit', password });
  };

  return (
    <>
      {failure ? (
        <div className="form-error" role="alert">
          <p>{failure}</p>
        </div>
      ) : null}
      <form ref={form} className="account-form" noValidate onSubmit={submit} aria-busy={confirming && typed}>
        <Field
          label={t`The password you chose when you registered`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={AUTH_LIMITS.passwordMaxLength}
          error={
            emptyPassword
              ? t`Enter your password.`
              : wrongPassword && !confirming
                ? t`This is not the password chosen at registration. Try again, or activate without it.`
                : undefined
          }
        />
        <button type="submit" className="button button--primary account-form__submit" disabled={confirming} aria-busy={confirming && typed}>
          {confirming && typed ? t`Activating…` : t`Activate with this password`}
        </button>
      </form>
      <h2 id={withoutId}>{t`You did not register, or forgot that password?`}</h2>
      <p>{t`Activate without it: you are signed in at once and can set a password later with “Forgot your password?”. A password someone else chose for this email will not work.`}</p>
      <p className="account-page__actions">
        <button
          type="button"
          className="button"
          aria-describedby={withoutId}
          disabled={confirming}
          aria-busy={confirming && !typed}
          onClick={() => actor.send({ type: 'password.skip' })}
        >
          {confirming && !typed ? t`Activating…` : t`Activate without that password`}
        </button>
      </p>
    </>
  );
}
