import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import type { FormEvent } from 'react';
import type { Locale } from '../../contract/locales';
import { selectIsBusy, selectLookup, selectLookupMissing, selectLookupProblem, selectRefusals, selectView } from '../../machines/checkin/checkin.selectors';
import { Field } from '../ui/fields';
import { CheckinActorContext } from './checkin-context';
import type { HeadingRef } from './checkin-context';

/**
 * "Check in online": the reservation number and the last name of the booking find the stay (the BFF
 * answers the same for a wrong pair and an unknown number). What was typed stays after a refusal.
 */
export function LookupForm({ headingRef }: { locale: Locale; headingRef: HeadingRef }) {
  const { t } = useLingui();
  const actor = CheckinActorContext.useActorRef();
  const lookup = CheckinActorContext.useSelector(selectLookup);
  const missing = CheckinActorContext.useSelector(selectLookupMissing, (a, b) => a.join() === b.join());
  const problem = CheckinActorContext.useSelector(selectLookupProblem);
  const refusals = CheckinActorContext.useSelector(selectRefusals);
  const opening = CheckinActorContext.useSelector((snapshot) => selectView(snapshot) === 'loading' || selectIsBusy(snapshot));
  const numberId = useId();
  const nameId = useId();
  const problemRef = useRef<HTMLParagraphElement>(null);
  // DOM work: after a refused lookup the focus goes to the first empty field (its message is read with
  // it), after a failed one to the message.
  // The first empty field as it is when a refusal comes: typing afterwards never moves the focus.
  const firstMissing = useRef<string | null>(null);
  // DOM work: remembers which field the focus goes to (read by the effect below).
  useEffect(() => {
    firstMissing.current = missing[0] ?? null;
  });
  // DOM work: the focus to the first empty field after a refusal.
  useEffect(() => {
    if (refusals === 0) return;
    document.getElementById(firstMissing.current === 'lastName' ? nameId : numberId)?.focus();
  }, [refusals, nameId, numberId]);
  // DOM work: the focus to the message after a failed lookup.
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'lookup.submit' });
  };
  const message =
    problem === 'notFound'
      ? t`We could not find a booking with these details. Check the reservation number in your confirmation email and the last name of the guest.`
      : problem === 'tooManyAttempts'
        ? t`Too many attempts. Please wait a few minutes and try again.`
        : problem === 'unavailable'
          ? t`The hotel’s system is not answering just now. Please try again in a moment.`
          : problem === 'failed'
            ? t`Your booking could not be looked up. Please check your connection and try again.`
            : null;
  return (
    <>
      <h2 ref={headingRef} tabIndex={-1}>
        {t`Check in online: reservation number and last name`}
      </h2>
      <p>{t`Check in before you arrive and go straight to the front desk for your key. Enter the reservation number from your confirmation email and the guest’s last name.`}</p>
      <form className="checkin-form" onSubmit={submit} noValidate>
        <Field
          id={numberId}
          label={t`Reservation number`}
          name="reservation_number"
          required
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          value={lookup.reservationNumber}
          onChange={(event) => actor.send({ type: 'lookup.changed', field: 'reservationNumber', value: event.target.value })}
          error={missing.includes('reservationNumber') ? t`Enter the reservation number from your confirmation email.` : undefined}
        />
        <Field
          id={nameId}
          label={t`Last name`}
          name="last_name"
          required
          autoComplete="family-name"
          value={lookup.lastName}
          onChange={(event) => actor.send({ type: 'lookup.changed', field: 'lastName', value: event.target.value })}
          error={missing.includes('lastName') ? t`Enter the guest’s last name.` : undefined}
        />
        {message ? (
          <p ref={problemRef} className="form-field__error" role="alert" tabIndex={-1}>
            {message}
          </p>
        ) : null}
        <p>
          <button type="submit" className="button button--primary" disabled={opening}>
            {opening ? t`Looking for your booking…` : t`Find my booking`}
          </button>
        </p>
      </form>
    </>
  );
}
