import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { GuaranteeKind, Order, OrderHotel, OrderStatus, PaymentMethod } from '../../../contract/ecommerce';
import type { Locale } from '../../../contract/locales';
import type { AuthAccess } from '../../../services/account/requests';
import { calendarHref, stayCalendar } from '../format/calendar';
import { formatCalendarDate, formatTimeOfDay } from '../format/dates';
import { formatMoney, formatPoints } from '../format/money';
import { breakfastOf, formatDeadline, modifyLink, telHref } from './booking-format';
import { CancelReservation } from './CancelReservation';
import './order.css';

type OrderStay = Order['stays'][number];
type OrderRoomStay = OrderStay['room_stays'][number];

interface Cancellation {
  reservationNumber: string;
  refundedBefore: number;
}

/**
 * One order: its status, each stay with its rooms (prices, policies, change and cancel) and add to
 * calendar, the hotel and the price summary. On the confirmation page it says where the confirmation went
 * and how to find the booking again; in the member area (`inAccount`) the member's bookings list does that.
 */
/**
 * What the page holding an order gives it: the access its cancellations are sent with, and whether a
 * reservation may be changed online (the modify-booking flag): the page reads both from the shell.
 */
export interface OrderActions {
  access: AuthAccess;
  modifyEnabled: boolean;
}

export function OrderDetails(props: { order: Order; locale: Locale; modified: string | undefined; actions: OrderActions; inAccount?: boolean }) {
  const { order, locale, modified, actions, inAccount = false } = props;
  const { t } = useLingui();
  const [cancellation, setCancellation] = useState<Cancellation | null>(null);
  const email = order.customer.email;
  const refund = cancellation ? Math.round((order.amount_refunded - cancellation.refundedBefore) * 100) / 100 : 0;
  const headings: Record<OrderStatus, string> = {
    confirmed: t`Your booking is confirmed`,
    partly_cancelled: t`Your booking is partly cancelled`,
    cancelled: t`Your booking is cancelled`,
  };
  return (
    <>
      <h1 data-status={order.status}>{headings[order.status]}</h1>
      {inAccount ? null : (
        <>
          <p>
            <Trans>
              We sent the confirmation to <bdi>{email}</bdi>.
            </Trans>
          </p>
          <p>
            <Trans>
              Keep your reservation number: with it and your last name, <Link to="/$locale/booking/manage" params={{ locale }}>Manage my booking</Link> finds this booking again to
              view, change or cancel it.
            </Trans>
          </p>
        </>
      )}
      {modified ? (
        <p className="notice notice--success" role="status">
          {t`Your change is saved: reservation ${modified} shows the new details.`}
        </p>
      ) : null}
      <div role="status" aria-live="polite">
        {cancellation ? (
          <p className="notice notice--success">
            <span>{t`Reservation ${cancellation.reservationNumber} is cancelled.`}</span>{' '}
            <span>{refund > 0 ? t`${formatMoney(refund, order.currency, locale)} will be refunded to your payment method.` : t`Nothing is refunded.`}</span>
          </p>
        ) : null}
      </div>
      {order.stays.map((stay) => (
        <StaySection key={stay.stay_id} order={order} stay={stay} locale={locale} actions={actions} onCancelled={(reservationNumber, refundedBefore) => setCancellation({ reservationNumber, refundedBefore })} />
      ))}
      {order.hotel ? <HotelDetails hotel={order.hotel} locale={locale} /> : null}
      <PriceSummary order={order} locale={locale} />
    </>
  );
}

function StaySection(props: { order: Order; stay: OrderStay; locale: Locale; actions: OrderActions; onCancelled: (reservationNumber: string, refundedBefore: number) => void }) {
  const { order, stay, locale, actions, onCancelled } = props;
  const { t } = useLingui();
  const headingId = `stay-${stay.stay_id}`;
  return (
    <section className="booking-stay" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <bdi>{stay.hotel_name}</bdi>
      </h2>
      <dl className="booking-facts">
        <div>
          <dt>{t`Check-in`}</dt>
          <dd>
            <bdi>{formatCalendarDate(stay.check_in_date, locale)}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t`Check-out`}</dt>
          <dd>
            <bdi>{formatCalendarDate(stay.check_out_date, locale)}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t`Length of stay`}</dt>
          <dd>{plural(stay.night_count, { one: '# night', other: '# nights' })}</dd>
        </div>
      </dl>
      <AddToCalendar order={order} stay={stay} locale={locale} />
      <ol className="booking-rooms">
        {stay.room_stays.map((room, index) => (
          <li key={room.room_stay_id}>
            <RoomStayCard order={order} room={room} number={index + 1} locale={locale} actions={actions} onCancelled={onCancelled} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function AddToCalendar({ order, stay, locale }: { order: Order; stay: OrderStay; locale: Locale }) {
  const { t } = useLingui();
  const confirmed = stay.room_stays.filter((room) => room.status === 'confirmed');
  if (confirmed.length === 0) return null;
  const numbers = confirmed.map((room) => room.reservation_number).join(', ');
  const checkIn = formatCalendarDate(stay.check_in_date, locale);
  const checkOut = formatCalendarDate(stay.check_out_date, locale);
  // The hotel's address, its times and its phone go with the event, so the guest's calendar has them on the way.
  const hotel = order.hotel;
  const fromTime = hotel ? formatTimeOfDay(hotel.check_in_from, locale) : null;
  const untilTime = hotel ? formatTimeOfDay(hotel.check_out_until, locale) : null;
  const phone = hotel?.phone ?? null;
  const calendar = stayCalendar({
    uid: `${order.order_id}-${stay.stay_id}@booking`,
    checkInDate: stay.check_in_date,
    checkOutDate: stay.check_out_date,
    summary: t`Stay at ${stay.hotel_name}`,
    location: hotel ? `${stay.hotel_name}, ${hotel.street}, ${hotel.postal_code} ${hotel.city}, ${hotel.country}` : stay.hotel_name,
    description: [
      t`Reservation numbers: ${numbers}`,
      fromTime ? t`Check-in: ${checkIn}, from ${fromTime}` : t`Check-in: ${checkIn}`,
      untilTime ? t`Check-out: ${checkOut}, until ${untilTime}` : t`Check-out: ${checkOut}`,
      ...(phone ? [t`Hotel phone: ${phone}`] : []),
      ...(hotel ? [hotel.map_url] : []),
    ].join('\n'),
    createdAt: order.created_at,
  });
  return (
    <p>
      <a className="button" href={calendarHref(calendar)} download={`booking-${confirmed[0]?.reservation_number ?? order.order_id}.ics`}>
        {t`Add to calendar`}
      </a>
    </p>
  );
}

function RoomStayCard(props: { order: Order; room: OrderRoomStay; number: number; locale: Locale; actions: OrderActions; onCancelled: (reservationNumber: string, refundedBefore: number) => void }) {
  const { order, room, number, locale, onCancelled } = props;
  const { t } = useLingui();
  const { modifyEnabled, access } = props.actions;
  const info = room.reservation_info;
  const breakfast = breakfastOf(room);
  const headingId = `room-${room.room_stay_id}`;
  const cancelled = room.status === 'cancelled';
  const adults = plural(room.adults_count, { one: '# adult', other: '# adults' });
  const children = room.child_ages.length > 0 ? `, ${plural(room.child_ages.length, { one: '# child', other: '# children' })}` : '';
  return (
    <article className={`booking-room${cancelled ? ' booking-room--cancelled' : ''}`} aria-labelledby={headingId} data-reservation={room.reservation_number}>
      <h3 id={headingId}>
        {t`Room ${number}`}: <bdi>{room.room_type_name}</bdi> {cancelled ? <span className="badge">{t`Cancelled`}</span> : null}
      </h3>
      <dl className="booking-facts">
        <div>
          <dt>{t`Reservation number`}</dt>
          <dd className="booking-room__number">
            <bdi>{room.reservation_number}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t`Guests`}</dt>
          <dd>
            {adults}
            {children}
          </dd>
        </div>
        {room.traveller ? (
          <div>
            <dt>{t`Traveller`}</dt>
            <dd>
              <bdi>
                {room.traveller.first_name} {room.traveller.last_name}
              </bdi>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t`Rate`}</dt>
          <dd>
            <bdi>{info.rate_name}</bdi> {info.is_member_rate ? <span className="badge">{t`Member rate`}</span> : null}
            <br />
            {breakfast === 'included' ? t`Breakfast included` : breakfast === 'booked' ? t`Breakfast booked` : t`Breakfast not included`}
          </dd>
        </div>
        {room.addons.length > 0 ? (
          <div>
            <dt>{t`Extras`}</dt>
            <dd>
              <ul className="booking-extras">
                {room.addons.map((addon) => (
                  <li key={addon.addon_code}>
                    <bdi>{addon.name}</bdi>
                    {addon.quantity > 1 ? ` × ${addon.quantity}` : ''}: <bdi>{formatMoney(addon.price, order.currency, locale)}</bdi>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t`Payment`}</dt>
          <dd>
            {order.payment_method === 'points' ? <PaidWithPointsText /> : <GuaranteeText kind={info.guarantee_type} />}
          </dd>
        </div>
        <div>
          <dt>{t`Cancellation`}</dt>
          <dd>{info.free_cancellation_until ? t`Free cancellation until ${formatDeadline(info.free_cancellation_until, locale)}` : t`Not refundable`}</dd>
        </div>
        <div>
          <dt>{t`Room price`}</dt>
          <dd>
            <bdi>{formatMoney(room.price_with_tax, order.currency, locale)}</bdi>
            {room.city_tax > 0 ? (
              <>
                {' '}
                {t`plus city tax`} <bdi>{formatMoney(room.city_tax, order.currency, locale)}</bdi>
              </>
            ) : null}
          </dd>
        </div>
      </dl>
      {cancelled ? null : (
        <div className="booking-room__actions">
          {modifyEnabled && room.modifiable ? (
            <Link className="button" {...modifyLink(locale, order.order_id, room.reservation_number)}>
              {t`Change booking`}
            </Link>
          ) : null}
          {room.cancellable ? (
            <CancelReservation locale={locale} order={order} access={access} reservationNumber={room.reservation_number} freeCancellationUntil={info.free_cancellation_until} onCancelled={onCancelled} />
          ) : null}
        </div>
      )}
    </article>
  );
}

function GuaranteeText({ kind }: { kind: GuaranteeKind }) {
  const { t } = useLingui();
  switch (kind) {
    case 'hold':
      return <>{t`Held with your card: nothing is charged now, you pay at the hotel.`}</>;
    case 'guarantee':
      return <>{t`Guaranteed with your card: you pay at the hotel.`}</>;
    case 'deposit':
      return <>{t`Prepaid: paid when you booked.`}</>;
  }
}

/** Earned points are pending until the stay is over, then on the member's balance. */
function EarnedPoints({ order, locale }: { order: Order; locale: Locale }) {
  const { t } = useLingui();
  const points = formatPoints(order.points_earned, locale);
  if (order.points_pending === false) {
    return (
      <div>
        <dt>{t`Points credited`}</dt>
        <dd>{t`${formatPoints(order.points_earned, locale)} points`}</dd>
      </div>
    );
  }
  return (
    <div>
      <dt>{t`Points you earn`}</dt>
      <dd>{order.points_pending ? t`You will earn ${points} points after your stay` : t`${formatPoints(order.points_earned, locale)} points`}</dd>
    </div>
  );
}

/** Points paid for the room itself: no card holds or guarantees it (add-ons and city tax are in the price summary). */
function PaidWithPointsText() {
  const { t } = useLingui();
  return <>{t`Paid with points: no card is held, nothing is charged for the room.`}</>;
}

function PaymentMethodName({ method }: { method: PaymentMethod }) {
  const { t } = useLingui();
  const names: Record<PaymentMethod, string> = { card: t`Card`, paypal: 'PayPal', apple_pay: 'Apple Pay', ideal: 'iDEAL', points: t`Points` };
  return <bdi>{names[method]}</bdi>;
}

/** Where the hotel is, how to call it, and when rooms are ready and must be left (local times). */
function HotelDetails({ hotel, locale }: { hotel: OrderHotel; locale: Locale }) {
  const { t } = useLingui();
  const checkIn = formatTimeOfDay(hotel.check_in_from, locale);
  const checkOut = formatTimeOfDay(hotel.check_out_until, locale);
  return (
    <section className="booking-hotel" aria-labelledby="booking-hotel-title">
      <h2 id="booking-hotel-title">{t`Your hotel`}</h2>
      <dl className="booking-facts">
        <div>
          <dt>{t`Address`}</dt>
          <dd>
            <address>
              <bdi>{hotel.name}</bdi>
              <br />
              <bdi>{hotel.street}</bdi>
              <br />
              <bdi>
                {hotel.postal_code} {hotel.city}
              </bdi>
              <br />
              {hotel.country}
            </address>
            <a href={hotel.map_url} target="_blank" rel="noopener noreferrer">
              {t`Show on map`}
              <span className="visually-hidden"> {t`(opens in a new tab)`}</span>
            </a>
          </dd>
        </div>
        {hotel.phone ? (
          <div>
            <dt>{t`Phone`}</dt>
            <dd>
              <a href={telHref(hotel.phone)} dir="ltr">
                {hotel.phone}
              </a>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t`Check-in`}</dt>
          <dd>{t`From ${checkIn}`}</dd>
        </div>
        <div>
          <dt>{t`Check-out`}</dt>
          <dd>{t`Until ${checkOut}`}</dd>
        </div>
      </dl>
    </section>
  );
}

function PriceSummary({ order, locale }: { order: Order; locale: Locale }) {
  const { t } = useLingui();
  const money = (amount: number) => <bdi>{formatMoney(amount, order.currency, locale)}</bdi>;
  return (
    <section className="booking-summary" aria-labelledby="booking-summary-title">
      <h2 id="booking-summary-title">{t`Price`}</h2>
      <dl className="booking-summary__lines">
        <div>
          <dt>{t`Total price`}</dt>
          <dd>{money(order.amount_to_pay_total)}</dd>
        </div>
        {order.insurance ? (
          <div>
            <dt>{t`Cancellation insurance`}</dt>
            <dd>{money(order.insurance.price)}</dd>
          </div>
        ) : null}
        {order.voucher_discount > 0 ? (
          <div>
            <dt>{t`Vouchers`}</dt>
            <dd>
              <bdi>−{formatMoney(order.voucher_discount, order.currency, locale)}</bdi>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t`Paid now`}</dt>
          <dd>{money(order.amount_paid)}</dd>
        </div>
        <div>
          <dt>{t`Due at the hotel`}</dt>
          <dd>{money(order.amount_at_hotel)}</dd>
        </div>
        <div>
          <dt>{t`City tax, paid at the hotel`}</dt>
          <dd>{money(order.city_tax_total)}</dd>
        </div>
        {order.points_paid > 0 ? (
          <div>
            <dt>{t`Paid with points`}</dt>
            <dd>{t`${formatPoints(order.points_paid, locale)} points`}</dd>
          </div>
        ) : null}
        {order.points_earned > 0 ? <EarnedPoints order={order} locale={locale} /> : null}
        {order.amount_refunded > 0 ? (
          <div>
            <dt>{t`Refunded`}</dt>
            <dd>{money(order.amount_refunded)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t`Payment method`}</dt>
          <dd>
            <PaymentMethodName method={order.payment_method} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
