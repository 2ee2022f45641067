import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Locale } from '../../../contract/locales';
import { selectCart, selectVoucherCode, selectVoucherProblem } from '../../../machines/cart/cart.selectors';
import type { VoucherProblem } from '../../../machines/cart/cart.types';
import { formatMoney } from '../../ui/format/money';
import { Field } from '../../ui/fields';
import { CartActorContext } from './checkout-context';

/** Why a voucher code was refused, and what the guest can do (the macro needs `t` from useLingui in scope). */
function useVoucherProblemText() {
  const { t } = useLingui();
  return (problem: VoucherProblem | null): string | undefined => {
    switch (problem) {
      case 'invalid':
        return t`We do not know this voucher code. Check it for typing errors: a code has 3 to 32 letters, digits or hyphens.`;
      case 'expired':
        return t`This voucher has expired and can no longer be used.`;
      case 'used':
        return t`This voucher has already been used for a booking.`;
      case 'inUse':
        return t`This voucher is being used to pay another booking right now. Try again in a few minutes, or use another code.`;
      case null:
        return undefined;
    }
  };
}

/** Vouchers and the promo code; the server decides what they are worth and the summary shows it. */
export function DiscountsSection({ locale, disabled }: { locale: Locale; disabled: boolean }) {
  const { t } = useLingui();
  const actor = CartActorContext.useActorRef();
  const cart = CartActorContext.useSelector(selectCart);
  const voucher = CartActorContext.useSelector(selectVoucherCode);
  const voucherProblem = CartActorContext.useSelector(selectVoucherProblem);
  const voucherProblemText = useVoucherProblemText();
  const [promo, setPromo] = useState(cart?.promo_code ?? '');
  if (!cart) return null;
  const applyVoucher = (event: FormEvent) => {
    event.preventDefault();
    if (voucher.trim() === '') return;
    actor.send({ type: 'voucher.apply', code: voucher });
  };
  const applyPromo = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'promo.apply', code: promo });
  };
  const promoStatus =
    cart.promo_status === 'applied'
      ? t`Promo code applied.`
      : cart.promo_status === 'expired'
        ? t`This promo code has expired.`
        : cart.promo_status === 'unknown'
          ? t`This promo code is not known.`
          : cart.promo_status === 'notApplicable'
            ? t`This promo code does not apply to these rooms.`
            : undefined;
  return (
    <section className="checkout-section" aria-labelledby="checkout-discounts">
      <h2 id="checkout-discounts">{t`Vouchers and promo code`}</h2>
      <fieldset className="checkout-fieldset" disabled={disabled}>
        <form className="inline-form" onSubmit={applyVoucher} aria-label={t`Voucher`}>
          <Field
            label={t`Voucher code`}
            name="voucher"
            id="checkout-voucher"
            value={voucher}
            onChange={(event) => actor.send({ type: 'voucher.typed', code: event.target.value })}
            maxLength={32}
            autoComplete="off"
            spellCheck={false}
            error={voucherProblemText(voucherProblem)}
            announceError
          />
          <button type="submit" className="button">
            {t`Apply voucher`}
          </button>
        </form>
        {cart.vouchers.length > 0 ? (
          <ul className="applied-vouchers">
            {cart.vouchers.map((item) => (
              <li key={item.voucher_id}>
                <bdi>{item.code}</bdi> <bdi>−{formatMoney(item.amount, cart.currency, locale)}</bdi>{' '}
                <button type="button" className="link-button" onClick={() => actor.send({ type: 'voucher.remove', voucherId: item.voucher_id })}>
                  {t`Remove voucher ${item.code}`}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <form className="inline-form" onSubmit={applyPromo} aria-label={t`Promo code`}>
          <Field label={t`Promo code`} name="promo" value={promo} onChange={(event) => setPromo(event.target.value)} maxLength={32} autoComplete="off" hint={promoStatus} />
          <button type="submit" className="button">
            {t`Apply code`}
          </button>
        </form>
      </fieldset>
    </section>
  );
}
