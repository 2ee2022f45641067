import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { Locale } from '../../../../contract/locales';
import { countriesQuery, statesQuery } from '../../../../services/account/profile-queries';
import { useAuthAccess } from '../../../shell/session-context';
import { Field } from '../../../ui/fields';
import {
  type AddressField,
  type AddressProblems,
  type AddressValues,
  addressProblems,
  billingAddressProblems,
  type FieldProblem,
  firstProblem,
  refusedAddressFields,
} from './profile-rules';

export interface AddressFormProps {
  /** The member's own address, or a billing address (with company and VAT number). */
  kind: 'address' | 'billing';
  locale: Locale;
  defaults: AddressValues;
  saving: boolean;
  /** The fields the BFF refused with the last save (its 400's paths). */
  refused: readonly string[];
  /** Why the last save failed otherwise, worded; null when it did not. */
  failure: string | null;
  submitLabel: string;
  onSave(values: AddressValues): void;
  onCancel(): void;
}

const readValues = (data: FormData): AddressValues => {
  const text = (name: AddressField) => String(data.get(name) ?? '');
  return { street: text('street'), postalCode: text('postalCode'), city: text('city'), country: text('country'), state: text('state'), companyName: text('companyName'), vatId: text('vatId') };
};

/**
 * An address as a form: street, postal code, city, the country from the list in the page's language and,
 * where the country has states, the state from its list. Checked at the fields before it is sent; what
 * the BFF refuses is marked at the same fields; nothing typed is lost.
 */
export function AddressForm(props: AddressFormProps) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const idPrefix = useId();
  const form = useRef<HTMLFormElement>(null);
  const [country, setCountry] = useState(props.defaults.country);
  const [checked, setChecked] = useState<AddressProblems>({});
  const countries = useQuery(countriesQuery(access, props.locale));
  const chosen = countries.data?.find((entry) => entry.code === country) ?? null;
  const states = useQuery(statesQuery(access, chosen?.hasStates ? country : null));
  const problems: AddressProblems = { ...refusedAddressFields(props.refused), ...checked };
  const id = (field: AddressField) => `${idPrefix}-${field}`;

  const focus = (field: AddressField | undefined) => {
    if (field) form.current?.querySelector<HTMLElement>(`[id="${id(field)}"]`)?.focus();
  };
  // DOM work: the form's first field takes the focus when the form opens.
  useEffect(() => form.current?.querySelector<HTMLElement>('input, select')?.focus(), []);
  // DOM work: after a save the BFF refused, the first field it named takes the focus.
  useEffect(() => focus(firstProblem(refusedAddressFields(props.refused))), [props.refused]); // eslint-disable-line react-hooks/exhaustive-deps -- `focus` reads only refs

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (props.saving) return;
    const values = readValues(new FormData(event.currentTarget));
    const found = (props.kind === 'billing' ? billingAddressProblems : addressProblems)(values, chosen?.hasStates === true);
    setChecked(found);
    const first = firstProblem(found);
    // DOM work after the press: the first field to correct takes the focus.
    if (first) focus(first);
    else props.onSave(values);
  };

  const words = useProblemWords();
  const error = (field: AddressField) => {
    const problem = problems[field];
    return problem ? words(field, problem) : undefined;
  };
  const selectProps = (field: 'country' | 'state') => ({
    id: id(field),
    name: field,
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby': problems[field] ? `${id(field)}-error` : undefined,
  });

  return (
    <form ref={form} className="profile-address__form" noValidate onSubmit={submit} aria-busy={props.saving}>
      {props.failure ? (
        <p className="code-entry__failure" role="alert">
          {props.failure}
        </p>
      ) : null}
      {props.kind === 'billing' ? (
        <>
          <Field id={id('companyName')} name="companyName" label={t`Company (optional)`} autoComplete="organization" defaultValue={props.defaults.companyName} error={error('companyName')} />
          <Field
            id={id('vatId')}
            name="vatId"
            label={t`VAT number (optional)`}
            hint={t`With its country prefix, for example DE123456789.`}
            autoComplete="off"
            spellCheck={false}
            defaultValue={props.defaults.vatId}
            error={error('vatId')}
          />
        </>
      ) : null}
      <Field id={id('street')} name="street" label={t`Street and house number`} autoComplete="street-address" defaultValue={props.defaults.street} error={error('street')} />
      <div className="profile-address__pair">
        <Field id={id('postalCode')} name="postalCode" label={t`Postal code`} autoComplete="postal-code" defaultValue={props.defaults.postalCode} error={error('postalCode')} />
        <Field id={id('city')} name="city" label={t`City`} autoComplete="address-level2" defaultValue={props.defaults.city} error={error('city')} />
      </div>
      <p className="form-field">
        <label htmlFor={id('country')}>{t`Country`}</label>
        <select {...selectProps('country')} autoComplete="country" value={country} onChange={(event) => setCountry(event.target.value)}>
          <option value="">{countries.isPending ? t`Loading the countries…` : t`Choose the country`}</option>
          {/* The member's country shows while the list loads, so the form never loses it. */}
          {!countries.data && country ? <option value={country}>{country}</option> : null}
          {(countries.data ?? []).map((entry) => (
            <option key={entry.code} value={entry.code}>
              {entry.name}
            </option>
          ))}
        </select>
        <FieldError id={`${id('country')}-error`} text={error('country')} />
      </p>
      {chosen?.hasStates ? (
        <p className="form-field">
          <label htmlFor={id('state')}>{t`State`}</label>
          <select {...selectProps('state')} autoComplete="address-level1" key={country} defaultValue={country === props.defaults.country ? props.defaults.state : ''}>
            <option value="">{states.isPending ? t`Loading the states…` : t`Choose the state`}</option>
            {(states.data ?? []).map((entry) => (
              <option key={entry.code} value={entry.code}>
                {entry.name}
              </option>
            ))}
          </select>
          <FieldError id={`${id('state')}-error`} text={error('state')} />
        </p>
      ) : null}
      <p className="code-entry__status" role="status">
        {props.saving ? t`Saving…` : ''}
      </p>
      <p className="code-entry__actions">
        <button type="submit" className="button button--primary" aria-disabled={props.saving} aria-busy={props.saving}>
          {props.saving ? t`Saving…` : props.submitLabel}
        </button>
        <button type="button" className="link-button" onClick={props.onCancel}>
          {t`Cancel`}
        </button>
      </p>
    </form>
  );
}

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <span id={id} className="form-field__error">
      {text}
    </span>
  ) : null;
}

/** The words of an address field's problem. */
function useProblemWords() {
  const { t } = useLingui();
  return (field: AddressField, problem: FieldProblem): string => {
    if (problem === 'tooLong') return t`This is too long.`;
    if (problem === 'required') {
      const required: Record<AddressField, string> = {
        street: t`Enter the street and house number.`,
        postalCode: t`Enter the postal code.`,
        city: t`Enter the city.`,
        country: t`Choose the country.`,
        state: t`Choose the state.`,
        companyName: t`Enter the company name.`,
        vatId: t`Enter the VAT number.`,
      };
      return required[field];
    }
    const format: Record<AddressField, string> = {
      street: t`Check the street and house number.`,
      postalCode: t`Check the postal code.`,
      city: t`Check the city.`,
      country: t`Choose a country of the list.`,
      state: t`Choose a state of the list.`,
      companyName: t`Check the company name.`,
      vatId: t`Enter the VAT number with its country prefix, for example DE123456789.`,
    };
    return format[field];
  };
}
