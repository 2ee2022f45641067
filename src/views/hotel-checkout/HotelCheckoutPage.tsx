import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { FormEvent } from 'react';
import type { HotelFolioKind } from '../../contract/hotel-checkout';
import type { Locale } from '../../contract/locales';
import {
  selectCheckout,
  selectIsBusy,
  selectLookup,
  selectMethod,
  selectNotice,
  selectOutcome,
  selectPaymentPhase,
  selectStep,
  selectTotals,
} from '../../machines/hotel-checkout/hotel-checkout.selectors';
import type { HotelCheckoutStep } from '../../machines/hotel-checkout/hotel-checkout.selectors';
import type { HotelCheckoutStart } from '../../machines/hotel-checkout/hotel-checkout.types';
import { hotelQuery, useInvoiceDownload } from '../../services/hotel-checkout/hotel-checkout-queries';
import { PageTitle } from '../shell/PageTitle';
import { LoadFailed } from '../shell/QueryState';
import { useAuthAccess } from '../shell/session-context';
import { Field } from '../ui/fields';
import { formatCalendarDate } from '../ui/format/dates';
import { formatMoney } from '../ui/format/money';
import { isRedirectMethod, usePaymentMethodNames } from '../ui/payment/PaymentMethodChoice';
import { FolioPayment } from './FolioPayment';
import { FolioReview, useFolioNames } from './FolioReview';
import { HotelCheckoutActorContext } from './hotel-checkout-context';
import { HotelCheckoutProvider } from './HotelCheckoutProvider';
import { InvoiceAddresses } from './InvoiceAddresses';
import './hotel-checkout.css';

/**
 * The hotel checkout (spec sections 2 and 4): the room card's QR code, a mail's link or a member's booking
 * lands on /checkout/redirect, which resolves the stay and opens /checkout/folio; there the guest reviews
 * the bill, gives the invoice addresses, pays and checks out, and gets the invoices. One machine runs each
 * page (machines/hotel-checkout); this view renders its step and sends the guest's events.
 */
export function HotelCheckoutPage({ locale, start, page }: { locale: Locale; start: HotelCheckoutStart; page: 'redirect' | 'folio' }) {
  const { t } = useLingui();
  // Another link opened in this tab starts afresh; on the checkout page the machine itself puts the checkout's id into the address.
  const key = page === 'folio' ? 'folio' : start.kind === 'link' ? start.token : start.kind === 'member' ? start.reservationNumber : 'lookup';
  return (
    <div className="page hotel-checkout" data-page="hotel-checkout">
      <PageTitle title={t`Check out`} />
      <HotelCheckoutProvider key={key} locale={locale} start={start} page={page}>
        <CheckoutSteps locale={locale} />
      </HotelCheckoutProvider>
    </div>
  );
}

const STEP_NUMBERS: Partial<Record<HotelCheckoutStep, number>> = { review: 1, addresses: 2, payment: 3, checkingOut: 3 };

function CheckoutSteps({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const step = HotelCheckoutActorContext.useSelector(selectStep);
  const checkout = HotelCheckoutActorContext.useSelector(selectCheckout);
  const actor = HotelCheckoutActorContext.useActorRef();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  // DOM work: a new step's heading takes the focus, so a screen reader hears where the guest is now.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);
  const heading = useStepHeading(step);
  const number = STEP_NUMBERS[step];
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        {heading}
      </h1>
      {checkout && step !== 'done' ? <StaySummary locale={locale} /> : null}
      {number ? (
        <p className="hotel-checkout__progress">
          <Trans>Step {number} of 3</Trans>
        </p>
      ) : null}
      <Notices />
      {step === 'resolving' || step === 'loading' || step === 'opened' ? (
        <p role="status" aria-busy="true">
          {t`Opening your bill…`}
        </p>
      ) : null}
      {step === 'awaitingPayment' ? (
        <div role="status">
          <p>{t`Your payment is being confirmed. This takes a moment.`}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'payment.check' })}>
            {t`Check again`}
          </button>
        </div>
      ) : null}
      {step === 'redirecting' ? <RedirectingStatus /> : null}
      {step === 'lookup' ? <LookupForm /> : null}
      {step === 'notInHouse' ? <NotInHouse locale={locale} /> : null}
      {step === 'alreadyCheckedOut' ? <AlreadyCheckedOut /> : null}
      {step === 'hotelUnavailable' || step === 'checkoutUnavailable' ? <HotelUnavailable locale={locale} /> : null}
      {step === 'loadFailed' ? <LoadFailed message={t`Your bill could not be opened just now.`} onRetry={() => actor.send({ type: 'retry' })} /> : null}
      {step === 'checkoutFailed' ? <LoadFailed message={t`Your bill is paid, but the check-out got no answer.`} onRetry={() => actor.send({ type: 'retry' })} /> : null}
      {step === 'review' ? <ReviewStep locale={locale} /> : null}
      {step === 'addresses' ? <InvoiceAddresses /> : null}
      {step === 'payment' ? <PaymentStep locale={locale} /> : null}
      {step === 'checkingOut' ? (
        <p role="status" aria-busy="true">
          {t`Checking you out…`}
        </p>
      ) : null}
      {step === 'done' ? <CheckedOut locale={locale} /> : null}
    </>
  );
}

/** The page's heading for a step. */
function useStepHeading(step: HotelCheckoutStep): string {
  const { t } = useLingui();
  switch (step) {
    case 'lookup':
      return t`Find your stay`;
    case 'notInHouse':
      return t`This stay is not checked in`;
    case 'alreadyCheckedOut':
      return t`You have checked out already`;
    case 'hotelUnavailable':
    case 'checkoutUnavailable':
      return t`The hotel’s system is not answering`;
    case 'review':
      return t`Your bill`;
    case 'addresses':
      return t`Invoice addresses`;
    case 'payment':
      return t`Pay your bill`;
    case 'done':
      return t`You’re checked out`;
    default:
      return t`Check out`;
  }
}

function StaySummary({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const checkout = HotelCheckoutActorContext.useSelector(selectCheckout);
  if (!checkout) return null;
  const { stay } = checkout;
  return (
    <p className="hotel-checkout__stay">
      <bdi>{stay.hotel_name}</bdi> · {stay.room_number ? t`Room ${stay.room_number}` : stay.room_type_name} ·{' '}
      <bdi>
        {formatCalendarDate(stay.arrival_date, locale)} – {formatCalendarDate(stay.departure_date, locale)}
      </bdi>{' '}
      ·{' '}
      <Trans>
        Reservation <bdi>{stay.reservation_number}</bdi>
      </Trans>
    </p>
  );
}

/** The notices over a step, in one polite live region: a folio changed, a move or save that failed. */
function Notices() {
  const { t } = useLingui();
  const notice = HotelCheckoutActorContext.useSelector(selectNotice);
  const phase = HotelCheckoutActorContext.useSelector(selectPaymentPhase);
  const actor = HotelCheckoutActorContext.useActorRef();
  const text =
    notice === 'folioChanged' && phase !== 'folioChanged'
      ? t`Your bill changed while you were on this page: new charges are marked.`
      : notice === 'moveFailed'
        ? t`The charge could not be moved just now. Please try again.`
        : notice === 'saveFailed'
          ? t`The addresses could not be saved just now. Please try again.`
          : notice === 'methodFailed'
            ? t`The payment method could not be chosen just now. Please try again.`
            : notice === 'hotelUnavailable'
              ? t`The hotel’s system is not answering. Nothing was changed; please try again in a moment.`
              : notice === 'businessAddressMissing'
                ? t`The business invoice needs your company’s name and address.`
                : null;
  return (
    <div aria-live="polite" className="hotel-checkout__notices">
      {text ? (
        <div className="notice">
          <p>{text}</p>
          <button type="button" className="button button--small" onClick={() => actor.send({ type: 'notice.dismiss' })}>
            {t`Dismiss`}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function ReviewStep({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const actor = HotelCheckoutActorContext.useActorRef();
  const busy = HotelCheckoutActorContext.useSelector(selectIsBusy);
  const totals = HotelCheckoutActorContext.useSelector(selectTotals, (a, b) => a.open === b.open);
  return (
    <>
      <p>{t`Every charge of your stay is on your private bill or your business bill. Move a charge to the business bill for your company to pay it.`}</p>
      <FolioReview locale={locale} currency={totals.currency} movable />
      <p className="hotel-checkout__total">
        {t`Still to pay`}: <strong>{formatMoney(totals.open, totals.currency, locale)}</strong>
      </p>
      <p className="hotel-checkout__actions">
        <button type="button" className="button button--primary" aria-disabled={busy || undefined} onClick={() => (busy ? undefined : actor.send({ type: 'review.continue' }))}>
          {t`Continue to invoice addresses`}
        </button>
      </p>
    </>
  );
}

function PaymentStep({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const phase = HotelCheckoutActorContext.useSelector(selectPaymentPhase);
  const totals = HotelCheckoutActorContext.useSelector(selectTotals, (a, b) => a.open === b.open && a.previous === b.previous);
  const actor = HotelCheckoutActorContext.useActorRef();
  if (phase === 'folioChanged') {
    return (
      <div role="alert" className="hotel-checkout__changed">
        <h2>{t`Your bill changed`}</h2>
        <p>
          {totals.previous !== null
            ? t`A charge was posted while you were paying. Nothing was taken. You now have ${formatMoney(totals.open, totals.currency, locale)} to pay instead of ${formatMoney(totals.previous, totals.currency, locale)}.`
            : t`A charge was posted while you were paying. Nothing was taken. You now have ${formatMoney(totals.open, totals.currency, locale)} to pay.`}
        </p>
        <FolioReview locale={locale} currency={totals.currency} movable={false} />
        <p className="hotel-checkout__actions">
          <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'payment.resume' })}>
            {t`Pay the new total`}
          </button>
          <button type="button" className="button" onClick={() => actor.send({ type: 'payment.back' })}>
            {t`Review the bill`}
          </button>
        </p>
      </div>
    );
  }
  if (phase === 'unavailable') return <HotelUnavailable locale={locale} />;
  return (
    <>
      <p className="hotel-checkout__total">
        {t`To pay`}: <strong>{formatMoney(totals.open, totals.currency, locale)}</strong>
      </p>
      <FolioPayment locale={locale} />
    </>
  );
}

function LookupForm() {
  const { t } = useLingui();
  const actor = HotelCheckoutActorContext.useActorRef();
  const lookup = HotelCheckoutActorContext.useSelector(selectLookup, (a, b) => a.draft === b.draft && a.reason === b.reason && a.tried === b.tried);
  const reason =
    lookup.reason === 'linkInvalid'
      ? t`This link no longer works (it may have expired). Find your stay with its reservation number and your last name.`
      : lookup.reason === 'notFound'
        ? t`We could not find a stay in house with these details. Check the reservation number on your confirmation or key card, and your last name.`
        : lookup.reason === 'tooManyAttempts'
          ? t`Too many attempts. Please wait a few minutes and try again, or ask at the front desk.`
          : lookup.reason === 'accessLost'
            ? t`For your security, find your stay again with its reservation number and your last name.`
            : lookup.reason === 'notMember'
              ? t`Find your stay with its reservation number and your last name.`
              : null;
  const numberMissing = lookup.tried && !lookup.draft.reservationNumber.trim() ? t`Enter the reservation number.` : undefined;
  const nameMissing = lookup.tried && !lookup.draft.lastName.trim() ? t`Enter your last name.` : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'lookup.submit' });
  };
  return (
    <form onSubmit={submit} noValidate className="hotel-lookup">
      {reason ? (
        <p className="notice" role="alert">
          {reason}
        </p>
      ) : (
        <p>{t`Scan the QR code on the card in your room, or find your stay here.`}</p>
      )}
      <Field
        id="lookup-reservation-number"
        name="reservation_number"
        label={t`Reservation number`}
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        required
        value={lookup.draft.reservationNumber}
        onChange={(event) => actor.send({ type: 'lookup.changed', field: 'reservationNumber', value: event.target.value })}
        error={numberMissing}
      />
      <Field
        id="lookup-last-name"
        name="last_name"
        label={t`Last name`}
        autoComplete="family-name"
        required
        value={lookup.draft.lastName}
        onChange={(event) => actor.send({ type: 'lookup.changed', field: 'lastName', value: event.target.value })}
        error={nameMissing}
      />
      <p>
        <button type="submit" className="button button--primary">
          {t`Find my stay`}
        </button>
      </p>
    </form>
  );
}

function NotInHouse({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const actor = HotelCheckoutActorContext.useActorRef();
  return (
    <div className="notice" role="alert">
      <p>{t`Online check-out is for stays in house. This stay has not been checked in yet (or was cancelled). Check in at the front desk, or online from your booking.`}</p>
      <p className="hotel-checkout__actions">
        <button type="button" className="button" onClick={() => actor.send({ type: 'lookup.start' })}>
          {t`Find another stay`}
        </button>
        <Link className="button" to="/$locale/booking/manage" params={{ locale }}>
          {t`Manage my booking`}
        </Link>
      </p>
    </div>
  );
}

function AlreadyCheckedOut() {
  const { t } = useLingui();
  const actor = HotelCheckoutActorContext.useActorRef();
  return (
    <div className="notice" role="alert">
      <p>{t`This stay is checked out. We mailed your invoices to the address of the booking; the front desk can send them again.`}</p>
      <button type="button" className="button" onClick={() => actor.send({ type: 'lookup.start' })}>
        {t`Find another stay`}
      </button>
    </div>
  );
}

/** The hotel's system is down: try again, or settle at the front desk (the hotel's address from its page). */
function HotelUnavailable({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const actor = HotelCheckoutActorContext.useActorRef();
  const checkout = HotelCheckoutActorContext.useSelector(selectCheckout);
  const phase = HotelCheckoutActorContext.useSelector(selectPaymentPhase);
  const hotel = useQuery({ ...hotelQuery(locale, checkout?.stay.hotel_code ?? ''), enabled: Boolean(checkout) });
  return (
    <div className="notice" role="alert">
      <p>{t`Nothing was paid or changed. Please try again in a moment, or pay at the front desk when you leave.`}</p>
      {checkout ? (
        <p>
          <Trans>
            Front desk: <bdi>{checkout.stay.hotel_name}</bdi>
          </Trans>
          {hotel.data ? (
            <>
              {', '}
              <bdi>
                {hotel.data.address.street}, {hotel.data.address.postalCode} {hotel.data.address.city}
              </bdi>
            </>
          ) : null}
          {'. '}
          <Trans>
            Show them your reservation number <bdi>{checkout.stay.reservation_number}</bdi>.
          </Trans>
        </p>
      ) : null}
      <button type="button" className="button button--primary" onClick={() => actor.send({ type: phase === 'unavailable' ? 'payment.retry' : 'retry' })}>
        {t`Try again`}
      </button>
    </div>
  );
}

/** Checked out: the invoices to download (also mailed) and a member's points. */
function CheckedOut({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const outcome = HotelCheckoutActorContext.useSelector(selectOutcome);
  const checkout = HotelCheckoutActorContext.useSelector(selectCheckout);
  const folios = useFolioNames();
  const access = useAuthAccess();
  // DOM work: the PDF is saved through a temporary link to the file.
  const download = useInvoiceDownload(access.token ? access : null, outcome.checkoutId ?? '', (folio: HotelFolioKind, file: Blob) => {
    const invoice = outcome.invoices.find((item) => item.folio === folio);
    const url = URL.createObjectURL(file);
    const link = document.createElement('a');
    link.href = url;
    link.download = `invoice-${invoice?.invoice_number ?? folio}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  });
  return (
    <div className="hotel-checkout__done" aria-live="polite">
      <p>{t`Thank you for staying with us. Please leave your key card in the room or at the front desk.`}</p>
      {outcome.points ? (
        <p className="hotel-checkout__points">
          <Plural value={outcome.points.points} one="You earned # point for this stay." other="You earned # points for this stay." />{' '}
          {outcome.points.credited ? t`They are on your balance now.` : null}
        </p>
      ) : null}
      <section aria-labelledby="hotel-invoices">
        <h2 id="hotel-invoices">{t`Your invoices`}</h2>
        <p>{t`We have also mailed them to you.`}</p>
        {download.isError ? (
          <p className="notice" role="alert">
            {t`The invoice could not be downloaded just now. Please try again; it is in your mail too.`}
          </p>
        ) : null}
        <ul className="hotel-invoices">
          {outcome.invoices.map((invoice) => (
            <li key={invoice.folio} className="card">
              <p>
                <strong>{folios[invoice.folio]}</strong> ·{' '}
                <Trans>
                  Invoice <bdi>{invoice.invoice_number}</bdi>
                </Trans>{' '}
                · <bdi>{formatMoney(invoice.total, checkout?.stay.currency ?? 'EUR', locale)}</bdi>
              </p>
              <button type="button" className="button" aria-disabled={download.isPending || undefined} onClick={() => (download.isPending ? undefined : download.mutate(invoice.folio))}>
                {invoice.folio === 'business' ? t`Download the business invoice (PDF)` : t`Download the private invoice (PDF)`}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** On the way to the provider: its page for PayPal, iDEAL and Apple Pay, the bank's check for a card. */
function RedirectingStatus() {
  const { t } = useLingui();
  const method = HotelCheckoutActorContext.useSelector(selectMethod);
  const names = usePaymentMethodNames();
  return <p role="status">{isRedirectMethod(method) ? t`Taking you to ${names[method]} to approve the payment…` : t`Taking you to your bank’s security check…`}</p>;
}
