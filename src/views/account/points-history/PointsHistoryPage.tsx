import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Locale } from '../../../contract/locales';
import type { PointsEntry } from '../../../contract/loyalty';
import { pointsHistoryQuery } from '../../../services/loyalty/queries';
import { useMemberAreaTracking } from '../../../services/analytics/queries';
import { PageTitle } from '../../shell/PageTitle';
import { LoadFailed } from '../../shell/QueryState';
import { useAuthAccess } from '../../shell/session-context';
import { formatCalendarDate } from '../../ui/format/dates';
import { formatPoints } from '../../ui/format/money';
import { MemberOnly } from '../member-area/MemberOnly';
import './points-history.css';

/** The member's points of a year, each entry explained (spec section 2, points history). */
export function PointsHistoryPage({ locale, year }: { locale: Locale; year: number | undefined }) {
  const { t } = useLingui();
  return (
    <MemberOnly title={t`Points history`} locale={locale}>
      <PointsHistory locale={locale} year={year} />
    </MemberOnly>
  );
}

function PointsHistory({ locale, year }: { locale: Locale; year: number | undefined }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const history = useQuery(pointsHistoryQuery(access, year, locale));
  const previousTracking = useMemberAreaTracking('points history', 'previous year');
  const nextTracking = useMemberAreaTracking('points history', 'next year');
  const requestTracking = useMemberAreaTracking('points history', 'request points');
  const shownYear = history.data?.year ?? year;
  return (
    <div className="page member-page points-history" data-page="points-history">
      <PageTitle title={shownYear ? t`Points history ${shownYear}` : t`Points history`} />
      <h1 id="points-history-title">{shownYear ? <Trans>Points history {shownYear}</Trans> : t`Points history`}</h1>
      <nav className="points-history__years" aria-label={t`Years`}>
        {history.data?.previousYear ? (
          <Link to="/$locale/account/points-history" params={{ locale }} search={{ year: history.data.previousYear }} {...previousTracking}>
            {t`Previous year (${history.data.previousYear})`}
          </Link>
        ) : null}
        {history.data?.nextYear ? (
          <Link to="/$locale/account/points-history" params={{ locale }} search={{ year: history.data.nextYear }} {...nextTracking}>
            {t`Next year (${history.data.nextYear})`}
          </Link>
        ) : null}
      </nav>
      {history.isPending ? (
        <p className="skeleton skeleton--block" role="status">
          <span className="visually-hidden">{t`Loading your points history…`}</span>
        </p>
      ) : history.isError ? (
        <LoadFailed message={t`Your points history could not be loaded.`} onRetry={() => void history.refetch()} />
      ) : history.data.entries.length === 0 ? (
        <p>{t`No points were added or used in ${history.data.year}.`}</p>
      ) : (
        <ol className="points-history__entries" aria-labelledby="points-history-title">
          {history.data.entries.map((entry) => (
            <li key={entry.id} className="points-history__entry" data-kind={entry.kind}>
              <div>
                <p className="points-history__what">
                  <EntryTitle entry={entry} />
                </p>
                <p className="card__meta">
                  <bdi>{formatCalendarDate(entry.date, locale)}</bdi>
                  {entry.stay ? (
                    <>
                      {' · '}
                      <bdi>{formatCalendarDate(entry.stay.arrivalDate, locale)}</bdi> – <bdi>{formatCalendarDate(entry.stay.departureDate, locale)}</bdi>
                    </>
                  ) : null}
                  {entry.reservationNumber ? (
                    <>
                      {' · '}
                      <Trans>
                        Reservation <bdi className="points-history__reference">{entry.reservationNumber}</bdi>
                      </Trans>
                    </>
                  ) : null}
                </p>
              </div>
              <p className="points-history__points">
                <EntryPoints entry={entry} locale={locale} />
              </p>
            </li>
          ))}
        </ol>
      )}
      <section className="points-history__missing" aria-labelledby="points-history-missing">
        <h2 id="points-history-missing">{t`Points missing for a stay?`}</h2>
        <p>{t`Tell us about a stay that earned no points, and we will add them.`}</p>
        <Link className="button" to="/$locale/account/request-points" params={{ locale }} {...requestTracking}>
          {t`Request points`}
        </Link>
      </section>
    </div>
  );
}

/** What an entry was, in the member's words. */
function EntryTitle({ entry }: { entry: PointsEntry }) {
  const { t } = useLingui();
  const hotel = entry.hotel?.name;
  switch (entry.kind) {
    case 'earned':
      return hotel ? <Trans>Stay at <bdi>{hotel}</bdi></Trans> : t`Stay`;
    case 'green':
      return hotel ? <Trans>Green option at <bdi>{hotel}</bdi></Trans> : t`Green option`;
    case 'redeemed':
      if (entry.reward) {
        const reward = entry.reward.name;
        return <Trans>Reward: <bdi>{reward}</bdi></Trans>;
      }
      return hotel ? <Trans>Stay at <bdi>{hotel}</bdi> paid with points</Trans> : t`Paid with points`;
    case 'refunded':
      return hotel ? <Trans>Given back: booking at <bdi>{hotel}</bdi> cancelled</Trans> : t`Points given back`;
    case 'expired':
      return t`Points expired`;
    case 'claimed':
      return hotel ? <Trans>Points added on request for your stay at <bdi>{hotel}</bdi></Trans> : t`Points added on request`;
    case 'adjusted':
      return t`Correction of your balance`;
  }
}

/** The change to the balance, and to the points on their way. */
function EntryPoints({ entry, locale }: { entry: PointsEntry; locale: Locale }) {
  const { t } = useLingui();
  const signed = (points: number) => `${points > 0 ? '+' : points < 0 ? '−' : ''}${formatPoints(Math.abs(points), locale)}`;
  const points = signed(entry.points);
  const pending = signed(entry.pendingPoints);
  return (
    <>
      {entry.points !== 0 ? <bdi className={entry.points > 0 ? 'points-history__gain' : 'points-history__loss'}>{points}</bdi> : null}
      {entry.pendingPoints !== 0 ? <span className="card__meta">{t`${pending} on their way`}</span> : null}
    </>
  );
}
