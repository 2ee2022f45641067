import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Locale } from '../../../contract/locales';
import type { MemberBooking, PointsStatus, Reward } from '../../../contract/loyalty';
import { selectFirstName } from '../../../machines/session/session.selectors';
import { memberBookingsQuery, membershipLevelsQuery, pointsStatusQuery, rewardsQuery } from '../../../services/loyalty/queries';
import { useMemberAreaTracking } from '../../../services/analytics/queries';
import { PageTitle } from '../../shell/PageTitle';
import { LoadFailed } from '../../shell/QueryState';
import { SessionActorContext, useAuthAccess } from '../../shell/session-context';
import { formatCalendarDate } from '../../ui/format/dates';
import { formatPoints } from '../../ui/format/money';
import { MemberCardButton } from '../member-area/MemberCardButton';
import { MemberOnly } from '../member-area/MemberOnly';
import { statusForecast } from './status-forecast';
import './overview.css';

/** The member area's first page (spec section 2, overview): status, points, rewards and the next stay. */
export function OverviewPage({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <MemberOnly title={t`My rewards`} locale={locale}>
      <Overview locale={locale} />
    </MemberOnly>
  );
}

function Overview({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const firstName = SessionActorContext.useSelector(selectFirstName);
  const status = useQuery(pointsStatusQuery(access));
  const bookings = useQuery(memberBookingsQuery(access));
  return (
    <div className="page member-page account-overview" data-page="account-overview">
      <PageTitle title={t`My rewards`} />
      <div className="account-overview__head">
        <h1>{firstName ? <Trans>Hello, <bdi>{firstName}</bdi></Trans> : t`My rewards`}</h1>
        <MemberCardButton />
      </div>
      {status.isPending ? (
        <div className="account-overview__grid" aria-busy="true">
          <p className="card account-card skeleton" role="status">
            <span className="visually-hidden">{t`Loading your status and points…`}</span>
          </p>
          <p className="card account-card skeleton" aria-hidden="true" />
        </div>
      ) : status.isError ? (
        <LoadFailed message={t`Your status and points could not be loaded.`} onRetry={() => void status.refetch()} />
      ) : (
        <div className="account-overview__grid">
          <StatusCard status={status.data} upcoming={bookings.data?.upcoming ?? []} locale={locale} />
          <PointsCard status={status.data} locale={locale} />
          <NextStayCard booking={bookings.data?.upcoming[0] ?? null} loading={bookings.isPending} locale={locale} />
          <NextLevelBenefits status={status.data} locale={locale} />
        </div>
      )}
    </div>
  );
}

/** The member's level, what this year's stays count towards the next one, and whether they keep it. */
function StatusCard({ status, upcoming, locale }: { status: PointsStatus; upcoming: readonly MemberBooking[]; locale: Locale }) {
  const { t } = useLingui();
  const tracking = useMemberAreaTracking('overview', 'my status');
  const { level, progress } = status;
  const next = progress.next;
  const forecast = statusForecast(status, upcoming);
  const nights = progress.nights;
  const points = formatPoints(progress.points, locale);
  return (
    <section className="card account-card" aria-labelledby="overview-status">
      <h2 id="overview-status">{t`My status`}</h2>
      <p className="account-card__level">
        <span className="account-card__badge" data-level={level.code}>
          <bdi>{level.name}</bdi>
        </span>
      </p>
      <p>
        <Trans>
          This year: <Plural value={nights} one="# night" other="# nights" />, {points} qualifying points.
        </Trans>
      </p>
      {next ? (
        <>
          <label className="account-card__progress">
            <span>
              <Trans>
                Towards <bdi>{next.level.name}</bdi>: <Plural value={next.nightsNeeded} one="# more night" other="# more nights" /> or {formatPoints(next.pointsNeeded, locale)} more points
              </Trans>
            </span>
            <progress max={next.nights} value={Math.min(nights, next.nights)} />
          </label>
          {forecast ? <Forecast stays={forecast.stays} levelName={forecast.level.name} date={formatCalendarDate(forecast.date, locale)} /> : null}
        </>
      ) : (
        <p>{t`You have reached our highest level.`}</p>
      )}
      <p className="form-field__hint">
        {progress.keep.met ? (
          <Trans>
            You keep <bdi>{level.name}</bdi> for next year.
          </Trans>
        ) : (
          <Trans>
            To keep <bdi>{level.name}</bdi> next year: <Plural value={progress.keep.nightsNeeded} one="# more night" other="# more nights" /> or{' '}
            {formatPoints(progress.keep.pointsNeeded, locale)} more points this year.
          </Trans>
        )}
      </p>
      <p>
        <Link to="/$locale/account/status" params={{ locale }} {...tracking}>
          {t`Levels and benefits`}
        </Link>
      </p>
    </section>
  );
}

/** When the member's upcoming stays bring them to the next level ("Beyond the chains": a status forecast). */
function Forecast({ stays, levelName, date }: { stays: number; levelName: string; date: string }) {
  return (
    <p className="account-card__forecast">
      <Plural value={stays} one={`Your next stay brings you to ${levelName} on ${date}.`} other={`Your next # stays bring you to ${levelName} on ${date}.`} />
    </p>
  );
}

/** The balance, the points still to come, and points that will expire unless the member acts. */
/**
 * Points about to run out, with the cheapest way to keep their worth (spec: points never silently lost):
 * points are spent oldest first (decision record 0040), so the cheapest reward the balance covers uses
 * them; below it, the points still missing for it.
 */
function ExpiringPoints({ status, date, locale }: { status: PointsStatus; date: string; locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const rewards = useQuery(rewardsQuery(access, locale));
  const cheapest = rewards.data?.reduce<Reward | null>((best, reward) => (best === null || reward.points < best.points ? reward : best), null) ?? null;
  const expiring = formatPoints(status.expiring.points, locale);
  const until = formatCalendarDate(date, locale);
  const price = cheapest ? formatPoints(cheapest.points, locale) : '';
  return (
    <p className="account-card__warning" role="note">
      {t`${expiring} points expire by ${until}.`}{' '}
      {cheapest === null
        ? t`Points are spent oldest first: a reward redeemed before then uses them.`
        : status.balance >= cheapest.points
          ? t`Points are spent oldest first: redeeming ${cheapest.name} (${price} points) before then uses them.`
          : t`Points are spent oldest first: with ${formatPoints(cheapest.points - status.balance, locale)} more points by then, ${cheapest.name} (${price} points) would use them.`}
    </p>
  );
}

function PointsCard({ status, locale }: { status: PointsStatus; locale: Locale }) {
  const { t } = useLingui();
  const rewardsTracking = useMemberAreaTracking('overview', 'rewards');
  const allRewardsTracking = useMemberAreaTracking('overview', 'all rewards');
  const balance = formatPoints(status.balance, locale);
  const pending = formatPoints(status.pending, locale);
  const soonest = status.expiring.dates[0];
  return (
    <section className="card account-card" aria-labelledby="overview-points">
      <h2 id="overview-points">{t`My points`}</h2>
      <p className="account-card__balance">
        <Plural value={status.balance} one={`${balance} point`} other={`${balance} points`} />
      </p>
      {status.pending > 0 ? <p>{t`${pending} more points on their way: they are credited after your stays.`}</p> : null}
      {soonest ? <ExpiringPoints status={status} date={soonest.date} locale={locale} /> : null}
      <p className="account-card__actions">
        <Link className="button button--primary" to="/$locale/account/rewards" params={{ locale }} {...rewardsTracking}>
          {t`Redeem points`}
        </Link>
        <Link to="/$locale/account/rewards" params={{ locale }} {...allRewardsTracking}>
          {t`All rewards`}
        </Link>
        <Link to="/$locale/account/points-history" params={{ locale }}>
          {t`Points history`}
        </Link>
      </p>
    </section>
  );
}

/** The member's next stay, or a way to find one. */
function NextStayCard({ booking, loading, locale }: { booking: MemberBooking | null; loading: boolean; locale: Locale }) {
  const { t } = useLingui();
  return (
    <section className="card account-card" aria-labelledby="overview-next-stay" aria-busy={loading}>
      <h2 id="overview-next-stay">{t`My next stay`}</h2>
      {loading ? (
        <p className="skeleton skeleton--line">
          <span className="visually-hidden">{t`Loading your bookings…`}</span>
        </p>
      ) : booking ? (
        <>
          <p className="account-card__hotel">
            <bdi>{booking.hotel.name}</bdi>
          </p>
          <p>
            <bdi>{formatCalendarDate(booking.arrivalDate, locale)}</bdi> – <bdi>{formatCalendarDate(booking.departureDate, locale)}</bdi>
          </p>
          <p className="account-card__actions">
            <Link className="button" to="/$locale/booking/confirmation" params={{ locale }} search={{ order_id: booking.orderId }}>
              {t`View booking`}
            </Link>
            <Link to="/$locale/account/bookings" params={{ locale }}>
              {t`My bookings`}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p>{t`No stay booked yet. Members collect points with every stay.`}</p>
          <p>
            <Link className="button" to="/$locale/find-a-hotel" params={{ locale }}>
              {t`Find a hotel`}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

/** What the next level brings, so the member knows what their stays are for. */
function NextLevelBenefits({ status, locale }: { status: PointsStatus; locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const levels = useQuery(membershipLevelsQuery(access, locale));
  const tracking = useMemberAreaTracking('overview', 'next-status benefits');
  const next = status.progress.next;
  const benefits = next ? (levels.data?.find((level) => level.code === next.level.code)?.benefits ?? []) : [];
  if (!next) return null;
  return (
    <section className="card account-card" aria-labelledby="overview-next-benefits">
      <h2 id="overview-next-benefits">
        <Trans>
          What <bdi>{next.level.name}</bdi> brings
        </Trans>
      </h2>
      {levels.isPending ? (
        <p className="skeleton skeleton--line">
          <span className="visually-hidden">{t`Loading the benefits…`}</span>
        </p>
      ) : (
        <ul className="account-card__benefits">
          {benefits.map((benefit) => (
            <li key={benefit.code}>{benefit.name}</li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/$locale/account/status" params={{ locale }} {...tracking}>
          {t`All levels and benefits`}
        </Link>
      </p>
    </section>
  );
}
