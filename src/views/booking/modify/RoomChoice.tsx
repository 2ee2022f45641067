import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { Locale } from '../../../contract/locales';
import { selectCanEdit, selectRoomChoices } from '../../../machines/modification/modification.selectors';
import type { RoomTypeChoice } from '../../../machines/modification/modification.selectors';
import { formatMoney } from '../../ui/format/money';
import { ModificationActorContext } from './modification-context';

/**
 * Another room type and rate for the stay: the rooms and rates the server's last answer lists for the
 * draft's dates and guests, each priced for the whole stay, one radio group per room type (one choice in
 * all). Choosing is an edit: the new price and the difference come from the next price check.
 */
export function RoomChoice({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const choices = ModificationActorContext.useSelector(selectRoomChoices);
  const canEdit = ModificationActorContext.useSelector(selectCanEdit);
  const name = useId();
  if (!choices) return null;
  return (
    <fieldset disabled={!canEdit} className="room-choice">
      <legend>{t`Room and rate`}</legend>
      {choices.kind === 'pending' ? (
        <p className="form-field__hint">{t`Check the new price to see the rooms and rates free for your new dates and guests.`}</p>
      ) : choices.kind === 'none' ? (
        <p className="form-field__hint">{t`No other rooms are available for these dates.`}</p>
      ) : (
        choices.roomTypes.map((roomType) => <RoomTypeRates key={roomType.roomTypeCode} roomType={roomType} currency={choices.currency} locale={locale} name={name} />)
      )}
    </fieldset>
  );
}

function RoomTypeRates({ roomType, currency, locale, name }: { roomType: RoomTypeChoice; currency: string; locale: Locale; name: string }) {
  const { t } = useLingui();
  const actor = ModificationActorContext.useActorRef();
  return (
    <fieldset className="room-choice__type">
      <legend>
        <bdi>{roomType.roomTypeName}</bdi>
      </legend>
      {roomType.rates.map((rate) => (
        <label key={rate.rateCode} className="room-choice__rate">
          <input
            type="radio"
            // One name for every room type's group: a single choice of room and rate.
            name={name}
            value={`${roomType.roomTypeCode}/${rate.rateCode}`}
            checked={rate.chosen}
            onChange={() => actor.send({ type: 'room.chosen', roomTypeCode: roomType.roomTypeCode, rateCode: rate.rateCode })}
          />
          <span>
            <bdi>{rate.rateName}</bdi> {rate.isMemberRate ? <span className="badge">{t`Member rate`}</span> : null}{' '}
            {rate.booked ? <span className="badge">{t`As booked`}</span> : null}
          </span>
          <span className="room-choice__price">
            <bdi>{formatMoney(rate.priceWithTax, currency, locale)}</bdi> <span className="form-field__hint">{t`for the stay`}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
