import { useLingui } from '@lingui/react/macro';
import type { FavouriteNotice } from '../../machines/favourites/favourites.types';

/** Whether a notice tells of a change that did not happen (shown, not only announced). */
export const isFailureNotice = (notice: FavouriteNotice | null): boolean => notice?.kind === 'notSaved' || notice?.kind === 'notRemoved';

/** What became of a change of a favourite, in words (the hearts and the favourites page say the same). */
export function useFavouriteNoticeText(notice: FavouriteNotice | null): string {
  const { t } = useLingui();
  if (!notice) return '';
  const name = notice.hotel.hotelName;
  switch (notice.kind) {
    case 'saved':
      return t`${name} is now one of your favourite hotels.`;
    case 'removed':
      return t`${name} was removed from your favourite hotels.`;
    case 'notRemoved':
      return t`${name} could not be removed from your favourite hotels. Please try again.`;
    case 'notSaved':
      // The full list's size is the BFF's (200): the words do not repeat it, so they cannot disagree with it.
      return notice.failure === 'full'
        ? t`${name} could not be saved: your list of favourite hotels is full. Remove one to add another.`
        : t`${name} could not be saved to your favourite hotels. Please try again.`;
  }
}
