import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { FavouritesRef } from '../../machines/app/app.types';
import { sameHeart, selectHeart, selectNotice } from '../../machines/favourites/favourites.selectors';
import type { FavouriteHotel } from '../../machines/favourites/favourites.types';
import { isFailureNotice, useFavouriteNoticeText } from './use-favourite-notice';
import './favourite-heart.css';

/**
 * The heart of a hotel (spec section 3, favourite hotels): a toggle button named for the hotel. A member
 * presses it to save or remove the hotel at once; a visitor is asked to sign in, and the hotel is saved
 * once they have. Until the session is known it is not pressed and cannot be pressed. What became of a
 * change is announced politely; a change that failed is also shown beside it.
 * `favourites` is the app's `favourites` actor, which the page passes in (shared views do not reach the app).
 */
export function FavouriteHeart({ favourites, hotel }: { favourites: FavouritesRef; hotel: FavouriteHotel }) {
  const { t } = useLingui();
  const selectors = useMemo(() => ({ heart: selectHeart(hotel.hotelCode), notice: selectNotice(hotel.hotelCode) }), [hotel.hotelCode]);
  const heart = useSelector(favourites, selectors.heart, sameHeart);
  const notice = useSelector(favourites, selectors.notice);
  const noticeText = useFavouriteNoticeText(notice);
  const name = hotel.hotelName;
  return (
    <div className="favourite-heart" data-favourite={hotel.hotelCode}>
      <button
        type="button"
        className="favourite-heart__button"
        aria-pressed={heart.pressed}
        aria-label={heart.pressed ? t`Remove ${name} from favourites` : t`Save ${name} to favourites`}
        disabled={!heart.enabled}
        // Busy keeps the focus (a disabled button would drop it): the press waits for the answer.
        aria-disabled={heart.busy || undefined}
        onClick={() => {
          if (!heart.busy) favourites.send({ type: 'favourite.set', hotel: { hotelCode: hotel.hotelCode, hotelName: name }, saved: !heart.pressed });
        }}
      >
        <svg className="favourite-heart__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M12 20.5s-7.5-4.6-9.4-9.3C1.3 7.9 3.3 4.5 6.7 4.5c2.1 0 3.6 1.2 4.3 2.4h2c.7-1.2 2.2-2.4 4.3-2.4 3.4 0 5.4 3.4 4.1 6.7-1.9 4.7-9.4 9.3-9.4 9.3z" />
        </svg>
      </button>
      {/* A polite live region without the status role: a results page has its own status (the count), one per card would crowd it. */}
      <p aria-live="polite" aria-atomic="true" className={isFailureNotice(notice) ? 'favourite-heart__notice' : 'visually-hidden'}>
        {noticeText}
      </p>
    </div>
  );
}
