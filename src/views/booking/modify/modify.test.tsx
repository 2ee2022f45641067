import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/web/render-app';
import type { BffHandler } from '../../../../test/web/render-app';
import type { FeatureFlag } from '../../../services/flags/flags';
import type * as FlagsContext from '../../shell/flags-context';

type FlagsModule = typeof FlagsContext;
import { CHECK_IN, FIRST, LONGER_CHECK_OUT, order, ORDER_ID, PRICED, SECOND, STARTED } from '../confirmation/order.fixtures';

const flags = vi.hoisted(() => ({ off: new Set<string>() }));
vi.mock('../../shell/flags-context', async (importOriginal) => {
  const actual = await importOriginal<FlagsModule>();
  return { ...actual, useFlag: (flag: FeatureFlag) => !flags.off.has(flag) && actual.useFlag(flag) };
});

afterEach(() => {
  flags.off.clear();
  vi.unstubAllGlobals();
});

const PAGE = `/en/booking/modify?order_id=${ORDER_ID}&reservation=${FIRST}`;
const ORDER_PATH = `/bff/ecommerce/order/${ORDER_ID}`;
const EDIT_PATH = `/bff/ecommerce/reservation-modification/${STARTED.modification_id}/room-stays/${STARTED.room_stay_id}`;
const COMPLETE_PATH = `/bff/ecommerce/reservation-modification/${STARTED.modification_id}/complete`;

type Calls = [RequestInfo | URL, RequestInit | undefined][];

/** The fake BFF: the order, a modification that starts as booked, and the given answer to a price check. */
function bff(edit: ReturnType<BffHandler>): BffHandler {
  return (url) => {
    if (url.pathname === ORDER_PATH) return { body: { data: order() } };
    if (url.pathname === '/bff/ecommerce/reservation-modification') return { body: { data: STARTED } };
    if (url.pathname === EDIT_PATH) return edit;
    if (url.pathname === COMPLETE_PATH) return { body: { data: { ...PRICED, status: 'completed' } } };
    return undefined;
  };
}

async function changeDeparture(date: string) {
  const departure = await screen.findByLabelText('Departure', undefined, { timeout: 5000 });
  fireEvent.change(departure, { target: { value: date } });
  return departure as HTMLInputElement;
}

const callsTo = (calls: Calls, path: string) => calls.filter(([input]) => new URL(String(input), 'http://site.test').pathname === path);

describe('changing a booking', () => {
  it('shows the new price and the difference from the server before the change can be confirmed', async () => {
    const { fetchMock, router } = await renderApp(PAGE, bff({ body: { data: PRICED } }));
    const booked = await screen.findByRole('region', { name: 'Your booking now' }, { timeout: 5000 });
    expect(within(booked).getByText('€240.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm the change' })).toBeNull();

    await changeDeparture(LONGER_CHECK_OUT);
    expect(screen.queryByRole('button', { name: 'Confirm the change' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Check the new price' }));

    const panel = screen.getByRole('region', { name: 'New price' });
    await within(panel).findByText('€360.00', undefined, { timeout: 5000 });
    expect(within(panel).getByText('Price now').closest('div')?.textContent).toBe('Price now€240.00');
    expect(within(panel).getByText('€120.00 more: charged now for prepaid rates, otherwise paid at the hotel')).toBeTruthy();
    const calls = fetchMock.mock.calls as unknown as Calls;
    const [edit] = callsTo(calls, EDIT_PATH);
    expect(edit?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(edit?.[1]?.body))).toEqual({ check_in_date: CHECK_IN, check_out_date: LONGER_CHECK_OUT, adults_count: 2, child_ages: [] });
    expect(callsTo(calls, COMPLETE_PATH)).toHaveLength(0);

    await userEvent.click(within(panel).getByRole('button', { name: 'Confirm the change' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/booking/confirmation'), { timeout: 5000 });
    expect(new URLSearchParams(router.state.location.searchStr).get('modified')).toBe(FIRST);
    expect(callsTo(calls, COMPLETE_PATH)[0]?.[1]?.method).toBe('POST');
    expect(await screen.findByText(`Your change is saved: reservation ${FIRST} shows the new details.`, undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('keeps the edits and offers no confirmation when the new dates are not available', async () => {
    await renderApp(PAGE, bff({ status: 409, body: { error: { code: 'conflict', message: 'modification_unavailable' } } }));
    const departure = await changeDeparture(LONGER_CHECK_OUT);
    await userEvent.click(screen.getByRole('button', { name: 'Check the new price' }));
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(alert.textContent).toContain('Your changes are kept');
    expect(departure.value).toBe(LONGER_CHECK_OUT);
    expect(screen.queryByRole('button', { name: 'Confirm the change' })).toBeNull();
    // The guest can adjust and check again.
    expect((screen.getByRole('button', { name: 'Check the new price' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says so when the server answers that the proposal cannot be booked', async () => {
    await renderApp(PAGE, bff({ body: { data: { ...PRICED, available: false } } }));
    await changeDeparture(LONGER_CHECK_OUT);
    await userEvent.click(screen.getByRole('button', { name: 'Check the new price' }));
    expect((await screen.findByRole('alert', undefined, { timeout: 5000 })).textContent).toContain('cannot be changed this way');
    expect(screen.queryByText('€360.00')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm the change' })).toBeNull();
  });

  it('refuses a price check for a departure before the arrival', async () => {
    await renderApp(PAGE, bff({ body: { data: PRICED } }));
    await changeDeparture(CHECK_IN);
    expect(screen.getByText('The departure must be after the arrival.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Check the new price' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says a reservation that cannot be changed online cannot be changed, with the way back', async () => {
    await renderApp(`/en/booking/modify?order_id=${ORDER_ID}&reservation=${SECOND}`, bff(undefined));
    expect(await screen.findByText('This reservation cannot be changed online. Please contact the hotel.', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your booking' }).getAttribute('href')).toBe(`/en/booking/confirmation?order_id=${ORDER_ID}`);
  });

  it('is not available while modify-booking-enabled is off, and starts nothing', async () => {
    flags.off.add('modify-booking-enabled');
    const { fetchMock } = await renderApp(PAGE, bff({ body: { data: PRICED } }));
    expect(await screen.findByText(/^Changing a booking online is not available/, undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your booking' }).getAttribute('href')).toBe(`/en/booking/confirmation?order_id=${ORDER_ID}`);
    expect(screen.queryByLabelText('Departure')).toBeNull();
    expect(callsTo(fetchMock.mock.calls as unknown as Calls, '/bff/ecommerce/reservation-modification')).toHaveLength(0);
  });
});
