import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { FormEvent } from 'react';
import type { HotelOption } from '../../../contract/content';
import type { Locale } from '../../../contract/locales';
import { LOYALTY_LIMITS, type PointsClaim } from '../../../contract/loyalty';
import type { MissingPointsStay } from '../../../contract/member-reservations';
import { selectAnswer, selectFormState, selectIsSending, selectSendingFound } from '../../../machines/points-claim/points-claim.selectors';
import type { ClaimFailure, ClaimField, FieldProblem } from '../../../machines/points-claim/points-claim.types';
import { claimHotelsQuery, missingPointsQuery, pointsClaimsQuery } from '../../../services/loyalty/queries';
import { PageTitle } from '../../shell/PageTitle';
import { LoadFailed } from '../../shell/QueryState';
import { useAuthAccess } from '../../shell/session-context';
import { Field } from '../../ui/fields';
import { formatCalendarDate } from '../../ui/format/dates';
import { formatPoints } from '../../ui/format/money';
import { MemberOnly } from '../member-area/MemberOnly';
import { PointsClaimActorContext } from './points-claim-context';
import { PointsClaimProvider } from './PointsClaimProvider';
import './request-points.css';

/**
 * Request points (spec section 2, request points): the member's stays found without points, each claimed
 * with one click; a form for any other stay; and the status of past requests.
 */
export function RequestPointsPage({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <MemberOnly title={t`Request points`} locale={locale}>
      <PointsClaimProvider>
        <RequestPoints locale={locale} />
      </PointsClaimProvider>
    </MemberOnly>
  );
}

function RequestPoints({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const answer = PointsClaimActorContext.useSelector(selectAnswer);
  return (
    <div className="page member-page member-claims" data-page="account-request-points">
      <PageTitle title={t`Request points`} />
      <h1>{t`Request points`}</h1>
      <p>
        <Trans>
          Stayed with us and the points are missing? Ask for them here up to {LOYALTY_LIMITS.claimWindowDays} days after your departure.{' '}
          <Link to="/$locale/account/points-history" params={{ locale }}>
            Points history
          </Link>
        </Trans>
      </p>
      <FoundStays locale={locale} />
      {answer ? <Answer claim={answer} locale={locale} /> : <ClaimForm locale={locale} />}
      <MyRequests locale={locale} />
    </div>
  );
}

/** The member's stays that earned no points: the BFF found them, one click asks for their points. */
function FoundStays({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const stays = useQuery(missingPointsQuery(access));
  return (
    <section aria-labelledby="claims-found" className="member-claims__found">
      <h2 id="claims-found">{t`Stays found without points`}</h2>
      {stays.isPending ? (
        <p className="skeleton skeleton--block" role="status">
          <span className="visually-hidden">{t`Looking for stays without points…`}</span>
        </p>
      ) : stays.isError ? (
        <LoadFailed message={t`Your stays could not be checked.`} onRetry={() => void stays.refetch()} />
      ) : stays.data.length === 0 ? (
        <p>{t`We found no stay of yours without points. A stay booked elsewhere can be asked for with the form below.`}</p>
      ) : (
        <ul className="member-claims__list" aria-labelledby="claims-found">
          {stays.data.map((stay) => (
            <li key={stay.reservationNumber}>
              <FoundStay stay={stay} locale={locale} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FoundStay({ stay, locale }: { stay: MissingPointsStay; locale: Locale }) {
  const { t } = useLingui();
  const words = useClaimWords();
  const claim = PointsClaimActorContext.useActorRef();
  const sendingFound = PointsClaimActorContext.useSelector(selectSendingFound);
  const busy = PointsClaimActorContext.useSelector(selectIsSending);
  const points = formatPoints(stay.points, locale);
  const waiting = stay.claim?.status === 'submitted';
  return (
    <article className="card member-claims__stay" aria-labelledby={`found-${stay.reservationNumber}`}>
      <h3 id={`found-${stay.reservationNumber}`}>
        <bdi>{stay.hotel.name}</bdi>
      </h3>
      <p>
        <bdi>{formatCalendarDate(stay.arrivalDate, locale)}</bdi> – <bdi>{formatCalendarDate(stay.departureDate, locale)}</bdi>
      </p>
      <p className="card__meta">
        <Trans>
          Reservation <bdi>{stay.reservationNumber}</bdi>
        </Trans>
      </p>
      {waiting ? (
        <p>{t`Requested: waiting for the hotel’s answer.`}</p>
      ) : (
        <>
          {stay.claim?.status === 'rejected' ? <p>{t`An earlier request was turned down: ${words.reason(stay.claim.reason)}`}</p> : null}
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            aria-busy={sendingFound === stay.reservationNumber}
            onClick={() =>
              claim.send({
                type: 'claim.found',
                fields: { hotelCode: stay.hotel.code, arrivalDate: stay.arrivalDate, departureDate: stay.departureDate, reservationNumber: stay.reservationNumber },
              })
            }
          >
            {sendingFound === stay.reservationNumber ? t`Requesting…` : t`Claim ${points} points`}
          </button>
        </>
      )}
    </article>
  );
}

/** The answer to the request just taken. */
function Answer({ claim, locale }: { claim: PointsClaim; locale: Locale }) {
  const { t } = useLingui();
  const words = useClaimWords();
  const actor = PointsClaimActorContext.useActorRef();
  const heading = useRef<HTMLHeadingElement>(null);
  // DOM work: the answer replaces the form, so focus moves to it and a screen reader reads it.
  useEffect(() => heading.current?.focus(), []);
  const hotel = claim.hotel.name;
  return (
    <section className="notice member-claims__answer" aria-labelledby="claim-answer" data-status={claim.status}>
      <h2 id="claim-answer" ref={heading} tabIndex={-1}>
        {claim.status === 'approved' ? t`Points added` : claim.status === 'submitted' ? t`Request sent` : t`Request turned down`}
      </h2>
      <p>
        {claim.status === 'approved'
          ? t`${formatPoints(claim.points, locale)} points for your stay at ${hotel} are now on your balance.`
          : claim.status === 'submitted'
            ? t`We have asked ${hotel} to confirm your stay. The points follow once it does; the status is under My requests.`
            : t`${hotel}: ${words.reason(claim.reason)}`}
      </p>
      <button type="button" className="button" onClick={() => actor.send({ type: 'claim.another' })}>
        {t`Request points for another stay`}
      </button>
    </section>
  );
}

const FIELD_IDS: Record<ClaimField, string> = {
  hotelCode: 'claim-hotel',
  arrivalDate: 'claim-arrival',
  departureDate: 'claim-departure',
  reservationNumber: 'claim-reservation',
};

function ClaimForm({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const words = useClaimWords();
  const actor = PointsClaimActorContext.useActorRef();
  const { problems, failure, source } = PointsClaimActorContext.useSelector(selectFormState);
  const sending = PointsClaimActorContext.useSelector(selectIsSending);
  const hotels = useQuery(claimHotelsQuery(locale));
  const form = useRef<HTMLFormElement>(null);
  const formFailure = source === 'form' ? failure : null;
  // DOM work: after a refused request the first field to correct takes the focus.
  useEffect(() => {
    const first = (Object.keys(FIELD_IDS) as ClaimField[]).find((field) => problems[field]);
    if (first) form.current?.querySelector<HTMLElement>(`#${FIELD_IDS[first]}`)?.focus();
  }, [problems]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: ClaimField) => String(data.get(name) ?? '').trim();
    actor.send({
      type: 'claim.submit',
      fields: { hotelCode: value('hotelCode'), arrivalDate: value('arrivalDate'), departureDate: value('departureDate'), reservationNumber: value('reservationNumber') },
    });
  };
  const problem = (field: ClaimField) => (problems[field] ? words.problem(field, problems[field]) : undefined);
  return (
    <section aria-labelledby="claim-form">
      <h2 id="claim-form">{t`Another stay`}</h2>
      {failure && (source === 'form' || failure !== 'invalid') ? (
        <p role="alert" className="notice member-claims__failure">
          {words.failure(formFailure ?? failure)}
        </p>
      ) : null}
      <form ref={form} className="member-claims__form" noValidate onSubmit={onSubmit} aria-busy={sending}>
        <p className="form-field">
          <label htmlFor={FIELD_IDS.hotelCode}>{t`Hotel`}</label>
          <select
            id={FIELD_IDS.hotelCode}
            name="hotelCode"
            defaultValue=""
            aria-invalid={problems.hotelCode ? true : undefined}
            aria-describedby={problems.hotelCode ? `${FIELD_IDS.hotelCode}-error` : undefined}
          >
            <option value="">{hotels.isPending ? t`Loading the hotels…` : t`Choose the hotel`}</option>
            <HotelOptions hotels={hotels.data ?? []} />
          </select>
          {problems.hotelCode ? (
            <span id={`${FIELD_IDS.hotelCode}-error`} className="form-field__error">
              {problem('hotelCode')}
            </span>
          ) : null}
        </p>
        <div className="member-claims__dates">
          <Field id={FIELD_IDS.arrivalDate} name="arrivalDate" type="date" label={t`Arrival`} error={problem('arrivalDate')} />
          <Field id={FIELD_IDS.departureDate} name="departureDate" type="date" label={t`Departure`} error={problem('departureDate')} />
        </div>
        <Field
          id={FIELD_IDS.reservationNumber}
          name="reservationNumber"
          label={t`Reservation number`}
          hint={t`As on your confirmation, for example SMSB-1A2B3C.`}
          autoComplete="off"
          spellCheck={false}
          error={problem('reservationNumber')}
        />
        <p>
          <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending}>
            {sending && source === 'form' ? t`Sending…` : t`Request points`}
          </button>
        </p>
      </form>
    </section>
  );
}

/** The hotels by city, cities in alphabetical order. */
function HotelOptions({ hotels }: { hotels: readonly HotelOption[] }) {
  const cities = [...new Set(hotels.map((hotel) => hotel.city))].sort((a, b) => a.localeCompare(b));
  return cities.map((city) => (
    <optgroup key={city} label={city}>
      {hotels
        .filter((hotel) => hotel.city === city)
        .sort((a, b) => a.hotelName.localeCompare(b.hotelName))
        .map((hotel) => (
          <option key={hotel.hotelCode} value={hotel.hotelCode}>
            {hotel.hotelName}
          </option>
        ))}
    </optgroup>
  ));
}

function MyRequests({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const words = useClaimWords();
  const access = useAuthAccess();
  const claims = useQuery(pointsClaimsQuery(access));
  return (
    <section aria-labelledby="claims-mine">
      <h2 id="claims-mine">{t`My requests`}</h2>
      {claims.isPending ? (
        <p className="skeleton skeleton--block" role="status">
          <span className="visually-hidden">{t`Loading your requests…`}</span>
        </p>
      ) : claims.isError ? (
        <LoadFailed message={t`Your requests could not be loaded.`} onRetry={() => void claims.refetch()} />
      ) : claims.data.length === 0 ? (
        <p>{t`You have not requested any points yet.`}</p>
      ) : (
        <ul className="member-claims__requests" aria-labelledby="claims-mine">
          {claims.data.map((claim) => (
            <li key={claim.id} className="card" data-status={claim.status}>
              <p>
                <strong>
                  <bdi>{claim.hotel.name}</bdi>
                </strong>{' '}
                · <bdi>{formatCalendarDate(claim.arrivalDate, locale)}</bdi> – <bdi>{formatCalendarDate(claim.departureDate, locale)}</bdi> ·{' '}
                <bdi>{claim.reservationNumber}</bdi>
              </p>
              <p className="card__meta">
                {claim.status === 'approved' ? (
                  <Plural value={claim.points} one="Granted: # point" other="Granted: # points" />
                ) : claim.status === 'submitted' ? (
                  t`Waiting for the hotel’s answer`
                ) : (
                  t`Turned down: ${words.reason(claim.reason)}`
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The words of the page's reasons, field problems and failures, in the page's language. */
function useClaimWords() {
  const { t } = useLingui();
  const reason = (reason: PointsClaim['reason']): string => {
    switch (reason) {
      case 'already_earned':
        return t`this stay earned its points already.`;
      case 'stay_not_over':
        return t`points follow after the departure.`;
      case 'cancelled':
        return t`the reservation was cancelled.`;
      case 'paid_with_points':
        return t`a stay paid with points earns none.`;
      case 'credited':
        return t`the points were added.`;
      case 'review':
        return t`the hotel is checking the stay.`;
    }
  };

  const problem = (field: ClaimField, problem: FieldProblem): string => {
    if (problem === 'required') {
      const required: Record<ClaimField, string> = {
        hotelCode: t`Choose the hotel you stayed at.`,
        arrivalDate: t`Enter the arrival date.`,
        departureDate: t`Enter the departure date.`,
        reservationNumber: t`Enter the reservation number from your confirmation.`,
      };
      return required[field];
    }
    if (problem === 'order') return t`The departure comes after the arrival.`;
    if (problem === 'notOver') return t`Points can be requested from the day after your departure.`;
    if (problem === 'tooOld') return t`Points can be requested up to ${LOYALTY_LIMITS.claimWindowDays} days after the departure.`;
    if (field === 'reservationNumber') return t`A reservation number is 4 to 40 letters, digits or dashes.`;
    if (field === 'hotelCode') return t`Choose a hotel from the list.`;
    return t`Enter a valid date.`;
  };

  const failure = (failure: ClaimFailure): string => {
    switch (failure) {
      case 'invalid':
        return t`Please correct the fields marked below.`;
      case 'duplicate':
        return t`You have already requested the points of this reservation. Its status is under My requests.`;
      case 'tooMany':
        return t`You have sent many requests in a short time. Please try again in an hour.`;
      case 'failed':
        return t`Your request could not be sent. Please try again.`;
    }
  };
  return { reason, problem, failure };
}
