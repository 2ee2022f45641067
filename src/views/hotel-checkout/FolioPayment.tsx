import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { HOTEL_PAYMENT_METHODS, type HotelDeclineReason } from '../../contract/hotel-checkout';
import type { Locale } from '../../contract/locales';
import { selectCard, selectDeclineReason, selectIsBusy, selectMethod, selectPaymentPhase, selectPayProblem, selectTotals } from '../../machines/hotel-checkout/hotel-checkout.selectors';
import { formatMoney } from '../ui/format/money';
import { HostedCardForm, type TokenizedCard } from '../ui/payment/HostedCardForm';
import { isRedirectMethod, PaymentMethodChoice, RedirectMethodHint } from '../ui/payment/PaymentMethodChoice';
import { HotelCheckoutActorContext } from './hotel-checkout-context';

/**
 * Every method the hotel's payment session takes, offered as the booking's check-out offers them: Apple
 * Pay included, approved at the provider's page like PayPal and iDEAL (the booking asks the browser nothing).
 */
const METHODS = HOTEL_PAYMENT_METHODS;

/**
 * Paying what is open: the method, for a card the provider's hosted form in an iframe (card data never
 * touches this page), then Pay with the amount on the button. A decline keeps the folio open and asks for
 * a card again; no answer offers the same payment again (the same Idempotency-Key, never charged twice).
 */
export function FolioPayment({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const actor = HotelCheckoutActorContext.useActorRef();
  const phase = HotelCheckoutActorContext.useSelector(selectPaymentPhase);
  const method = HotelCheckoutActorContext.useSelector(selectMethod);
  const card = HotelCheckoutActorContext.useSelector(selectCard);
  const busy = HotelCheckoutActorContext.useSelector(selectIsBusy);
  const problem = HotelCheckoutActorContext.useSelector(selectPayProblem);
  const decline = useDeclineText(HotelCheckoutActorContext.useSelector(selectDeclineReason));
  const totals = HotelCheckoutActorContext.useSelector(selectTotals, (a, b) => a.open === b.open && a.previous === b.previous);
  const amount = formatMoney(totals.open, totals.currency, locale);
  if (phase === 'preparing') return <p role="status">{t`Preparing your payment…`}</p>;
  if (phase === 'sessionFailed' || phase === 'payFailed') {
    return (
      <div className="notice" role="alert">
        <p>{phase === 'payFailed' ? t`We got no answer about your payment. Trying again never charges you twice.` : t`Your payment could not be prepared just now.`}</p>
        <p className="hotel-checkout__actions">
          <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'payment.retry' })}>
            {t`Try again`}
          </button>
          {phase === 'payFailed' ? (
            <button type="button" className="button" onClick={() => actor.send({ type: 'payment.check' })}>
              {t`Check my bill`}
            </button>
          ) : null}
        </p>
      </div>
    );
  }
  return (
    <section className="checkout-section" aria-labelledby="hotel-payment">
      <h3 id="hotel-payment">{t`Payment`}</h3>
      {phase === 'declined' ? (
        <div className="notice" role="alert">
          <p>{decline}</p>
          <p>{method === 'card' ? t`Nothing was taken and your bill stays open. Enter another card, or the same one again.` : t`Nothing was taken and your bill stays open. Try again, or choose another way to pay.`}</p>
        </div>
      ) : null}
      <fieldset className="checkout-fieldset" disabled={busy}>
        <legend>{t`Payment method`}</legend>
        <PaymentMethodChoice methods={METHODS} chosen={method} idPrefix="hotel-payment-method" onChoose={(item) => actor.send({ type: 'method.select', method: item })} />
        {problem === 'method' ? (
          <p className="form-field__error" role="alert">
            {t`Choose how you want to pay.`}
          </p>
        ) : null}
      </fieldset>
      {method === 'card' ? <CardForm locale={locale} /> : null}
      {method === 'card' && card ? <p role="status">{t`Paying with ${card.brand} ending in ${card.last4}.`}</p> : null}
      {problem === 'card' ? (
        <p className="form-field__error" role="alert">
          {t`Enter your card in the form above and press its button first.`}
        </p>
      ) : null}
      {isRedirectMethod(method) ? <RedirectMethodHint method={method} /> : null}
      <p className="hotel-checkout__actions">
        <button type="button" className="button button--primary" aria-disabled={busy || undefined} onClick={() => (busy ? undefined : actor.send({ type: 'payment.submit' }))}>
          {phase === 'paying' ? t`Paying…` : t`Pay ${amount} and check out`}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => actor.send({ type: 'payment.back' })}>
          {t`Back`}
        </button>
      </p>
    </section>
  );
}

/** Why the card was declined, as the guest reads it. */
function useDeclineText(reason: HotelDeclineReason | null): string {
  const { t } = useLingui();
  switch (reason) {
    case 'insufficient_funds':
      return t`Your card was declined: not enough funds.`;
    case 'expired_card':
      return t`Your card was declined: it has expired.`;
    case 'authentication_failed':
      return t`The card’s security check did not succeed.`;
    case 'cancelled':
      return t`The payment was cancelled.`;
    default:
      return t`Your card was declined.`;
  }
}

/** The provider's hosted card form; the card it tokenizes is the one the guest pays with. */
function CardForm({ locale }: { locale: Locale }) {
  const actor = HotelCheckoutActorContext.useActorRef();
  const onCard = useCallback((card: TokenizedCard) => actor.send({ type: 'card.tokenized', ...card }), [actor]);
  return <HostedCardForm locale={locale} access={null} frameClassName="hotel-card__frame" onCard={onCard} />;
}
