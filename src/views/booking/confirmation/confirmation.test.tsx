import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/web/render-app';
import { type Order, ORDER_ACCESS_HEADER } from '../../../contract/ecommerce';
import { rememberOrderAccess } from '../../../services/booking/order-access';
import { formatCalendarDate } from '../../ui/format/dates';
import { callsTo, CHECK_IN, CHECK_OUT, FIRST, flagsOff, HOTEL, order, ORDER_ID, ORDER_PATH, resetBookingPageTests, roomStay, SECOND } from './order.fixtures';

vi.mock('../../shell/flags-context', async (original) => (await import('./order.fixtures')).withFlagsOff(await original()));
afterEach(resetBookingPageTests);

const PAGE = `/en/booking/confirmation?order_id=${ORDER_ID}`;

const roomCard = (reservationNumber: string) => screen.getByText(reservationNumber).closest('article') as HTMLElement;

// The first render loads the app's lazy parts; on a busy machine that alone can take seconds (a limit that only catches hangs).
describe('booking confirmation', { timeout: 15_000 }, () => {
  it('shows each reservation number, the stay, the policies and what was paid and is due', async () => {
    await renderApp(PAGE, (url) => (url.pathname === ORDER_PATH ? { body: { data: order() } } : undefined));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Jaz in the City Berlin' })).toBeTruthy();
    expect(screen.getByText(formatCalendarDate(CHECK_IN, 'en'))).toBeTruthy();
    expect(screen.getByText(formatCalendarDate(CHECK_OUT, 'en'))).toBeTruthy();

    const first = roomCard(FIRST);
    expect(within(first).getByRole('heading', { name: 'Room 1: Double room' })).toBeTruthy();
    expect(within(first).getByText('2 adults')).toBeTruthy();
    expect(within(first).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(first).getByText('Guaranteed with your card: you pay at the hotel.')).toBeTruthy();
    expect(within(first).getByText(/^Free cancellation until /)).toBeTruthy();
    expect(within(first).getByText('€240.00')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Change booking' }).getAttribute('href')).toBe(`/en/booking/modify?order_id=${ORDER_ID}&reservation=${FIRST}`);
    expect(within(first).getByRole('button', { name: 'Cancel reservation' })).toBeTruthy();

    // A prepaid, non-refundable room: neither cancelled nor changed from here.
    const second = roomCard(SECOND);
    expect(within(second).getByText('Prepaid: paid when you booked.')).toBeTruthy();
    expect(within(second).getByText('Not refundable')).toBeTruthy();
    expect(within(second).queryByRole('button', { name: 'Cancel reservation' })).toBeNull();
    expect(within(second).queryByRole('link', { name: 'Change booking' })).toBeNull();

    const summary = screen.getByRole('region', { name: 'Price' });
    const line = (term: string) => within(summary).getByText(term).closest('div')?.textContent;
    expect(line('Total price')).toBe('Total price€480.00');
    expect(line('Paid now')).toBe('Paid now€240.00');
    expect(line('Due at the hotel')).toBe('Due at the hotel€240.00');
    expect(line('City tax, paid at the hotel')).toBe('City tax, paid at the hotel€24.00');
    expect(line('Points you earn')).toBe('Points you earn960 points');
    expect(within(summary).queryByText('Paid with points')).toBeNull();

    const calendar = screen.getByRole('link', { name: 'Add to calendar' });
    expect(calendar.getAttribute('download')).toBe(`booking-${FIRST}.ics`);
    const ics = decodeURIComponent((calendar.getAttribute('href') ?? '').replace(/^data:text\/calendar;charset=utf-8,/, ''));
    expect(ics).toContain(`DTSTART;VALUE=DATE:${CHECK_IN.replace(/-/g, '')}`);
    expect(ics).toContain('SUMMARY:Stay at Jaz in the City Berlin');
    expect(ics).toContain(`Reservation numbers: ${FIRST}\\, ${SECOND}`);
  });

  it('cancels a reservation after the guest confirms it, then shows it cancelled and the refund', async () => {
    let current: Order = order();
    const [firstRoom, secondRoom] = current.stays[0]?.room_stays ?? [];
    if (!firstRoom || !secondRoom) throw new Error('The fixture has two rooms');
    // As the BFF answers: the first room's price and city tax leave the totals, and nothing is due at the hotel.
    const cancelled = order(
      { status: 'partly_cancelled', amount_refunded: 240, amount_to_pay_total: 240, amount_at_hotel: 0, city_tax_total: 12 },
      [{ ...firstRoom, status: 'cancelled', cancellable: false, modifiable: false }, secondRoom],
    );
    const { fetchMock } = await renderApp(PAGE, (url) => {
      if (url.pathname === ORDER_PATH) return { body: { data: current } };
      if (url.pathname === `${ORDER_PATH}/reservation/${FIRST}/cancel`) {
        current = cancelled;
        return { body: { data: cancelled } };
      }
      return undefined;
    });
    await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' }, { timeout: 30_000 });
    await userEvent.click(within(roomCard(FIRST)).getByRole('button', { name: 'Cancel reservation' }));

    // Nothing is cancelled before the guest confirms; keeping the reservation closes the dialog.
    const dialog = screen.getByRole('dialog', { name: `Cancel reservation ${FIRST}?` });
    expect(within(dialog).getByText(/^Cancelling is free of charge until /)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my reservation' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const cancelCalls = () => callsTo(fetchMock, `${ORDER_PATH}/reservation/${FIRST}/cancel`);
    expect(cancelCalls()).toHaveLength(0);

    await userEvent.click(within(roomCard(FIRST)).getByRole('button', { name: 'Cancel reservation' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText(`Reservation ${FIRST} is cancelled.`, undefined, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText('€240.00 will be refunded to your payment method.')).toBeTruthy();
    expect(cancelCalls()).toHaveLength(1);
    expect(cancelCalls()[0]?.[1]?.method).toBe('POST');
    expect(screen.queryByRole('dialog')).toBeNull();
    const first = roomCard(FIRST);
    expect(within(first).getByText('Cancelled')).toBeTruthy();
    expect(within(first).queryByRole('button', { name: 'Cancel reservation' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Price' })).getByText('Refunded').closest('div')?.textContent).toBe('Refunded€240.00');
    // The page no longer says the booking is confirmed as it was: its status and totals are the new ones.
    expect(screen.getByRole('heading', { level: 1, name: 'Your booking is partly cancelled' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your booking is confirmed' })).toBeNull();
    const summary = screen.getByRole('region', { name: 'Price' });
    const line = (term: string) => within(summary).getByText(term).closest('div')?.textContent;
    expect(line('Total price')).toBe('Total price€240.00');
    expect(line('Due at the hotel')).toBe('Due at the hotel€0.00');
    expect(line('City tax, paid at the hotel')).toBe('City tax, paid at the hotel€12.00');
  });

  it('says a booking whose rooms are all cancelled is cancelled', async () => {
    const rooms = order().stays[0]?.room_stays.map((room) => ({ ...room, status: 'cancelled' as const, cancellable: false, modifiable: false }));
    const cancelled = order({ status: 'cancelled', amount_to_pay_total: 0, amount_at_hotel: 0, city_tax_total: 0 }, rooms);
    await renderApp(PAGE, (url) => (url.pathname === ORDER_PATH ? { body: { data: cancelled } } : undefined));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your booking is cancelled' }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).toBeNull();
  });

  it('shows what was bought with each room, the insurance and vouchers, and the hotel: address, phone, times and a map link', async () => {
    const withExtras = roomStay(FIRST, {
      reservation_info: { ...roomStay(FIRST).reservation_info, breakfast_included: false },
      addons: [
        { addon_code: 'BREAKFAST', name: 'Breakfast buffet', pricing: 'per_adult_per_night', quantity: 1, price: 96 },
        { addon_code: 'PARKING', name: 'Parking space', pricing: 'per_night', quantity: 2, price: 100 },
      ],
    });
    const plain = roomStay(SECOND, { reservation_info: { ...roomStay(SECOND).reservation_info, breakfast_included: false } });
    const bought = order({ insurance: { product: 'cancellation', price: 24 }, voucher_discount: 50, amount_to_pay_total: 650 }, [withExtras, plain]);
    await renderApp(PAGE, (url) => (url.pathname === ORDER_PATH ? { body: { data: bought } } : undefined));
    await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' }, { timeout: 30_000 });

    const first = roomCard(FIRST);
    // A breakfast bought as an extra is breakfast, though the rate does not include it.
    expect(within(first).getByText('Breakfast booked')).toBeTruthy();
    expect(within(first).queryByText('Breakfast not included')).toBeNull();
    const extras = within(first).getByText('Extras').closest('div') as HTMLElement;
    expect(within(extras).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Breakfast buffet: €96.00', 'Parking space × 2: €100.00']);
    expect(within(roomCard(SECOND)).getByText('Breakfast not included')).toBeTruthy();
    expect(within(roomCard(SECOND)).queryByText('Extras')).toBeNull();

    const summary = screen.getByRole('region', { name: 'Price' });
    const line = (term: string) => within(summary).getByText(term).closest('div')?.textContent;
    expect(line('Cancellation insurance')).toBe('Cancellation insurance€24.00');
    expect(line('Vouchers')).toBe('Vouchers−€50.00');

    const hotel = screen.getByRole('region', { name: 'Your hotel' });
    expect(within(hotel).getByText('Torstraße 12')).toBeTruthy();
    expect(within(hotel).getByText('10119 Berlin')).toBeTruthy();
    expect(within(hotel).getByRole('link', { name: '+49 30 1234 5670' }).getAttribute('href')).toBe('tel:+493012345670');
    expect(within(hotel).getByText('From 15:00')).toBeTruthy();
    expect(within(hotel).getByText('Until 12:00')).toBeTruthy();
    const map = within(hotel).getByRole('link', { name: /Show on map/ });
    expect(map.getAttribute('href')).toBe(HOTEL.map_url);
    expect(map.getAttribute('rel')).toContain('noopener');
    // The way back to this booking later, without the mail.
    const page = document.querySelector('[data-page="booking-confirmation"]') as HTMLElement;
    expect(within(page).getByRole('link', { name: 'Manage my booking' }).getAttribute('href')).toBe('/en/booking/manage');
  });

  it("puts the hotel's own times, its address and phone in the page and in the calendar event", async () => {
    const own = { ...HOTEL, check_in_from: '14:00', check_out_until: '11:30' };
    await renderApp(PAGE, (url) => (url.pathname === ORDER_PATH ? { body: { data: order({ hotel: own }) } } : undefined));
    const hotel = await screen.findByRole('region', { name: 'Your hotel' }, { timeout: 30_000 });
    expect(within(hotel).getByText('From 14:00')).toBeTruthy();
    expect(within(hotel).getByText('Until 11:30')).toBeTruthy();
    const calendar = screen.getByRole('link', { name: 'Add to calendar' });
    const ics = decodeURIComponent((calendar.getAttribute('href') ?? '').replace(/^data:text\/calendar;charset=utf-8,/, ''))
      // Unfolded (RFC 5545 folds long lines) and unescaped, to read the values as written.
      .replace(/\r\n /g, '')
      .replace(/\\([,;\\])/g, '$1');
    expect(ics).toContain('LOCATION:Jaz in the City Berlin, Torstraße 12, 10119 Berlin, Germany');
    expect(ics).toContain(`Check-in: ${formatCalendarDate(CHECK_IN, 'en')}, from 14:00`);
    expect(ics).toContain(`Check-out: ${formatCalendarDate(CHECK_OUT, 'en')}, until 11:30`);
    expect(ics).toContain('Hotel phone: +49 30 1234 5670');
    expect(ics).toContain(HOTEL.map_url);
  });

  it('shows no phone line for a hotel without a number on record', async () => {
    await renderApp(PAGE, (url) => (url.pathname === ORDER_PATH ? { body: { data: order({ hotel: { ...HOTEL, phone: null } }) } } : undefined));
    const hotel = await screen.findByRole('region', { name: 'Your hotel' }, { timeout: 30_000 });
    expect(within(hotel).queryByText('Phone')).toBeNull();
    expect(within(hotel).getByText('Torstraße 12')).toBeTruthy();
  });

  it('keeps the dialog open with a message when the reservation can no longer be cancelled', async () => {
    await renderApp(PAGE, (url) => {
      if (url.pathname === ORDER_PATH) return { body: { data: order() } };
      if (url.pathname.endsWith('/cancel')) return { status: 409, body: { error: { code: 'conflict', message: 'not_cancellable' } } };
      return undefined;
    });
    await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' }, { timeout: 30_000 });
    await userEvent.click(within(roomCard(FIRST)).getByRole('button', { name: 'Cancel reservation' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel it' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This reservation can no longer be cancelled online. Please contact the hotel.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(within(roomCard(FIRST)).queryByText('Cancelled')).toBeNull();
  });

  it('offers no change of booking while modify-booking-enabled is off', async () => {
    flagsOff.add('modify-booking-enabled');
    await renderApp(PAGE, (url) => (url.pathname === ORDER_PATH ? { body: { data: order() } } : undefined));
    await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' }, { timeout: 30_000 });
    expect(screen.queryByRole('link', { name: 'Change booking' })).toBeNull();
    expect(within(roomCard(FIRST)).getByRole('button', { name: 'Cancel reservation' })).toBeTruthy();
  });

  it('says the booking cannot be found, with a way on, for an unknown order or a malformed link', async () => {
    await renderApp(PAGE, () => undefined);
    expect(await screen.findByRole('heading', { level: 1, name: 'We can’t find this booking' }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My bookings' }).getAttribute('href')).toBe('/en/account/bookings');
  });

  it('shows the change just saved, and a link without an order id finds nothing', async () => {
    const { router } = await renderApp(`${PAGE}&modified=${FIRST}`, (url) => (url.pathname === ORDER_PATH ? { body: { data: order() } } : undefined));
    expect((await screen.findByText(`Your change is saved: reservation ${FIRST} shows the new details.`, undefined, { timeout: 30_000 })).getAttribute('role')).toBe('status');
    await router.navigate({ href: '/en/booking/confirmation?order_id=not-a-uuid' });
    expect(await screen.findByRole('heading', { level: 1, name: 'We can’t find this booking' }, { timeout: 30_000 })).toBeTruthy();
  });

  it('offers to try again when the booking could not be loaded', async () => {
    let failing = true;
    await renderApp(PAGE, (url) => (url.pathname === ORDER_PATH ? (failing ? { status: 503, body: {} } : { body: { data: order() } }) : undefined));
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 8000 });
    expect(screen.getByText('Your booking could not be loaded.')).toBeTruthy();
    failing = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' }, { timeout: 30_000 })).toBeTruthy();
  }, 15_000);
});

describe('booking confirmation while loading', () => {
  it('shows placeholders until the booking arrives', async () => {
    await renderApp(PAGE, () => undefined);
    await waitFor(() => expect(screen.getByRole('status', { name: '' }).textContent).toContain('Loading your booking…'), { timeout: 30_000 });
  });
});

describe("a guest's booking and its access key", () => {
  const ACCESS_PATH = '/bff/ecommerce/order/access';
  const accessHeader = (call: unknown[] | undefined) => ((call?.[1] as RequestInit | undefined)?.headers as Record<string, string> | undefined)?.[ORDER_ACCESS_HEADER];
  afterEach(() => window.sessionStorage.clear());

  it('opens the booking with the key this tab keeps, sent in a header', async () => {
    rememberOrderAccess(ORDER_ID, 'kept-key.sig');
    const { fetchMock } = await renderApp(PAGE, (url) => (url.pathname === ORDER_PATH ? { body: { data: order() } } : undefined));
    await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' }, { timeout: 30_000 });
    const reads = callsTo(fetchMock, ORDER_PATH);
    expect(reads.length).toBeGreaterThan(0);
    for (const call of reads) expect(accessHeader(call)).toBe('kept-key.sig');
  });

  it("trades the mail link's token for a key once, takes the token out of the address, and loads the booking with the key", async () => {
    const { fetchMock, router } = await renderApp(`${PAGE}&token=link-token.sig`, (url) => {
      if (url.pathname === ACCESS_PATH) return { body: { data: { order_id: ORDER_ID, access_key: 'fresh-key.sig' } } };
      return url.pathname === ORDER_PATH ? { body: { data: order() } } : undefined;
    });
    await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' }, { timeout: 30_000 });
    const exchanges = callsTo(fetchMock, ACCESS_PATH);
    expect(exchanges).toHaveLength(1);
    expect((exchanges[0]?.[1] as RequestInit).method).toBe('POST');
    expect(JSON.parse(String((exchanges[0]?.[1] as RequestInit).body))).toEqual({ token: 'link-token.sig' });
    expect(router.state.location.searchStr).toBe(`?order_id=${ORDER_ID}`);
    for (const call of callsTo(fetchMock, ORDER_PATH)) expect(accessHeader(call)).toBe('fresh-key.sig');
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('link-token'))).toHaveLength(0);
    expect(window.sessionStorage.getItem(`orderAccess:${ORDER_ID}`)).toBe('fresh-key.sig');
    // Opened again from the mail: not a new conversion.
    expect(callsTo(fetchMock, '/bff/ecommerce/track-conversion')).toHaveLength(0);
  });

  it('says the booking cannot be found for an expired or altered link, and still takes the token out of the address', async () => {
    const { router } = await renderApp(`${PAGE}&token=expired.sig`, (url) => (url.pathname === ORDER_PATH ? { status: 404, body: {} } : undefined));
    expect(await screen.findByRole('heading', { level: 1, name: 'We can’t find this booking' }, { timeout: 30_000 })).toBeTruthy();
    expect(router.state.location.searchStr).toBe(`?order_id=${ORDER_ID}`);
  });
});
