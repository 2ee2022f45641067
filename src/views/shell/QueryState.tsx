import { useLingui } from '@lingui/react/macro';

/** Placeholder cards while content loads; announced to screen readers once, not per card. */
export function CardSkeletons({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <ul className="card-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="skeleton" />
        ))}
      </ul>
    </div>
  );
}

/** A failed load, with a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <div className="notice" role="alert">
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t`Try again`}
      </button>
    </div>
  );
}
