import { useLingui } from '@lingui/react/macro';
import { PageTitle } from './PageTitle';

/**
 * What a visitor sees when a page fails: they can try again. The error itself is reported where the
 * router catches it (`defaultOnCatch` in src/router.tsx).
 */
export function ErrorPage({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
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
