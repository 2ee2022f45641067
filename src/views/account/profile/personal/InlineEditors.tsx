import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { MemberProfile } from '../../../../contract/auth';
import { isLocale, LOCALES, type Locale } from '../../../../contract/locales';
import { fieldsRefused, useSaveProfileDetails } from '../../../../services/account/profile-queries';
import { useAuthAccess } from '../../../shell/session-context';
import { Field } from '../../../ui/fields';
import { phoneProblem } from './profile-rules';
import { useProfileEdge } from './use-profile-edge';

/** After a change is taken, the session reloads the member (the header), as every profile change does. */
function useSaveDetails(profile: MemberProfile) {
  const edge = useProfileEdge(profile.locale);
  return useSaveProfileDetails(useAuthAccess(), edge.profileChanged);
}

/** The phone number, changed in place: typed with its country code, or removed. */
export function PhoneEditor({ profile }: { profile: MemberProfile }) {
  const { t } = useLingui();
  const save = useSaveDetails(profile);
  const [editing, setEditing] = useState(false);
  const [checked, setChecked] = useState<'format' | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const edit = useRef<HTMLButtonElement>(null);
  const fieldId = useId();
  const refused = fieldsRefused(save.error).includes('phone');
  const problem = checked ?? (refused ? 'format' : null);
  const wasEditing = useRef(false);

  // DOM work: when the form closes (saved or cancelled), its button takes the focus back.
  useEffect(() => {
    if (!editing && wasEditing.current) edit.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const send = (phone: string | null) =>
    save.mutate(
      { phone },
      {
        onSuccess: () => {
          setEditing(false);
          setSaved(true);
        },
      },
    );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('phone') ?? '');
    const found = phoneProblem(typed);
    setChecked(found);
    if (found) {
      // DOM work after the press: the number to correct takes the focus.
      form.current?.querySelector<HTMLInputElement>(`[id="${fieldId}"]`)?.focus();
      return;
    }
    send(typed.trim() === '' ? null : typed);
  };

  if (!editing) {
    return (
      <>
        {profile.phone ? <bdi dir="ltr">{profile.phone}</bdi> : <span className="profile-personal__empty">{t`Not given`}</span>}
        <button
          ref={edit}
          type="button"
          className="button profile-personal__change"
          onClick={() => {
            setEditing(true);
            setSaved(false);
            setChecked(null);
            save.reset();
          }}
        >
          {profile.phone ? t`Edit` : t`Add`}
          {' '}<span className="visually-hidden">{t`phone number`}</span>
        </button>
        <span role="status" className="profile-personal__status">
          {saved ? t`Phone number saved.` : ''}
        </span>
      </>
    );
  }
  return (
    <form ref={form} className="profile-personal__inline" noValidate onSubmit={submit} aria-busy={save.isPending}>
      <Field
        id={fieldId}
        name="phone"
        type="tel"
        label={t`Phone number`}
        autoComplete="tel"
        defaultValue={profile.phone ?? ''}
        hint={t`With the country code, for example +49 30 1234567.`}
        error={problem ? t`Enter the number with its country code, for example +49 30 1234567.` : undefined}
        announceError
        // The number is written left to right in every language.
        dir="ltr"
        autoFocus
      />
      {save.isError && !refused ? (
        <p role="alert" className="code-entry__failure">
          {t`The phone number could not be saved. Please try again.`}
        </p>
      ) : null}
      <p className="code-entry__actions">
        <button type="submit" className="button button--primary" aria-disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? t`Saving…` : t`Save`}
        </button>
        {profile.phone ? (
          <button type="button" className="button" aria-disabled={save.isPending} onClick={() => !save.isPending && send(null)}>
            {t`Remove the number`}
          </button>
        ) : null}
        <button type="button" className="link-button" onClick={() => setEditing(false)}>
          {t`Cancel`}
        </button>
      </p>
    </form>
  );
}

/** The language of the member's emails, chosen in place. */
export function LanguageEditor({ profile, names }: { profile: MemberProfile; names: Record<Locale, string> }) {
  const { t } = useLingui();
  const save = useSaveDetails(profile);
  const [saved, setSaved] = useState(false);
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = String(new FormData(event.currentTarget).get('locale') ?? '');
    if (!isLocale(chosen) || save.isPending) return;
    setSaved(false);
    save.mutate({ locale: chosen }, { onSuccess: () => setSaved(true) });
  };
  return (
    <form className="profile-personal__inline profile-personal__language" onSubmit={submit} aria-busy={save.isPending}>
      <label htmlFor={id} className="visually-hidden">
        {t`Language of our emails`}
      </label>
      <select id={id} name="locale" defaultValue={profile.locale} onChange={() => setSaved(false)}>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {names[locale]}
          </option>
        ))}
      </select>
      <button type="submit" className="button" aria-disabled={save.isPending} aria-busy={save.isPending}>
        {save.isPending ? t`Saving…` : t`Save`}
        {' '}<span className="visually-hidden">{t`language`}</span>
      </button>
      <span role="status" className="profile-personal__status">
        {saved ? t`Language saved.` : save.isError ? t`The language could not be saved. Please try again.` : ''}
      </span>
    </form>
  );
}
