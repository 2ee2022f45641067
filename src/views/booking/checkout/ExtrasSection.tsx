import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ECOMMERCE_LIMITS } from '../../../contract/ecommerce';
import type { Locale } from '../../../contract/locales';
import { roomStaysOf } from '../../../machines/cart/cart.rules';
import { selectCart } from '../../../machines/cart/cart.selectors';
import { formatMoney, formatPoints } from '../../../services/format/money';
import { CheckField } from '../../account/fields';
import { useFlag } from '../../shell/flags-context';
import { useAuthAccess } from '../../shell/session-context';
import { availableAddonsQuery, insuranceQuoteQuery } from './checkout-queries';
import { CartActorContext } from './checkout-context';

/**
 * Extras per room (add-ons, the green option) and the cancellation insurance (behind its flag). What is
 * chosen is what the server's cart says; each change goes to the server and the summary shows its answer.
 */
export function ExtrasSection({ locale, disabled }: { locale: Locale; disabled: boolean }) {
  const { t } = useLingui();
  const cart = CartActorContext.useSelector(selectCart);
  const insurance = useFlag('show-cancellation-insurance-addon');
  const rooms = roomStaysOf(cart);
  if (!cart) return null;
  return (
    <section className="checkout-section" aria-labelledby="checkout-extras">
      <h2 id="checkout-extras">{t`Extras`}</h2>
      <fieldset className="checkout-fieldset" disabled={disabled}>
        {rooms.map(({ stayId, roomStay }, index) => (
          <RoomExtras
            key={roomStay.room_stay_id}
            locale={locale}
            currency={cart.currency}
            cartId={cart.cart_id}
            stayId={stayId}
            roomStayId={roomStay.room_stay_id}
            title={rooms.length > 1 ? t`Room ${index + 1}` : null}
            chosen={roomStay.addons.map((addon) => addon.addon_code)}
            green={roomStay.receive_points_for_green_option}
          />
        ))}
        {insurance ? (
          <InsuranceOption
            locale={locale}
            cartId={cart.cart_id}
            currency={cart.currency}
            total={cart.amount_to_pay_total}
            price={cart.insurance?.price ?? null}
          />
        ) : null}
      </fieldset>
    </section>
  );
}

interface RoomExtrasProps {
  locale: Locale;
  currency: string;
  cartId: string;
  stayId: string;
  roomStayId: string;
  title: string | null;
  chosen: string[];
  green: boolean;
}

function RoomExtras({ locale, currency, cartId, stayId, roomStayId, title, chosen, green }: RoomExtrasProps) {
  const { t } = useLingui();
  const actor = CartActorContext.useActorRef();
  const access = useAuthAccess();
  const available = useQuery(availableAddonsQuery(access.token ? access : null, { cartId, stayId, roomStayId }));
  const points = formatPoints(ECOMMERCE_LIMITS.greenOptionPoints, locale);
  return (
    <div className="room-extras" data-room-stay={roomStayId}>
      {title ? <h3>{title}</h3> : null}
      {available.isPending ? (
        <p className="skeleton skeleton--line" aria-busy="true">
          <span className="visually-hidden">{t`Loading extras…`}</span>
        </p>
      ) : available.isError ? (
        <p className="form-field__hint">{t`Extras could not be loaded; you can still book.`}</p>
      ) : (
        <ul className="room-extras__list">
          {available.data.addons.map((addon) => (
            <li key={addon.code}>
              <CheckField
                name={`${roomStayId}-addon-${addon.code}`}
                checked={chosen.includes(addon.code)}
                onChange={(event) => actor.send({ type: 'addon.toggle', stayId, roomStayId, addonCode: addon.code, selected: event.target.checked })}
                label={
                  <>
                    {addon.name} <bdi className="price__amount">{formatMoney(addon.price, currency, locale)}</bdi>
                  </>
                }
              />
            </li>
          ))}
          {available.data.benefits.map((benefit) => (
            <li key={benefit.code} className="form-field__hint">
              {t`${benefit.name}: ${formatPoints(benefit.points, locale)} points`}
            </li>
          ))}
        </ul>
      )}
      <CheckField
        name={`${roomStayId}-green`}
        checked={green}
        onChange={(event) => actor.send({ type: 'green.toggle', stayId, roomStayId, on: event.target.checked })}
        label={t`Green option: skip daily room cleaning and earn ${points} points`}
      />
    </div>
  );
}

function InsuranceOption({
  locale,
  cartId,
  currency,
  total,
  price,
}: {
  locale: Locale;
  cartId: string;
  currency: string;
  total: number;
  price: number | null;
}) {
  const { t } = useLingui();
  const actor = CartActorContext.useActorRef();
  const access = useAuthAccess();
  // The quote follows the cart's total; once added, the cart's own price is shown.
  const quote = useQuery({ ...insuranceQuoteQuery(access.token ? access : null, cartId, total), enabled: price === null });
  const shown = price ?? quote.data?.price ?? null;
  if (price === null && quote.isError) return null;
  return (
    <div className="insurance" data-addon="insurance">
      <CheckField
        name="insurance-cancellation"
        checked={price !== null}
        disabled={shown === null}
        onChange={(event) => actor.send({ type: 'insurance.toggle', add: event.target.checked })}
        label={
          shown === null ? (
            t`Cancellation insurance`
          ) : (
            <>
              {t`Cancellation insurance: get your money back if you cannot travel`} <bdi className="price__amount">{formatMoney(shown, currency, locale)}</bdi>
            </>
          )
        }
      />
    </div>
  );
}
