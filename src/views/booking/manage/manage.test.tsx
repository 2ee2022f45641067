import { screen, within } from '@testing-library/react';
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
  await userEvent.type(await screen.findByLabelText('Reservation number', undefined, { timeout: 30_000 }), FIRST);
  await userEvent.type(screen.getByLabelText('Last name or email address'), name);
  await userEvent.keyboard('{Enter}');
}

describe('find your booking', () => {
  it('finds a booking by reservation number and last name, and opens it with the key it got', async () => {
    const { fetchMock, router } = await renderApp('/en/booking/manage', (url) => {
      if (url.pathname === LOOKUP_PATH) return { body: { data: { order_id: ORDER_ID, access_key: 'looked-up.sig' } } };
      return url.pathname === ORDER_PATH ? { body: { data: order() } } : undefined;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Find your booking' }, { timeout: 30_000 })).toBeTruthy();
    await lookUp('Lovelace');
    await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' }, { timeout: 30_000 });
    expect(router.state.location.searchStr).toBe(`?order_id=${ORDER_ID}`);
    // The booking found shows what a guest manages: its rooms, to change or cancel.
    expect(screen.getAllByRole('button', { name: 'Cancel reservation' }).length).toBeGreaterThan(0);
    expect(JSON.parse(String((callsTo(fetchMock, LOOKUP_PATH)[0]?.[1] as RequestInit).body))).toEqual({ reservation_number: FIRST, last_name: 'Lovelace' });
    const read = callsTo(fetchMock, ORDER_PATH)[0]?.[1] as RequestInit;
    expect((read.headers as Record<string, string>)[ORDER_ACCESS_HEADER]).toBe('looked-up.sig');
  });

  it('is reached from the header and the footer', async () => {
    await renderApp('/en/', () => undefined);
    for (const landmark of ['banner', 'contentinfo'] as const) {
      const link = within(await screen.findByRole(landmark, undefined, { timeout: 30_000 })).getByRole('link', { name: 'Manage my booking' });
      expect(link.getAttribute('href')).toBe('/en/booking/manage');
    }
  });

  it('sends an email instead of a last name, and says so when nothing matches or after too many tries', async () => {
    let status = 404;
    const { fetchMock } = await renderApp('/en/booking/manage', (url) => (url.pathname === LOOKUP_PATH ? { status, body: {} } : undefined));
    await lookUp('ada@example.com');
    const alert = await screen.findByRole('alert', undefined, { timeout: 30_000 });
    expect(alert.textContent).toContain('We could not find a booking with these details.');
    // Nothing typed is lost: both fields keep what the guest entered, to correct one of them.
    expect(screen.getByLabelText<HTMLInputElement>('Reservation number').value).toBe(FIRST);
    expect(screen.getByLabelText<HTMLInputElement>('Last name or email address').value).toBe('ada@example.com');
    expect(JSON.parse(String((callsTo(fetchMock, LOOKUP_PATH)[0]?.[1] as RequestInit).body))).toEqual({ reservation_number: FIRST, email: 'ada@example.com' });
    status = 429;
    await userEvent.click(screen.getByRole('button', { name: 'Find booking' }));
    expect((await screen.findByText('Too many attempts. Please wait a few minutes and try again.', undefined, { timeout: 30_000 })).getAttribute('role')).toBe('alert');
  });

  it('names what is missing when the guest looks up too soon, focuses it and sends nothing', async () => {
    const { fetchMock } = await renderApp('/en/booking/manage', () => undefined);
    const numberField = await screen.findByLabelText<HTMLInputElement>('Reservation number', undefined, { timeout: 30_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Find booking' }));
    expect(await screen.findByText('Enter the reservation number from your confirmation email.')).toBeTruthy();
    expect(screen.getByText('Enter the guest’s last name or the email address you booked with.')).toBeTruthy();
    expect(document.activeElement).toBe(numberField);
    expect(numberField.getAttribute('aria-invalid')).toBe('true');
    // With the number typed, the next try names only the name, and focus goes there.
    await userEvent.type(numberField, FIRST);
    await userEvent.click(screen.getByRole('button', { name: 'Find booking' }));
    expect(screen.queryByText('Enter the reservation number from your confirmation email.')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Last name or email address'));
    expect(callsTo(fetchMock, LOOKUP_PATH)).toHaveLength(0);
    expect(numberField.value).toBe(FIRST);
  });
});
