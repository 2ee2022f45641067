import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { FolioCharge, HotelChargeKind, HotelFolioKind } from '../../contract/hotel-checkout';
import type { Locale } from '../../contract/locales';
import { selectCheckout, selectFolioGroups, selectIsBusy, selectMovingCharge, selectNewCharges } from '../../machines/hotel-checkout/hotel-checkout.selectors';
import { formatCalendarDay } from '../ui/format/dates';
import { formatMoney } from '../ui/format/money';
import { HotelCheckoutActorContext } from './hotel-checkout-context';

/** The names of the charge kinds, as the guest reads them. */
function useChargeKindNames(): Record<HotelChargeKind, string> {
  const { t } = useLingui();
  return { room: t`Room`, city_tax: t`City tax`, breakfast: t`Breakfast`, minibar: t`Minibar`, restaurant: t`Restaurant`, parking: t`Parking` };
}

/**
 * A charge's name in the guest's language: its kind, and for a room night the room. The hotel's own text
 * for it (`description`) is in the hotel system's language, which is not the guest's in most of them.
 */
function useChargeName(): (charge: FolioCharge) => string {
  const { t } = useLingui();
  const kinds = useChargeKindNames();
  const stay = HotelCheckoutActorContext.useSelector((snapshot) => selectCheckout(snapshot)?.stay ?? null);
  return (charge) => {
    if (charge.kind !== 'room' || !stay?.room_number) return kinds[charge.kind];
    const number = stay.room_number;
    const type = stay.room_type_name;
    return t`Room ${number}, ${type}`;
  };
}

export function useFolioNames(): Record<HotelFolioKind, string> {
  const { t } = useLingui();
  return { private: t`Private bill`, business: t`Business bill` };
}

/**
 * The folio: each folio (private, business) a section with a heading and a table of its charges, its total
 * and what is still open. Each charge has a button to move it to the other folio, named with the charge.
 * Charges posted since the guest last read the folio are marked new.
 */
export function FolioReview({ locale, currency, movable }: { locale: Locale; currency: string; movable: boolean }) {
  const { t } = useLingui();
  const groups = HotelCheckoutActorContext.useSelector(selectFolioGroups);
  const newCharges = HotelCheckoutActorContext.useSelector(selectNewCharges);
  const moving = HotelCheckoutActorContext.useSelector(selectMovingCharge);
  const busy = HotelCheckoutActorContext.useSelector(selectIsBusy);
  const actor = HotelCheckoutActorContext.useActorRef();
  const chargeName = useChargeName();
  const folios = useFolioNames();
  const money = (amount: number) => <bdi>{formatMoney(amount, currency, locale)}</bdi>;
  return (
    <div className="hotel-folio">
      {groups.map((group) => {
        const other: HotelFolioKind = group.folio === 'private' ? 'business' : 'private';
        const headingId = `folio-${group.folio}`;
        return (
          <section key={group.folio} className="hotel-folio__folio" aria-labelledby={headingId} data-folio={group.folio}>
            <h3 id={headingId}>{folios[group.folio]}</h3>
            {group.charges.length === 0 ? (
              <p className="hotel-folio__empty">{group.folio === 'business' ? t`No charges. Move a charge here for your company to pay it.` : t`No charges.`}</p>
            ) : (
              <table className="hotel-folio__table">
                <caption className="visually-hidden">{t`Charges on the ${folios[group.folio]}`}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t`Date`}</th>
                    <th scope="col">{t`Charge`}</th>
                    <th scope="col" className="hotel-folio__amount">
                      {t`Amount`}
                    </th>
                    {movable ? (
                      <th scope="col">
                        <span className="visually-hidden">{t`Move`}</span>
                      </th>
                    ) : null}
                  </tr>
                </thead>
                <tbody>
                  {group.charges.map((charge) => (
                    <ChargeRow
                      key={charge.id}
                      charge={charge}
                      name={chargeName(charge)}
                      isNew={newCharges.includes(charge.id)}
                      date={formatCalendarDay(charge.service_date, locale)}
                      amount={money(charge.amount)}
                      move={
                        movable
                          ? {
                              label: other === 'business' ? t`Move ${chargeName(charge)} to the business bill` : t`Move ${chargeName(charge)} to the private bill`,
                              text: other === 'business' ? t`To business` : t`To private`,
                              moving: moving === charge.id,
                              disabled: busy,
                              onMove: () => actor.send({ type: 'folio.move', chargeId: charge.id, to: other }),
                            }
                          : null
                      }
                    />
                  ))}
                </tbody>
              </table>
            )}
            <dl className="hotel-folio__totals">
              <div>
                <dt>{t`Total`}</dt>
                <dd>{money(group.total)}</dd>
              </div>
              <div>
                <dt>{t`Still to pay`}</dt>
                <dd data-testid={`balance-${group.folio}`}>{money(Math.max(group.balance, 0))}</dd>
              </div>
            </dl>
          </section>
        );
      })}
    </div>
  );
}

function ChargeRow({
  charge,
  name,
  isNew,
  date,
  amount,
  move,
}: {
  charge: FolioCharge;
  name: string;
  isNew: boolean;
  date: string;
  amount: ReactNode;
  move: { label: string; text: string; moving: boolean; disabled: boolean; onMove: () => void } | null;
}) {
  const { t } = useLingui();
  return (
    <tr className={isNew ? 'hotel-folio__new' : undefined} data-charge={charge.kind}>
      <td>
        <bdi>{date}</bdi>
      </td>
      <td>
        <bdi>{name}</bdi>
        {isNew ? <strong className="hotel-folio__badge"> {t`New`}</strong> : null}
      </td>
      <td className="hotel-folio__amount">{amount}</td>
      {move ? (
        <td>
          <button type="button" className="button button--small" aria-label={move.label} aria-disabled={move.disabled || undefined} onClick={() => (move.disabled ? undefined : move.onMove())}>
            {move.moving ? t`Moving…` : move.text}
          </button>
        </td>
      ) : null}
    </tr>
  );
}
