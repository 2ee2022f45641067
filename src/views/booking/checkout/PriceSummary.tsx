import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Locale } from '../../../contract/locales';
import { selectIsBusy, selectPriceSummary } from '../../../machines/cart/cart.selectors';
import { formatMoney, formatPoints } from '../../ui/format/money';
import { CartActorContext } from './checkout-context';

/**
 * The price summary, as the server's cart gives it: every line and total is the server's, so what the
 * guest sees is what is charged. While a change is on its way the summary says so instead of guessing.
 */
export function PriceSummary({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const summary = CartActorContext.useSelector(selectPriceSummary);
  const busy = CartActorContext.useSelector(selectIsBusy);
  if (!summary) return null;
  const money = (amount: number) => <bdi>{formatMoney(amount, summary.currency, locale)}</bdi>;
  return (
    <section className="price-summary" aria-labelledby="price-summary-title" aria-busy={busy} data-testid="price-summary">
      <h2 id="price-summary-title">{t`Price summary`}</h2>
      <dl>
        {summary.rooms.map((room, index) => (
          <div key={room.roomStayId} className="price-summary__line">
            <dt>
              {summary.rooms.length > 1 ? t`Room ${index + 1}: ${room.name}` : room.name}
              <span className="price-summary__detail">
                {room.rateName} · {plural(summary.nights, { one: '# night', other: '# nights' })}
              </span>
              {room.company ? (
                <span className="price-summary__detail price-summary__company" data-company-rate="">
                  <Trans>
                    Your company rate: <bdi>{room.company}</bdi>
                  </Trans>
                </span>
              ) : null}
            </dt>
            <dd>{money(room.priceWithTax)}</dd>
          </div>
        ))}
        {summary.addons.map((addon) => (
          <div key={`${addon.roomStayId}-${addon.code}`} className="price-summary__line" data-line="addon">
            <dt>{addon.quantity > 1 ? `${addon.name} × ${addon.quantity}` : addon.name}</dt>
            <dd>{money(addon.price)}</dd>
          </div>
        ))}
        {summary.insurance !== null ? (
          <div className="price-summary__line" data-line="insurance">
            <dt>{t`Cancellation insurance`}</dt>
            <dd>{money(summary.insurance)}</dd>
          </div>
        ) : null}
        {summary.vouchers.map((voucher) => (
          <div key={voucher.voucherId} className="price-summary__line" data-line="voucher">
            <dt>{t`Voucher ${voucher.code}`}</dt>
            <dd>−{money(voucher.amount)}</dd>
          </div>
        ))}
        <div className="price-summary__line price-summary__line--total" data-line="total">
          <dt>{t`Total`}</dt>
          <dd>{money(summary.total)}</dd>
        </div>
        <div className="price-summary__line price-summary__line--minor" data-line="tax">
          <dt>{t`Of which taxes`}</dt>
          <dd>{money(summary.tax)}</dd>
        </div>
        <div className="price-summary__line" data-line="pay-now">
          <dt>{t`Pay now`}</dt>
          <dd>{money(summary.payNow)}</dd>
        </div>
        <div className="price-summary__line" data-line="at-hotel">
          <dt>{t`Pay at the hotel`}</dt>
          <dd>{money(summary.atHotel)}</dd>
        </div>
        {summary.cityTax > 0 ? (
          <div className="price-summary__line price-summary__line--minor" data-line="city-tax">
            <dt>{t`City tax, paid at the hotel`}</dt>
            <dd>{money(summary.cityTax)}</dd>
          </div>
        ) : null}
        {summary.points !== null ? (
          <div className="price-summary__line" data-line="points">
            <dt>{t`Paid with points`}</dt>
            <dd>{t`${formatPoints(summary.points, locale)} points`}</dd>
          </div>
        ) : null}
        {summary.pointsEarned > 0 ? (
          <div className="price-summary__line price-summary__line--minor" data-line="points-earned">
            <dt>{t`Points you earn`}</dt>
            <dd>{formatPoints(summary.pointsEarned, locale)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
