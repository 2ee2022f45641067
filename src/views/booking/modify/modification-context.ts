import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { ModificationRef } from '../../../machines/app/app.types';
import { useAppSelector } from '../../shell/session-context';

/** The modify page's flow: the app's `modification` actor, started by the page's route once the session is known. */
function useModificationRef(): ModificationRef {
  const modification = useAppSelector((snapshot) => snapshot.context.modification);
  if (!modification) throw new Error('The modification is read before the app started it');
  return modification;
}

/** Narrow selectors on the modification and its actor, as the modify views use them. */
export const ModificationActorContext = {
  useActorRef: useModificationRef,
  useSelector<T>(selector: (snapshot: SnapshotFrom<ModificationRef>) => T, compare?: (a: T, b: T) => boolean): T {
    return useSelector(useModificationRef(), selector, compare);
  },
};
