import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { Locale } from '../../../contract/locales';
import { selectPhase, selectSearchQuery } from '../../../machines/cart/cart.selectors';
import { selectIsMemberLoading, selectIsRestoring } from '../../../machines/session/session.selectors';
import { localizedPath, ROUTES } from '../../../services/navigation/paths';
import { PageTitle } from '../../shell/PageTitle';
import { CardSkeletons, LoadFailed } from '../../shell/QueryState';
import { SessionActorContext, useLoginControl } from '../../shell/session-context';
import { SiteLink } from '../../shell/SiteLink';
import { CartActorContext } from './checkout-context';
import { CheckoutForm } from './CheckoutForm';
import { CheckoutProvider } from './CheckoutProvider';
import './checkout.css';

/**
 * The check-out page (spec sections 2 and 4): the second booking step, payment. The cart belongs to the
 * member when one is signed in, so the cart starts once the session knows who is there. Once started it
 * stays: a sign-in part-way loads the member again, and the cart machine takes the member over itself.
 */
export function CheckoutPage({ locale, query }: { locale: Locale; query: Record<string, unknown> }) {
  const { t } = useLingui();
  const restoring = SessionActorContext.useSelector(selectIsRestoring);
  const memberLoading = SessionActorContext.useSelector(selectIsMemberLoading);
  const [started, setStarted] = useState(false);
  const waiting = restoring || memberLoading;
  if (!waiting && !started) setStarted(true);
  return (
    <div className="page checkout-page" data-page="check-out">
      <PageTitle title={t`Payment`} />
      <h1>{t`Complete your booking`}</h1>
      {waiting && !started ? (
        <CheckoutSkeleton />
      ) : (
        <CheckoutProvider locale={locale} query={query}>
          <CheckoutSteps locale={locale} />
          <CheckoutPhase locale={locale} />
        </CheckoutProvider>
      )}
    </div>
  );
}

function CheckoutSkeleton() {
  const { t } = useLingui();
  return <CardSkeletons count={2} label={t`Loading your booking…`} />;
}

const searchHref = (locale: Locale, query: Record<string, string> | null) =>
  query ? `${localizedPath(locale, ROUTES.booking.selectRoomRate)}?${new URLSearchParams(query).toString()}` : localizedPath(locale, ROUTES.findAHotel);

/** The booking steps (spec section 2): select room, then payment; the first links back to change the rooms. */
function CheckoutSteps({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const query = CartActorContext.useSelector((snapshot) => selectSearchQuery(snapshot, { withRates: true }), shallowEqual);
  return (
    <nav aria-label={t`Booking steps`}>
      <ol className="checkout-steps">
        <li className="checkout-steps__done">
          <SiteLink href={searchHref(locale, query)}>{t`1. Select room`}</SiteLink>
        </li>
        <li aria-current="step">{t`2. Payment`}</li>
      </ol>
    </nav>
  );
}

function CheckoutPhase({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const actor = CartActorContext.useActorRef();
  const login = useLoginControl();
  const phase = CartActorContext.useSelector(selectPhase);
  const sameSearch = CartActorContext.useSelector((snapshot) => selectSearchQuery(snapshot, { withRates: true }), shallowEqual);
  const otherRoom = CartActorContext.useSelector((snapshot) => selectSearchQuery(snapshot, { withRates: false }), shallowEqual);
  switch (phase) {
    case 'loading':
      return <CheckoutSkeleton />;
    case 'ready':
      return <CheckoutForm locale={locale} />;
    case 'noSearch':
      return (
        <FailureNotice
          text={t`There is no room to book yet. Choose a hotel, a room and a rate first.`}
          action={<SiteLink className="button button--primary" href={localizedPath(locale, ROUTES.findAHotel)}>{t`Find a hotel`}</SiteLink>}
        />
      );
    case 'loadFailed':
      return <LoadFailed message={t`Your booking could not be loaded. Check your connection and try again.`} onRetry={() => actor.send({ type: 'retry' })} />;
    case 'signInRequired':
      return (
        <FailureNotice
          failure="sign-in-required"
          title={t`This is a member rate: sign in to book it`}
          text={t`Member rates are for signed-in members. Sign in or join, and your booking goes on at this rate; or book the standard rate without signing in.`}
          action={
            <>
              <button type="button" className="button button--primary" onClick={() => login.open()}>
                {t`Sign in`}
              </button>{' '}
              <SiteLink className="button" href={searchHref(locale, otherRoom)}>
                {t`Choose the standard rate`}
              </SiteLink>
            </>
          }
        />
      );
    case 'awaitingPayment':
      return (
        <div className="notice" role="status">
          <p>{t`Your payment provider has not confirmed the payment yet. Your rooms are held meanwhile.`}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'payment.check' })}>
            {t`Check again`}
          </button>
        </div>
      );
    case 'expired':
      return (
        <FailureNotice
          failure="expired"
          title={t`Your booking session has expired`}
          text={t`Prices and availability may have changed. Start again from the same search; nothing was charged.`}
          action={<SiteLink className="button button--primary" href={searchHref(locale, sameSearch)}>{t`Start again`}</SiteLink>}
        />
      );
    case 'roomGone':
      return (
        <FailureNotice
          failure="room-gone"
          title={t`This room is no longer available`}
          text={t`Someone booked it a moment ago. Nothing was charged; choose another room for the same dates.`}
          action={<SiteLink className="button button--primary" href={searchHref(locale, otherRoom)}>{t`Choose another room`}</SiteLink>}
        />
      );
    case 'ordered':
      return <p role="status">{t`Payment received. Opening your confirmation…`}</p>;
    case 'redirecting':
      return <p role="status">{t`Taking you to your payment provider…`}</p>;
  }
}

/** Why the booking cannot go on here, and the way forward. */
function FailureNotice({ failure, title, text, action }: { failure?: string; title?: string; text: string; action: ReactNode }) {
  return (
    <div className="notice" role="alert" data-failure={failure}>
      {title ? <h2>{title}</h2> : null}
      <p>{text}</p>
      {action}
    </div>
  );
}

function shallowEqual(a: Record<string, string> | null, b: Record<string, string> | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
