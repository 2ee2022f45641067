import { Plural, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Brand, Destination } from '../../contract/content';
import type { Locale } from '../../contract/locales';
import type { ReactNode } from 'react';
import { brandsQuery, destinationsQuery } from '../../services/content/queries';
import { destinationLinkSearch } from '../../machines/search/search.selectors';
import { THEMES, themeCssVariables } from '../../themes/tokens';
import { PageTitle } from '../shell/PageTitle';
import { CardSkeletons, LoadFailed } from '../shell/QueryState';
import { ThemeLogo } from '../shell/ThemeLogo';
import { HydratesLater } from '../ui/HydratesLater';

/** The home page; the search form (another flow's view) is handed in by the route that composes the page. */
export function HomePage({ locale, searchForm }: { locale: Locale; searchForm: ReactNode }) {
  const { t } = useLingui();
  return (
    <>
      <PageTitle />
      <section className="hero" aria-labelledby="home-title">
        <div className="hero__inner">
          <h1 id="home-title">{t`Hotels for every journey, rewards for every stay`}</h1>
          <p>{t`Discover the brands of H World Hotels and collect H Rewards points wherever you stay.`}</p>
          {searchForm}
        </div>
      </section>
      {/* Below the search form: taken over after it, so the form responds first. */}
      <HydratesLater>
        <div className="page">
          <BrandsSection locale={locale} />
          <DestinationsSection locale={locale} />
        </div>
      </HydratesLater>
    </>
  );
}

function BrandsSection({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const brands = useQuery(brandsQuery(locale));
  return (
    <section className="section" id="brands" aria-labelledby="brands-title">
      <h2 id="brands-title">{t`Our brands`}</h2>
      {brands.isPending ? (
        <CardSkeletons count={6} label={t`Loading our brands…`} />
      ) : brands.isError ? (
        <LoadFailed message={t`Our brands could not be loaded.`} onRetry={() => void brands.refetch()} />
      ) : (
        <ul className="card-grid">
          {brands.data.map((brand) => (
            <li key={brand.code}>
              <BrandCard brand={brand} locale={locale} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BrandCard({ brand, locale }: { brand: Brand; locale: Locale }) {
  const tokens = THEMES[brand.theme];
  return (
    <Link
      to="/$locale/brands/$brandCode"
      params={{ locale, brandCode: brand.code }}
      className="card brand-card"
      style={themeCssVariables(tokens)}
      data-brand={brand.code}
    >
      <div className="brand-card__band" aria-hidden="true">
        <ThemeLogo tokens={tokens} />
      </div>
      <div className="card__body">
        <p className="card__title">{brand.brandName}</p>
        <p className="card__meta">{brand.tagline}</p>
        <p className="card__meta">
          <Plural value={brand.hotelCount} one="# hotel" other="# hotels" />
        </p>
      </div>
    </Link>
  );
}

function DestinationsSection({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const destinations = useQuery(destinationsQuery(locale));
  return (
    <section className="section" aria-labelledby="destinations-title">
      <h2 id="destinations-title">{t`Popular destinations`}</h2>
      {destinations.isPending ? (
        <CardSkeletons count={8} label={t`Loading destinations…`} />
      ) : destinations.isError ? (
        <LoadFailed message={t`Destinations could not be loaded.`} onRetry={() => void destinations.refetch()} />
      ) : (
        <ul className="card-grid">
          {destinations.data.map((destination) => (
            <li key={`${destination.countryCode}-${destination.city}`}>
              <DestinationCard destination={destination} locale={locale} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DestinationCard({ destination, locale }: { destination: Destination; locale: Locale }) {
  return (
    <Link to="/$locale/find-a-hotel" params={{ locale }} search={destinationLinkSearch(destination.city)} className="card">
      <img src={destination.image.url} alt="" width="360" height="240" loading="lazy" decoding="async" />
      <div className="card__body">
        <p className="card__title">
          <bdi>{destination.city}</bdi>
        </p>
        <p className="card__meta">
          <bdi>{destination.country}</bdi>
        </p>
        <p className="card__meta">
          <Plural value={destination.hotelCount} one="# hotel" other="# hotels" />
        </p>
      </div>
    </Link>
  );
}
