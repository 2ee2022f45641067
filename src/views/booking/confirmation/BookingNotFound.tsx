import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Locale } from '../../../contract/locales';
import { NotFoundWaysOn } from '../../shell/NotFoundPage';

/**
 * A booking that is not there for this visitor: a wrong, incomplete or expired link, a guest's booking
 * opened without its access key (another tab or device), or another member's booking (the BFF answers 404
 * for all and never says which). The way forward: the member's bookings, or a new search.
 */
export function BookingNotFound({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <section className="status-page" aria-labelledby="booking-not-found-title" data-state="not-found">
      <h1 id="booking-not-found-title">{t`We can’t find this booking`}</h1>
      <p>{t`The link may be incomplete or out of date, or the booking may belong to another account. Open the link in your confirmation email again; signed-in members find all their bookings in their account.`}</p>
      <p>
        <Link to="/$locale/booking/manage" params={{ locale }}>
          {t`Find your booking with its reservation number`}
        </Link>
      </p>
      <NotFoundWaysOn locale={locale}>
        <Link className="button button--primary" to="/$locale/account/bookings" params={{ locale }}>
          {t`My bookings`}
        </Link>
      </NotFoundWaysOn>
    </section>
  );
}
