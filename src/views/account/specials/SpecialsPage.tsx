import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { addDays } from '../../../contract/calendar-dates';
import type { Locale } from '../../../contract/locales';
import type { MemberSpecial } from '../../../contract/member-specials';
import { offerLinkSearch } from '../../../machines/search/search.selectors';
import { memberSpecialsQuery } from '../../../services/loyalty/queries';
import { PageTitle } from '../../shell/PageTitle';
import { LoadFailed } from '../../shell/QueryState';
import { useAuthAccess } from '../../shell/session-context';
import { formatCalendarDate } from '../../ui/format/dates';
import { MemberOnly } from '../member-area/MemberOnly';
import './specials.css';

/** Member offers (spec section 2, /account/specials): promotions to book with their codes, and what the member's level adds to every stay. */
export function SpecialsPage({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <MemberOnly title={t`Member offers`} locale={locale}>
      <Specials locale={locale} />
    </MemberOnly>
  );
}

function Specials({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const specials = useQuery(memberSpecialsQuery(access, locale));
  return (
    <div className="page member-page member-specials" data-page="account-specials">
      <PageTitle title={t`Member offers`} />
      <h1>{t`Member offers`}</h1>
      {specials.isPending ? (
        <p className="skeleton skeleton--block" role="status">
          <span className="visually-hidden">{t`Loading your offers…`}</span>
        </p>
      ) : specials.isError ? (
        <LoadFailed message={t`Your offers could not be loaded.`} onRetry={() => void specials.refetch()} />
      ) : (
        <>
          <section aria-labelledby="specials-offers">
            <h2 id="specials-offers">{t`Offers to book`}</h2>
            {specials.data.offers.length === 0 ? (
              <p>{t`No offers right now. Member rates still save you money on every stay.`}</p>
            ) : (
              <ul className="member-specials__offers" aria-labelledby="specials-offers">
                {specials.data.offers.map((offer) => (
                  <li key={offer.code}>
                    <OfferCard offer={offer} locale={locale} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="specials-level">
            <h2 id="specials-level">{t`With every stay as a ${specials.data.level.name} member`}</h2>
            <ul className="member-specials__benefits">
              {specials.data.benefits.map((benefit) => (
                <li key={benefit.code}>{benefit.name}</li>
              ))}
            </ul>
            <p>
              <Link to="/$locale/account/status" params={{ locale }}>
                {t`All levels and benefits`}
              </Link>
            </p>
          </section>
        </>
      )}
    </div>
  );
}

function OfferCard({ offer, locale }: { offer: MemberSpecial; locale: Locale }) {
  const { t } = useLingui();
  const from = formatCalendarDate(offer.stayFrom, locale);
  const until = formatCalendarDate(offer.stayUntil, locale);
  const brands = offer.brands.map((brand) => brand.name).join(', ');
  return (
    <article className="card member-specials__offer" aria-labelledby={`offer-${offer.code}`}>
      <h3 id={`offer-${offer.code}`}>{t`${offer.percentOff}% off your stay`}</h3>
      <p>{t`For nights from ${from} to ${until}.`}</p>
      <p>{brands ? t`At ${brands} hotels.` : t`At all our hotels.`}</p>
      <p>
        {t`Code`} <strong className="member-specials__code">{offer.code}</strong>
      </p>
      <Link className="button button--primary" to="/$locale/find-a-hotel" params={{ locale }} search={offerLinkSearch(offer.code, offer.stayFrom, addDays(offer.stayFrom, 1))}>
        {t`Find a hotel with this offer`}
      </Link>
    </article>
  );
}
