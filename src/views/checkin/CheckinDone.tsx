import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { Locale } from '../../contract/locales';
import { selectCheckin, selectConfirmation } from '../../machines/checkin/checkin.selectors';
import { formatCalendarDate, formatTimeOfDay } from '../ui/format/dates';
import { CheckinActorContext } from './checkin-context';
import type { HeadingRef } from './checkin-context';

// The QR library loads only here, once the guest is checked in (as the member card's does).
const CheckinQrCode = lazy(() => import('./CheckinQrCode'));

/** Step 3: checked in online. The confirmation code and its QR code for the front desk and the key pickup; also by mail. */
export function CheckinDone({ locale, headingRef }: { locale: Locale; headingRef: HeadingRef }) {
  const { t } = useLingui();
  const confirmation = CheckinActorContext.useSelector(selectConfirmation);
  const checkin = CheckinActorContext.useSelector(selectCheckin);
  if (!confirmation || !checkin) return null;
  const { stay } = checkin;
  const arrival = formatCalendarDate(stay.arrival_date, locale);
  const from = formatTimeOfDay(stay.check_in_from, locale);
  return (
    <section className="checkin-done" aria-labelledby="checkin-done-title">
      <h2 id="checkin-done-title" ref={headingRef} tabIndex={-1}>
        {t`You are checked in online`}
      </h2>
      <p>{t`Show this code at the front desk to pick up your key. Your room is ready from ${from} on ${arrival}.`}</p>
      <div className="checkin-done__code">
        <Suspense fallback={<div className="checkin-qr skeleton" aria-hidden="true" />}>
          <CheckinQrCode payload={confirmation.qr_payload} code={confirmation.code} fallbackImage={confirmation.qr_png} />
        </Suspense>
        <p>
          {t`Confirmation code`}:{' '}
          <strong className="checkin-done__number" dir="ltr">
            {confirmation.code}
          </strong>
        </p>
      </div>
      <p>{t`We have also sent this confirmation to your email address.`}</p>
      <p className="checkin-page__actions">
        <Link className="button" to="/$locale/" params={{ locale }}>
          {t`Go to the home page`}
        </Link>
      </p>
    </section>
  );
}
