import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ECOMMERCE_LIMITS } from '../../../contract/ecommerce';
import type { Locale } from '../../../contract/locales';
import { type AddonPricing, GREEN_OPTION_BENEFIT_CODE } from '../../../contract/search';
import { roomStaysOf } from '../../../machines/cart/cart.rules';
import { selectCart } from '../../../machines/cart/cart.selectors';
import { formatMoney, formatPoints } from '../../ui/format/money';
import { CheckField } from '../../ui/fields';
import { useFlag } from '../../shell/flags-context';
import { useAuthAccess } from '../../shell/session-context';
import { availableAddonsQuery, insuranceQuoteQuery } from '../../../services/booking/queries';
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
            chosen={Object.fromEntries(roomStay.addons.map((addon) => [addon.addon_code, addon.quantity]))}
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
  /** The chosen add-ons' quantities, by code, as the server's cart says. */
  chosen: Record<string, number>;
  green: boolean;
}

function RoomExtras({ locale, currency, cartId, stayId, roomStayId, title, chosen, green }: RoomExtrasProps) {
  const { t } = useLingui();
  const actor = CartActorContext.useActorRef();
  const access = useAuthAccess();
  const available = useQuery(availableAddonsQuery(access.token ? access : null, { cartId, stayId, roomStayId }));
  const points = formatPoints(ECOMMERCE_LIMITS.greenOptionPoints, locale);
  // The green option is offered for a stay long enough for it (the server lists it among the benefits);
  // once chosen it stays on show, so it can be taken back.
  const greenOffered = available.data?.benefits.some((benefit) => benefit.code === GREEN_OPTION_BENEFIT_CODE) ?? false;
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
            <li key={addon.code} className="room-extras__addon">
              <CheckField
                name={`${roomStayId}-addon-${addon.code}`}
                checked={addon.code in chosen}
                onChange={(event) => actor.send({ type: 'addon.toggle', stayId, roomStayId, addonCode: addon.code, selected: event.target.checked })}
                label={
                  <>
                    {addon.name} <bdi className="price__amount">{formatMoney(addon.price, currency, locale)}</bdi>
                  </>
                }
              />
              {addon.code in chosen && COUNTED_PRICING.has(addon.pricing) ? (
                <QuantityStepper
                  name={addon.name}
                  value={chosen[addon.code] ?? 1}
                  onChange={(quantity) => actor.send({ type: 'addon.quantity', stayId, roomStayId, addonCode: addon.code, quantity })}
                />
              ) : null}
            </li>
          ))}
          {available.data.benefits
            .filter((benefit) => benefit.code !== GREEN_OPTION_BENEFIT_CODE)
            .map((benefit) => (
              <li key={benefit.code} className="form-field__hint">
                {t`${benefit.name}: ${formatPoints(benefit.points, locale)} points`}
              </li>
            ))}
        </ul>
      )}
      {greenOffered || green ? (
        <CheckField
          name={`${roomStayId}-green`}
          checked={green}
          onChange={(event) => actor.send({ type: 'green.toggle', stayId, roomStayId, on: event.target.checked })}
          label={t`Green option: skip daily room cleaning and earn ${points} points`}
        />
      ) : null}
    </div>
  );
}

/** Add-ons that come in a number (a bottle per stay, a tour per person); the others are on or off. */
const COUNTED_PRICING: ReadonlySet<AddonPricing> = new Set<AddonPricing>(['per_stay', 'per_person']);

/**
 * How many of a chosen add-on: a number field (a native spinbutton: arrow keys, typing) between a fewer
 * and a more button. Buttons send at once; a typed number when the field is left or Enter is pressed, so
 * the server is not asked for every keystroke. The field shows the cart's quantity again after each answer.
 */
function QuantityStepper({ name, value, onChange }: { name: string; value: number; onChange: (quantity: number) => void }) {
  const { t } = useLingui();
  const id = useId();
  const max = ECOMMERCE_LIMITS.maxAddonQuantity;
  const [typed, setTyped] = useState<string | null>(null);
  const commit = () => {
    if (typed === null) return;
    const quantity = Number(typed);
    setTyped(null);
    if (Number.isInteger(quantity) && quantity >= 1 && quantity <= max && quantity !== value) onChange(quantity);
  };
  return (
    <div className="quantity-stepper">
      <label htmlFor={id} className="visually-hidden">
        {t`Quantity of ${name}`}
      </label>
      <button type="button" className="button quantity-stepper__button" aria-label={t`One fewer ${name}`} disabled={value <= 1} onClick={() => onChange(value - 1)}>
        −
      </button>
      <input
        id={id}
        className="quantity-stepper__input"
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        value={typed ?? String(value)}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
      <button type="button" className="button quantity-stepper__button" aria-label={t`One more ${name}`} disabled={value >= max} onClick={() => onChange(value + 1)}>
        +
      </button>
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
