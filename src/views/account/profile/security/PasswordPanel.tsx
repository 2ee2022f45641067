import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import type { FormEvent } from 'react';
import { AUTH_LIMITS } from '../../../../contract/auth';
import type { Locale } from '../../../../contract/locales';
import { createLivePasswordChangeLogic } from '../../../../machines/password-change/password-change.live';
import { useMemberAreaTracking } from '../../../../services/analytics/queries';
import { Field, NewPasswordField } from '../../../ui/fields';
import { useLoyaltyEdge } from '../../member-area/use-loyalty-edge';
import { StepUpForm } from '../step-up/StepUpForm';

/**
 * The password: changed (or set for the first time by a member who signs in with codes) after a fresh
 * code to the current address. The member's other devices are signed out by the change.
 */
export function PasswordPanel({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const headingId = useId();
  const edge = useLoyaltyEdge();
  const logic = useMemo(() => createLivePasswordChangeLogic({ access: edge.access, locale }), [edge, locale]);
  const actor = useActorRef(logic);
  const state = useSelector(actor, (snapshot) => snapshot);
  const tracking = useMemberAreaTracking('reset password');
  const minLength = AUTH_LIMITS.passwordMinLength;
  const { problems, failed } = state.context;
  const passwordError =
    problems.password === 'tooShort'
      ? t`Use at least ${minLength} characters.`
      : problems.password === 'tooLong'
        ? t`This password is too long.`
        : problems.password === 'rejected'
          ? t`This password cannot be used. Please choose another one.`
          : undefined;
  const confirmationError = problems.confirmation ? t`The passwords do not match.` : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    actor.send({ type: 'password.submit', password: String(data.get('password') ?? ''), confirmation: String(data.get('confirmation') ?? '') });
  };

  return (
    <section aria-labelledby={headingId} className="profile-security__part">
      <h3 id={headingId}>{t`Password`}</h3>
      {state.matches('idle') || state.matches('changed') ? (
        <>
          {state.matches('changed') ? (
            <p className="notice notice--success" role="status">
              {t`Your password was changed. Other devices will need to sign in again.`}
            </p>
          ) : (
            <p>{t`Members who sign in with a code can set a password here too.`}</p>
          )}
          <button type="button" className="button" onClick={() => actor.send({ type: 'password.start' })} {...tracking}>
            {t`Change password`}
          </button>
        </>
      ) : state.matches('provingMailbox') ? (
        <StepUpForm actor={state.children.stepUp} purpose={t`To change your password, first confirm that you can read your mailbox.`} />
      ) : (
        <form className="profile-security__form" onSubmit={submit} noValidate aria-busy={state.hasTag('busy')}>
          {failed ? (
            <p className="form-error" role="alert">
              {t`Your password could not be changed. Please try again; we will send you a new code.`}
            </p>
          ) : null}
          <NewPasswordField label={t`New password`} error={passwordError} defaultValue={state.context.password} announceError />
          <Field
            label={t`New password again`}
            name="confirmation"
            type="password"
            autoComplete="new-password"
            required
            maxLength={AUTH_LIMITS.passwordMaxLength}
            defaultValue={state.context.confirmation}
            error={confirmationError}
            announceError
          />
          <p className="profile-security__buttons">
            <button type="submit" className="button button--primary" disabled={state.hasTag('busy')} aria-busy={state.hasTag('busy')}>
              {state.hasTag('busy') ? t`Saving…` : t`Continue`}
            </button>
            <button type="button" className="button" disabled={state.hasTag('busy')} onClick={() => actor.send({ type: 'password.cancel' })}>
              {t`Cancel`}
            </button>
          </p>
        </form>
      )}
    </section>
  );
}
