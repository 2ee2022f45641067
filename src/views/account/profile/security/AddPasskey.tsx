import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { FormEvent } from 'react';
import type { Locale } from '../../../../contract/locales';
import { PASSKEY_LIMITS } from '../../../../contract/passkeys';
import { createLivePasskeyRegistrationLogic } from '../../../../machines/passkey-registration/passkey-registration.live';
import { passkeysQuery } from '../../../../services/account/security-queries';
import { useAuthAccess } from '../../../shell/session-context';
import { Field } from '../../../ui/fields';
import { useLoyaltyEdge } from '../../member-area/use-loyalty-edge';
import { StepUpForm } from '../step-up/StepUpForm';
import { usePasskeySupport } from '../../sign-in/use-passkey-support';

/**
 * "Add a passkey": a name (optional), a fresh code to the current address, then the device's own prompt.
 * Browsers without passkeys are told so instead.
 */
export function AddPasskey({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const supported = usePasskeySupport();
  const queryClient = useQueryClient();
  const access = useAuthAccess();
  const edge = useLoyaltyEdge();
  const listKey = passkeysQuery(access).queryKey;
  const logic = useMemo(
    () => createLivePasskeyRegistrationLogic({ access: edge.access, locale, passkeyAdded: () => void queryClient.invalidateQueries({ queryKey: listKey }) }),
    [edge, locale, queryClient, listKey],
  );
  const actor = useActorRef(logic);
  const state = useSelector(actor, (snapshot) => snapshot);
  if (!supported) return <p>{t`Passkeys are not available in this browser or at this address. A recent browser, on the site opened by its name, can use them.`}</p>;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'passkey.add', name: String(new FormData(event.currentTarget).get('passkeyName') ?? '') });
  };
  const failure = state.context.failure;

  if (state.matches('provingMailbox')) return <StepUpForm actor={state.children.stepUp} purpose={t`A passkey is a new way into your account. First confirm that you can read your mailbox.`} />;
  if (state.matches('registering')) {
    return (
      <p role="status" aria-busy="true">
        {t`Follow your browser’s steps to create the passkey…`}
      </p>
    );
  }
  return (
    <>
      {state.matches('added') && state.context.added ? (
        <p className="notice notice--success" role="status">
          {t`Passkey “${state.context.added.name}” added. Next time, choose “Sign in with a passkey”.`}
        </p>
      ) : null}
      {failure ? (
        <p className="form-error" role="alert">
          {failure === 'dismissed'
            ? t`No passkey was created. To try again, we will send you a new code.`
            : failure === 'alreadyOnDevice'
              ? t`This device already has a passkey for your account.`
              : t`The passkey could not be added. Please try again.`}
        </p>
      ) : null}
      <form className="profile-security__form profile-security__add" onSubmit={submit}>
        <Field label={t`Name of the new passkey (optional)`} name="passkeyName" maxLength={PASSKEY_LIMITS.nameMax} hint={t`For example “My phone”.`} />
        <p>
          <button type="submit" className="button button--primary">
            {t`Add a passkey`}
          </button>
        </p>
      </form>
    </>
  );
}
