import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/web/render-app';
import { type Order, ORDER_ACCESS_HEADER } from '../../../contract/ecommerce';
import { rememberOrderAccess } from '../../../services/booking/order-access';
import { formatCalendarDate } from '../../ui/format/dates';
import { callsTo, CHECK_IN, CHECK_OUT, FIRST, flagsOff, order, ORDER_ID, ORDER_PATH, resetBookingPageTests, SECOND } from './order.fixtures';

vi.mock('../../shell/flags-context', async (original) => (await import('./order.fixtures')).withFlagsOff(await original()));
afterEach(resetBookingPageTests);

const PAGE = `/en/booking/confirmation?order_id=${ORDER_ID}`;

const roomCard = (reservationNumber: string) => screen.getByText(reservationNumber).closest('article') as HTMLElement;

describe('booking confirmation', () => {
  it('shows each reservation number, the stay, the policies and what was paid and is due', async () => {
    await renderApp(PAGE, (url) => (url.pathname === ORDER_PATH ? { body: { data: order() } } : undefined));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' }, { timeout: 5000 })).toBeTruthy();
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
    const cancelled = order({ amount_refunded: 240 }, [{ ...firstRoom, status: 'cancelled', cancellable: false, modifiable: false }, secondRoom]);
    const { fetchMock } = await renderApp(PAGE, (url) => {
      if (url.pathname === ORDER_PATH) return { body: { data: current } };
      if (url.pathname === `${ORDER_PATH}/reservation/${FIRST}/cancel`) {
        current = cancelled;
        return { body: { data: cancelled } };
      }
      return undefined;
    });
    await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' }, { timeout: 5000 });
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
    expect(await screen.findByText(`Reservation ${FIRST} is cancelled.`, undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('€240.00 will be refunded to your payment method.')).toBeTruthy();
    expect(cancelCalls()).toHaveLength(1);
    expect(cancelCalls()[0]?.[1]?.method).toBe('POST');
    expect(screen.queryByRole('dialog')).toBeNull();
    const first = roomCard(FIRST);
    expect(within(first).getByText('Cancelled')).toBeTruthy();
    expect(within(first).queryByRole('button', { name: 'Cancel reservation' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Price' })).getByText('Refunded').closest('div')?.textContent).toBe('Refunded€240.00');
  });

  it('keeps the dialog open with a message when the reservation can no longer be cancelled', async () => {
    await renderApp(PAGE, (url) => {
      if (url.pathname === ORDER_PATH) return { body: { data: order() } };
      if (url.pathname.endsWith('/cancel')) return { status: 409, body: { error: { code: 'conflict', message: 'not_cancellable' } } };
      return undefined;
    });
    await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' }, { timeout: 5000 });
    await userEvent.click(within(roomCard(FIRST)).getByRole('button', { name: 'Cancel reservation' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel it' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This reservation can no longer be cancelled online. Please contact the hotel.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(within(roomCard(FIRST)).queryByText('Cancelled')).toBeNull();
  });

  it('offers no change of booking while modify-booking-enabled is off', async () => {
    flagsOff.add('modify-booking-enabled');
    await renderApp(PAGE, (url) => (url.pathname === ORDER_PATH ? { body: { data: order() } } : undefined));
    await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' }, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: 'Change booking' })).toBeNull();
    expect(within(roomCard(FIRST)).getByRole('button', { name: 'Cancel reservation' })).toBeTruthy();
  });

  it('says the booking cannot be found, with a way on, for an unknown order or a malformed link', async () => {
    await renderApp(PAGE, () => undefined);
    expect(await screen.findByRole('heading', { level: 1, name: 'We can’t find this booking' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My bookings' }).getAttribute('href')).toBe('/en/account/bookings');
  });

  it('shows the change just saved, and a link without an order id finds nothing', async () => {
    const { router } = await renderApp(`${PAGE}&modified=${FIRST}`, (url) => (url.pathname === ORDER_PATH ? { body: { data: order() } } : undefined));
    expect((await screen.findByText(`Your change is saved: reservation ${FIRST} shows the new details.`, undefined, { timeout: 5000 })).getAttribute('role')).toBe('status');
    await router.navigate({ href: '/en/booking/confirmation?order_id=not-a-uuid' });
    expect(await screen.findByRole('heading', { level: 1, name: 'We can’t find this booking' }, { timeout: 5000 })).toBeTruthy();
  });

  it('offers to try again when the booking could not be loaded', async () => {
    let failing = true;
    await renderApp(PAGE, (url) => (url.pathname === ORDER_PATH ? (failing ? { status: 503, body: {} } : { body: { data: order() } }) : undefined));
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 8000 });
    expect(screen.getByText('Your booking could not be loaded.')).toBeTruthy();
    failing = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' }, { timeout: 5000 })).toBeTruthy();
  }, 15_000);
});

describe('booking confirmation while loading', () => {
  it('shows placeholders until the booking arrives', async () => {
    await renderApp(PAGE, () => undefined);
    await waitFor(() => expect(screen.getByRole('status', { name: '' }).textContent).toContain('Loading your booking…'), { timeout: 5000 });
  });
});

describe("a guest's booking and its access key", () => {
  const ACCESS_PATH = '/bff/ecommerce/order/access';
  const accessHeader = (call: unknown[] | undefined) => ((call?.[1] as RequestInit | undefined)?.headers as Record<string, string> | undefined)?.[ORDER_ACCESS_HEADER];
  afterEach(() => window.sessionStorage.clear());

  it('opens the booking with the key this tab keeps, sent in a header', async () => {
    rememberOrderAccess(ORDER_ID, 'kept-key.sig');
    const { fetchMock } = await renderApp(PAGE, (url) => (url.pathname === ORDER_PATH ? { body: { data: order() } } : undefined));
    await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' }, { timeout: 5000 });
    const reads = callsTo(fetchMock, ORDER_PATH);
    expect(reads.length).toBeGreaterThan(0);
    for (const call of reads) expect(accessHeader(call)).toBe('kept-key.sig');
  });

  it("trades the mail link's token for a key once, takes the token out of the address, and loads the booking with the key", async () => {
    const { fetchMock, router } = await renderApp(`${PAGE}&token=link-token.sig`, (url) => {
      if (url.pathname === ACCESS_PATH) return { body: { data: { order_id: ORDER_ID, access_key: 'fresh-key.sig' } } };
      return url.pathname === ORDER_PATH ? { body: { data: order() } } : undefined;
    });
    await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' }, { timeout: 5000 });
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
    expect(await screen.findByRole('heading', { level: 1, name: 'We can’t find this booking' }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.searchStr).toBe(`?order_id=${ORDER_ID}`);
  });
});
