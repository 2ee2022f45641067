import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { Invite } from '../../contract/corporate';
import type { Locale } from '../../contract/locales';
import { inviteFailureOf, inviteProblem, invitesConfigQuery, splitEmails, useSendInvites } from '../../services/corporate/corporate-queries';
import type { InviteFailure, InviteProblem } from '../../services/corporate/corporate-queries';
import { useFlag } from '../shell/flags-context';
import { useAuthAccess } from '../shell/session-context';
import { formatBerlinDateTime } from '../ui/format/dates';

/**
 * A company admin invites colleagues by mail (emails at the company's domains only) and sees the invites
 * sent. Hidden from members who are no admin; explained instead of offered while the `lock-invites` flag
 * (or the BFF, which reads the same flag) locks invites.
 */
export function InviteColleagues({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const config = useQuery(invitesConfigQuery(access));
  const lockedByFlag = useFlag('lock-invites');
  if (!config.data?.isAdmin || !config.data.company) return null;
  const { company, invites } = config.data;
  const locked = lockedByFlag || config.data.locked || !config.data.canInvite;
  return (
    <section className="enrol-page__invites" aria-labelledby="enrol-invites-title">
      <h2 id="enrol-invites-title">{t`Invite colleagues`}</h2>
      {locked ? (
        <p className="notice">{t`Invites are paused at the moment. Colleagues can still enrol themselves on this page with their work email.`}</p>
      ) : (
        <InviteForm locale={locale} domains={company.domains} max={config.data.maxPerRequest} />
      )}
      {invites.length > 0 ? <InvitesSent invites={invites} locale={locale} /> : null}
    </section>
  );
}

function InviteForm({ locale, domains, max }: { locale: Locale; domains: string[]; max: number }) {
  const { t } = useLingui();
  const id = useId();
  const access = useAuthAccess();
  const send = useSendInvites(access, locale);
  const [problem, setProblem] = useState<InviteProblem | null>(null);
  const [sentCount, setSentCount] = useState<number | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const form = event.currentTarget;
    const emails = [...new Set(splitEmails(String(new FormData(form).get('emails') ?? '')))];
    const found = inviteProblem(emails, domains, max);
    setProblem(found);
    setSentCount(null);
    if (found) return;
    send.mutate(emails, {
      onSuccess: (sent) => {
        setSentCount(sent.length);
        form.reset();
      },
    });
  };
  const problemText = (found: InviteProblem): string => {
    if (found.kind === 'required') return t`Enter at least one work email.`;
    if (found.kind === 'tooMany') return t`At most ${found.max} invites at once.`;
    const list = found.emails.join(', ');
    return found.kind === 'format' ? t`These are not valid email addresses: ${list}` : t`Invites go only to your company’s email domains. Not at them: ${list}`;
  };
  const failureText = (failure: InviteFailure): string => {
    if (failure === 'locked') return t`Invites have just been paused. Colleagues can still enrol themselves with their work email.`;
    if (failure === 'domain') return t`Some addresses are not at your company’s email domains. Check them and try again.`;
    if (failure === 'forbidden') return t`Only your company’s programme administrators can invite colleagues.`;
    if (failure === 'tooMany') return t`You have sent many invites today. Please try again tomorrow.`;
    return t`The invites could not be sent. Please check your connection and try again.`;
  };
  const domainList = domains.join(', ');
  const describedBy = [`${id}-hint`, problem ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <form className="enrol-form" noValidate onSubmit={submit} aria-busy={send.isPending}>
      {send.isError ? (
        <p className="enrol-page__failure" role="alert">
          {failureText(inviteFailureOf(send.error))}
        </p>
      ) : null}
      <p className="form-field">
        <label htmlFor={id}>{t`Colleagues’ work emails`}</label>
        <textarea id={id} name="emails" rows={3} spellCheck={false} aria-invalid={problem ? true : undefined} aria-describedby={describedBy} />
        <span id={`${id}-hint`} className="form-field__hint">
          {t`One or more addresses at ${domainList}, separated by commas or new lines. Each colleague gets an invite by email.`}
        </span>
        <span role="alert" className="form-field__announce">
          {problem ? (
            <span id={`${id}-error`} className="form-field__error">
              {problemText(problem)}
            </span>
          ) : null}
        </span>
      </p>
      <p className="enrol-form__status" role="status">
        {sentCount === null ? '' : plural(sentCount, { one: 'Invite sent to # colleague.', other: 'Invites sent to # colleagues.' })}
      </p>
      <p className="enrol-form__actions">
        <button type="submit" className="button button--primary" aria-disabled={send.isPending} aria-busy={send.isPending}>
          {send.isPending ? t`Sending invites…` : t`Send invites`}
        </button>
      </p>
    </form>
  );
}

function InvitesSent({ invites, locale }: { invites: Invite[]; locale: Locale }) {
  const { t } = useLingui();
  const status = (invite: Invite) => (invite.status === 'accepted' ? t`Accepted` : invite.status === 'expired' ? t`Expired` : t`Waiting`);
  return (
    <table className="enrol-page__invite-list">
      <caption>{t`Invites you sent`}</caption>
      <thead>
        <tr>
          <th scope="col">{t`Email`}</th>
          <th scope="col">{t`Sent`}</th>
          <th scope="col">{t`Status`}</th>
        </tr>
      </thead>
      <tbody>
        {invites.map((invite) => (
          <tr key={invite.email}>
            <td>
              <bdi>{invite.email}</bdi>
            </td>
            <td>
              <bdi>{formatBerlinDateTime(invite.sentAt, locale)}</bdi>
            </td>
            <td>{status(invite)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
