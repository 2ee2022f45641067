import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { Locale } from '../../../contract/locales';
import type { FavouritesRef } from '../../../machines/app/app.types';
import { sameHeart, selectHeart, selectNotice } from '../../../machines/favourites/favourites.selectors';
import { hotelQuery } from '../../../services/content/queries';
import { isFailureNotice, useFavouriteNoticeText } from '../../ui/use-favourite-notice';

/**
 * One favourite hotel: its picture, name (a link to its page), city and brand from the hotel's content,
 * and "Remove". Removing goes through the app's `favourites` (as a heart does): the row stays, marked as
 * being removed, until the BFF's answer takes it off the list; a refusal is said in the row.
 */
export function FavouriteHotelCard({ hotelCode, locale, favourites }: { hotelCode: string; locale: Locale; favourites: FavouritesRef }) {
  const { t } = useLingui();
  const content = useQuery(hotelQuery(locale, hotelCode));
  const selectors = useMemo(() => ({ heart: selectHeart(hotelCode), notice: selectNotice(hotelCode) }), [hotelCode]);
  const heart = useSelector(favourites, selectors.heart, sameHeart);
  const removing = heart.busy && !heart.pressed;
  const notice = useSelector(favourites, selectors.notice);
  const noticeText = useFavouriteNoticeText(notice);
  const hotel = content.data;
  // Without its content (still loading, or no longer published) the hotel is named by its code.
  const name = hotel?.hotelName ?? hotelCode;
  const titleId = `favourite-${hotelCode}`;
  return (
    <article className="card member-favourites__hotel" aria-labelledby={titleId} aria-busy={content.isPending || removing}>
      {hotel ? <img src={hotel.image.url} alt="" width="360" height="240" loading="lazy" decoding="async" /> : <div className="member-favourites__picture" aria-hidden="true" />}
      <div className="card__body">
        <h2 id={titleId} className="card__title">
          <Link to="/$locale/hotels/$hotelCode" params={{ locale, hotelCode }}>
            <bdi>{name}</bdi>
          </Link>
        </h2>
        {hotel ? (
          <p className="card__meta">
            <bdi>{hotel.city}</bdi> · <bdi>{hotel.brand.brandName}</bdi>
          </p>
        ) : content.isPending ? (
          <p className="card__meta">{t`Loading the hotel’s details…`}</p>
        ) : null}
        {isFailureNotice(notice) ? <p className="member-favourites__failure">{noticeText}</p> : null}
        <button
          type="button"
          className="button"
          aria-label={removing ? t`Removing ${name} from favourites…` : t`Remove ${name} from favourites`}
          // Busy keeps the focus (a disabled button would drop it) while a change is on its way.
          aria-disabled={heart.busy || undefined}
          onClick={() => {
            if (!heart.busy) favourites.send({ type: 'favourite.set', hotel: { hotelCode, hotelName: name }, saved: false });
          }}
        >
          {removing ? t`Removing…` : t`Remove`}
        </button>
      </div>
    </article>
  );
}
