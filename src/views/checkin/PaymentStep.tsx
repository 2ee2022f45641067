import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef } from 'react';
import type { FormEvent } from 'react';
import { CHECKIN_PAYMENT_METHODS } from '../../contract/checkin';
import type { DeclineReason } from '../../contract/ecommerce';
import type { Locale } from '../../contract/locales';
import { selectCard, selectCheckin, selectDeclineReason, selectIsBusy, selectMethod, selectNotice, selectPaymentPhase, selectPayProblems, selectRefusals } from '../../machines/checkin/checkin.selectors';
import { useAuthAccess } from '../shell/session-context';
import { formatMoney } from '../ui/format/money';
import { HostedCardForm, type TokenizedCard } from '../ui/payment/HostedCardForm';
import { PaymentMethodChoice, RedirectMethodHint } from '../ui/payment/PaymentMethodChoice';
import { CheckinActorContext } from './checkin-context';
import type { HeadingRef } from './checkin-context';

/**
 * Step 2, the payment guarantee: what the hotel holds (the nights not paid yet, the city tax and an amount
 * for extras during the stay; nothing is charged now), on a card entered in the payment provider's hosted
 * form (card data never touches this page) or with PayPal, and the confirmation. A bank that asks for
 * 3-D Secure, and PayPal's approval, take the guest to the provider's page and back here; a decline keeps
 * the registration.
 */
export function PaymentStep({ locale, headingRef }: { locale: Locale; headingRef: HeadingRef }) {
  const { t } = useLingui();
  const actor = CheckinActorContext.useActorRef();
  const checkin = CheckinActorContext.useSelector(selectCheckin);
  const phase = CheckinActorContext.useSelector(selectPaymentPhase);
  const card = CheckinActorContext.useSelector(selectCard);
  const method = CheckinActorContext.useSelector(selectMethod);
  const decline = CheckinActorContext.useSelector(selectDeclineReason);
  const problems = CheckinActorContext.useSelector(selectPayProblems);
  const refusals = CheckinActorContext.useSelector(selectRefusals);
  const notice = CheckinActorContext.useSelector(selectNotice);
  const busy = CheckinActorContext.useSelector(selectIsBusy);
  const problemRef = useRef<HTMLParagraphElement>(null);
  // DOM work: a refused confirmation (no card yet) takes the focus to what is missing.
  useEffect(() => {
    if (refusals > 0 && problems.length > 0) problemRef.current?.focus();
  }, [refusals, problems.length]);
  if (!checkin) return null;
  const hold = checkin.pre_authorisation;
  const money = (amount: number) => formatMoney(amount, hold.currency, locale);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'payment.submit' });
  };
  return (
    <>
      <h2 ref={headingRef} tabIndex={-1}>
        {t`Payment guarantee`}
      </h2>
      <p>
        {method === 'paypal'
          ? t`To hand you the key without a stop at the cash desk, the hotel reserves this amount with PayPal. Nothing is charged now: at check-out you pay what you used, and the rest is released.`
          : t`To hand you the key without a stop at the cash desk, the hotel holds this amount on your card. Nothing is charged now: at check-out you pay what you used, and the rest is released.`}
      </p>
      <dl className="booking-facts checkin-hold">
        <div>
          <dt>{t`Room, not paid yet`}</dt>
          <dd>
            <bdi>{money(hold.room)}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t`City tax`}</dt>
          <dd>
            <bdi>{money(hold.city_tax)}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t`Extras during your stay`}</dt>
          <dd>
            <bdi>{money(hold.incidentals)}</bdi>
          </dd>
        </div>
        <div className="checkin-hold__total">
          <dt>{method === 'paypal' ? t`Reserved with PayPal` : t`Held on your card`}</dt>
          <dd>
            <bdi>{money(hold.amount)}</bdi>
          </dd>
        </div>
      </dl>
      {phase === 'declined' && method === 'paypal' ? (
        <div className="notice" role="alert">
          <p>
            <strong>{t`PayPal did not confirm the guarantee`}</strong>
          </p>
          <p>{t`Nothing is reserved. Your registration is saved. Please try again, or use a card.`}</p>
        </div>
      ) : null}
      {phase === 'declined' && method === 'card' ? (
        <div className="notice" role="alert">
          <p>
            <strong>{t`Your card was declined`}</strong>
          </p>
          <p>
            <DeclineText reason={decline} /> {t`Your registration is saved. Please try another card.`}
          </p>
        </div>
      ) : null}
      {notice === 'methodFailed' ? (
        <div className="notice" role="alert">
          <p>{t`The card could not be set for your check-in. Please try again.`}</p>
        </div>
      ) : null}
      {notice === 'cardRefused' ? (
        <div className="notice" role="alert">
          <p>{t`The card could not be used. Please enter it again.`}</p>
        </div>
      ) : null}
      {phase === 'paymentFailed' ? (
        <div className="notice" role="alert">
          <p>{t`We got no answer about your payment guarantee. Trying again never holds the amount twice.`}</p>
          <p className="checkin-page__actions">
            <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'payment.retry' })}>
              {t`Try again`}
            </button>
            <button type="button" className="button" onClick={() => actor.send({ type: 'payment.check' })}>
              {t`Check my check-in`}
            </button>
          </p>
        </div>
      ) : (
        <form className="checkin-form" onSubmit={submit} noValidate aria-busy={busy}>
          <fieldset className="checkin-fieldset" disabled={busy}>
            <legend>{t`Payment method`}</legend>
            <PaymentMethodChoice methods={CHECKIN_PAYMENT_METHODS} chosen={method} idPrefix="checkin-payment-method" onChoose={(item) => actor.send({ type: 'method.select', method: item })} />
          </fieldset>
          {method === 'card' ? <CardForm locale={locale} disabled={busy} /> : <RedirectMethodHint method={method} />}
          {method === 'card' && card ? <p role="status">{t`Paying with ${card.brand} ending in ${card.last4}.`}</p> : null}
          {problems.includes('card') ? (
            <p ref={problemRef} className="form-field__error" role="alert" tabIndex={-1}>
              {t`Enter your card in the form above and choose “Use this card”.`}
            </p>
          ) : null}
          <p className="checkin-page__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? (method === 'paypal' ? t`Continuing to PayPal…` : t`Confirming your card…`) : t`Confirm and check in`}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => actor.send({ type: 'details.edit' })}>
              {t`Change my details`}
            </button>
          </p>
        </form>
      )}
    </>
  );
}

function DeclineText({ reason }: { reason: DeclineReason | null }) {
  const { t } = useLingui();
  switch (reason) {
    case 'insufficient_funds':
      return <>{t`The card does not cover the amount.`}</>;
    case 'expired_card':
      return <>{t`The card has expired.`}</>;
    case 'authentication_failed':
      return <>{t`Your bank could not confirm that the card is yours.`}</>;
    case 'cancelled':
      return <>{t`The confirmation with your bank was cancelled.`}</>;
    default:
      return <>{t`Your bank did not accept the card.`}</>;
  }
}

/** The provider's hosted card form; the card it tokenizes guarantees the stay. */
function CardForm({ locale, disabled }: { locale: Locale; disabled: boolean }) {
  const { t } = useLingui();
  const actor = CheckinActorContext.useActorRef();
  const access = useAuthAccess();
  const onCard = useCallback((card: TokenizedCard) => actor.send({ type: 'card.tokenized', ...card }), [actor]);
  return (
    <fieldset className="checkin-fieldset" disabled={disabled}>
      <legend>{t`Your card`}</legend>
      <HostedCardForm locale={locale} access={access.token ? access : null} frameClassName="checkin-card__frame" onCard={onCard} />
    </fieldset>
  );
}
