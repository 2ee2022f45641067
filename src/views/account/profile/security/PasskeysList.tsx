import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { Locale } from '../../../../contract/locales';
import { PASSKEY_LIMITS, type Passkey } from '../../../../contract/passkeys';
import { passkeysQuery, removePasskey, renamePasskey } from '../../../../services/account/security-queries';
import { LoadFailed } from '../../../shell/QueryState';
import { useAuthAccess } from '../../../shell/session-context';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { formatBerlinDateTime } from '../../../ui/format/dates';

/**
 * The member's passkeys (decision 0048): each with when it was added and last used, renamed or removed
 * here. `addPasskey` is the way to add one (the registration flow, which asks for a code first).
 */
export function PasskeysList({ locale, addPasskey }: { locale: Locale; addPasskey: ReactNode }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const queryClient = useQueryClient();
  const headingId = useId();
  const passkeys = useQuery(passkeysQuery(access));
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const key = passkeysQuery(access).queryKey;
  const remove = useMutation({
    mutationFn: (id: string) => removePasskey(id, access),
    onSuccess: (left) => {
      queryClient.setQueryData(key, left);
      setRemoving(null);
    },
  });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renamePasskey(id, name, access),
    onSuccess: (renamed) => {
      queryClient.setQueryData(key, (list) => list?.map((entry) => (entry.id === renamed.id ? renamed : entry)));
      setRenaming(null);
    },
  });
  const submitName = (id: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    if (name) rename.mutate({ id, name });
  };

  return (
    <section aria-labelledby={headingId} className="profile-security__part">
      <h3 id={headingId}>{t`Passkeys`}</h3>
      <p>{t`Sign in with your fingerprint, face or screen lock instead of a password or code. A passkey stays on your device and cannot be phished.`}</p>
      {passkeys.isPending ? (
        <p className="skeleton skeleton--block" role="status">
          <span className="visually-hidden">{t`Loading your passkeys…`}</span>
        </p>
      ) : passkeys.isError ? (
        <LoadFailed message={t`Your passkeys could not be loaded.`} onRetry={() => void passkeys.refetch()} />
      ) : passkeys.data.length === 0 ? (
        <p>{t`You have no passkeys yet.`}</p>
      ) : (
        <ul className="profile-security__list" aria-labelledby={headingId}>
          {passkeys.data.map((passkey) => (
            <li key={passkey.id} className="profile-security__item">
              {renaming === passkey.id ? (
                <form className="profile-security__rename" onSubmit={submitName(passkey.id)}>
                  <label>
                    {t`Name of the passkey`}
                    <input name="name" defaultValue={passkey.name} maxLength={PASSKEY_LIMITS.nameMax} required autoFocus />
                  </label>
                  <button type="submit" className="button button--primary" disabled={rename.isPending}>
                    {t`Save`}
                  </button>
                  <button type="button" className="button" onClick={() => setRenaming(null)}>
                    {t`Cancel`}
                  </button>
                  {rename.isError ? (
                    <p className="form-error" role="alert">
                      {t`The name could not be saved. Please try again.`}
                    </p>
                  ) : null}
                </form>
              ) : (
                <>
                  <span>
                    <strong>{passkey.name}</strong>
                    <br />
                    <span className="card__meta">
                      {t`Added ${formatBerlinDateTime(passkey.createdAt, locale)}`} ·{' '}
                      {passkey.lastUsedAt ? t`Last used ${formatBerlinDateTime(passkey.lastUsedAt, locale)}` : t`Not used yet`}
                    </span>
                  </span>
                  <span className="profile-security__actions">
                    <button type="button" className="button" onClick={() => setRenaming(passkey.id)} aria-label={t`Rename ${passkey.name}`}>
                      {t`Rename`}
                    </button>
                    <button type="button" className="button" onClick={() => setRemoving(passkey)} aria-label={t`Remove ${passkey.name}`}>
                      {t`Remove`}
                    </button>
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {addPasskey}
      <ConfirmDialog
        open={removing !== null}
        title={t`Remove this passkey?`}
        onClose={() => setRemoving(null)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setRemoving(null)}>
              {t`Keep it`}
            </button>
            <button type="button" className="button button--primary" disabled={remove.isPending} onClick={() => removing && remove.mutate(removing.id)}>
              {t`Remove passkey`}
            </button>
          </>
        }
      >
        <p>{removing ? t`“${removing.name}” will no longer sign you in. You can still sign in with your email.` : null}</p>
        {remove.isError ? (
          <p className="form-error" role="alert">
            {t`The passkey could not be removed. Please try again.`}
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
