import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { reportError } from '../../services/errors/report';
import { PageTitle } from './PageTitle';

/** What a visitor sees when a page fails: the error is reported, and they can try again. */
export function ErrorPage({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useLingui();
  useEffect(() => {
    reportError(error, 'page');
  }, [error]);
  return (
    <section className="status-page" role="alert" aria-labelledby="error-title" data-page="error">
      <PageTitle title={t`Something went wrong`} />
      <h1 id="error-title">{t`Something went wrong`}</h1>
      <p>{t`This page could not be shown. Our team has been told. Please try again.`}</p>
      <p className="status-page__actions">
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t`Try again`}
        </button>
      </p>
    </section>
  );
}
