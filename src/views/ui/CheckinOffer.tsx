import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Locale } from '../../contract/locales';
import type { AuthAccess } from '../../services/bff/request';
import { checkinAvailabilityQuery } from '../../services/checkin/checkin-queries';

/**
 * "Check in online" for a booking whose online check-in is open (from a few days before arrival until the
 * arrival day ends); nothing while the BFF has not said so, or says it is not open. Its own chunk, loaded
 * after the booking is shown: the check-in's contract is no part of a booking page's first load.
 */
export default function CheckinOffer({ locale, reservationNumber, access }: { locale: Locale; reservationNumber: string; access: AuthAccess }) {
  const { t } = useLingui();
  const availability = useQuery(checkinAvailabilityQuery(access, reservationNumber));
  if (availability.data?.state !== 'open') return null;
  return (
    <section className="notice booking-checkin" aria-labelledby="booking-checkin-title">
      <h2 id="booking-checkin-title">{t`Online check-in is open`}</h2>
      <p>{t`Check in now and go straight to the front desk for your key when you arrive.`}</p>
      <p>
        <Link className="button button--primary" to="/$locale/checkin/personal-details" params={{ locale }} search={{ reservation: reservationNumber }}>
          {t`Check in online`}
        </Link>
      </p>
    </section>
  );
}
