import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Locale } from '../../contract/locales';
import { NEWSLETTER_LIMITS } from '../../contract/member-preferences';
import { selectPage } from '../../machines/newsletter-confirmation/newsletter-confirmation.selectors';
import { PageTitle } from '../shell/PageTitle';
import { LoadFailed } from '../shell/QueryState';
import { NewsletterConfirmationActorContext } from './newsletter-confirmation-context';
import { NewsletterConfirmationProvider } from './NewsletterConfirmationProvider';
import './newsletters.css';

/**
 * The double opt-in mail's link (spec section 5): the subscription is confirmed once, on arrival, by the
 * page's machine, and the page says what came of it and what to do next.
 */
export function NewsletterConfirmationPage({ locale, token }: { locale: Locale; token: string | undefined }) {
  const { t } = useLingui();
  // An empty `token=` is no link at all; another link opened in this tab starts afresh.
  const linkToken = token || null;
  return (
    <div className="page newsletter-page" data-page="newsletter-confirmation">
      <PageTitle title={t`Newsletter confirmation`} />
      <h1>{t`Newsletter confirmation`}</h1>
      <NewsletterConfirmationProvider key={linkToken ?? ''} token={linkToken}>
        <Outcome locale={locale} />
      </NewsletterConfirmationProvider>
    </div>
  );
}

function Outcome({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const page = NewsletterConfirmationActorContext.useSelector(selectPage);
  const actor = NewsletterConfirmationActorContext.useActorRef();
  if (page === 'failed') {
    return <LoadFailed message={t`Your subscription could not be confirmed just now.`} onRetry={() => actor.send({ type: 'confirmation.retry' })} />;
  }
  return (
    // The outcome replaces "Confirming…" in one polite live region, so it is heard when it arrives.
    <div className="newsletter-page__outcome" aria-live="polite" aria-busy={page === 'confirming'}>
      {page === 'confirming' ? <p>{t`Confirming your subscription…`}</p> : null}
      {page === 'confirmed' ? (
        <>
          <h2>{t`Your subscription is confirmed`}</h2>
          <p>{t`From now on you receive our newsletter, with offers and news for your next trip. Every newsletter has a link to unsubscribe.`}</p>
          <OnFromSubscribed locale={locale} />
        </>
      ) : null}
      {page === 'alreadyConfirmed' ? (
        <>
          <h2>{t`You have confirmed this already`}</h2>
          <p>{t`Your subscription stands: there is nothing more to do.`}</p>
          <OnFromSubscribed locale={locale} />
        </>
      ) : null}
      {page === 'linkInvalid' ? (
        <>
          <h2>{t`This link is not valid any more`}</h2>
          <p>
            {plural(NEWSLETTER_LIMITS.confirmationValidDays, {
              one: 'A confirmation link works once, for # day, and only the newest one we mailed you.',
              other: 'A confirmation link works once, for # days, and only the newest one we mailed you.',
            })}{' '}
            {t`If you have confirmed already, you receive the newsletter. If not, subscribe again to get a new link.`}
          </p>
          <OnFromNoSubscription locale={locale} manage={t`Subscribe again in your account`} />
        </>
      ) : null}
      {page === 'linkMissing' ? (
        <>
          <h2>{t`This page needs the link from your mail`}</h2>
          <p>{t`After you subscribe to a newsletter, we mail you a link to confirm it. That link opens this page and confirms your subscription.`}</p>
          <OnFromNoSubscription locale={locale} manage={t`Newsletters in your account`} />
        </>
      ) : null}
    </div>
  );
}

/** Subscribed: on to a stay, or to the member's newsletters (the link at the end of every newsletter works too). */
function OnFromSubscribed({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <p className="newsletter-page__actions">
      <Link className="button button--primary" to="/$locale/find-a-hotel" params={{ locale }}>
        {t`Find a hotel`}
      </Link>
      <Link className="button" to="/$locale/account/preferences" params={{ locale }}>
        {t`Newsletters in your account`}
      </Link>
    </p>
  );
}

/** Nothing confirmed: the member's newsletters (a visitor is asked to sign in there), or the home page. */
function OnFromNoSubscription({ locale, manage }: { locale: Locale; manage: string }) {
  const { t } = useLingui();
  return (
    <p className="newsletter-page__actions">
      <Link className="button button--primary" to="/$locale/account/preferences" params={{ locale }}>
        {manage}
      </Link>
      <Link className="button" to="/$locale/" params={{ locale }}>
        {t`Go to the home page`}
      </Link>
    </p>
  );
}
