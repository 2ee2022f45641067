import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { Locale } from '../../../contract/locales';
import { roomStaysOf } from '../../../machines/cart/cart.rules';
import { selectCart, selectCompany, selectCompanyErrors, selectDraft, selectIsBusiness, selectTravellerErrors } from '../../../machines/cart/cart.selectors';
import type { CompanyField, FieldProblem, TravellerDraft, TravellerField } from '../../../machines/cart/cart.types';
import { Field, SalutationField } from '../../ui/fields';
import { CartActorContext } from './checkout-context';

/** The words for a field's problem (the macro needs `t` from useLingui in scope). */
function useProblemText() {
  const { t } = useLingui();
  return (problem: FieldProblem | undefined, field: TravellerField | CompanyField): string | undefined => {
    if (!problem) return undefined;
    if (problem === 'required') return t`Please fill in this field.`;
    switch (field) {
      case 'email':
        return t`Enter an email address like name@example.com.`;
      case 'phone':
        return t`Enter a phone number of 6 to 20 digits.`;
      case 'country_code':
        return t`Enter a two-letter country code, such as DE.`;
      default:
        return t`Please check this entry.`;
    }
  };
}

/**
 * The guest details per room (prefilled from the member's profile), and the company address for business
 * bookings. Every keystroke goes to the cart machine, so what was typed survives a failed payment, a
 * decline or an error; the fields are checked when the guest pays.
 */
export function TravellersSection({ disabled }: { locale: Locale; disabled: boolean }) {
  const { t } = useLingui();
  const cart = CartActorContext.useSelector(selectCart);
  const business = CartActorContext.useSelector(selectIsBusiness);
  const rooms = roomStaysOf(cart);
  return (
    <section className="checkout-section" aria-labelledby="checkout-guests">
      <h2 id="checkout-guests">{t`Guest details`}</h2>
      <fieldset disabled={disabled} className="checkout-fieldset">
        {rooms.map(({ roomStay }, index) => (
          <TravellerForm key={roomStay.room_stay_id} roomStayId={roomStay.room_stay_id} number={index + 1} showNumber={rooms.length > 1} canCopy={index > 0} />
        ))}
      </fieldset>
      {business ? <CompanyForm disabled={disabled} /> : null}
    </section>
  );
}

function TravellerForm({ roomStayId, number, showNumber, canCopy }: { roomStayId: string; number: number; showNumber: boolean; canCopy: boolean }) {
  const { t } = useLingui();
  const actor = CartActorContext.useActorRef();
  const draft = CartActorContext.useSelector((snapshot) => selectDraft(snapshot, roomStayId));
  const errors = CartActorContext.useSelector((snapshot) => selectTravellerErrors(snapshot, roomStayId));
  const problemText = useProblemText();
  const change = (field: TravellerField) => (event: { target: { value: string } }) =>
    actor.send({ type: 'traveller.changed', roomStayId, field, value: event.target.value });
  const field = (name: Exclude<TravellerField, 'salutation'>, label: string, extra: Record<string, string | boolean | number> = {}) => (
    <Field label={label} name={`${roomStayId}-${name}`} value={draft[name]} onChange={change(name)} error={problemText(errors[name], name)} {...extra} />
  );
  return (
    <fieldset className="traveller" data-room-stay={roomStayId}>
      <legend>{showNumber ? t`Room ${number}: main guest` : t`Main guest`}</legend>
      {canCopy ? (
        <button type="button" className="link-button" onClick={() => actor.send({ type: 'traveller.copy', roomStayId })}>
          {t`Same guest as room 1`}
        </button>
      ) : null}
      <SalutationField name={`${roomStayId}-salutation`} value={draft.salutation} onChange={change('salutation')} />
      <div className="traveller__row">
        {field('first_name', t`First name`, { autoComplete: 'given-name', required: true })}
        {field('last_name', t`Last name`, { autoComplete: 'family-name', required: true })}
      </div>
      <div className="traveller__row">
        {field('email', t`Email address`, { type: 'email', autoComplete: 'email', required: true })}
        {field('phone', t`Phone (optional)`, { type: 'tel', autoComplete: 'tel' })}
      </div>
      {field('country_code', t`Country code (optional)`, { autoComplete: 'country', maxLength: 2 })}
      <SpecialRequests roomStayId={roomStayId} draft={draft} onChange={change('special_requests')} />
    </fieldset>
  );
}

function SpecialRequests({
  roomStayId,
  draft,
  onChange,
}: {
  roomStayId: string;
  draft: TravellerDraft;
  onChange: (event: { target: { value: string } }) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <p className="form-field">
      <label htmlFor={id}>{t`Special requests (optional)`}</label>
      <textarea id={id} name={`${roomStayId}-special_requests`} value={draft.special_requests} maxLength={500} rows={3} onChange={onChange} />
    </p>
  );
}

/** Business bookings: where the invoice goes (spec anchor #payment-legal-address-company). */
function CompanyForm({ disabled }: { disabled: boolean }) {
  const { t } = useLingui();
  const actor = CartActorContext.useActorRef();
  const company = CartActorContext.useSelector(selectCompany);
  const errors = CartActorContext.useSelector(selectCompanyErrors);
  const problemText = useProblemText();
  const field = (name: CompanyField, label: string, extra: Record<string, string | boolean | number> = {}) => (
    <Field
      label={label}
      name={`company-${name}`}
      value={company[name]}
      onChange={(event) => actor.send({ type: 'company.changed', field: name, value: event.target.value })}
      error={problemText(errors[name], name)}
      {...extra}
    />
  );
  return (
    <fieldset id="payment-legal-address-company" className="checkout-fieldset traveller" disabled={disabled}>
      <legend>{t`Company address for the invoice`}</legend>
      {field('name', t`Company name`, { autoComplete: 'organization', required: true })}
      {field('address_line', t`Street and number`, { autoComplete: 'street-address', required: true })}
      <div className="traveller__row">
        {field('postal_code', t`Postal code`, { autoComplete: 'postal-code', required: true })}
        {field('city', t`City`, { autoComplete: 'address-level2', required: true })}
      </div>
      <div className="traveller__row">
        {field('country_code', t`Country code`, { autoComplete: 'country', maxLength: 2, required: true })}
        {field('vat_id', t`VAT ID (optional)`)}
      </div>
    </fieldset>
  );
}
