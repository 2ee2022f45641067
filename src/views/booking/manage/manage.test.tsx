import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/web/render-app';
import { ORDER_ACCESS_HEADER } from '../../../contract/ecommerce';
import { callsTo, FIRST, order, ORDER_ID, ORDER_PATH, resetBookingPageTests } from '../confirmation/order.fixtures';

vi.mock('../../shell/flags-context', async (original) => (await import('../confirmation/order.fixtures')).withFlagsOff(await original()));
afterEach(() => {
  resetBookingPageTests();
  window.sessionStorage.clear();
});

const LOOKUP_PATH = '/bff/ecommerce/order/lookup';

async function lookUp(name: string) {
  await userEvent.type(await screen.findByLabelText('Reservation number', undefined, { timeout: 5000 }), FIRST);
  await userEvent.type(screen.getByLabelText('Last name or email address'), name);
  await userEvent.keyboard('{Enter}');
}

describe('find your booking', () => {
  it('finds a booking by reservation number and last name, and opens it with the key it got', async () => {
    const { fetchMock, router } = await renderApp('/en/booking/manage', (url) => {
      if (url.pathname === LOOKUP_PATH) return { body: { data: { order_id: ORDER_ID, access_key: 'looked-up.sig' } } };
      return url.pathname === ORDER_PATH ? { body: { data: order() } } : undefined;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Find your booking' }, { timeout: 5000 })).toBeTruthy();
    await lookUp('Lovelace');
    await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' }, { timeout: 5000 });
    expect(router.state.location.searchStr).toBe(`?order_id=${ORDER_ID}`);
    expect(JSON.parse(String((callsTo(fetchMock, LOOKUP_PATH)[0]?.[1] as RequestInit).body))).toEqual({ reservation_number: FIRST, last_name: 'Lovelace' });
    const read = callsTo(fetchMock, ORDER_PATH)[0]?.[1] as RequestInit;
    expect((read.headers as Record<string, string>)[ORDER_ACCESS_HEADER]).toBe('looked-up.sig');
  });

  it('sends an email instead of a last name, and says so when nothing matches or after too many tries', async () => {
    let status = 404;
    const { fetchMock } = await renderApp('/en/booking/manage', (url) => (url.pathname === LOOKUP_PATH ? { status, body: {} } : undefined));
    await lookUp('ada@example.com');
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(alert.textContent).toContain('We found no booking with these details.');
    expect(JSON.parse(String((callsTo(fetchMock, LOOKUP_PATH)[0]?.[1] as RequestInit).body))).toEqual({ reservation_number: FIRST, email: 'ada@example.com' });
    status = 429;
    await userEvent.click(screen.getByRole('button', { name: 'Find booking' }));
    expect((await screen.findByText('Too many attempts. Please wait a few minutes and try again.', undefined, { timeout: 5000 })).getAttribute('role')).toBe('alert');
  });
});
