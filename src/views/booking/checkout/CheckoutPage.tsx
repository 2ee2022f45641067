import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Locale } from '../../../contract/locales';
import { selectNotice, selectPhase, selectRoomsPageSearch } from '../../../machines/cart/cart.selectors';
import { searchLinkSearch } from '../../../machines/search/search.selectors';
import type { RouterSearch } from '../../../services/navigation/router-search';
import type { SearchQueryState } from '../../../services/search/search-state';
import { PageTitle } from '../../shell/PageTitle';
import { LoadFailed } from '../../shell/QueryState';
import { useAppSelector, useAppSystem, useLoginControl } from '../../shell/session-context';
import { CartActorContext } from './checkout-context';
import { CheckoutForm } from './CheckoutForm';
import { useHydrated } from '../../ui/use-hydrated';
import './checkout.css';

/**
 * The check-out page (spec sections 2 and 4): the second booking step, payment. Its cart is the app's
 * `cart` actor, started by the app once the session knows who is there (the cart belongs to the member
 * when one is signed in); sign-ins and sign-outs part-way reach it as events.
 *
 * The server renders the page without a cart (it knows no session), and so does the browser's first render
 * when it takes that page over, even if the cart already runs by then: the cart is shown from the render
 * after hydration on. Both renders show the booking steps and the loading shape, which the cart's own
 * loading state keeps in place, so nothing moves when the cart arrives.
 */
export function CheckoutPage({ locale, searched }: { locale: Locale; searched: SearchQueryState }) {
  const { t } = useLingui();
  const { app } = useAppSystem();
  const hydrated = useHydrated();
  const runningCart = useAppSelector((snapshot) => snapshot.context.cart);
  const failed = useAppSelector((snapshot) => snapshot.hasTag('checkoutLoadFailed'));
  const cart = hydrated ? runningCart : null;
  const codeFailed = hydrated && failed;
  // The rooms page of the search in the address, until the cart says which search it books.
  const addressSearch = searched.location.trim() === '' ? null : searchLinkSearch(searched);
  return (
    <div className="page checkout-page" data-page="check-out">
      <PageTitle title={t`Payment`} />
      <h1>{t`Complete your booking`}</h1>
      {cart ? (
        <CartActorContext.Provider value={cart}>
          <CartCheckoutSteps locale={locale} />
          <SignedOutNotice />
          <CheckoutPhase locale={locale} />
        </CartActorContext.Provider>
      ) : (
        <>
          <CheckoutSteps locale={locale} query={addressSearch} />
          {codeFailed ? (
            <LoadFailed message={t`Your booking could not be loaded. Check your connection and try again.`} onRetry={() => app.send({ type: 'checkout.retry' })} />
          ) : (
            <CheckoutSkeleton />
          )}
        </>
      )}
    </div>
  );
}

/**
 * The page's shape while the cart loads (the server renders it too): the sections and the price summary
 * where they will be, at least a screen high, so the footer is not pulled into view and pushed out again
 * when the form arrives (no layout shift).
 */
function CheckoutSkeleton() {
  const { t } = useLingui();
  return (
    <div className="checkout checkout--loading" role="status" aria-live="polite" aria-busy="true" data-checkout-skeleton="">
      <span className="visually-hidden">{t`Loading your booking…`}</span>
      <div className="checkout__main" aria-hidden="true">
        <div className="skeleton checkout-skeleton checkout-skeleton--stay" />
        <div className="skeleton checkout-skeleton checkout-skeleton--guests" />
        <div className="skeleton checkout-skeleton checkout-skeleton--section" />
        <div className="skeleton checkout-skeleton checkout-skeleton--section" />
      </div>
      <div className="checkout__aside" aria-hidden="true">
        <div className="skeleton checkout-skeleton checkout-skeleton--summary" />
      </div>
    </div>
  );
}

/** Back to the rooms and rates of the booked search, or to a new search when there is none. */
function SearchAgainLink({ locale, query, className, children }: { locale: Locale; query: RouterSearch | null; className?: string; children: ReactNode }) {
  return query ? (
    <Link className={className} to="/$locale/booking/select-room-rate" params={{ locale }} search={query}>
      {children}
    </Link>
  ) : (
    <Link className={className} to="/$locale/find-a-hotel" params={{ locale }}>
      {children}
    </Link>
  );
}

/** The booking steps (spec section 2): select room, then payment; the first links back to change the rooms. */
function CheckoutSteps({ locale, query }: { locale: Locale; query: RouterSearch | null }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Booking steps`}>
      <ol className="checkout-steps">
        <li className="checkout-steps__done">
          <SearchAgainLink locale={locale} query={query}>{t`1. Select room`}</SearchAgainLink>
        </li>
        <li aria-current="step">{t`2. Payment`}</li>
      </ol>
    </nav>
  );
}

/** The booking steps once the cart runs: the first links to the rooms of the search the cart books. */
function CartCheckoutSteps({ locale }: { locale: Locale }) {
  const query = CartActorContext.useSelector((snapshot) => selectRoomsPageSearch(snapshot, { withRates: true }), shallowEqual);
  return <CheckoutSteps locale={locale} query={query} />;
}

/**
 * After a sign-out the page says why the member's details left it, wherever the booking now stands (the
 * form says it among its own notices once the guest's cart is there).
 */
function SignedOutNotice() {
  const { t } = useLingui();
  const shown = CartActorContext.useSelector((snapshot) => selectNotice(snapshot) === 'signedOut' && selectPhase(snapshot) !== 'ready');
  return shown ? (
    <p className="notice" role="status">
      {t`You signed out, so your details and your member booking were removed from this page. Book as a guest, or sign in again.`}
    </p>
  ) : null;
}

function CheckoutPhase({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const actor = CartActorContext.useActorRef();
  const login = useLoginControl();
  const phase = CartActorContext.useSelector(selectPhase);
  const sameSearch = CartActorContext.useSelector((snapshot) => selectRoomsPageSearch(snapshot, { withRates: true }), shallowEqual);
  const otherRoom = CartActorContext.useSelector((snapshot) => selectRoomsPageSearch(snapshot, { withRates: false }), shallowEqual);
  switch (phase) {
    case 'loading':
      return <CheckoutSkeleton />;
    case 'ready':
      return <CheckoutForm locale={locale} />;
    case 'noSearch':
      return (
        <FailureNotice
          text={t`There is no room to book yet. Choose a hotel, a room and a rate first.`}
          action={
            <Link className="button button--primary" to="/$locale/find-a-hotel" params={{ locale }}>
              {t`Find a hotel`}
            </Link>
          }
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
              <SearchAgainLink locale={locale} query={otherRoom} className="button">
                {t`Choose the standard rate`}
              </SearchAgainLink>
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
          action={<SearchAgainLink locale={locale} query={sameSearch} className="button button--primary">{t`Start again`}</SearchAgainLink>}
        />
      );
    case 'roomGone':
      return (
        <FailureNotice
          failure="room-gone"
          title={t`This room is no longer available`}
          text={t`Someone booked it a moment ago. Nothing was charged; choose another room for the same dates.`}
          action={<SearchAgainLink locale={locale} query={otherRoom} className="button button--primary">{t`Choose another room`}</SearchAgainLink>}
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

function shallowEqual(a: RouterSearch | null, b: RouterSearch | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
