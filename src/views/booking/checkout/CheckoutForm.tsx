import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { DeclineReason } from '../../../contract/ecommerce';
import type { Locale } from '../../../contract/locales';
import { roomStaysOf } from '../../../machines/cart/cart.rules';
import {
  selectCart,
  selectDeclineReason,
  selectIsBusy,
  selectIsDeclined,
  selectIsPaying,
  selectIsSwitchingToMember,
  selectNotice,
  selectErrorSummary,
  selectRefusedPays,
  selectPaymentFailed,
  selectPriceSummary,
  selectRoomsPageSearch,
} from '../../../machines/cart/cart.selectors';
import type { SummaryError } from '../../../machines/cart/cart.selectors';
import type { CartNotice, CompanyField, PayProblem, TravellerField } from '../../../machines/cart/cart.types';
import { formatCalendarDate } from '../../ui/format/dates';
import { formatMoney } from '../../ui/format/money';
import { CartActorContext } from './checkout-context';
import { DiscountsSection } from './DiscountsSection';
import { ExtrasSection } from './ExtrasSection';
import { LegalSection } from './LegalSection';
import { PaymentSection } from './PaymentSection';
import { PriceSummary } from './PriceSummary';
import { companyFieldId, travellerFieldId, TravellersSection, useProblemText } from './TravellersSection';

/** The cart is there: the rooms, the details to fill in, the payment, and the summary beside them. */
export function CheckoutForm({ locale }: { locale: Locale }) {
  const busy = CartActorContext.useSelector(selectIsBusy);
  return (
    <div className="checkout">
      <div className="checkout__main">
        <RoomsSection locale={locale} />
        <TravellersSection locale={locale} disabled={busy} />
        <ExtrasSection locale={locale} disabled={busy} />
        <DiscountsSection locale={locale} disabled={busy} />
        <PaymentSection locale={locale} disabled={busy} />
        <LegalSection locale={locale} />
        <PayArea locale={locale} />
      </div>
      <aside className="checkout__aside">
        <PriceSummary locale={locale} />
      </aside>
    </div>
  );
}

/** Step one's result: the rooms of the cart, with the way back to change them. */
function RoomsSection({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const cart = CartActorContext.useSelector(selectCart);
  const back = CartActorContext.useSelector((snapshot) => selectRoomsPageSearch(snapshot, { withRates: true }));
  const stay = cart?.stays[0];
  if (!cart || !stay) return null;
  return (
    <section className="checkout-section" aria-labelledby="checkout-rooms">
      <h2 id="checkout-rooms">{t`Your stay`}</h2>
      <p className="checkout-section__lead">
        <bdi>{stay.hotel_name}</bdi> · <bdi>{formatCalendarDate(stay.check_in_date, locale)}</bdi> – <bdi>{formatCalendarDate(stay.check_out_date, locale)}</bdi> ·{' '}
        {plural(stay.night_count, { one: '# night', other: '# nights' })}
      </p>
      <ul className="checkout-rooms">
        {roomStaysOf(cart).map(({ roomStay }, index) => {
          const guests = roomStay.adults_count + roomStay.child_ages.length;
          const number = index + 1;
          return (
            <li key={roomStay.room_stay_id}>
              <strong>{t`Room ${number}: ${roomStay.room_type_name}`}</strong>
              <span>
                {roomStay.reservation_info.rate_name} · {plural(guests, { one: '# guest', other: '# guests' })} ·{' '}
                {roomStay.reservation_info.breakfast_included ? t`Breakfast included` : t`Breakfast not included`}
              </span>
            </li>
          );
        })}
      </ul>
      <Link to="/$locale/booking/select-room-rate" params={{ locale }} search={back ?? {}}>
        {t`Change rooms`}
      </Link>
    </section>
  );
}

/** The pay button, what still stops it, and how the last attempt ended. */
function PayArea({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const actor = CartActorContext.useActorRef();
  const busy = CartActorContext.useSelector(selectIsBusy);
  const paying = CartActorContext.useSelector(selectIsPaying);
  const declined = CartActorContext.useSelector(selectIsDeclined);
  const reason = CartActorContext.useSelector(selectDeclineReason);
  const failed = CartActorContext.useSelector(selectPaymentFailed);
  const notice = CartActorContext.useSelector(selectNotice);
  const summary = CartActorContext.useSelector(selectPriceSummary);
  const switching = CartActorContext.useSelector(selectIsSwitchingToMember);
  const { declineText, noticeText, problemText } = useOutcomeTexts();
  const payNow = summary && summary.payNow > 0 ? formatMoney(summary.payNow, summary.currency, locale) : null;
  return (
    <div className="checkout-pay">
      {switching ? <p role="status">{t`You are signed in: moving your booking to your account…`}</p> : null}
      {declined ? (
        <div className="notice notice--error" role="alert" data-state="declined">
          <h2>{t`Your payment did not go through`}</h2>
          <p>{declineText(reason)}</p>
          <p>{t`Your booking and everything you entered are kept. Pay again with the same or another card, or choose another payment method.`}</p>
        </div>
      ) : null}
      {failed ? (
        <div className="notice notice--error" role="alert" data-state="payment-failed">
          <p>{t`We could not reach the payment service. You have not been charged twice: trying again continues the same payment.`}</p>
          <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'payment.retry' })}>
            {t`Try again`}
          </button>{' '}
          <button type="button" className="button" onClick={() => actor.send({ type: 'payment.check' })}>
            {t`Check whether it went through`}
          </button>
        </div>
      ) : null}
      {notice ? (
        <div className="notice notice--error" role="alert">
          <p>{noticeText(notice)}</p>
          <button type="button" className="link-button" onClick={() => actor.send({ type: 'notice.dismiss' })}>
            {t`Dismiss`}
          </button>
        </div>
      ) : null}
      <ErrorSummary problemText={problemText} />
      {failed ? null : (
        <button type="button" className="button button--primary checkout-pay__button" disabled={busy} aria-busy={paying} onClick={() => actor.send({ type: 'pay' })}>
          {paying ? t`Paying…` : payNow ? t`Pay ${payNow} now` : t`Book now`}
        </button>
      )}
    </div>
  );
}

/** The page's words for the flow's outcomes (the macro needs `t` from useLingui in scope). */
function useOutcomeTexts() {
  const { t } = useLingui();
  const declineText = (reason: DeclineReason | null): string => {
    switch (reason) {
      case 'insufficient_funds':
        return t`The card has insufficient funds.`;
      case 'expired_card':
        return t`The card has expired.`;
      case 'authentication_failed':
        return t`The card issuer could not confirm it was you.`;
      case 'cancelled':
        return t`The payment was cancelled.`;
      case 'insufficient_points':
        return t`Your points balance is not enough for this booking.`;
      default:
        return t`Your bank declined the payment.`;
    }
  };
  const noticeText = (notice: CartNotice): string => {
    switch (notice) {
      case 'travellerRejected':
        return t`Some guest details were not accepted. Check them and try again.`;
      case 'cvvFailed':
        return t`The security code could not be checked. Enter it again.`;
      case 'saveFailed':
      case 'changeFailed':
        return t`Your change could not be saved. Check your connection and try again.`;
      case 'methodRefused':
        return t`This payment method could not be chosen for your booking. Choose another one, or try again.`;
      case 'memberCartFailed':
        return t`You are signed in, but your booking could not be moved to your account. You can still book it as it is.`;
      case 'carryOverFailed':
        return t`You are signed in. Some of your extras or your payment method could not be carried over: check them before you pay.`;
      case 'signedOut':
        return t`You signed out, so your details and your member booking were removed from this page. Book as a guest, or sign in again.`;
    }
  };
  const problemText = (problem: PayProblem): string => {
    switch (problem) {
      case 'travellers':
        return t`Complete the guest details above.`;
      case 'company':
        return t`Complete the company address.`;
      case 'paymentMethod':
        return t`Choose a payment method.`;
      case 'card':
        return t`Enter your card details.`;
      case 'cvv':
        return t`Enter the security code of your saved card.`;
    }
  };
  return { declineText, noticeText, problemText };
}

/** Where a summary entry's link goes: the field itself, or the payment section for what the payment lacks. */
function targetOf(error: SummaryError): string {
  switch (error.kind) {
    case 'traveller':
      return travellerFieldId(error.roomStayId, error.field);
    case 'company':
      return companyFieldId(error.field);
    case 'payment':
      return 'checkout-payment';
  }
}

/** Moves the keyboard to a field; for a section's heading, to the first control of that section. */
function focusTarget(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const control = target.matches('input, select, textarea, button, iframe')
    ? target
    : target.closest('section')?.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), button:not([disabled]), iframe');
  (control ?? target).scrollIntoView?.({ block: 'center' });
  (control ?? target).focus();
}

const sameSummary = (a: SummaryError[], b: SummaryError[]) => a.length === b.length && a.every((error, index) => JSON.stringify(error) === JSON.stringify(b[index]));

/**
 * What stops the payment, after the guest pressed pay: each entry links to its field (a click or Enter
 * moves the keyboard there), and each refused payment takes the keyboard to the first field with a
 * problem, or to this summary when only the payment lacks something.
 */
function ErrorSummary({ problemText }: { problemText: (problem: PayProblem) => string }) {
  const { t } = useLingui();
  const errors = CartActorContext.useSelector(selectErrorSummary, sameSummary);
  const refusedPays = CartActorContext.useSelector(selectRefusedPays);
  const fieldText = useProblemText();
  const label = useFieldLabel();
  const summary = useRef<HTMLElement>(null);
  const firstField = errors.find((error) => error.kind !== 'payment');
  const firstTarget = firstField ? targetOf(firstField) : null;
  // DOM work: a refused payment moves the keyboard to the first field to fix (or to the summary).
  useEffect(() => {
    if (refusedPays === 0) return;
    if (firstTarget) focusTarget(firstTarget);
    else summary.current?.focus();
    // Only a new refusal moves the focus, not the guest fixing fields one after the other.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusedPays]);
  if (errors.length === 0) return null;
  const textOf = (error: SummaryError): string => {
    switch (error.kind) {
      case 'traveller': {
        const text = `${label(error.field)}: ${fieldText(error.problem, error.field) ?? ''}`;
        const room = error.roomNumber;
        return roomCount(errors) > 1 ? t`Room ${room}, ${text}` : text;
      }
      case 'company':
        return `${label(error.field, 'company')}: ${fieldText(error.problem, `company.${error.field}`) ?? ''}`;
      case 'payment':
        return problemText(error.problem);
    }
  };
  return (
    <section ref={summary} className="checkout-pay__problems error-summary" tabIndex={-1} aria-labelledby="checkout-error-summary" data-error-summary="">
      <h2 id="checkout-error-summary">{t`Please check these details before you pay`}</h2>
      <ul>
        {errors.map((error) => {
          const id = targetOf(error);
          return (
            <li key={`${id}-${error.kind}`}>
              <a
                href={`#${id}`}
                onClick={(event) => {
                  event.preventDefault();
                  focusTarget(id);
                }}
              >
                {textOf(error)}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const roomCount = (errors: SummaryError[]) => new Set(errors.flatMap((error) => (error.kind === 'traveller' ? [error.roomNumber] : []))).size;

/** The fields' labels as the form shows them (the macro needs `t` from useLingui in scope). */
function useFieldLabel() {
  const { t } = useLingui();
  return (field: TravellerField | CompanyField, scope: 'traveller' | 'company' = 'traveller'): string => {
    if (scope === 'company') {
      switch (field) {
        case 'name':
          return t`Company name`;
        case 'address_line':
          return t`Street and number`;
        case 'postal_code':
          return t`Postal code`;
        case 'city':
          return t`City`;
        case 'country_code':
          return t`Country code`;
        case 'vat_id':
          return t`VAT ID (optional)`;
      }
    }
    switch (field) {
      case 'salutation':
        return t`Salutation`;
      case 'first_name':
        return t`First name`;
      case 'last_name':
        return t`Last name`;
      case 'email':
        return t`Email address`;
      case 'phone':
        return t`Phone (optional)`;
      case 'country_code':
        return t`Country code (optional)`;
      case 'special_requests':
        return t`Special requests (optional)`;
      default:
        return field;
    }
  };
}
