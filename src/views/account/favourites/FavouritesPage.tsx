import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { Locale } from '../../../contract/locales';
import { selectLatestNotice } from '../../../machines/favourites/favourites.selectors';
import { favouritesQuery } from '../../../services/account/favourites-queries';
import { PageTitle } from '../../shell/PageTitle';
import { CardSkeletons, LoadFailed } from '../../shell/QueryState';
import { useAppSelector, useAuthAccess } from '../../shell/session-context';
import { useFavouriteNoticeText } from '../../ui/use-favourite-notice';
import { MemberOnly } from '../member-area/MemberOnly';
import { FavouriteHotelCard } from './FavouriteHotelCard';
import './favourites.css';

/** The member's favourite hotels (spec section 2, member area: favourites), newest first, each with a way to its page and to remove it. */
export function FavouritesPage({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <MemberOnly title={t`Favourite hotels`} locale={locale}>
      <Favourites locale={locale} />
    </MemberOnly>
  );
}

function Favourites({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const list = useQuery(favouritesQuery(access));
  const favourites = useAppSelector((snapshot) => snapshot.context.favourites);
  const announcement = useFavouriteNoticeText(useSelector(favourites, selectLatestNotice));
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(0);
  const count = list.data?.length ?? 0;
  // DOM work: a removed hotel's row went with the focus on its button; the focus goes to the page's
  // heading rather than to the start of the document.
  useEffect(() => {
    if (count < shown.current && document.activeElement === document.body) heading.current?.focus();
    shown.current = count;
  }, [count]);
  return (
    <div className="page member-page member-favourites" data-page="account-favourites">
      <PageTitle title={t`Favourite hotels`} />
      <h1 ref={heading} tabIndex={-1}>
        {t`Favourite hotels`}
      </h1>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      {list.isPending ? (
        <CardSkeletons count={3} label={t`Loading your favourite hotels…`} />
      ) : list.isError ? (
        <LoadFailed message={t`Your favourite hotels could not be loaded.`} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <div className="member-favourites__empty">
          <p>{t`You have no favourite hotels yet. Press the heart on a hotel to keep it here.`}</p>
          <p>
            <Link className="button button--primary" to="/$locale/find-a-hotel" params={{ locale }}>
              {t`Find a hotel`}
            </Link>
          </p>
        </div>
      ) : (
        <ul className="member-favourites__list" aria-label={t`Your favourite hotels`}>
          {list.data.map((hotelCode) => (
            <li key={hotelCode}>
              <FavouriteHotelCard hotelCode={hotelCode} locale={locale} favourites={favourites} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
