import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { AUTH_LIMITS } from '../../contract/auth';
import type { Locale } from '../../contract/locales';
import { refusedFieldsOf, registrationFailureOf, useRegistration } from '../../services/account/registration-queries';
import { PageTitle } from '../shell/PageTitle';
import { SessionActorContext } from '../shell/session-context';
import { SignInButton } from './sign-in/SignInButton';
import { CheckField, Field, NewPasswordField, formText, isSalutation, looksLikeEmail, SalutationField } from '../ui/fields';

type FieldName = 'firstName' | 'lastName' | 'email' | 'password' | 'acceptTerms';
type FieldErrors = Partial<Record<FieldName, string>>;

/**
 * Becoming a member: salutation, name, email, a password (not with a registration token, whose sign-in
 * already proved the email), the membership terms and the newsletter. Without a token the BFF mails an
 * activation link; with one the new member is signed in at once.
 */
export function RegistrationPage({ locale, registrationToken }: { locale: Locale; registrationToken?: string | undefined }) {
  const { t } = useLingui();
  const session = SessionActorContext.useActorRef();
  const router = useRouter();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [email, setEmail] = useState('');
  const minLength = AUTH_LIMITS.passwordMinLength;
  const messages: Record<FieldName, string> = {
    firstName: t`Enter your first name.`,
    lastName: t`Enter your last name.`,
    email: t`Enter a valid email address.`,
    password: t`Use at least ${minLength} characters.`,
    acceptTerms: t`Please accept the membership terms.`,
  };

  const mutation = useRegistration({
    onSuccess: (answer) => {
      // A registration with a registration token signs the member in at once.
      if (answer.token) {
        session.send({ type: 'token.received', token: answer.token });
        void router.navigate({ to: '/$locale/account/activated', params: { locale }, replace: true });
      }
    },
    onError: (error) => {
      // The fields the BFF refused get their messages.
      const fields = refusedFieldsOf(error);
      if (fields) {
        const known = fields.filter((name): name is FieldName => name in messages);
        setErrors(Object.fromEntries(known.map((name) => [name, messages[name]])));
      }
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = {
      firstName: formText(data, 'firstName'),
      lastName: formText(data, 'lastName'),
      email: formText(data, 'email'),
      password: String(data.get('password') ?? ''),
      acceptTerms: data.get('acceptTerms') === 'on',
      newsletter: data.get('newsletter') === 'on',
      salutation: formText(data, 'salutation'),
    };
    const found: FieldErrors = {};
    if (!body.firstName) found.firstName = messages.firstName;
    if (!body.lastName) found.lastName = messages.lastName;
    if (!looksLikeEmail(body.email)) found.email = messages.email;
    if (!registrationToken && body.password.length < minLength) found.password = messages.password;
    if (!body.acceptTerms) found.acceptTerms = messages.acceptTerms;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // Focus the first field that needs attention.
      const first = (['firstName', 'lastName', 'email', 'password', 'acceptTerms'] as const).find((name) => found[name]);
      (event.currentTarget.elements.namedItem(first ?? '') as HTMLElement | null)?.focus();
      return;
    }
    setEmail(body.email);
    mutation.mutate({
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      ...(isSalutation(body.salutation) ? { salutation: body.salutation } : {}),
      ...(registrationToken ? { registration_token: registrationToken } : { password: body.password }),
      locale,
      acceptTerms: true,
      newsletter: body.newsletter,
    });
  };

  if (mutation.isSuccess && !mutation.data.token) {
    return (
      <section className="account-page" aria-labelledby="registration-title">
        <PageTitle title={t`Become a member`} />
        {mutation.data.status === 'activation_sent' ? (
          <>
            <h1 id="registration-title">{t`Check your inbox`}</h1>
            <p role="status">{t`We sent an email to ${email}. Open the link in it to activate your membership.`}</p>
          </>
        ) : (
          <>
            <h1 id="registration-title">{t`Your account is ready`}</h1>
            <p role="status">{t`You can sign in now.`}</p>
            <p className="account-page__actions">
              <SignInButton mode="login">{t`Sign in`}</SignInButton>
            </p>
          </>
        )}
      </section>
    );
  }

  const refusal = mutation.isError ? registrationFailureOf(mutation.error) : null;
  const failure = refusal
    ? {
        accountExists: t`There is already an account with this email address. Please sign in instead.`,
        linkExpired: t`This registration link has expired. Please sign in again to continue.`,
        invalidFields: t`Please check the highlighted fields.`,
        failed: t`Your registration could not be sent. Please try again.`,
      }[refusal.reason]
    : null;

  return (
    <section className="account-page" aria-labelledby="registration-title">
      <PageTitle title={t`Become a member`} />
      <h1 id="registration-title">{registrationToken ? t`Finish your registration` : t`Become a member`}</h1>
      <p>{t`Members get the best prices, collect points and enjoy rewards.`}</p>
      {failure ? (
        <div className="form-error" role="alert">
          <p>{failure}</p>
          {refusal?.offerSignIn ? (
            <p>
              <SignInButton className="button">{t`Sign in`}</SignInButton>
            </p>
          ) : null}
        </div>
      ) : null}
      <form className="account-form" noValidate onSubmit={submit} aria-busy={mutation.isPending}>
        <SalutationField />
        <Field label={t`First name`} name="firstName" autoComplete="given-name" required error={errors.firstName} />
        <Field label={t`Last name`} name="lastName" autoComplete="family-name" required error={errors.lastName} />
        <Field label={t`Email address`} name="email" type="email" autoComplete="email" required error={errors.email} />
        {registrationToken ? null : (
          <NewPasswordField label={t`Password`} error={errors.password} />
        )}
        <CheckField name="acceptTerms" required label={t`I accept the membership terms and the privacy policy.`} error={errors.acceptTerms} />
        <CheckField name="newsletter" label={t`Send me offers and news by email. I can unsubscribe at any time.`} />
        <button type="submit" className="button button--primary account-form__submit" disabled={mutation.isPending} aria-busy={mutation.isPending}>
          {mutation.isPending ? t`Sending…` : t`Become a member`}
        </button>
      </form>
    </section>
  );
}
