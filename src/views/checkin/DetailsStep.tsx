import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { RegistrationField } from '../../contract/checkin';
import type { Locale } from '../../contract/locales';
import { COUNTRY_CODES } from '../../contract/member-profile';
import { selectDraft, selectFieldErrors, selectFields, selectIsBusy, selectNotice, selectRefusals } from '../../machines/checkin/checkin.selectors';
import type { RegistrationProblem } from '../../machines/checkin/checkin.types';
import { Field } from '../ui/fields';
import { CheckinActorContext } from './checkin-context';
import type { HeadingRef } from './checkin-context';

/** The id of a field's input, for the error summary's links and for moving the focus. */
const inputId = (field: RegistrationField) => `checkin-${field.replace(/_/g, '-')}`;

/** Countries by their name in the page's language, sorted as that language sorts. */
function useCountries(locale: Locale): { code: string; name: string }[] {
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    const collator = new Intl.Collator(locale);
    return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
  }, [locale]);
}

/**
 * Step 1, the registration form: the fields the hotel's country requires (for Germany name, date of
 * birth, nationality and home address, and a travel document for foreign guests), the arrival time and
 * whether the stay is for business (with the company) or leisure. Problems are named at their fields and
 * in a summary that takes the focus; everything typed stays, also after the BFF refused a field.
 */
export function DetailsStep({ locale, headingRef }: { locale: Locale; headingRef: HeadingRef }) {
  const { t } = useLingui();
  const actor = CheckinActorContext.useActorRef();
  const draft = CheckinActorContext.useSelector(selectDraft);
  const fields = CheckinActorContext.useSelector(selectFields, (a, b) => a.join() === b.join());
  const errors = CheckinActorContext.useSelector(selectFieldErrors);
  const refusals = CheckinActorContext.useSelector(selectRefusals);
  const notice = CheckinActorContext.useSelector(selectNotice);
  const busy = CheckinActorContext.useSelector(selectIsBusy);
  const countries = useCountries(locale);
  const summaryRef = useRef<HTMLDivElement>(null);
  // DOM work: each refusal (the form's or the BFF's) takes the focus to the summary of what to fix.
  useEffect(() => {
    if (refusals > 0) summaryRef.current?.focus();
  }, [refusals]);

  const labels: Record<RegistrationField, string> = {
    first_name: t`First name`,
    last_name: t`Last name`,
    date_of_birth: t`Date of birth`,
    nationality: t`Nationality`,
    street: t`Street and house number`,
    postal_code: t`Postal code`,
    city: t`City`,
    country: t`Country of residence`,
    document_number: t`Passport or identity card number`,
    arrival_time: t`Expected arrival time`,
    purpose: t`Purpose of your stay`,
    company_name: t`Company`,
  };
  const required: Record<RegistrationField, string> = {
    first_name: t`Enter your first name.`,
    last_name: t`Enter your last name.`,
    date_of_birth: t`Enter your date of birth.`,
    nationality: t`Choose your nationality.`,
    street: t`Enter your street and house number.`,
    postal_code: t`Enter your postal code.`,
    city: t`Enter your city.`,
    country: t`Choose the country you live in.`,
    document_number: t`Enter the number of your passport or identity card.`,
    arrival_time: t`Enter the time you expect to arrive.`,
    purpose: t`Choose whether you travel for business or leisure.`,
    company_name: t`Enter the company you travel for.`,
  };
  const messageOf = (field: RegistrationField, problem: RegistrationProblem): string => {
    if (problem === 'future') return t`The date of birth cannot be in the future.`;
    if (problem === 'tooYoung') return t`The guest who checks in must be at least 18 years old.`;
    if (problem === 'required') return required[field];
    switch (field) {
      case 'document_number':
        return t`Enter the number as printed in your passport or identity card: 5 to 20 letters and digits.`;
      case 'date_of_birth':
        return t`Enter a valid date of birth.`;
      case 'arrival_time':
        return t`Enter a time such as 15:30.`;
      case 'nationality':
      case 'country':
        return t`Choose a country from the list.`;
      default:
        return t`Please check this entry.`;
    }
  };
  const errorOf = (field: RegistrationField) => {
    const problem = errors[field];
    return problem ? messageOf(field, problem) : undefined;
  };
  const change = (field: RegistrationField) => (event: { target: { value: string } }) => actor.send({ type: 'details.changed', field, value: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'details.submit' });
  };
  const problems = fields.filter((field) => errors[field]);
  const text = (field: RegistrationField, props: { autoComplete?: string; type?: string; hint?: string; dir?: 'ltr' } = {}) => (
    <Field key={field} id={inputId(field)} label={labels[field]} name={field} required value={draft[field]} onChange={change(field)} error={errorOf(field)} {...props} />
  );
  const countrySelect = (field: 'nationality' | 'country', autoComplete?: string) => (
    <SelectField key={field} field={field} label={labels[field]} error={errorOf(field)}>
      <select
        id={inputId(field)}
        name={field}
        required
        value={draft[field]}
        onChange={change(field)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${inputId(field)}-error` : undefined}
        {...(autoComplete ? { autoComplete } : {})}
      >
        <option value="">{t`Choose a country`}</option>
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
    </SelectField>
  );
  const render = (field: RegistrationField): ReactNode => {
    switch (field) {
      case 'first_name':
        return text(field, { autoComplete: 'given-name' });
      case 'last_name':
        return text(field, { autoComplete: 'family-name' });
      case 'date_of_birth':
        return text(field, { autoComplete: 'bday', type: 'date', dir: 'ltr' });
      case 'nationality':
        return countrySelect('nationality');
      case 'street':
        return text(field, { autoComplete: 'street-address' });
      case 'postal_code':
        return text(field, { autoComplete: 'postal-code', dir: 'ltr' });
      case 'city':
        return text(field, { autoComplete: 'address-level2' });
      case 'country':
        return countrySelect('country', 'country');
      case 'document_number':
        return text(field, { autoComplete: 'off', dir: 'ltr', hint: t`Guests from abroad give the number of the passport or identity card they travel with, as the law of the hotel’s country asks.` });
      case 'arrival_time':
        return text(field, { type: 'time', dir: 'ltr' });
      case 'purpose':
        return (
          <fieldset key={field} className="checkin-fieldset" aria-describedby={errors.purpose ? `${inputId('purpose')}-error` : undefined}>
            <legend>{labels.purpose}</legend>
            {(['leisure', 'business'] as const).map((purpose) => (
              <p key={purpose} className="form-check">
                <input
                  id={purpose === 'leisure' ? inputId('purpose') : `${inputId('purpose')}-${purpose}`}
                  type="radio"
                  name="purpose"
                  value={purpose}
                  checked={draft.purpose === purpose}
                  onChange={change('purpose')}
                  aria-invalid={errors.purpose ? true : undefined}
                />
                <label htmlFor={purpose === 'leisure' ? inputId('purpose') : `${inputId('purpose')}-${purpose}`}>{purpose === 'leisure' ? t`Leisure` : t`Business`}</label>
              </p>
            ))}
            {errors.purpose ? (
              <p id={`${inputId('purpose')}-error`} className="form-field__error">
                {errorOf('purpose')}
              </p>
            ) : null}
          </fieldset>
        );
      case 'company_name':
        return text(field, { autoComplete: 'organization' });
    }
  };
  return (
    <>
      <h2 ref={headingRef} tabIndex={-1}>
        {t`Your registration`}
      </h2>
      <p>{t`The hotel needs these details by law before it hands over your key. We pass them on to the hotel only.`}</p>
      {problems.length > 0 ? (
        <div ref={summaryRef} className="notice checkin-form__summary" role="alert" tabIndex={-1}>
          <p>{t`Please check these details:`}</p>
          <ul>
            {problems.map((field) => (
              <li key={field}>
                <a href={`#${inputId(field)}`}>{labels[field]}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {notice ? (
        <div className="notice" role="alert">
          <p>{notice === 'unavailable' ? t`The hotel’s system is not answering just now. Your details are still here: please try again in a moment.` : t`Your details could not be saved. They are still here: please try again.`}</p>
        </div>
      ) : null}
      <form className="checkin-form" onSubmit={submit} noValidate aria-busy={busy}>
        <fieldset className="checkin-fieldset" disabled={busy}>
          <legend className="visually-hidden">{t`Your registration`}</legend>
          {fields.map(render)}
        </fieldset>
        <p>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t`Saving your details…` : t`Continue to the payment guarantee`}
          </button>
        </p>
      </form>
    </>
  );
}

/** A labelled select with its error, as Field does for inputs. */
function SelectField({ field, label, error, children }: { field: RegistrationField; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <p className="form-field">
      <label htmlFor={inputId(field)}>{label}</label>
      {children}
      {error ? (
        <span id={`${inputId(field)}-error`} className="form-field__error">
          {error}
        </span>
      ) : null}
    </p>
  );
}
