import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../../contract/locales';
import { localizedPath, ROUTES } from '../../../services/navigation/paths';
import { NotFoundWaysOn } from '../../shell/NotFoundPage';

/**
 * A booking that is not there for this visitor: a wrong or incomplete link, or another member's booking
 * (the BFF answers 404 for both and never says which). The way forward: the member's bookings, or a new search.
 */
export function BookingNotFound({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <section className="status-page" aria-labelledby="booking-not-found-title" data-state="not-found">
      <h1 id="booking-not-found-title">{t`We can’t find this booking`}</h1>
      <p>{t`The link may be incomplete, or the booking may belong to another account. Signed-in members find all their bookings in their account.`}</p>
      <NotFoundWaysOn locale={locale} primary={{ href: localizedPath(locale, ROUTES.account.bookings), label: t`My bookings` }} />
    </section>
  );
}
