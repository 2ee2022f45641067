import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../contract/locales';
import { localizedPath, ROUTES } from '../../services/navigation/paths';
import { PageTitle } from './PageTitle';
import { SiteLink } from './SiteLink';

/** The page for any address the site does not have, in the visitor's language. */
export function NotFoundPage({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <section className="status-page" aria-labelledby="not-found-title" data-page="not-found">
      <PageTitle title={t`Page not found`} />
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{t`We can’t find that page`}</h1>
      <p>{t`The address may be mistyped, or the page may have moved.`}</p>
      <NotFoundWaysOn locale={locale} primary={{ href: localizedPath(locale, ROUTES.home), label: t`Go to the home page` }} />
    </section>
  );
}

/** The ways on from something the site cannot find: the given place first, then a new hotel search. */
export function NotFoundWaysOn({ locale, primary }: { locale: Locale; primary: { href: string; label: string } }) {
  const { t } = useLingui();
  return (
    <p className="status-page__actions">
      <SiteLink className="button button--primary" href={primary.href}>
        {primary.label}
      </SiteLink>
      <SiteLink className="button" href={localizedPath(locale, ROUTES.findAHotel)}>
        {t`Find a hotel`}
      </SiteLink>
    </p>
  );
}
