import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { Locale } from '../../../contract/locales';
import type { MembershipLevel } from '../../../contract/loyalty';
import { membershipLevelsQuery, pointsStatusQuery } from '../../../services/loyalty/queries';
import { PageTitle } from '../../shell/PageTitle';
import { LoadFailed } from '../../shell/QueryState';
import { useAuthAccess } from '../../shell/session-context';
import { formatPoints } from '../../ui/format/money';
import { MemberOnly } from '../member-area/MemberOnly';
import './status.css';

/** The levels of the programme and their benefits, and where the member stands (spec section 2, status). */
export function StatusPage({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <MemberOnly title={t`Levels and benefits`} locale={locale}>
      <Status locale={locale} />
    </MemberOnly>
  );
}

function Status({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const levels = useQuery(membershipLevelsQuery(access, locale));
  const status = useQuery(pointsStatusQuery(access));
  const progress = status.data?.progress;
  return (
    <div className="page member-page member-status" data-page="account-status">
      <PageTitle title={t`Levels and benefits`} />
      <h1>{t`Levels and benefits`}</h1>
      {progress && status.data ? (
        <p className="member-status__standing">
          {progress.next ? (
            <Trans>
              You are <bdi>{status.data.level.name}</bdi>. To reach <bdi>{progress.next.level.name}</bdi> this year: {progress.next.nightsNeeded} more nights or{' '}
              {formatPoints(progress.next.pointsNeeded, locale)} more points.
            </Trans>
          ) : (
            <Trans>
              You are <bdi>{status.data.level.name}</bdi>, our highest level.
            </Trans>
          )}{' '}
          {progress.keep.met ? (
            <Trans>You keep your level for next year.</Trans>
          ) : (
            <Trans>
              To keep it next year: {progress.keep.nightsNeeded} more nights or {formatPoints(progress.keep.pointsNeeded, locale)} more points this year.
            </Trans>
          )}
        </p>
      ) : null}
      {levels.isPending ? (
        <p className="skeleton skeleton--block" role="status">
          <span className="visually-hidden">{t`Loading the levels…`}</span>
        </p>
      ) : levels.isError ? (
        <LoadFailed message={t`The levels could not be loaded.`} onRetry={() => void levels.refetch()} />
      ) : (
        <ol className="member-status__levels">
          {levels.data.map((level) => (
            <li key={level.code}>
              <LevelCard level={level} locale={locale} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function LevelCard({ level, locale }: { level: MembershipLevel; locale: Locale }) {
  const { t } = useLingui();
  const points = formatPoints(level.points, locale);
  return (
    <article className="card member-status__level" aria-labelledby={`level-${level.code}`} aria-current={level.current ? 'true' : undefined}>
      <h2 id={`level-${level.code}`}>
        <bdi>{level.name}</bdi>
        {level.current ? <span className="account-card__badge member-status__current">{t`Your level`}</span> : null}
      </h2>
      <p className="card__meta">
        {level.nights === 0 && level.points === 0 ? t`From your first day as a member` : t`${level.nights} nights or ${points} points in a calendar year`}
      </p>
      <ul className="account-card__benefits">
        {level.benefits.map((benefit) => (
          <li key={benefit.code}>{benefit.name}</li>
        ))}
      </ul>
    </article>
  );
}
