import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MemberSession } from '../../../../contract/account-security';
import type { Locale } from '../../../../contract/locales';
import { endSession, sessionsQuery, signOutEverywhere } from '../../../../services/account/security-queries';
import { LoadFailed } from '../../../shell/QueryState';
import { SessionActorContext, useAuthAccess } from '../../../shell/session-context';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { formatBerlinDateTime } from '../../../ui/format/dates';

/**
 * Where the member is signed in (decision 0047): each browser with its device and last use, this one
 * marked. A session the member does not recognise is ended on the spot; "Sign out everywhere" ends all of
 * them, this one included. The new-device mail links here (`#sessions`).
 */
export function SessionsList({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const queryClient = useQueryClient();
  const session = SessionActorContext.useActorRef();
  const sessions = useQuery(sessionsQuery(access));
  const [confirmAll, setConfirmAll] = useState(false);
  const end = useMutation({
    mutationFn: (id: string) => endSession(id, access),
    onSuccess: (_, id) => queryClient.setQueryData(sessionsQuery(access).queryKey, (list) => list?.filter((entry) => entry.id !== id)),
  });
  const everywhere = useMutation({
    mutationFn: () => signOutEverywhere(access),
    // This browser's session ended with the others: it signs out here too.
    onSuccess: () => session.send({ type: 'logout' }),
  });
  const endOne = (entry: MemberSession) => (entry.current ? session.send({ type: 'logout' }) : end.mutate(entry.id));

  return (
    <section aria-labelledby="sessions" className="profile-security__part">
      <h3 id="sessions" tabIndex={-1}>
        {t`Where you are signed in`}
      </h3>
      <p>{t`If you do not recognise a device, end its session and change your password.`}</p>
      {sessions.isPending ? (
        <p className="skeleton skeleton--block" role="status">
          <span className="visually-hidden">{t`Loading your sessions…`}</span>
        </p>
      ) : sessions.isError ? (
        <LoadFailed message={t`Your sessions could not be loaded.`} onRetry={() => void sessions.refetch()} />
      ) : (
        <ul className="profile-security__list" aria-labelledby="sessions">
          {sessions.data.map((entry) => (
            <li key={entry.id} className="profile-security__item">
              <span>
                <strong>{entry.device.label === 'Unknown device' ? t`Unknown device` : entry.device.label}</strong>
                {entry.current ? <span className="profile-security__badge">{t`This device`}</span> : null}
                <br />
                <span className="card__meta">
                  {t`Last used ${formatBerlinDateTime(entry.lastUsedAt, locale)}`} · {t`Signed in ${formatBerlinDateTime(entry.createdAt, locale)}`}
                </span>
              </span>
              <button
                type="button"
                className="button"
                disabled={end.isPending && end.variables === entry.id}
                onClick={() => endOne(entry)}
                aria-label={entry.current ? t`Sign out on this device` : t`End the session on ${entry.device.label}`}
              >
                {entry.current ? t`Sign out` : t`End session`}
              </button>
            </li>
          ))}
        </ul>
      )}
      {end.isError ? (
        <p className="form-error" role="alert">
          {t`The session could not be ended. Please try again.`}
        </p>
      ) : null}
      <p>
        <button type="button" className="button" onClick={() => setConfirmAll(true)}>
          {t`Sign out everywhere`}
        </button>
      </p>
      <ConfirmDialog
        open={confirmAll}
        title={t`Sign out everywhere?`}
        onClose={() => setConfirmAll(false)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setConfirmAll(false)}>
              {t`Stay signed in`}
            </button>
            <button type="button" className="button button--primary" disabled={everywhere.isPending} aria-busy={everywhere.isPending} onClick={() => everywhere.mutate()}>
              {everywhere.isPending ? t`Signing out…` : t`Sign out everywhere`}
            </button>
          </>
        }
      >
        <p>{t`Every device where you are signed in, this one included, will need to sign in again.`}</p>
        {everywhere.isError ? (
          <p className="form-error" role="alert">
            {t`Signing out everywhere did not work. Please try again.`}
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
