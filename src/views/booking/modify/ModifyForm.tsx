import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useId } from 'react';
import { SEARCH_LIMITS } from '../../../contract/search';
import { addDays, nightsBetween, todayInBerlin } from '../../../contract/calendar-dates';
import type { Locale } from '../../../contract/locales';
import {
  selectCanCheckPrice,
  selectCanComplete,
  selectCanEdit,
  selectDraft,
  selectFailure,
  selectIsUnchanged,
  selectNotice,
  selectOriginal,
  selectPhase,
  selectPriceChange,
  selectProblems,
  selectUnavailableReason,
} from '../../../machines/modification/modification.selectors';
import type { PriceChange } from '../../../machines/modification/modification.selectors';
import type { DraftProblem, TravellerFields } from '../../../machines/modification/modification.types';
import { formatCalendarDate } from '../../ui/format/dates';
import { formatMoney } from '../../ui/format/money';
import { Field } from '../../ui/fields';
import { CardSkeletons } from '../../shell/QueryState';
import { DisclosurePanel } from '../../shell/DisclosurePanel';
import '../../ui/popover.css';
import { confirmationLink } from '../../ui/order/booking-format';
import { ModificationActorContext } from './modification-context';
import { RoomChoice } from './RoomChoice';

// The site's stay calendar, as in the search bar: it loads when the guest opens it.
const StayCalendar = lazy(async () => ({ default: (await import('../../ui/StayCalendar')).StayCalendar }));

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

interface ModifyFormProps {
  locale: Locale;
  hotelName: string;
  roomTypeName: string;
  rateName: string;
  /** The order whose confirmation page "keep my booking" goes back to. */
  orderId: string;
}

/**
 * The change of one reservation: the stay as booked, the guest's new dates, guests, room and rate and
 * traveller, the new price from the server before anything is booked, and the way forward from every outcome.
 */
export function ModifyForm({ locale, hotelName, roomTypeName, rateName, orderId }: ModifyFormProps) {
  const { t } = useLingui();
  const phase = ModificationActorContext.useSelector(selectPhase);
  const failure = ModificationActorContext.useSelector(selectFailure);
  const actor = ModificationActorContext.useActorRef();
  const back = (
    <Link className="button" {...confirmationLink(locale, orderId)}>
      {t`Keep my booking as it is`}
    </Link>
  );

  if (phase === 'loading' || phase === 'starting') return <CardSkeletons count={1} label={t`Preparing your change…`} />;
  if (phase === 'signedOut') {
    return (
      <div className="notice" role="status">
        <p>{t`You signed out, so this change was stopped and your details were removed from this page. Nothing was changed.`}</p>
        <p className="booking-room__actions">{back}</p>
      </div>
    );
  }
  // The page says why (cancelled, or not changeable online) from the order it shows.
  if (phase === 'notChangeable') return null;
  if (phase === 'completed') return <p role="status">{t`Your change is saved. Taking you back to your booking…`}</p>;
  if (failure) {
    return (
      <div className="notice" role="alert">
        <p>
          {failure.failure === 'notFound'
            ? t`This change can no longer be made: the reservation may have been changed or cancelled meanwhile.`
            : t`Something went wrong while we talked to the hotel. Nothing was changed.`}
        </p>
        <p className="booking-room__actions">
          {failure.failure === 'failed' ? (
            <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'modification.retry' })}>
              {t`Try again`}
            </button>
          ) : null}
          {failure.canResume ? (
            <button type="button" className="button" onClick={() => actor.send({ type: 'edits.resume' })}>
              {t`Back to my changes`}
            </button>
          ) : null}
          {back}
        </p>
      </div>
    );
  }
  return (
    <div className="booking-change">
      <BookedStay locale={locale} hotelName={hotelName} roomTypeName={roomTypeName} rateName={rateName} />
      <ChangeForm locale={locale} />
      <PricePanel locale={locale} />
      <p>{back}</p>
    </div>
  );
}

function BookedStay({ locale, hotelName, roomTypeName, rateName }: { locale: Locale; hotelName: string; roomTypeName: string; rateName: string }) {
  const { t } = useLingui();
  const original = ModificationActorContext.useSelector(selectOriginal);
  if (!original) return null;
  const guests = original.adults_count + original.child_ages.length;
  return (
    <section aria-labelledby="booked-stay-title">
      <h2 id="booked-stay-title">{t`Your booking now`}</h2>
      <dl className="booking-facts">
        <div>
          <dt>{t`Hotel`}</dt>
          <dd>
            <bdi>{hotelName}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t`Dates`}</dt>
          <dd>
            <bdi>{formatCalendarDate(original.check_in_date, locale)}</bdi> – <bdi>{formatCalendarDate(original.check_out_date, locale)}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t`Room and rate`}</dt>
          <dd>
            <bdi>{roomTypeName}</bdi>, <bdi>{rateName}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t`Guests`}</dt>
          <dd>{plural(guests, { one: '# guest', other: '# guests' })}</dd>
        </div>
        <div>
          <dt>{t`Price`}</dt>
          <dd>
            <bdi>{formatMoney(original.price_with_tax, original.currency, locale)}</bdi>
          </dd>
        </div>
      </dl>
    </section>
  );
}

function useProblemText(): (problem: DraftProblem) => string {
  const { t } = useLingui();
  return (problem) => {
    switch (problem) {
      case 'dates.invalid':
        return t`Enter both dates.`;
      case 'dates.past':
        return t`The arrival cannot be in the past.`;
      case 'dates.order':
        return t`The departure must be after the arrival.`;
      case 'dates.tooLong': {
        const maxNights = SEARCH_LIMITS.maxNights;
        return t`A stay can be booked online for at most ${maxNights} nights.`;
      }
      case 'guests.invalid':
        return t`Check the number of guests and the children's ages.`;
      case 'traveller.invalid':
        return t`Enter the traveller's first name, last name and a valid email address.`;
    }
  };
}

function ChangeForm({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const actor = ModificationActorContext.useActorRef();
  const draft = ModificationActorContext.useSelector(selectDraft);
  const problems = ModificationActorContext.useSelector(selectProblems);
  const canEdit = ModificationActorContext.useSelector(selectCanEdit);
  const canCheck = ModificationActorContext.useSelector(selectCanCheckPrice);
  const phase = ModificationActorContext.useSelector(selectPhase);
  const problemText = useProblemText();
  const childrenId = useId();
  const adultsId = useId();
  const has = (...kinds: DraftProblem[]) => problems.some((problem) => kinds.includes(problem));
  const setTraveller = (fields: Partial<TravellerFields>) => actor.send({ type: 'traveller.changed', traveller: { ...draft.traveller, ...fields } });
  const setGuests = (adultsCount: number, childAges: number[]) => actor.send({ type: 'guests.changed', adultsCount, childAges });
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

  return (
    <form
      aria-labelledby="change-title"
      // The draft's problems are worded next to their fields; the browser's own bubbles would repeat them.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'price.check' });
      }}
    >
      <h2 id="change-title">{t`Your changes`}</h2>
      <fieldset disabled={!canEdit}>
        <legend>{t`Dates`}</legend>
        <StayDates
          locale={locale}
          checkInDate={draft.checkInDate}
          checkOutDate={draft.checkOutDate}
          disabled={!canEdit}
          error={
            problems.find((problem) => problem.startsWith('dates')) !== undefined
              ? problemText(problems.find((problem) => problem.startsWith('dates')) ?? 'dates.invalid')
              : undefined
          }
          onChange={(range) => actor.send({ type: 'dates.changed', checkInDate: range.start, checkOutDate: range.end })}
        />
      </fieldset>
      <fieldset disabled={!canEdit}>
        <legend>{t`Guests`}</legend>
        <div className="booking-change__row">
          <p className="form-field">
            <label htmlFor={adultsId}>{t`Adults`}</label>
            <select id={adultsId} value={draft.adultsCount} onChange={(event) => setGuests(Number(event.target.value), draft.childAges)}>
              {range(1, SEARCH_LIMITS.maxAdultsPerRoom).map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          </p>
          <p className="form-field">
            <label htmlFor={childrenId}>{t`Children`}</label>
            <select
              id={childrenId}
              value={draft.childAges.length}
              onChange={(event) => {
                const count = Number(event.target.value);
                // New children start at the youngest age; the guest sets each age below.
                setGuests(
                  draft.adultsCount,
                  range(1, count).map((_, index) => draft.childAges[index] ?? 0),
                );
              }}
            >
              {range(0, SEARCH_LIMITS.maxChildrenPerRoom).map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          </p>
          {draft.childAges.map((age, index) => (
            <ChildAge
              key={index}
              index={index}
              age={age}
              onChange={(value) =>
                setGuests(
                  draft.adultsCount,
                  draft.childAges.map((old, position) => (position === index ? value : old)),
                )
              }
            />
          ))}
        </div>
        {has('guests.invalid') ? <p className="form-field__error">{problemText('guests.invalid')}</p> : null}
      </fieldset>
      <fieldset disabled={!canEdit}>
        <legend>{t`Traveller`}</legend>
        <div className="booking-change__row">
          <Field
            label={t`First name`}
            name="first_name"
            autoComplete="given-name"
            value={draft.traveller.first_name}
            onChange={(event) => setTraveller({ first_name: event.target.value })}
          />
          <Field
            label={t`Last name`}
            name="last_name"
            autoComplete="family-name"
            value={draft.traveller.last_name}
            onChange={(event) => setTraveller({ last_name: event.target.value })}
          />
          <Field
            label={t`Email`}
            name="email"
            type="email"
            autoComplete="email"
            value={draft.traveller.email}
            error={has('traveller.invalid') ? problemText('traveller.invalid') : undefined}
            onChange={(event) => setTraveller({ email: event.target.value })}
          />
        </div>
      </fieldset>
      <RoomChoice locale={locale} />
      <p>
        <button type="submit" className="button button--primary" disabled={!canCheck} aria-busy={phase === 'repricing'}>
          {phase === 'repricing' ? t`Checking the new price…` : t`Check the new price`}
        </button>
      </p>
    </form>
  );
}

/**
 * The new arrival and departure, chosen on the site's stay calendar: a button with the dates opens it,
 * choosing the departure closes it and gives focus back to the button.
 */
function StayDates({
  locale,
  checkInDate,
  checkOutDate,
  disabled,
  error,
  onChange,
}: {
  locale: Locale;
  checkInDate: string;
  checkOutDate: string;
  disabled: boolean;
  error: string | undefined;
  onChange: (range: { start: string; end: string }) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const today = todayInBerlin();
  const valid = ISO_DATE.test(checkInDate) && ISO_DATE.test(checkOutDate);
  // A range the calendar can show: the draft's, or tomorrow for one night while the draft has none.
  const shown = valid ? { start: checkInDate, end: checkOutDate } : { start: addDays(today, 1), end: addDays(today, 2) };
  const nights = valid ? nightsBetween(checkInDate, checkOutDate) : 0;
  return (
    <div className="form-field booking-change__dates">
      {/* Beside the button only for the eye: the button says the same in its own name. */}
      <span aria-hidden={disabled ? undefined : true}>{t`Arrival and departure`}</span>
      {disabled ? (
        <p id={`${id}-value`}>
          <bdi>{formatCalendarDate(shown.start, locale)}</bdi> – <bdi>{formatCalendarDate(shown.end, locale)}</bdi>
        </p>
      ) : (
        <DisclosurePanel
          label={t`Arrival and departure`}
          buttonClassName="field__button"
          panelClassName="popover dialog popover--calendar"
          panelLabel={t`Choose your dates`}
          summary={
            <span id={`${id}-value`}>
              <bdi>{formatCalendarDate(shown.start, locale)}</bdi> – <bdi>{formatCalendarDate(shown.end, locale)}</bdi>
              {nights > 0 ? <span className="field__hint"> {plural(nights, { one: '# night', other: '# nights' })}</span> : null}
            </span>
          }
        >
          {(close) => (
            <Suspense fallback={<p role="status">{t`Loading the calendar…`}</p>}>
              <StayCalendar
                locale={locale}
                value={shown}
                min={today}
                max={addDays(today, SEARCH_LIMITS.arrivalWindowDays)}
                onChange={(range) => {
                  onChange(range);
                  close();
                }}
              />
            </Suspense>
          )}
        </DisclosurePanel>
      )}
      {error ? (
        <span className="form-field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

function ChildAge({ index, age, onChange }: { index: number; age: number; onChange: (age: number) => void }) {
  const { t } = useLingui();
  const id = useId();
  const number = index + 1;
  return (
    <p className="form-field">
      <label htmlFor={id}>{t`Age of child ${number}`}</label>
      <select id={id} value={age} onChange={(event) => onChange(Number(event.target.value))}>
        {Array.from({ length: SEARCH_LIMITS.maxChildAge + 1 }, (_, value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </p>
  );
}

function PricePanel({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const actor = ModificationActorContext.useActorRef();
  const phase = ModificationActorContext.useSelector(selectPhase);
  const price = ModificationActorContext.useSelector(selectPriceChange);
  const unchanged = ModificationActorContext.useSelector(selectIsUnchanged);
  const canComplete = ModificationActorContext.useSelector(selectCanComplete);
  const notice = ModificationActorContext.useSelector(selectNotice);
  const unavailable = ModificationActorContext.useSelector(selectUnavailableReason);
  return (
    <section aria-labelledby="new-price-title">
      <h2 id="new-price-title">{t`New price`}</h2>
      {unavailable === 'paymentFailed' ? (
        <p className="notice" role="alert">
          {t`The price difference could not be charged to the card you booked with, so nothing was changed. Your changes are kept: choose a rate paid at the hotel, or keep your booking as it is.`}
        </p>
      ) : unavailable === 'roomsGone' ? (
        <p className="notice" role="alert">
          {t`Your booking cannot be changed this way: no room is free for these dates and guests at the chosen rate. Your changes are kept: adjust them and check again.`}
        </p>
      ) : notice === 'repriceFailed' ? (
        <p className="notice" role="alert">
          {t`The new price could not be checked. Please try again.`}
        </p>
      ) : notice === 'editRejected' ? (
        <p className="notice" role="alert">
          {t`The hotel cannot take these dates and guests online. Please change them and check again.`}
        </p>
      ) : null}
      <div role="status" aria-live="polite">
        {phase === 'repricing' ? (
          <p>{t`Checking the price and availability…`}</p>
        ) : unchanged ? (
          <p>{t`These are the details you booked: change something to see a new price.`}</p>
        ) : price ? (
          <PriceLines price={price} locale={locale} />
        ) : phase === 'editing' ? (
          <p>{t`Check the new price to see what your change costs before you confirm it.`}</p>
        ) : null}
      </div>
      {canComplete ? (
        <p>
          <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'modification.complete' })}>
            {t`Confirm the change`}
          </button>
        </p>
      ) : phase === 'completing' ? (
        <p>
          <button type="button" className="button button--primary" disabled aria-busy="true">
            {t`Saving your change…`}
          </button>
        </p>
      ) : null}
    </section>
  );
}

function PriceLines({ price, locale }: { price: PriceChange; locale: Locale }) {
  const { t } = useLingui();
  const money = (amount: number) => formatMoney(amount, price.currency, locale);
  const difference = Math.abs(price.difference);
  return (
    <dl className="booking-summary__lines">
      {price.room ? (
        <div>
          <dt>{t`New room and rate`}</dt>
          <dd>
            <bdi>{price.room.roomTypeName}</bdi>, <bdi>{price.room.rateName}</bdi>
          </dd>
        </div>
      ) : null}
      <div>
        <dt>{t`New price`}</dt>
        <dd className="booking-change__price">
          <bdi>{money(price.proposed)}</bdi>
        </dd>
      </div>
      <div>
        <dt>{t`Price now`}</dt>
        <dd>
          <bdi>{money(price.original)}</bdi>
        </dd>
      </div>
      <div>
        <dt>{t`Difference`}</dt>
        <dd>
          {price.difference > 0
            ? t`${money(difference)} more: charged now for prepaid rates, otherwise paid at the hotel`
            : price.difference < 0
              ? t`${money(difference)} less`
              : t`No change in price`}
        </dd>
      </div>
    </dl>
  );
}
