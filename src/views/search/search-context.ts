import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { SearchRef } from '../../machines/app/app.types';
import { useAppSelector } from '../shell/session-context';

/** The page's search: the app's `search` actor, started by the route of a page that shows one. */
function useSearchRef(): SearchRef {
  const search = useAppSelector((snapshot) => snapshot.context.search);
  if (!search) throw new Error('The search is read on a page whose route does not start one');
  return search;
}

/** Narrow selectors on the page's search and its actor, as the search views use them. */
export const SearchActorContext = {
  useActorRef: useSearchRef,
  useSelector<T>(selector: (snapshot: SnapshotFrom<SearchRef>) => T, compare?: (a: T, b: T) => boolean): T {
    return useSelector(useSearchRef(), selector, compare);
  },
};
