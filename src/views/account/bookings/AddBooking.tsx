import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { Locale } from '../../../contract/locales';
import { createLiveAddBookingLogic } from '../../../machines/add-booking/add-booking.live';
import { selectAddFailure, selectAdded, selectAddProblems, selectFormOpen, selectIsAdding } from '../../../machines/add-booking/add-booking.selectors';
import type { AddBookingFailure } from '../../../machines/add-booking/add-booking.types';
import { useMemberAreaTracking } from '../../../services/analytics/queries';
import { Field } from '../../ui/fields';
import { formatCalendarDate } from '../../ui/format/dates';
import { useLoyaltyEdge } from '../member-area/use-loyalty-edge';
import { AddBookingActorContext } from './add-booking-context';

/** Runs the add-booking machine for the bookings page: the lookup with the member's token, the bookings read again after. */
export function AddBookingProvider({ children }: { children: ReactNode }) {
  const { access, refreshBalance } = useLoyaltyEdge();
  const logic = useMemo(() => createLiveAddBookingLogic({ access, refreshBookings: refreshBalance }), [access, refreshBalance]);
  return <AddBookingActorContext.Provider logic={logic}>{children}</AddBookingActorContext.Provider>;
}

/**
 * "Add a booking" (spec section 2, bookings): a booking made by phone or at the hotel, found by its
 * reservation number and the guest's last name, joins the member's bookings (and can earn its points).
 */
export function AddBooking({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const actor = AddBookingActorContext.useActorRef();
  const open = AddBookingActorContext.useSelector(selectFormOpen);
  const added = AddBookingActorContext.useSelector(selectAdded);
  const tracking = useMemberAreaTracking('bookings', 'add booking');
  return (
    <section className="member-bookings__add" aria-labelledby="bookings-add">
      <h2 id="bookings-add">{t`Booked by phone or at the hotel?`}</h2>
      <div role="status">
        {added ? (
          <div className="notice member-bookings__added">
            <p>
              <Trans>
                Added: your stay at <bdi>{added.hotel.name}</bdi>, <bdi>{formatCalendarDate(added.arrivalDate, locale)}</bdi> –{' '}
                <bdi>{formatCalendarDate(added.departureDate, locale)}</bdi>. It is now in your bookings.
              </Trans>
            </p>
            <p className="member-bookings__actions">
              <Link to="/$locale/account/request-points" params={{ locale }}>{t`See if points are missing`}</Link>
              <button type="button" className="button" onClick={() => actor.send({ type: 'add.close' })}>
                {t`Close message`}
              </button>
            </p>
          </div>
        ) : null}
      </div>
      {open ? (
        <AddBookingForm />
      ) : (
        <p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'add.open' })} {...tracking}>
            {t`Add a booking`}
          </button>
        </p>
      )}
    </section>
  );
}

function AddBookingForm() {
  const { t } = useLingui();
  const actor = AddBookingActorContext.useActorRef();
  const problems = AddBookingActorContext.useSelector(selectAddProblems);
  const failure = AddBookingActorContext.useSelector(selectAddFailure);
  const adding = AddBookingActorContext.useSelector(selectIsAdding);
  const form = useRef<HTMLFormElement>(null);
  // DOM work: the form takes the focus when it opens, and the first field to correct after a refusal.
  useEffect(() => {
    const target = problems.reservationNumber ? 'add-booking-number' : problems.lastName ? 'add-booking-name' : failure ? null : 'add-booking-number';
    if (target) form.current?.querySelector<HTMLElement>(`#${target}`)?.focus();
  }, [problems, failure]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    actor.send({ type: 'add.submit', fields: { reservationNumber: String(data.get('reservationNumber') ?? ''), lastName: String(data.get('lastName') ?? '') } });
  };
  const numberProblem = problems.reservationNumber === 'required' ? t`Enter the reservation number.` : problems.reservationNumber ? t`A reservation number is 4 to 40 letters, digits or dashes.` : undefined;
  const nameProblem = problems.lastName === 'required' ? t`Enter the last name the booking was made in.` : problems.lastName ? t`Check the last name.` : undefined;
  return (
    <form ref={form} className="member-bookings__form" noValidate onSubmit={onSubmit} aria-busy={adding}>
      {failure ? (
        <p role="alert" className="notice member-bookings__failure">
          <FailureText failure={failure} />
        </p>
      ) : null}
      <Field id="add-booking-number" name="reservationNumber" label={t`Reservation number`} autoComplete="off" spellCheck={false} error={numberProblem} />
      <Field id="add-booking-name" name="lastName" label={t`Last name of the guest`} autoComplete="family-name" error={nameProblem} />
      <p className="member-bookings__actions">
        <button type="submit" className="button button--primary" disabled={adding} aria-busy={adding}>
          {adding ? t`Looking for your booking…` : t`Add booking`}
        </button>
        <button type="button" className="button" disabled={adding} onClick={() => actor.send({ type: 'add.close' })}>
          {t`Cancel`}
        </button>
      </p>
    </form>
  );
}

function FailureText({ failure }: { failure: AddBookingFailure }) {
  const { t } = useLingui();
  const messages: Record<AddBookingFailure, string> = {
    notFound: t`We found no reservation with this number and last name. Check both as they are on your confirmation.`,
    alreadyAdded: t`This booking is already in your account.`,
    invalid: t`Please correct the fields marked below.`,
    unavailable: t`Our reservation system is not answering right now. Please try again in a few minutes.`,
    failed: t`The booking could not be added. Please try again.`,
  };
  return messages[failure];
}
