import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Locale } from '../../contract/locales';
import { PageTitle } from './PageTitle';

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
      <NotFoundWaysOn locale={locale}>
        <Link className="button button--primary" to="/$locale/" params={{ locale }}>
          {t`Go to the home page`}
        </Link>
      </NotFoundWaysOn>
    </section>
  );
}

/** The ways on from something the site cannot find: the given link first (a primary button), then a new hotel search. */
export function NotFoundWaysOn({ locale, children }: { locale: Locale; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <p className="status-page__actions">
      {children}
      <Link className="button" to="/$locale/find-a-hotel" params={{ locale }}>
        {t`Find a hotel`}
      </Link>
    </p>
  );
}
