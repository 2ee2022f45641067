import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Locale } from '../../contract/locales';
import { NEWSLETTER_LIMITS, type NewsletterStatusItem } from '../../contract/member-preferences';
import { selectIsSignedIn } from '../../machines/session/session.selectors';
import {
  preferenceCenterFailureOf,
  preferenceCenterQuery,
  useSetPreferenceCenterNewsletter,
  useUnsubscribeAllAtPreferenceCenter,
} from '../../services/account/preferences-queries';
import { PageTitle } from '../shell/PageTitle';
import { LoadFailed } from '../shell/QueryState';
import { SessionActorContext } from '../shell/session-context';
import './newsletters.css';

/**
 * The preference centre (spec section 2, /preference-center): every newsletter mail links here with a
 * signed token for its address, so the reader changes that address's newsletters without signing in.
 * Only the preference-centre routes are called, with that token: nothing else of an account is read or
 * reachable from it. Without a token, or with one no longer valid, the page says how to get a link.
 */
export function PreferenceCenterPage({ locale, token }: { locale: Locale; token: string | undefined }) {
  const { t } = useLingui();
  return (
    <div className="page newsletter-page" data-page="preference-center">
      <PageTitle title={t`Newsletter preferences`} />
      <h1>{t`Newsletter preferences`}</h1>
      {token ? <LinkedNewsletters token={token} locale={locale} /> : <NoLink locale={locale} />}
    </div>
  );
}

function LinkedNewsletters({ token, locale }: { token: string; locale: Locale }) {
  const { t } = useLingui();
  const centre = useQuery(preferenceCenterQuery(token, locale));
  if (centre.isPending) {
    return (
      <p className="skeleton newsletter-page__skeleton" role="status">
        <span className="visually-hidden">{t`Loading your newsletters…`}</span>
      </p>
    );
  }
  if (centre.isError) {
    return preferenceCenterFailureOf(centre.error) === 'invalidLink' ? (
      <InvalidLink locale={locale} />
    ) : (
      <LoadFailed message={t`Your newsletters could not be loaded.`} onRetry={() => void centre.refetch()} />
    );
  }
  const { email, newsletters } = centre.data;
  const subscribed = newsletters.filter((item) => item.status !== 'none');
  return (
    <>
      <p>
        <Trans>
          The newsletters for <bdi>{email}</bdi>. Every change is saved at once.
        </Trans>
      </p>
      {newsletters.length === 0 ? (
        <p>{t`There are no newsletters right now.`}</p>
      ) : (
        <ul className="newsletter-page__list" aria-label={t`Newsletters`}>
          {newsletters.map((item) => (
            <li key={item.name}>
              <CentreNewsletter item={item} token={token} locale={locale} />
            </li>
          ))}
        </ul>
      )}
      {subscribed.length > 0 ? <UnsubscribeAll names={subscribed.map((item) => item.name)} token={token} locale={locale} /> : <p>{t`You receive none of our newsletters.`}</p>}
    </>
  );
}

/** What a refused change says: the link expired meanwhile, or anything else. */
function useFailureText() {
  const { t } = useLingui();
  return (error: unknown) =>
    preferenceCenterFailureOf(error) === 'invalidLink' ? t`This link is no longer valid: use the link in a newer mail.` : t`Could not save, try again.`;
}

function CentreNewsletter({ item, token, locale }: { item: NewsletterStatusItem; token: string; locale: Locale }) {
  const { t } = useLingui();
  const change = useSetPreferenceCenterNewsletter(token, locale);
  const failureText = useFailureText();
  const headingId = `centre-newsletter-${item.name}`;
  const statusId = `${headingId}-status`;
  const send = (subscribed: boolean) => {
    // One change at a time: a second click while the first is on its way is not a second request.
    if (!change.isPending) change.mutate({ name: item.name, subscribed });
  };
  const state =
    item.status === 'active'
      ? t`You receive it.`
      : item.status === 'pending'
        ? t`Waiting for your confirmation: the link in our mail confirms it, and so does Subscribe here.`
        : t`You do not receive it.`;
  return (
    <article className="newsletter-page__newsletter" aria-labelledby={headingId} aria-busy={change.isPending}>
      <h2 id={headingId}>
        <bdi>{item.label}</bdi>
      </h2>
      <p>{state}</p>
      <p className="newsletter-page__actions">
        <button type="button" className="button" aria-describedby={statusId} onClick={() => send(item.status !== 'active')}>
          {item.status === 'active' ? t`Unsubscribe` : t`Subscribe`}
        </button>
        {item.status === 'pending' ? (
          <button type="button" className="button" aria-describedby={statusId} onClick={() => send(false)}>
            {t`Unsubscribe`}
          </button>
        ) : null}
      </p>
      <p id={statusId} className={`newsletter-page__save newsletter-page__save--${change.status}`} role="status">
        {change.isPending ? t`Saving…` : change.isError ? failureText(change.error) : change.isSuccess ? t`Saved` : null}
      </p>
    </article>
  );
}

function UnsubscribeAll({ names, token, locale }: { names: readonly string[]; token: string; locale: Locale }) {
  const { t } = useLingui();
  const all = useUnsubscribeAllAtPreferenceCenter(token, locale);
  const failureText = useFailureText();
  return (
    <div className="newsletter-page__all">
      <button
        type="button"
        className="button"
        aria-describedby="centre-unsubscribe-all-status"
        onClick={() => {
          if (!all.isPending) all.mutate(names);
        }}
      >
        {t`Unsubscribe from all`}
      </button>
      <p id="centre-unsubscribe-all-status" className={`newsletter-page__save newsletter-page__save--${all.status}`} role="status">
        {all.isPending ? t`Saving…` : all.isError ? failureText(all.error) : null}
      </p>
    </div>
  );
}

/** Where members manage their newsletters: their preferences (a visitor is asked to sign in there first). */
function AccountLink({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const signedIn = SessionActorContext.useSelector(selectIsSignedIn);
  return (
    <Link className="button button--primary" to="/$locale/account/preferences" params={{ locale }}>
      {signedIn ? t`Open your preferences` : t`Sign in to manage your newsletters`}
    </Link>
  );
}

function InvalidLink({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <div className="notice newsletter-page__problem" role="alert">
      <h2>{t`This link is not valid any more`}</h2>
      <p>
        {plural(NEWSLETTER_LIMITS.preferenceCenterValidDays, {
          one: 'A link to this page works for # day after its mail was sent, and only as it was mailed.',
          other: 'A link to this page works for # days after its mail was sent, and only as it was mailed.',
        })}{' '}
        {t`Use the link in a newer newsletter mail, or sign in and change your newsletters under Preferences.`}
      </p>
      <p className="newsletter-page__actions">
        <AccountLink locale={locale} />
        <Link className="button" to="/$locale/" params={{ locale }}>
          {t`Go to the home page`}
        </Link>
      </p>
    </div>
  );
}

function NoLink({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <>
      <p>{t`This page opens from the link at the end of every newsletter mail we send you: with it you can change your newsletters or unsubscribe without signing in.`}</p>
      <p>{t`Members can also manage their newsletters in their account, under Preferences.`}</p>
      <p className="newsletter-page__actions">
        <AccountLink locale={locale} />
      </p>
    </>
  );
}
