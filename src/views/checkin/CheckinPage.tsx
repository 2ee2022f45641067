import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { Locale } from '../../contract/locales';
import { CHECKIN_STEPS, selectCanRecheck, selectCheckin, selectMethod, selectOpensOn, selectStep, selectView } from '../../machines/checkin/checkin.selectors';
import type { CheckinStep } from '../../machines/checkin/checkin.selectors';
import type { CheckinEntry } from '../../machines/checkin/checkin.types';
import { PageTitle } from '../shell/PageTitle';
import { CardSkeletons, LoadFailed } from '../shell/QueryState';
import { formatCalendarDate } from '../ui/format/dates';
import { CheckinActorContext } from './checkin-context';
import type { HeadingRef } from './checkin-context';
import { CheckinDone } from './CheckinDone';
import { CheckinProvider } from './CheckinProvider';
import { DetailsStep } from './DetailsStep';
import { LookupForm } from './LookupForm';
import { PaymentStep } from './PaymentStep';
import { StaySummary } from './StaySummary';
import './checkin.css';

/**
 * Online check-in (spec section 2, /checkin/personal-details; decision record 0057): where the pre-arrival
 * mail's link lands, where "Check in online" of a booking leads, and where the steps are, as states of one
 * page with a step indicator: the registration form, the card's pre-authorisation, the confirmation with
 * its QR code. The page's machine (src/machines/checkin) decides; the page shows it.
 */
export function CheckinPage({ locale, entry }: { locale: Locale; entry: CheckinEntry }) {
  const { t } = useLingui();
  return (
    <div className="page checkin-page" data-page="checkin">
      <PageTitle title={t`Online check-in`} />
      <CheckinProvider locale={locale} entry={entry}>
        <CheckinContent locale={locale} />
      </CheckinProvider>
    </div>
  );
}

function CheckinContent({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const view = CheckinActorContext.useSelector(selectView);
  const step = CheckinActorContext.useSelector(selectStep);
  const checkin = CheckinActorContext.useSelector(selectCheckin);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = useRef<string | null>(null);
  // DOM work: a new step or outcome takes the focus to its heading, so a screen reader hears where the
  // guest is now. Not for the first one (the page's own heading comes first then), and not for the same
  // one again after a call (a refused lookup focuses its message itself).
  useEffect(() => {
    if (view === 'loading') return;
    const before = shown.current;
    shown.current = view;
    if (before !== null && before !== view) headingRef.current?.focus();
  }, [view]);
  return (
    <>
      <h1>{t`Online check-in`}</h1>
      {step ? <StepIndicator current={step} /> : null}
      {checkin && step ? <StaySummary checkin={checkin} locale={locale} /> : null}
      <div className="checkin-page__body" aria-live="polite" aria-busy={view === 'loading'}>
        <ViewOf view={view} locale={locale} headingRef={headingRef} />
      </div>
    </>
  );
}

function StepIndicator({ current }: { current: CheckinStep }) {
  const { t } = useLingui();
  const names: Record<CheckinStep, string> = { details: t`Your details`, payment: t`Payment guarantee`, done: t`Checked in` };
  const index = CHECKIN_STEPS.indexOf(current);
  return (
    <nav aria-label={t`Check-in steps`}>
      <ol className="checkin-steps">
        {CHECKIN_STEPS.map((step, position) => (
          <li key={step} className="checkin-steps__step" data-state={position < index ? 'done' : position === index ? 'current' : 'next'} aria-current={position === index ? 'step' : undefined}>
            <span className="checkin-steps__number" aria-hidden="true">
              {position + 1}
            </span>{' '}
            {names[step]}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function ViewOf({ view, locale, headingRef }: { view: ReturnType<typeof selectView>; locale: Locale; headingRef: HeadingRef }) {
  const { t } = useLingui();
  const actor = CheckinActorContext.useActorRef();
  const opensOn = CheckinActorContext.useSelector(selectOpensOn);
  const canRecheck = CheckinActorContext.useSelector(selectCanRecheck);
  const method = CheckinActorContext.useSelector(selectMethod);
  const heading = (text: string) => (
    <h2 ref={headingRef} tabIndex={-1}>
      {text}
    </h2>
  );
  switch (view) {
    case 'loading':
      return <CardSkeletons count={1} label={t`Loading your check-in…`} />;
    case 'lookup':
      return <LookupForm locale={locale} headingRef={headingRef} />;
    case 'details':
      return <DetailsStep locale={locale} headingRef={headingRef} />;
    case 'payment':
      return <PaymentStep locale={locale} headingRef={headingRef} />;
    case 'awaitingPayment':
      return (
        <>
          {heading(method === 'paypal' ? t`Waiting for PayPal’s answer` : t`Waiting for your bank’s answer`)}
          <p>
            {method === 'paypal'
              ? t`PayPal has not told us yet whether the guarantee went through. This page checks again by itself.`
              : t`Your bank has not told us yet whether the card guarantee went through. This page checks again by itself.`}
          </p>
          {canRecheck ? null : (
            <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'payment.check' })}>
              {t`Check again`}
            </button>
          )}
        </>
      );
    case 'redirecting':
      if (method === 'paypal') {
        return (
          <>
            {heading(t`Continuing to PayPal`)}
            <p>{t`Approve the guarantee at PayPal. You are taken to its page and come back here afterwards.`}</p>
          </>
        );
      }
      return (
        <>
          {heading(t`Confirming your card with your bank`)}
          <p>{t`Your bank asks you to confirm the card guarantee. You are taken to its page and come back here afterwards.`}</p>
        </>
      );
    case 'done':
      return <CheckinDone locale={locale} headingRef={headingRef} />;
    case 'linkInvalid':
      return (
        <>
          {heading(t`This check-in link no longer works`)}
          <p>{t`The link in your mail has expired or is not complete. Find your booking with its reservation number and your last name instead.`}</p>
          <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'lookup.open' })}>
            {t`Find my booking`}
          </button>
        </>
      );
    case 'accessLost':
      return (
        <>
          {heading(t`Please find your booking again`)}
          <p>{t`For your security, this page can no longer open your check-in. Find your booking with its reservation number and your last name to go on.`}</p>
          <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'lookup.open' })}>
            {t`Find my booking`}
          </button>
        </>
      );
    case 'notOpenYet':
      return (
        <>
          {heading(t`Online check-in is not open yet`)}
          <p>
            {opensOn ? (
              <>
                {t`You can check in online from`} <bdi>{formatCalendarDate(opensOn, locale)}</bdi>.{' '}
              </>
            ) : null}
            {t`We will send you an email with a link when it opens.`}
          </p>
          <HomeLinks locale={locale} />
        </>
      );
    case 'closed':
      return (
        <>
          {heading(t`Online check-in is closed for this booking`)}
          <p>{t`Online check-in ends on the day of arrival, and is not possible once you are checked in. The front desk is happy to help you.`}</p>
          <HomeLinks locale={locale} />
        </>
      );
    case 'cancelled':
      return (
        <>
          {heading(t`This booking is cancelled`)}
          <p>{t`There is nothing to check in for a cancelled booking.`}</p>
          <HomeLinks locale={locale} />
        </>
      );
    case 'unavailable':
      return (
        <>
          {heading(t`The hotel’s system is not answering`)}
          <LoadFailed message={t`Nothing was changed. Please try again in a moment, or check in at the front desk.`} onRetry={() => actor.send({ type: 'retry' })} />
        </>
      );
    case 'failed':
      return (
        <>
          {heading(t`Your check-in could not be loaded`)}
          <LoadFailed message={t`Please check your connection and try again.`} onRetry={() => actor.send({ type: 'retry' })} />
        </>
      );
  }
}

/** Where a guest goes when there is nothing to check in: their booking, or the home page. */
function HomeLinks({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <p className="checkin-page__actions">
      <Link className="button button--primary" to="/$locale/booking/manage" params={{ locale }}>
        {t`Manage my booking`}
      </Link>
      <Link className="button" to="/$locale/" params={{ locale }}>
        {t`Go to the home page`}
      </Link>
    </p>
  );
}
