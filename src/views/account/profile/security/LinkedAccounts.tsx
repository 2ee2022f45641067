import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { SocialProvider } from '../../../../contract/auth';
import type { Locale } from '../../../../contract/locales';
import { providersQuery } from '../../../../services/account/queries';
import {
  type Connection,
  connectionsQuery,
  linkSocialAccount,
  prepareSocialLink,
  securityKeys,
  SocialLinkCancelled,
  statusOf,
  unlinkSocialAccount,
} from '../../../../services/account/security-queries';
import { usePrivacySettings } from '../../../shell/consent/privacy-settings-context';
import { useConsent } from '../../../shell/consent/use-consent';
import { LoadFailed } from '../../../shell/QueryState';
import { useAuthAccess } from '../../../shell/session-context';

/**
 * Google, Apple and Facebook accounts linked to the membership: each can be linked (the provider's own
 * sign-in proves it is the member's) or unlinked. Like sign-in, linking needs consent to social sign-in.
 */
export function LinkedAccounts({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const queryClient = useQueryClient();
  const headingId = useId();
  const connections = useQuery(connectionsQuery(access));
  const providers = useQuery(providersQuery());
  const consented = useConsent('socialSignIn');
  const { openSettings } = usePrivacySettings();
  const save = (list: Connection[]) => queryClient.setQueryData(securityKeys.connections(access), list);
  const link = useMutation({ mutationFn: (provider: SocialProvider) => linkSocialAccount(provider, access, locale, providers.data), onSuccess: save });
  const unlink = useMutation({ mutationFn: (provider: SocialProvider) => unlinkSocialAccount(provider, access), onSuccess: save });
  const names: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple', facebook: 'Facebook' };
  const offered = (provider: SocialProvider) => providers.data?.some((entry) => entry.provider === provider && entry.enabled) === true;
  const busy = link.isPending || unlink.isPending;

  let problem: string | null = null;
  if (link.isError) {
    if (link.error instanceof SocialLinkCancelled) problem = t`Linking was cancelled. Nothing changed.`;
    else if (statusOf(link.error) === 409) problem = t`This account is already linked to a membership. Sign in with it and unlink it there first.`;
    else problem = t`The account could not be linked. Please try again.`;
  }
  else if (unlink.isError) problem = t`The account could not be unlinked. Please try again.`;

  return (
    <section aria-labelledby={headingId} className="profile-security__part">
      <h3 id={headingId}>{t`Linked accounts`}</h3>
      {connections.isPending ? (
        <p className="skeleton skeleton--block" role="status">
          <span className="visually-hidden">{t`Loading your linked accounts…`}</span>
        </p>
      ) : connections.isError ? (
        <LoadFailed message={t`Your linked accounts could not be loaded.`} onRetry={() => void connections.refetch()} />
      ) : (
        <>
          {consented ? null : (
            <p>
              {t`Linking Google, Apple or Facebook shares data with them, so it is offered only with your consent.`}{' '}
              <button type="button" className="link-button" aria-haspopup="dialog" onClick={openSettings}>
                {t`Privacy settings`}
              </button>
            </p>
          )}
          <ul className="profile-security__list">
            {connections.data.map((connection) => {
              const name = names[connection.provider];
              return (
                <li key={connection.provider} className="profile-security__item">
                  <span>
                    <strong>{name}</strong>{' '}
                    {connection.connected ? (connection.email ? t`Linked as ${connection.email}` : t`Linked`) : t`Not linked`}
                  </span>
                  {connection.connected ? (
                    <button type="button" className="button" disabled={busy} onClick={() => unlink.mutate(connection.provider)}>
                      {t`Unlink ${name}`}
                    </button>
                  ) : consented && offered(connection.provider) ? (
                    <button
                      type="button"
                      className="button"
                      disabled={busy}
                      aria-busy={link.isPending && link.variables === connection.provider}
                      onPointerEnter={prepareSocialLink}
                      onFocus={prepareSocialLink}
                      onClick={() => link.mutate(connection.provider)}
                    >
                      {link.isPending && link.variables === connection.provider ? t`Waiting for ${name}…` : t`Link ${name}`}
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {problem ? (
            <p className="form-error" role="alert">
              {problem}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
