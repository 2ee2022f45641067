import { useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { Locale } from '../../../contract/locales';
import { orderLookupFailureOf, useOrderLookup } from '../../../services/booking/queries';
import { PageTitle } from '../../shell/PageTitle';
import { Field } from '../../ui/fields';
import { confirmationLink } from '../../ui/order/booking-format';

/**
 * "Manage my booking": a guest finds a booking with its reservation number and the last name of its
 * guest or the booking's email; the BFF answers with the booking's access key (kept for this tab), and
 * the confirmation page opens it. A wrong pair and an unknown number read the same.
 */
export function ManageBookingPage({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const numberId = useId();
  const nameId = useId();
  const errorId = useId();
  const [number, setNumber] = useState('');
  const [name, setName] = useState('');
  // Missing fields are named only once the guest has tried to look up: not while they are still typing.
  const [tried, setTried] = useState(false);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const find = useOrderLookup({
    onFound: (orderId) => void navigate(confirmationLink(locale, orderId)),
    // DOM work: the message is announced (role alert) and focused, so a keyboard user lands on it.
    onFailed: () => requestAnimationFrame(() => errorRef.current?.focus()),
  });
  const numberMissing = tried && !number.trim() ? t`Enter the reservation number from your confirmation email.` : undefined;
  const nameMissing = tried && !name.trim() ? t`Enter the guest’s last name or the email address you booked with.` : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (number.trim() && name.trim()) {
      find.mutate({ reservationNumber: number, guest: name });
      return;
    }
    setTried(true);
    // DOM work: focus goes to the first field still empty; its message (its description) is read with it.
    document.getElementById(number.trim() ? nameId : numberId)?.focus();
  };
  const failure = find.isError ? orderLookupFailureOf(find.error) : null;
  const problem =
    failure === 'notFound'
      ? t`We could not find a booking with these details. Check the reservation number in your confirmation email, and the guest’s last name or the email address you booked with.`
      : failure === 'tooManyAttempts'
        ? t`Too many attempts. Please wait a few minutes and try again.`
        : failure === 'failed'
          ? t`Your booking could not be looked up. Please try again.`
          : null;
  return (
    <div className="page booking-page" data-page="booking-manage">
      <PageTitle title={t`Find your booking`} />
      <h1>{t`Find your booking`}</h1>
      <p>{t`Enter the reservation number from your confirmation email and the last name of the guest, or the email address you booked with, to view, change or cancel your stay. No account is needed.`}</p>
      <form onSubmit={submit} noValidate aria-describedby={problem ? errorId : undefined}>
        <Field
          id={numberId}
          label={t`Reservation number`}
          name="reservation_number"
          required
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          error={numberMissing}
        />
        <Field
          id={nameId}
          label={t`Last name or email address`}
          name="last_name"
          required
          autoComplete="family-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={nameMissing}
        />
        {problem ? (
          <p id={errorId} ref={errorRef} className="form-field__error" role="alert" tabIndex={-1}>
            {problem}
          </p>
        ) : null}
        <p>
          <button type="submit" className="button button--primary" disabled={find.isPending}>
            {find.isPending ? t`Looking for your booking…` : t`Find booking`}
          </button>
        </p>
      </form>
      <section className="booking-checkin" aria-labelledby="manage-checkin-title">
        <h2 id="manage-checkin-title">{t`Arriving soon?`}</h2>
        <p>{t`From a few days before arrival you can check in online and go straight to the front desk for your key.`}</p>
        <p>
          <Link className="button" to="/$locale/checkin/personal-details" params={{ locale }}>
            {t`Check in online`}
          </Link>
        </p>
      </section>
    </div>
  );
}
