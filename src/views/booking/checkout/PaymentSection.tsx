import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Locale } from '../../../contract/locales';
import { selectCart, selectChosenCard, selectHasCvv, selectPaymentMethods, selectShownPaymentMethod } from '../../../machines/cart/cart.selectors';
import { selectIsSignedIn } from '../../../machines/session/session.selectors';
import { formatPoints } from '../../ui/format/money';
import { CheckField } from '../../ui/fields';
import { isRedirectMethod, PaymentMethodChoice, RedirectMethodHint } from '../../ui/payment/PaymentMethodChoice';
import { useFlag } from '../../shell/flags-context';
import { SessionActorContext, useAuthAccess } from '../../shell/session-context';
import { merchantQuery, savedCardsQuery } from '../../../services/booking/queries';
import { CartActorContext } from './checkout-context';
import { hostedFieldUrl, readHostedMessage } from './hosted-messages';

/**
 * How the guest pays: the methods the cart, the flags and the visitor allow; for a card, the provider's
 * hosted form in an iframe (card data never touches this page) or a member's saved card with its CVV in
 * the provider's hosted field.
 */
export function PaymentSection({ locale, disabled }: { locale: Locale; disabled: boolean }) {
  const { t } = useLingui();
  const actor = CartActorContext.useActorRef();
  const signedIn = SessionActorContext.useSelector(selectIsSignedIn);
  const flags = {
    paypal: useFlag('paypal'),
    idealAlongWithGuarantee: useFlag('show-ideal-along-with-guarantee'),
    payWithPoints: useFlag('pay-with-points-enabled'),
  };
  const methods = CartActorContext.useSelector(
    (snapshot) => selectPaymentMethods(snapshot, { flags, signedIn }),
    (a, b) => a.join() === b.join(),
  );
  // The guest's choice shows at once; if the server refuses it, the cart's method shows again with a notice.
  const chosen = CartActorContext.useSelector(selectShownPaymentMethod);
  const cart = CartActorContext.useSelector(selectCart);
  return (
    <section className="checkout-section" aria-labelledby="checkout-payment">
      <h2 id="checkout-payment">{t`Payment`}</h2>
      <fieldset className="checkout-fieldset payment-methods" disabled={disabled}>
        <legend>{t`Payment method`}</legend>
        <PaymentMethodChoice methods={methods} chosen={chosen} idPrefix="payment-method" onChoose={(method) => actor.send({ type: 'method.select', method })} />
      </fieldset>
      {chosen === 'card' ? <CardEntry disabled={disabled} locale={locale} /> : null}
      {chosen === 'points' && cart ? (
        <p className="form-field__hint">{t`You pay ${formatPoints(cart.points_to_pay_total, locale)} points for the rooms.`}</p>
      ) : null}
      {isRedirectMethod(chosen) ? <RedirectMethodHint method={chosen} /> : null}
    </section>
  );
}

/** A new card in the hosted form, or (members, behind save-payment-details) one of their saved cards. */
function CardEntry({ disabled, locale }: { disabled: boolean; locale: Locale }) {
  const { t } = useLingui();
  const actor = CartActorContext.useActorRef();
  const access = useAuthAccess();
  const signedIn = SessionActorContext.useSelector(selectIsSignedIn);
  const savedCardsOn = useFlag('save-payment-details') && signedIn;
  const merchant = useQuery(merchantQuery(access.token ? access : null));
  const saved = useQuery({ ...savedCardsQuery(access), enabled: savedCardsOn && access.token !== null });
  const card = CartActorContext.useSelector(selectChosenCard);
  const hasCvv = CartActorContext.useSelector(selectHasCvv);
  const [useNewCard, setUseNewCard] = useState(true);
  const [saveCard, setSaveCard] = useState(false);
  const origin = merchant.data?.origin ?? null;
  // DOM work: the provider's form posts its result to this window (a message listener); only its own
  // origin and the contract's shape count. It listens again when the guest ticks "save this card".
  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      const message = readHostedMessage(event, origin);
      if (message?.type === 'psp.card.tokenized') {
        actor.send({
          type: 'card.tokenized',
          token: message.token,
          brand: message.brand,
          last4: message.last4,
          expiryMonth: message.expiry_month,
          expiryYear: message.expiry_year,
          save: saveCard,
        });
      } else if (message?.type === 'psp.cvv.tokenized') {
        actor.send({ type: 'cvv.tokenized', cvvToken: message.cvv_token });
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, actor, saveCard]);

  const savedCards = savedCardsOn ? (saved.data ?? []) : [];
  const chosenSaved = card?.source === 'saved' ? card.cardId : null;
  const newCardShown = savedCards.length === 0 || (useNewCard && chosenSaved === null);
  return (
    <div className="card-entry">
      {savedCards.length > 0 ? (
        <fieldset className="checkout-fieldset" disabled={disabled}>
          <legend>{t`Your saved cards`}</legend>
          {savedCards.map((item) => (
            <p key={item.id} className="form-check">
              <input
                id={`saved-card-${item.id}`}
                type="radio"
                name="saved-card"
                checked={chosenSaved === item.id}
                onChange={() => {
                  setUseNewCard(false);
                  actor.send({ type: 'savedCard.select', cardId: item.id });
                }}
              />
              <label htmlFor={`saved-card-${item.id}`}>{t`${item.brand} ending in ${item.last4}, expires ${item.expiry_month}/${item.expiry_year}`}</label>
            </p>
          ))}
          <p className="form-check">
            <input id="saved-card-new" type="radio" name="saved-card" checked={newCardShown} onChange={() => setUseNewCard(true)} />
            <label htmlFor="saved-card-new">{t`A new card`}</label>
          </p>
        </fieldset>
      ) : null}
      {merchant.isPending ? (
        <div className="skeleton card-entry__frame" aria-busy="true">
          <span className="visually-hidden">{t`Loading the secure card form…`}</span>
        </div>
      ) : merchant.isError ? (
        <div className="notice" role="alert">
          <p>{t`The secure card form could not be loaded.`}</p>
          <button type="button" className="button" onClick={() => void merchant.refetch()}>
            {t`Try again`}
          </button>
        </div>
      ) : chosenSaved !== null && !newCardShown ? (
        <div>
          <iframe
            className="card-entry__frame card-entry__frame--cvv"
            title={t`Security code of your saved card`}
            src={hostedFieldUrl(merchant.data.hosted_cvv_url ?? merchant.data.hosted_form_url, window.location.origin, locale)}
          />
          {hasCvv ? <p role="status">{t`Security code entered.`}</p> : null}
        </div>
      ) : (
        <div>
          {card?.source === 'new' ? <p role="status">{t`Paying with ${card.brand} ending in ${card.last4}.`}</p> : null}
          <iframe className="card-entry__frame" title={t`Card details`} src={hostedFieldUrl(merchant.data.hosted_form_url, window.location.origin, locale)} />
          {savedCardsOn ? (
            <CheckField
              name="save-card"
              checked={saveCard}
              onChange={(event) => setSaveCard(event.target.checked)}
              label={t`Save this card for my next booking`}
            />
          ) : null}
        </div>
      )}
    </div>
  );
}
