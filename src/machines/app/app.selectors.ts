import type { OverlayId } from './app.overlays';
import type { AppContext } from './app.types';

/** What the selectors read: the app's snapshot, or a hand-made object of the same shape (tests). */
interface AppSnapshotLike {
  context: Pick<AppContext, 'overlayOnScreen'>;
}

/** Whether this overlay is the one the app lets show now (one at a time, none before results were seen). */
export const selectOverlayMayShow =
  (overlay: OverlayId) =>
  (snapshot: AppSnapshotLike): boolean =>
    snapshot.context.overlayOnScreen === overlay;
