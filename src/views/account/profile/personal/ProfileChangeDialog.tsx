import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { FormEvent } from 'react';
import type { MemberProfile } from '../../../../contract/auth';
import type { Locale } from '../../../../contract/locales';
import { MEMBER_PROFILE_LIMITS } from '../../../../contract/member-profile';
import { sameProfileChangeView, selectProfileChangeView, type ProfileChangeView } from '../../../../machines/profile-change/profile-change.selectors';
import type { ProfileChangeField, ProfileChangeKind, ProfileChangeValues, ValueProblem } from '../../../../machines/profile-change/profile-change.types';
import { Field, formText, isSalutation, SalutationField } from '../../../ui/fields';
import { formatCalendarDate } from '../../../ui/format/dates';
import { useCodeWords } from '../step-up/code-words';
import { CodeEntry } from '../step-up/CodeEntry';
import { ChangeDialog } from './ChangeDialog';
import { BirthdayChangeActorContext, NameChangeActorContext } from './profile-change-context';
import { StepMessage } from './StepMessage';

const contextOf = (kind: ProfileChangeKind) => (kind === 'name' ? NameChangeActorContext : BirthdayChangeActorContext);

/**
 * The name or birthday change's dialog, one step at a time: the new values (checked at their fields), the
 * code mailed to the member's address, and the change done. Closing it (Cancel, Escape) gives it up.
 */
export function ProfileChangeDialog({ kind, profile, locale, today }: { kind: ProfileChangeKind; profile: MemberProfile; locale: Locale; today: string }) {
  const { t } = useLingui();
  const context = contextOf(kind);
  const actor = context.useActorRef();
  const view = context.useSelector(selectProfileChangeView, sameProfileChangeView);
  const close = () => actor.send(view.step === 'saved' ? { type: 'change.close' } : { type: 'change.cancel' });
  return (
    <ChangeDialog open={view.step !== 'closed'} title={kind === 'name' ? t`Change your name` : t`Change your birthday`} onClose={close}>
      <ChangeStep kind={kind} view={view} profile={profile} locale={locale} today={today} />
    </ChangeDialog>
  );
}

function ChangeStep({ kind, view, profile, locale, today }: { kind: ProfileChangeKind; view: ProfileChangeView; profile: MemberProfile; locale: Locale; today: string }) {
  const { t } = useLingui();
  const actor = contextOf(kind).useActorRef();
  const words = useCodeWords();
  const cancel = () => actor.send({ type: 'change.cancel' });
  const edit = (
    <button type="button" className="button" onClick={() => actor.send({ type: 'change.edit' })}>
      {kind === 'name' ? t`Edit the name` : t`Edit the birthday`}
    </button>
  );
  switch (view.step) {
    case 'closed':
      return null;
    case 'values':
      return <ValuesForm kind={kind} view={view} profile={profile} today={today} />;
    case 'code': {
      const email = <bdi>{profile.email}</bdi>;
      const value = <bdi>{describe(view.values, locale)}</bdi>;
      return (
        <CodeEntry
          lead={
            <p>
              <Trans>
                We have sent a 6-digit code to {email}. Enter it to confirm the change to {value}.
              </Trans>
            </p>
          }
          code={view.code}
          problem={view.problem}
          failure={view.failure}
          retryAfterSeconds={view.retryAfterSeconds}
          resent={view.resent}
          busy={view.busy === 'saving' ? 'checking' : view.busy}
          submitLabel={t`Confirm the change`}
          checkingLabel={t`Saving…`}
          onSubmit={(code) => actor.send({ type: 'code.submit', code })}
          onResend={() => actor.send({ type: 'code.resend' })}
          onCancel={cancel}
          more={<p className="code-entry__actions">{edit}</p>}
        />
      );
    }
    case 'expired':
      return (
        <StepMessage message={words.expired(view.expiredBy)} alert>
          <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'code.resend' })}>
            {t`Send a new code`}
          </button>
          {edit}
          <button type="button" className="link-button" onClick={cancel}>
            {t`Cancel`}
          </button>
        </StepMessage>
      );
    case 'saved':
      return (
        <StepMessage message={kind === 'name' ? t`Your name has been changed.` : t`Your birthday has been changed.`}>
          <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'change.close' })}>
            {t`Close`}
          </button>
        </StepMessage>
      );
  }
}

/** The new value as the code step names it. */
function describe(values: ProfileChangeValues | null, locale: Locale): string {
  if (!values) return '';
  return values.kind === 'name' ? `${values.firstName} ${values.lastName}` : formatCalendarDate(values.birthday, locale);
}

const FIELD_NAMES: readonly ProfileChangeField[] = ['firstName', 'lastName', 'birthday'];

function ValuesForm({ kind, view, profile, today }: { kind: ProfileChangeKind; view: Extract<ProfileChangeView, { step: 'values' }>; profile: MemberProfile; today: string }) {
  const { t } = useLingui();
  const actor = contextOf(kind).useActorRef();
  const words = useCodeWords();
  const form = useRef<HTMLFormElement>(null);
  const { problems, failure } = view;

  /** The first field to correct, else the first field. */
  const focusFirst = (current: ProfileChangeView) => {
    const found = current.step === 'values' ? FIELD_NAMES.find((field) => current.problems[field]) : undefined;
    form.current?.querySelector<HTMLElement>(`[name="${found ?? (kind === 'name' ? 'firstName' : 'birthday')}"]`)?.focus();
  };
  // DOM work: the form takes the focus when it appears (on the field the BFF refused, if it did).
  useEffect(() => focusFirst(view), []); // eslint-disable-line react-hooks/exhaustive-deps -- on appearing only; a refused submit focuses in its handler

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const salutation = formText(data, 'salutation');
    const values: ProfileChangeValues =
      kind === 'name'
        ? { kind, salutation: isSalutation(salutation) ? salutation : null, firstName: String(data.get('firstName') ?? ''), lastName: String(data.get('lastName') ?? '') }
        : { kind, birthday: formText(data, 'birthday') };
    actor.send({ type: 'change.submit', values });
    // DOM work after the press: the machine has answered at once; values to correct take the focus.
    const after = selectProfileChangeView(actor.getSnapshot());
    if (after.step === 'values' && Object.keys(after.problems).length > 0) focusFirst(after);
  };

  const problem = (field: ProfileChangeField, problem: ValueProblem | undefined): string | undefined => {
    if (!problem) return undefined;
    switch (problem) {
      case 'required':
        return field === 'firstName' ? t`Enter your first name.` : field === 'lastName' ? t`Enter your last name.` : t`Enter your birthday.`;
      case 'tooLong':
        return t`Use at most 80 characters.`;
      case 'format':
        return field === 'birthday' ? t`Enter a date that exists, for example 1990-04-12.` : t`Check this name.`;
      case 'future':
        return t`Your birthday cannot be in the future.`;
      case 'underage':
        return t`Members must be at least ${MEMBER_PROFILE_LIMITS.minimumAge} years old.`;
    }
  };
  const values = view.values;
  const name = values?.kind === 'name' ? values : null;
  const birthday = values?.kind === 'birthday' ? values.birthday : (profile.birthday ?? '');

  return (
    <form ref={form} className="profile-change-dialog__form" noValidate onSubmit={submit} aria-busy={view.busy}>
      <p>{kind === 'name' ? t`We will send a code to your email address to confirm the new name.` : t`We will send a code to your email address to confirm the new birthday.`}</p>
      {failure ? (
        <p className="code-entry__failure" role="alert">
          {words.failure(failure, view.retryAfterSeconds)}
        </p>
      ) : null}
      {kind === 'name' ? (
        <>
          <SalutationField defaultValue={name ? name.salutation : profile.salutation} />
          <Field name="firstName" label={t`First name`} autoComplete="given-name" defaultValue={name?.firstName ?? profile.firstName} error={problem('firstName', problems.firstName)} />
          <Field name="lastName" label={t`Last name`} autoComplete="family-name" defaultValue={name?.lastName ?? profile.lastName} error={problem('lastName', problems.lastName)} />
        </>
      ) : (
        <Field
          name="birthday"
          type="date"
          label={t`Birthday`}
          autoComplete="bday"
          max={today}
          defaultValue={birthday}
          hint={t`Members are at least ${MEMBER_PROFILE_LIMITS.minimumAge} years old.`}
          error={problem('birthday', problems.birthday)}
        />
      )}
      <p className="code-entry__status" role="status">
        {view.busy ? t`Sending a code to your email address…` : ''}
      </p>
      <p className="code-entry__actions">
        <button type="submit" className="button button--primary" aria-disabled={view.busy} aria-busy={view.busy}>
          {t`Send me a code`}
        </button>
        <button type="button" className="link-button" onClick={() => actor.send({ type: 'change.cancel' })}>
          {t`Cancel`}
        </button>
      </p>
    </form>
  );
}
