import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { Locale } from '../../../contract/locales';
import { NEWSLETTER_LIMITS, type NewsletterStatusItem } from '../../../contract/member-preferences';
import { selectProfile } from '../../../machines/session/session.selectors';
import type { AuthAccess } from '../../../services/account/requests';
import { newsletterStatusesQuery, saveFailureOf, useSetNewsletter } from '../../../services/account/preferences-queries';
import { demoMailboxQuery } from '../../../services/account/queries';
import { useMemberAreaTracking } from '../../../services/analytics/queries';
import { SessionActorContext, useAuthAccess } from '../../shell/session-context';
import { ListSection } from './ListSection';
import { SaveStatus, saveStateOf } from './SaveStatus';

/**
 * The newsletters (spec sections 3 and 5): each with its double opt-in status. Subscribing mails a
 * confirmation link (the BFF words it for a business or a consumer, as it knows the member); until it is
 * followed the newsletter waits, with the link sent again on request. Unsubscribing is immediate.
 */
export function NewsletterSection({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const newsletters = useQuery(newsletterStatusesQuery(access, locale));
  const email = SessionActorContext.useSelector(selectProfile)?.email ?? null;
  return (
    <ListSection
      id="member-preferences-newsletters"
      title={t`Newsletters`}
      intro={t`A newsletter starts only once you have confirmed it with the link we mail you.`}
      query={newsletters}
      texts={{
        loading: t`Loading your newsletters…`,
        failed: t`Your newsletters could not be loaded.`,
        empty: t`There are no newsletters to subscribe to right now.`,
      }}
      renderItem={(item) => <NewsletterChoice item={item} access={access} locale={locale} email={email} />}
    />
  );
}

function NewsletterChoice({ item, access, locale, email }: { item: NewsletterStatusItem; access: AuthAccess; locale: Locale; email: string | null }) {
  const { t } = useLingui();
  const change = useSetNewsletter(access, locale);
  const tracking = useMemberAreaTracking('newsletters');
  const headingId = `newsletter-${item.name}-title`;
  const statusId = `newsletter-${item.name}-status`;
  const send = (subscribed: boolean) => {
    // One change at a time: a second click while the first is on its way is not a second request.
    if (!change.isPending) change.mutate({ name: item.name, subscribed });
  };
  const saved =
    change.data?.status === 'pending' ? (
      email ? (
        <Trans>
          Saved. We have sent a confirmation link to <bdi>{email}</bdi>.
        </Trans>
      ) : (
        t`Saved. We have sent you a confirmation link.`
      )
    ) : change.data?.status === 'none' ? (
      t`Saved. You no longer receive it.`
    ) : undefined;
  const failed = change.isError && saveFailureOf(change.error) === 'tooMany' ? t`We have sent too many mails to your address this hour. Try again later.` : undefined;
  return (
    <article className="member-preferences__newsletter" aria-labelledby={headingId} aria-busy={change.isPending}>
      <h3 id={headingId}>
        <bdi>{item.label}</bdi>
      </h3>
      {item.status === 'pending' ? (
        <PendingConfirmation email={email} />
      ) : (
        <p className="member-preferences__state">{item.status === 'active' ? t`You receive it.` : t`You do not receive it.`}</p>
      )}
      <div className="member-preferences__actions">
        <button type="button" className="button" aria-describedby={statusId} onClick={() => send(item.status === 'none')} {...tracking}>
          {item.status === 'none' ? t`Subscribe` : t`Unsubscribe`}
        </button>
        {item.status === 'pending' ? (
          <button type="button" className="button" aria-describedby={statusId} onClick={() => send(true)} {...tracking}>
            {t`Send the link again`}
          </button>
        ) : null}
      </div>
      <SaveStatus id={statusId} state={saveStateOf(change.status, { saved, failed })} />
    </article>
  );
}

/** A subscription waiting for its confirmation link: where the link went, how long it works, and (in the demo) where to read it. */
function PendingConfirmation({ email }: { email: string | null }) {
  const { t } = useLingui();
  const days = NEWSLETTER_LIMITS.confirmationValidDays;
  return (
    <div className="notice member-preferences__pending">
      <p className="member-preferences__state">
        <strong>{t`Check your inbox to confirm`}</strong>
      </p>
      <p>
        {email ? (
          <Trans>
            We have sent a link to <bdi>{email}</bdi>. Your subscription starts once you follow it.
          </Trans>
        ) : (
          t`We have sent you a link. Your subscription starts once you follow it.`
        )}{' '}
        {plural(days, { one: 'The link works for # day.', other: 'The link works for # days.' })}
      </p>
      <DemoMailboxLink email={email} />
    </div>
  );
}

/** In the demo, where the mails can be read: its mailbox page for the member's address, in a new tab. */
function DemoMailboxLink({ email }: { email: string | null }) {
  const { t } = useLingui();
  const mailbox = useQuery(demoMailboxQuery()).data;
  if (!mailbox) return null;
  const href = email ? `${mailbox}?${new URLSearchParams({ to: email }).toString()}` : mailbox;
  return (
    <p>
      {t`This is a demo: mails are not sent.`}{' '}
      <a href={href} target="_blank" rel="noopener">
        {t`Open the demo mailbox`}
        <span className="visually-hidden"> {t`(opens in a new tab)`}</span>
      </a>
    </p>
  );
}
