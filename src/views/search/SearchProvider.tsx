import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { Locale } from '../../contract/locales';
import { localizedPath } from '../../services/navigation/paths';
import { useFlag } from '../shell/flags-context';
import { SearchActorContext } from './search-context';

interface SearchProviderProps {
  locale: Locale;
  /** The URL query the search starts from. */
  query: Record<string, unknown>;
  /** Where a submitted search goes; refinements stay on the current page. */
  submitPath: string;
  openingDate?: string | null;
  children: ReactNode;
}

/** Runs the search machine for a page and carries its URL updates to the router. */
export function SearchProvider({ locale, query, submitPath, openingDate = null, children }: SearchProviderProps) {
  const payWithPointsEnabled = useFlag('pay-with-points-enabled');
  // The machine reads the query once at start; later URL changes arrive as `url.changed`.
  const [input] = useState(() => ({ now: () => new Date(), query, payWithPointsEnabled, openingDate }));
  return (
    <SearchActorContext.Provider options={{ input }}>
      <UrlSync locale={locale} query={query} submitPath={submitPath} />
      {children}
    </SearchActorContext.Provider>
  );
}

function UrlSync({ locale, query, submitPath }: { locale: Locale; query: Record<string, unknown>; submitPath: string }) {
  const actor = SearchActorContext.useActorRef();
  const router = useRouter();

  useEffect(() => {
    const subscription = actor.on('url.update', (event) => {
      const search = new URLSearchParams(event.query).toString();
      const path = event.reason === 'submit' ? localizedPath(locale, submitPath) : router.state.location.pathname;
      void router.navigate({ href: `${path}${search ? `?${search}` : ''}`, replace: event.reason === 'refine' });
    });
    return () => subscription.unsubscribe();
  }, [actor, router, locale, submitPath]);

  // Back and forward, or a pasted link, change the URL under the page: the machine follows it.
  const serialised = JSON.stringify(query);
  useEffect(() => {
    actor.send({ type: 'url.changed', query: JSON.parse(serialised) as Record<string, unknown> });
  }, [actor, serialised]);
  return null;
}
