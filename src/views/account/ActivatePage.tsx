import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { AUTH_LIMITS } from '../../contract/auth';
import type { ActivateRequest } from '../../contract/auth';
import type { Locale } from '../../contract/locales';
import { activate } from '../../services/auth/api';
import { InvalidInputError, statusOf } from '../../services/auth/errors';
import { forgetRegistrationProof, registrationProofs } from '../../services/auth/registration-proofs';
import { localizedPath, ROUTES } from '../../services/navigation/paths';
import { PageTitle } from '../shell/PageTitle';
import { SessionActorContext } from '../shell/session-context';
import { SignInButton } from '../shell/SignInButton';
import { SiteLink } from '../shell/SiteLink';
import { Field } from '../ui/fields';

type Answer = Awaited<ReturnType<typeof activate>>;

/**
 * The activation link (/account/activate?token=...): activates the membership once and shows its outcome
 * (spec section 4): activated (signed in, on to /account/activated), code not found or not active,
 * already activated, or active but the profile or points could not be fetched; each with a way forward.
 *
 * The link proves the mailbox, not who chose the password given at registration. In the browser that
 * registered, the kept registration proof sets that password. Anyone else is asked for it, or activates
 * without it (and can set a password later with the reset link).
 */
export function ActivatePage({ locale, token }: { locale: Locale; token?: string | undefined }) {
  const { t } = useLingui();
  const session = SessionActorContext.useActorRef();
  const router = useRouter();
  const finish = (answer: Answer) => {
    if (answer.outcome !== 'activated') return;
    if (answer.registration_proof) forgetRegistrationProof(answer.registration_proof);
    if (answer.token) session.send({ type: 'token.received', token: answer.token });
    void router.navigate({ href: localizedPath(locale, ROUTES.account.activated), replace: true });
  };
  const mutation = useMutation({ mutationFn: (body: ActivateRequest) => activate(body), onSuccess: finish });
  // The answer to the password question (the password typed again, or activating without it).
  const confirmation = useMutation({ mutationFn: (body: ActivateRequest) => activate(body), onSuccess: finish });
  const { mutate } = mutation;

  // An activation code works once: it is sent once, in the browser (never while the server renders).
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    const proofs = registrationProofs();
    mutate(proofs.length > 0 ? { token, registration_proofs: proofs } : { token });
  }, [mutate, token]);

  const registration = localizedPath(locale, ROUTES.account.registration);
  let heading: string;
  let body: ReactNode;
  const outcome = confirmation.data?.outcome ?? mutation.data?.outcome;
  if (!token || outcome === 'code_not_found') {
    heading = t`This activation link does not work`;
    body = (
      <>
        <p>{t`The link may be incomplete, expired or already used. If you registered a while ago, register again to get a new link.`}</p>
        <p className="account-page__actions">
          <SiteLink className="button button--primary" href={registration}>
            {t`Register again`}
          </SiteLink>
          <SignInButton className="button">{t`Sign in`}</SignInButton>
        </p>
      </>
    );
  } else if (outcome === 'already_activated') {
    heading = t`Your membership is already active`;
    body = (
      <>
        <p>{t`You can sign in with your email address.`}</p>
        <p className="account-page__actions">
          <SignInButton>{t`Sign in`}</SignInButton>
        </p>
      </>
    );
  } else if (outcome === 'profile_fetch_error') {
    heading = t`Your membership is active`;
    body = (
      <>
        <p>{t`We could not load your profile and points just now. Please sign in to continue.`}</p>
        <p className="account-page__actions">
          <SignInButton>{t`Sign in`}</SignInButton>
        </p>
      </>
    );
  } else if (outcome === 'password_confirmation_needed') {
    heading = t`Confirm your password`;
    body = <p>{t`This link activates a membership registered with a password. Enter the password you chose when you registered.`}</p>;
  } else if (mutation.isError) {
    heading = t`We could not activate your membership`;
    body = (
      <>
        <p role="alert">{t`Something went wrong. Please try again.`}</p>
        <p className="account-page__actions">
          <button type="button" className="button button--primary" onClick={() => mutate({ token, registration_proofs: registrationProofs() })}>
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
    <section className="account-page" aria-labelledby="activate-title" aria-busy={Boolean(token) && (mutation.isPending || mutation.isIdle)}>
      <PageTitle title={t`Activate your membership`} />
      <h1 id="activate-title">{heading}</h1>
      <div role="status">{body}</div>
      {token && outcome === 'password_confirmation_needed' ? <PasswordQuestion token={token} confirmation={confirmation} /> : null}
    </section>
  );
}

/**
 * The password question: the password chosen at registration (typed again), or activating without it
 * for whoever did not register (or forgot it). Outside the status region, so the form is not re-read
 * on every change; the heading and the first field say what is asked.
 */
function PasswordQuestion({
  token,
  confirmation,
}: {
  token: string;
  confirmation: { mutate: (body: ActivateRequest) => void; isPending: boolean; error: Error | null; variables: ActivateRequest | undefined };
}) {
  const { t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const focusPassword = () => (form.current?.elements.namedItem('password') as HTMLInputElement | null)?.focus();
  const withoutId = useId();
  const [empty, setEmpty] = useState(false);
  const { error, isPending, variables } = confirmation;
  const typed = variables?.password !== undefined;
  const wrongPassword = typed && error instanceof InvalidInputError && error.fields.includes('password');
  const failure = !error || wrongPassword
    ? null
    : statusOf(error) === 429
      ? t`Too many wrong passwords. Please wait a few minutes, or activate without that password.`
      : t`Something went wrong. Please try again.`;

  // A wrong password: the field gets the focus again, with its error read out.
  useEffect(() => {
    if (wrongPassword) focusPassword();
  }, [wrongPassword, error]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setEmpty(!password);
    if (!password) {
      focusPassword();
      return;
    }
    confirmation.mutate({ token, password });
  };

  return (
    <>
      {failure ? (
        <div className="form-error" role="alert">
          <p>{failure}</p>
        </div>
      ) : null}
      <form ref={form} className="account-form" noValidate onSubmit={submit} aria-busy={isPending && typed}>
        <Field
          label={t`The password you chose when you registered`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={AUTH_LIMITS.passwordMaxLength}
          error={
            empty
              ? t`Enter your password.`
              : wrongPassword && !isPending
                ? t`This is not the password chosen at registration. Try again, or activate without it.`
                : undefined
          }
        />
        <button type="submit" className="button button--primary account-form__submit" disabled={isPending} aria-busy={isPending && typed}>
          {isPending && typed ? t`Activating…` : t`Activate with this password`}
        </button>
      </form>
      <h2 id={withoutId}>{t`You did not register, or forgot that password?`}</h2>
      <p>{t`Activate without it: you are signed in at once and can set a password later with “Forgot your password?”. A password someone else chose for this email will not work.`}</p>
      <p className="account-page__actions">
        <button
          type="button"
          className="button"
          aria-describedby={withoutId}
          disabled={isPending}
          aria-busy={isPending && !typed}
          onClick={() => confirmation.mutate({ token, without_password: true })}
        >
          {isPending && !typed ? t`Activating…` : t`Activate without that password`}
        </button>
      </p>
    </>
  );
}
