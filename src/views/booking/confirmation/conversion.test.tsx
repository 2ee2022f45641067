import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/web/render-app';
import { callsTo, order, ORDER_ID, ORDER_PATH, resetBookingPageTests } from './order.fixtures';

vi.mock('../../shell/flags-context', async (original) => (await import('./order.fixtures')).withFlagsOff(await original()));
afterEach(resetBookingPageTests);

const CONVERSION = '/bff/ecommerce/track-conversion';

describe('conversion tracking on the confirmation page', () => {
  it('tracks the order once it is shown, once, and ignores a failing tracking call', async () => {
    const { fetchMock } = await renderApp(`/en/booking/confirmation?order_id=${ORDER_ID}`, (url) => {
      if (url.pathname === ORDER_PATH) return { body: { data: order() } };
      if (url.pathname === CONVERSION) return { status: 500, body: { error: { code: 'internal', message: 'down' } } };
      return undefined;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' }, { timeout: 30_000 })).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, CONVERSION)).toHaveLength(1));
    const [[input, init]] = callsTo(fetchMock, CONVERSION) as [[RequestInfo | URL, RequestInit]];
    expect(new URL(String(input), 'http://site.test').searchParams.get('orderId')).toBe(ORDER_ID);
    expect(init.method).toBe('POST');
    // The failed call changed nothing on the page, and was not repeated.
    expect(screen.getByRole('heading', { level: 1, name: 'Your booking is confirmed' })).toBeTruthy();
    expect(callsTo(fetchMock, CONVERSION)).toHaveLength(1);
  });

  it('tracks nothing for a booking that could not be found, nor after a change to it', async () => {
    const missing = await renderApp(`/en/booking/confirmation?order_id=${ORDER_ID}`, () => undefined);
    expect(await screen.findByRole('heading', { level: 1, name: 'We can’t find this booking' }, { timeout: 30_000 })).toBeTruthy();
    expect(callsTo(missing.fetchMock, CONVERSION)).toEqual([]);
    missing.unmount();

    const changed = await renderApp(`/en/booking/confirmation?order_id=${ORDER_ID}&modified=${'100200301'}`, (url) =>
      url.pathname === ORDER_PATH ? { body: { data: order() } } : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' }, { timeout: 30_000 })).toBeTruthy();
    expect(callsTo(changed.fetchMock, CONVERSION)).toEqual([]);
  });
});
