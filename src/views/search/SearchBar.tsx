import { useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import type { Locale } from '../../contract/locales';
import { useFlag } from '../shell/flags-context';
import { DatesField } from './DatesField';
import { DestinationField } from './DestinationField';
import { RoomsField } from './RoomsField';
import { SearchActorContext } from './search-context';
import '../ui/popover.css';
import './search.css';

/**
 * The search form of the home and results pages, and of a hotel's page (`hotelCode`): there the hotel is
 * the destination, so the form asks only for dates, rooms and guests and checks that hotel's availability.
 */
export function SearchBar({ locale, calendarFor, hotelCode }: { locale: Locale; calendarFor?: { hotelCode?: string; city?: string }; hotelCode?: string }) {
  const { t } = useLingui();
  const actor = SearchActorContext.useActorRef();
  const location = SearchActorContext.useSelector((snapshot) => snapshot.context.location);
  const promoCode = SearchActorContext.useSelector((snapshot) => snapshot.context.promoCode);
  const isBusiness = SearchActorContext.useSelector((snapshot) => snapshot.context.isBusiness);
  const payWithPoints = SearchActorContext.useSelector((snapshot) => snapshot.context.payWithPoints);
  const pointsEnabled = useFlag('pay-with-points-enabled');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'search.submit' });
  };
  return (
    <form className="search-bar" role="search" aria-label={hotelCode ? t`Check availability` : t`Find a hotel`} onSubmit={onSubmit} noValidate>
      {hotelCode ? null : <DestinationField locale={locale} />}
      <DatesField locale={locale} calendarFor={calendarFor ?? (location ? { city: location } : {})} />
      <RoomsField />
      <RoomsErrorSummary />
      <div className="search-bar__options">
        <label className="field field--promo">
          <span className="field__label">{t`Promo code`}</span>
          <input type="text" value={promoCode} autoComplete="off" spellCheck={false} onChange={(event) => actor.send({ type: 'promo.changed', promoCode: event.target.value })} />
        </label>
        <label className="toggle">
          <input type="checkbox" checked={isBusiness} onChange={() => actor.send({ type: 'business.toggled' })} />
          <span>{t`Business trip`}</span>
        </label>
        {pointsEnabled ? (
          <label className="toggle">
            <input type="checkbox" checked={payWithPoints} onChange={() => actor.send({ type: 'points.toggled' })} />
            <span>{t`Pay with points`}</span>
          </label>
        ) : null}
      </div>
      <button type="submit" className="button button--primary search-bar__submit">
        {hotelCode ? t`Check availability` : t`Search`}
      </button>
    </form>
  );
}

/** The rooms editor may be closed when a submit finds a child without an age: say so beside the form. */
function RoomsErrorSummary() {
  const { t } = useLingui();
  const agesMissing = SearchActorContext.useSelector((snapshot) => snapshot.context.errors.includes('rooms.childAgeMissing'));
  return agesMissing ? (
    <p className="field__error search-bar__error" role="alert">
      {t`Choose the age of every child: prices and room sizes depend on it.`}
    </p>
  ) : null;
}
