import { useLingui } from '@lingui/react/macro';
import { TRAVELLER_TEXT_LIMITS } from '../../../contract/ecommerce';
import type { Locale } from '../../../contract/locales';
import { roomStaysOf } from '../../../machines/cart/cart.rules';
import { selectCart, selectCompany, selectCompanyErrors, selectDraft, selectIsBusiness, selectTravellerErrors } from '../../../machines/cart/cart.selectors';
import type { CompanyField, FieldProblem, TravellerDraft, TravellerField } from '../../../machines/cart/cart.types';
import { Field, SalutationField } from '../../ui/fields';
import { CartActorContext } from './checkout-context';

/**
 * The words for a field's problem, each with the rule it breaks (how long, which characters, what form),
 * so the guest knows what to change (the macro needs `t` from useLingui in scope). Used by the fields and
 * by the error summary alike.
 */
export function useProblemText() {
  const { t } = useLingui();
  const { name, email, address_line: addressLine, postal_code: postalCode, vat_id: vatId, special_requests: requests } = TRAVELLER_TEXT_LIMITS;
  return (problem: FieldProblem | undefined, field: TravellerField | CompanyField | `company.${CompanyField}`): string | undefined => {
    if (!problem) return undefined;
    const required = problem === 'required';
    switch (field) {
      case 'first_name':
        return required ? t`Enter the guest's first name, up to ${name} characters.` : t`A first name has at most ${name} characters and no line breaks or control characters.`;
      case 'last_name':
        return required ? t`Enter the guest's last name, up to ${name} characters.` : t`A last name has at most ${name} characters and no line breaks or control characters.`;
      case 'email':
        return required ? t`Enter an email address like name@example.com.` : t`Enter an email address like name@example.com, at most ${email} characters.`;
      case 'phone':
        return t`Enter a phone number of 6 to 20 digits; spaces, brackets, hyphens and a leading + are allowed.`;
      case 'country_code':
      case 'company.country_code':
        return t`Enter a two-letter country code, such as DE or FR.`;
      case 'special_requests':
        return t`Special requests have at most ${requests} characters.`;
      case 'company.name':
      case 'name':
        return required ? t`Enter the company name, up to ${name} characters.` : t`A company name has at most ${name} characters and no line breaks or control characters.`;
      case 'company.address_line':
      case 'address_line':
        return required ? t`Enter the street and number, up to ${addressLine} characters.` : t`Street and number have at most ${addressLine} characters.`;
      case 'company.postal_code':
      case 'postal_code':
        return required ? t`Enter the postal code, up to ${postalCode} characters.` : t`A postal code has at most ${postalCode} characters.`;
      case 'company.city':
      case 'city':
        return required ? t`Enter the city, up to ${name} characters.` : t`A city has at most ${name} characters and no line breaks or control characters.`;
      case 'company.vat_id':
      case 'vat_id':
        return t`A VAT ID has at most ${vatId} characters.`;
      case 'salutation':
        return t`Choose a salutation from the list, or "Prefer not to say".`;
    }
  };
}

/** The id of a traveller's field, for the error summary's links. */
export const travellerFieldId = (roomStayId: string, field: TravellerField) => `checkout-${roomStayId}-${field}`;
/** The id of a company field, for the error summary's links. */
export const companyFieldId = (field: CompanyField) => `checkout-company-${field}`;

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
  const change = (field: TravellerField) => (event: { target: { value: string } }) => actor.send({ type: 'traveller.changed', roomStayId, field, value: event.target.value });
  const field = (name: Exclude<TravellerField, 'salutation'>, label: string, extra: Record<string, string | boolean | number> = {}) => (
    <Field
      label={label}
      id={travellerFieldId(roomStayId, name)}
      name={`${roomStayId}-${name}`}
      value={draft[name]}
      onChange={change(name)}
      error={problemText(errors[name], name)}
      {...extra}
    />
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
        {field('first_name', t`First name`, { autoComplete: 'given-name', required: true, maxLength: TRAVELLER_TEXT_LIMITS.name })}
        {field('last_name', t`Last name`, { autoComplete: 'family-name', required: true, maxLength: TRAVELLER_TEXT_LIMITS.name })}
      </div>
      <div className="traveller__row">
        {field('email', t`Email address`, { type: 'email', autoComplete: 'email', required: true, maxLength: TRAVELLER_TEXT_LIMITS.email })}
        {field('phone', t`Phone (optional)`, { type: 'tel', autoComplete: 'tel' })}
      </div>
      {field('country_code', t`Country code (optional)`, { autoComplete: 'country', maxLength: 2 })}
      <SpecialRequests roomStayId={roomStayId} draft={draft} onChange={change('special_requests')} error={problemText(errors.special_requests, 'special_requests')} />
    </fieldset>
  );
}

function SpecialRequests({
  roomStayId,
  draft,
  onChange,
  error,
}: {
  roomStayId: string;
  draft: TravellerDraft;
  onChange: (event: { target: { value: string } }) => void;
  error: string | undefined;
}) {
  const { t } = useLingui();
  const id = travellerFieldId(roomStayId, 'special_requests');
  const errorId = `${id}-error`;
  return (
    <p className="form-field">
      <label htmlFor={id}>{t`Special requests (optional)`}</label>
      <textarea
        id={id}
        name={`${roomStayId}-special_requests`}
        value={draft.special_requests}
        maxLength={TRAVELLER_TEXT_LIMITS.special_requests}
        rows={3}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <span id={errorId} className="form-field__error">
          {error}
        </span>
      ) : null}
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
      id={companyFieldId(name)}
      name={`company-${name}`}
      value={company[name]}
      onChange={(event) => actor.send({ type: 'company.changed', field: name, value: event.target.value })}
      error={problemText(errors[name], `company.${name}`)}
      {...extra}
    />
  );
  return (
    <fieldset id="payment-legal-address-company" className="checkout-fieldset traveller" disabled={disabled}>
      <legend>{t`Company address for the invoice`}</legend>
      {field('name', t`Company name`, { autoComplete: 'organization', required: true, maxLength: TRAVELLER_TEXT_LIMITS.name })}
      {field('address_line', t`Street and number`, { autoComplete: 'street-address', required: true, maxLength: TRAVELLER_TEXT_LIMITS.address_line })}
      <div className="traveller__row">
        {field('postal_code', t`Postal code`, { autoComplete: 'postal-code', required: true, maxLength: TRAVELLER_TEXT_LIMITS.postal_code })}
        {field('city', t`City`, { autoComplete: 'address-level2', required: true, maxLength: TRAVELLER_TEXT_LIMITS.name })}
      </div>
      <div className="traveller__row">
        {field('country_code', t`Country code`, { autoComplete: 'country', maxLength: 2, required: true })}
        {field('vat_id', t`VAT ID (optional)`, { maxLength: TRAVELLER_TEXT_LIMITS.vat_id })}
      </div>
    </fieldset>
  );
}
