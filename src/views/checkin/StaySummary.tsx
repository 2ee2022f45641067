import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Checkin } from '../../contract/checkin';
import type { Locale } from '../../contract/locales';
import { formatCalendarDate, formatTimeOfDay } from '../ui/format/dates';

/** The stay being checked in, as the hotel has it: hotel, dates, room and guest. */
export function StaySummary({ checkin, locale }: { checkin: Checkin; locale: Locale }) {
  const { t } = useLingui();
  const { stay } = checkin;
  const arrivalDay = formatCalendarDate(stay.arrival_date, locale);
  const fromTime = formatTimeOfDay(stay.check_in_from, locale);
  return (
    <section className="checkin-stay card" aria-labelledby="checkin-stay-hotel">
      <h2 id="checkin-stay-hotel" className="checkin-stay__hotel">
        <bdi>{stay.hotel_name}</bdi>
      </h2>
      <dl className="booking-facts checkin-stay__facts">
        <div>
          <dt>{t`Reservation number`}</dt>
          <dd>
            <bdi>{stay.reservation_number}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t`Arrival`}</dt>
          <dd>
            <Trans>
              <bdi>{arrivalDay}</bdi>, from <bdi>{fromTime}</bdi>
            </Trans>
          </dd>
        </div>
        <div>
          <dt>{t`Departure`}</dt>
          <dd>
            <bdi>{formatCalendarDate(stay.departure_date, locale)}</bdi> (<Plural value={stay.nights} one="# night" other="# nights" />)
          </dd>
        </div>
        <div>
          <dt>{t`Room`}</dt>
          <dd>
            <bdi>{stay.room_type_name}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t`Guest`}</dt>
          <dd>
            <bdi>
              {stay.guest.first_name} {stay.guest.last_name}
            </bdi>
          </dd>
        </div>
      </dl>
    </section>
  );
}
