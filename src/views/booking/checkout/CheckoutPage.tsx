import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../../contract/locales';
import { selectPhase, selectSearchQuery } from '../../../machines/cart/cart.selectors';
import { selectIsMemberLoading, selectIsRestoring } from '../../../machines/session/session.selectors';
import { localizedPath, ROUTES } from '../../../services/navigation/paths';
import { PageTitle } from '../../shell/PageTitle';
import { CardSkeletons, LoadFailed } from '../../shell/QueryState';
import { SessionActorContext } from '../../shell/session-context';
import { SiteLink } from '../../shell/SiteLink';
import { CartActorContext } from './checkout-context';
import { CheckoutForm } from './CheckoutForm';
import { CheckoutProvider } from './CheckoutProvider';
import './checkout.css';

/**
 * The check-out page (spec sections 2 and 4): the second booking step, payment. The cart belongs to the
 * member when one is signed in, so the cart starts once the session knows who is there.
 */
export function CheckoutPage({ locale, query }: { locale: Locale; query: Record<string, unknown> }) {
  const { t } = useLingui();
  const restoring = SessionActorContext.useSelector(selectIsRestoring);
  const memberLoading = SessionActorContext.useSelector(selectIsMemberLoading);
  return (
    <div className="page checkout-page" data-page="check-out">
      <PageTitle title={t`Payment`} />
      <h1>{t`Complete your booking`}</h1>
      {restoring || memberLoading ? (
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
        <div className="notice" role="alert">
          <p>{t`There is no room to book yet. Choose a hotel, a room and a rate first.`}</p>
          <SiteLink className="button button--primary" href={localizedPath(locale, ROUTES.findAHotel)}>
            {t`Find a hotel`}
          </SiteLink>
        </div>
      );
    case 'loadFailed':
      return <LoadFailed message={t`Your booking could not be loaded. Check your connection and try again.`} onRetry={() => actor.send({ type: 'retry' })} />;
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
        <div className="notice" role="alert" data-failure="expired">
          <h2>{t`Your booking session has expired`}</h2>
          <p>{t`Prices and availability may have changed. Start again from the same search; nothing was charged.`}</p>
          <SiteLink className="button button--primary" href={searchHref(locale, sameSearch)}>
            {t`Start again`}
          </SiteLink>
        </div>
      );
    case 'roomGone':
      return (
        <div className="notice" role="alert" data-failure="room-gone">
          <h2>{t`This room is no longer available`}</h2>
          <p>{t`Someone booked it a moment ago. Nothing was charged; choose another room for the same dates.`}</p>
          <SiteLink className="button button--primary" href={searchHref(locale, otherRoom)}>
            {t`Choose another room`}
          </SiteLink>
        </div>
      );
    case 'ordered':
      return <p role="status">{t`Payment received. Opening your confirmation…`}</p>;
    case 'redirecting':
      return <p role="status">{t`Taking you to your payment provider…`}</p>;
  }
}

function shallowEqual(a: Record<string, string> | null, b: Record<string, string> | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
