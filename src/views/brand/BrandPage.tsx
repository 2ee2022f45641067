import { useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { Locale } from '../../contract/locales';
import { brandQuery } from '../../services/content/queries';
import { HotelCard } from '../ui/HotelCard';
import { PageTitle } from '../shell/PageTitle';

export function BrandPage({ locale, brandCode }: { locale: Locale; brandCode: string }) {
  const { t } = useLingui();
  const { data: brand } = useSuspenseQuery(brandQuery(locale, brandCode));
  return (
    <div className="page" data-page="brand" data-brand={brand.code}>
      <PageTitle title={brand.brandName} />
      <header className="brand-intro">
        <h1>
          <bdi>{brand.brandName}</bdi>
        </h1>
        <p className="brand-intro__tagline">{brand.tagline}</p>
        <p>{brand.description}</p>
      </header>
      <section className="section" aria-labelledby="brand-hotels-title">
        <h2 id="brand-hotels-title">{t`Our hotels`}</h2>
        {brand.hotels.length === 0 ? (
          <p>{t`This brand has no hotels open for booking yet.`}</p>
        ) : (
          <ul className="card-grid">
            {brand.hotels.map((hotel) => (
              <li key={hotel.hotelCode}>
                <HotelCard hotel={hotel} locale={locale} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
