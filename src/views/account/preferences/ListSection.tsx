import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../shell/QueryState';

/**
 * A section of the preferences page: its heading, then the list its query reads, a placeholder while it
 * loads, the failure with a way to try again, or what it says when the list is empty. Each section loads
 * and fails on its own, so one list that cannot be read leaves the others usable.
 */
export function ListSection<T extends { name: string }>({
  id,
  title,
  intro,
  query,
  texts,
  renderItem,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  query: UseQueryResult<T[], unknown>;
  texts: { loading: string; failed: string; empty: string };
  renderItem: (item: T) => ReactNode;
}) {
  const headingId = `${id}-title`;
  return (
    <section className="member-preferences__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {intro ? <p className="member-preferences__intro">{intro}</p> : null}
      {query.isPending ? (
        <p className="skeleton member-preferences__skeleton" role="status">
          <span className="visually-hidden">{texts.loading}</span>
        </p>
      ) : query.isError ? (
        <LoadFailed message={texts.failed} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p>{texts.empty}</p>
      ) : (
        <ul className="member-preferences__list" aria-labelledby={headingId}>
          {query.data.map((item) => (
            <li key={item.name}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
