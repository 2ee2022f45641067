import type { FavouriteNotice, FavouritesContext, FavouritesTag } from './favourites.types';

/** What the selectors read: the machine's snapshot, or a hand-made object of the same shape (tests). */
export interface FavouritesSnapshotLike {
  context: Pick<FavouritesContext, 'saved' | 'pending' | 'intent' | 'notices'>;
  hasTag(tag: FavouritesTag): boolean;
}

/** A heart as it shows: whether it can be pressed, whether it is pressed, and whether its change is on its way. */
export interface HeartState {
  enabled: boolean;
  pressed: boolean;
  /** A change of this hotel is on its way: the heart shows it, and pressing again waits until it is answered. */
  busy: boolean;
}

const WAITING: HeartState = { enabled: false, pressed: false, busy: false };

/**
 * The heart of one hotel. Until the session is known (and, for a member, their list) it is not pressed
 * and cannot be pressed, so the server's page and the browser's first render never show a wrong state.
 * A change on its way shows as asked for.
 */
export const selectHeart =
  (hotelCode: string) =>
  (snapshot: FavouritesSnapshotLike): HeartState => {
    const { pending, saved, intent } = snapshot.context;
    const change = pending[hotelCode];
    if (change !== undefined) return { enabled: true, pressed: change, busy: true };
    if (snapshot.hasTag('signingIn') && intent?.hotelCode === hotelCode) return { enabled: true, pressed: true, busy: true };
    if (!snapshot.hasTag('sessionKnown')) return WAITING;
    if (!snapshot.hasTag('member')) return { enabled: true, pressed: false, busy: false };
    if (!snapshot.hasTag('listKnown')) return WAITING;
    return { enabled: true, pressed: saved?.includes(hotelCode) ?? false, busy: false };
  };

export const sameHeart = (a: HeartState, b: HeartState): boolean => a.enabled === b.enabled && a.pressed === b.pressed && a.busy === b.busy;

/** What became of the last change of this hotel, if anything did in this visit. */
export const selectNotice =
  (hotelCode: string) =>
  (snapshot: FavouritesSnapshotLike): FavouriteNotice | null =>
    snapshot.context.notices.find((notice) => notice.hotel.hotelCode === hotelCode) ?? null;

/** The newest outcome of any hotel (the favourites page announces it). */
export const selectLatestNotice = (snapshot: FavouritesSnapshotLike): FavouriteNotice | null => snapshot.context.notices[0] ?? null;
