import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { FormEvent } from 'react';
import { selectAddressErrors, selectAddresses, selectIsBusy, selectNeedsBusinessAddress } from '../../machines/hotel-checkout/hotel-checkout.selectors';
import type { AddressField, AddressForm, FieldProblem } from '../../machines/hotel-checkout/hotel-checkout.types';
import { Field } from '../ui/fields';
import { HotelCheckoutActorContext } from './hotel-checkout-context';

/**
 * The invoice addresses: the private invoice's (optional: the bill names the guest), and the company's
 * for the business invoice (needed once the business folio has charges): company, VAT number, address.
 * Errors are tied to their fields; on a refused submit the focus goes to the first field in error.
 */
export function InvoiceAddresses() {
  const { t } = useLingui();
  const actor = HotelCheckoutActorContext.useActorRef();
  const addresses = HotelCheckoutActorContext.useSelector(selectAddresses);
  const errors = HotelCheckoutActorContext.useSelector(selectAddressErrors);
  const needsBusiness = HotelCheckoutActorContext.useSelector(selectNeedsBusinessAddress);
  const busy = HotelCheckoutActorContext.useSelector(selectIsBusy);
  const formRef = useRef<HTMLFormElement>(null);
  const firstError = (['business', 'private'] as const).flatMap((form) => Object.keys(errors[form]).map((field) => `${form}-${field}`))[0] ?? null;
  const submitted = useRef(false);
  // DOM work: after a refused submit, the first field in error takes the focus (its message is its description).
  useEffect(() => {
    if (!submitted.current || !firstError) return;
    submitted.current = false;
    formRef.current?.querySelector<HTMLInputElement>(`#address-${firstError}`)?.focus();
  }, [firstError]);
  const problem = (problemOf: FieldProblem | undefined, name: AddressField) => {
    if (problemOf === 'required') return t`Please fill in this field.`;
    if (problemOf !== 'invalid') return undefined;
    if (name === 'vat_id') return t`Enter a VAT number such as DE123456789, or leave it empty.`;
    if (name === 'country_code') return t`Enter the country as two letters, e.g. DE.`;
    return t`Please check this field.`;
  };
  const field = (form: AddressForm, name: AddressField, label: string, extra: { autoComplete?: string; required?: boolean; hint?: string; dir?: 'ltr' } = {}) => (
    <Field
      id={`address-${form}-${name}`}
      name={`${form}-${name}`}
      label={label}
      hint={extra.hint}
      required={extra.required}
      autoComplete={extra.autoComplete}
      dir={extra.dir}
      value={addresses[form][name as keyof (typeof addresses)[typeof form]] ?? ''}
      onChange={(event) => actor.send({ type: 'address.changed', form, field: name, value: event.target.value })}
      error={problem(errors[form][name], name)}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    actor.send({ type: 'addresses.submit' });
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="hotel-addresses">
      <fieldset className="checkout-fieldset" disabled={busy}>
        <legend>{t`Business invoice`}</legend>
        <p className="form-field__hint">
          {needsBusiness ? t`Your company pays the charges on the business bill: its invoice needs the company’s name and address.` : t`Only needed when charges are on the business bill.`}
        </p>
        {field('business', 'name', t`Company name`, { autoComplete: 'organization', required: needsBusiness })}
        {field('business', 'vat_id', t`VAT number`, { hint: t`Optional, e.g. DE123456789`, dir: 'ltr' })}
        {field('business', 'address_line', t`Street and number`, { autoComplete: 'section-business street-address', required: needsBusiness })}
        {field('business', 'postal_code', t`Postal code`, { autoComplete: 'section-business postal-code', required: needsBusiness, dir: 'ltr' })}
        {field('business', 'city', t`City`, { autoComplete: 'section-business address-level2', required: needsBusiness })}
        {field('business', 'country_code', t`Country code`, { autoComplete: 'section-business country', required: needsBusiness, hint: t`Two letters, e.g. DE`, dir: 'ltr' })}
      </fieldset>
      <fieldset className="checkout-fieldset" disabled={busy}>
        <legend>{t`Private invoice`}</legend>
        <p className="form-field__hint">{t`Optional: add your address if you want it on your invoice.`}</p>
        {field('private', 'name', t`Name on the invoice`, { autoComplete: 'name' })}
        {field('private', 'address_line', t`Street and number`, { autoComplete: 'street-address' })}
        {field('private', 'postal_code', t`Postal code`, { autoComplete: 'postal-code', dir: 'ltr' })}
        {field('private', 'city', t`City`, { autoComplete: 'address-level2' })}
        {field('private', 'country_code', t`Country code`, { autoComplete: 'country', hint: t`Two letters, e.g. DE`, dir: 'ltr' })}
      </fieldset>
      <p className="hotel-checkout__actions">
        <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
          {busy ? t`Saving…` : t`Continue`}
        </button>
        <button type="button" className="button" onClick={() => actor.send({ type: 'addresses.back' })} disabled={busy}>
          {t`Back to the bill`}
        </button>
      </p>
    </form>
  );
}
