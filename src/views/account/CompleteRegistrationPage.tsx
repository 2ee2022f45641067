import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Locale } from '../../contract/locales';
import { selectIsRestoring, selectIsSignedIn, selectProfile } from '../../machines/session/session.selectors';
import { refusedFieldsOf, useCompleteProfile } from '../../services/account/registration-queries';
import type { CompleteProfileBody } from '../../services/account/registration-queries';
import { PageTitle } from '../shell/PageTitle';
import { SessionActorContext, useAuthAccess } from '../shell/session-context';
import { SignInButton } from './sign-in/SignInButton';
import { Field, formText, isSalutation, SalutationField } from '../ui/fields';

type FieldName = 'firstName' | 'lastName' | 'birthday' | 'address' | 'countryCode';

/** A signed-in member completes their profile: name, birthday and address (complete-profile). */
export function CompleteRegistrationPage({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const session = SessionActorContext.useActorRef();
  const signedIn = SessionActorContext.useSelector(selectIsSignedIn);
  const restoring = SessionActorContext.useSelector(selectIsRestoring);
  const profile = SessionActorContext.useSelector(selectProfile);
  const access = useAuthAccess();
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const messages: Record<FieldName, string> = {
    firstName: t`Enter your first name.`,
    lastName: t`Enter your last name.`,
    birthday: t`Enter a valid date.`,
    address: t`Fill in the whole address, or leave it empty.`,
    countryCode: t`Use the two-letter country code, for example DE.`,
  };

  const mutation = useCompleteProfile(access, {
    // The header and the account pages show the new details.
    onSuccess: () => session.send({ type: 'member.reload' }),
    onError: (error) => {
      const refused = refusedFieldsOf(error);
      if (refused) {
        const fields = refused.map((path) => (path.startsWith('address') ? (path.endsWith('countryCode') ? 'countryCode' : 'address') : path));
        const known = fields.filter((name): name is FieldName => name in messages);
        setErrors(Object.fromEntries(known.map((name) => [name, messages[name]])));
      }
    },
  });

  if (restoring) {
    return (
      <section className="account-page" aria-busy="true">
        <PageTitle title={t`Complete your profile`} />
        <h1>{t`Complete your profile`}</h1>
        <p role="status">{t`Loading your membership…`}</p>
      </section>
    );
  }

  if (!signedIn) {
    return (
      <section className="account-page" aria-labelledby="complete-title">
        <PageTitle title={t`Complete your profile`} />
        <h1 id="complete-title">{t`Complete your profile`}</h1>
        <p>{t`Sign in to complete your profile.`}</p>
        <p className="account-page__actions">
          <SignInButton>{t`Sign in`}</SignInButton>
        </p>
      </section>
    );
  }

  if (mutation.isSuccess) {
    return (
      <section className="account-page" aria-labelledby="complete-title">
        <PageTitle title={t`Complete your profile`} />
        <h1 id="complete-title">{t`Thank you`}</h1>
        <p role="status">{t`Your profile is complete.`}</p>
        <p className="account-page__actions">
          <Link className="button button--primary" to="/$locale/find-a-hotel" params={{ locale }}>
            {t`Find a hotel`}
          </Link>
        </p>
      </section>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const address = { street: formText(data, 'street'), postalCode: formText(data, 'postalCode'), city: formText(data, 'city'), countryCode: formText(data, 'countryCode').toUpperCase() };
    const anyAddress = Object.values(address).some(Boolean);
    const fullAddress = Object.values(address).every(Boolean);
    const body: CompleteProfileBody = { firstName: formText(data, 'firstName'), lastName: formText(data, 'lastName') };
    const salutation = formText(data, 'salutation');
    if (isSalutation(salutation)) body.salutation = salutation;
    const birthday = formText(data, 'birthday');
    if (birthday) body.birthday = birthday;
    if (fullAddress) body.address = address;
    const found: Partial<Record<FieldName, string>> = {};
    if (!body.firstName) found.firstName = messages.firstName;
    if (!body.lastName) found.lastName = messages.lastName;
    if (birthday && !/^\d{4}-\d{2}-\d{2}$/.test(birthday)) found.birthday = messages.birthday;
    if (anyAddress && !fullAddress) found.address = messages.address;
    if (address.countryCode && !/^[A-Z]{2}$/.test(address.countryCode)) found.countryCode = messages.countryCode;
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate(body);
  };

  return (
    <section className="account-page" aria-labelledby="complete-title">
      <PageTitle title={t`Complete your profile`} />
      <h1 id="complete-title">{t`Complete your profile`}</h1>
      <p>{t`A few more details and your membership is complete.`}</p>
      {mutation.isError ? (
        <p className="form-error" role="alert">
          {refusedFieldsOf(mutation.error) ? t`Please check the highlighted fields.` : t`Your details could not be saved. Please try again.`}
        </p>
      ) : null}
      {/* Filled in from the profile, which may arrive after the page: a new profile renders a new form. */}
      <form key={profile?.Guid ?? 'loading'} className="account-form" noValidate onSubmit={submit} aria-busy={mutation.isPending}>
        <SalutationField defaultValue={profile?.salutation ?? null} />
        <Field label={t`First name`} name="firstName" autoComplete="given-name" required defaultValue={profile?.firstName ?? ''} error={errors.firstName} />
        <Field label={t`Last name`} name="lastName" autoComplete="family-name" required defaultValue={profile?.lastName ?? ''} error={errors.lastName} />
        <Field label={t`Birthday`} name="birthday" type="date" autoComplete="bday" defaultValue={profile?.birthday ?? ''} error={errors.birthday} />
        <fieldset>
          <legend>{t`Address`}</legend>
          {errors.address ? <p className="form-field__error">{errors.address}</p> : null}
          <Field label={t`Street and number`} name="street" autoComplete="street-address" defaultValue={profile?.address?.street ?? ''} />
          <Field label={t`Postal code`} name="postalCode" autoComplete="postal-code" defaultValue={profile?.address?.postalCode ?? ''} />
          <Field label={t`City`} name="city" autoComplete="address-level2" defaultValue={profile?.address?.city ?? ''} />
          <Field
            label={t`Country code`}
            name="countryCode"
            autoComplete="country"
            maxLength={2}
            hint={t`Two letters, for example DE.`}
            defaultValue={profile?.address?.countryCode ?? ''}
            error={errors.countryCode}
          />
        </fieldset>
        <button type="submit" className="button button--primary account-form__submit" disabled={mutation.isPending} aria-busy={mutation.isPending}>
          {mutation.isPending ? t`Saving…` : t`Save`}
        </button>
      </form>
    </section>
  );
}
