import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/web/render-app';
import type { Order } from '../../../contract/ecommerce';
import { FIRST, order, ORDER_ID, ORDER_PATH, resetBookingPageTests, SECOND } from './order.fixtures';

vi.mock('../../shell/flags-context', async (original) => (await import('./order.fixtures')).withFlagsOff(await original()));
afterEach(resetBookingPageTests);

const PAGE = `/en/booking/confirmation?order_id=${ORDER_ID}`;
const roomCard = (reservationNumber: string) => screen.getByText(reservationNumber).closest('article') as HTMLElement;

async function showConfirmation(answer: Order): Promise<HTMLElement> {
  await renderApp(PAGE, (url) => (url.pathname === ORDER_PATH ? { body: { data: answer } } : undefined));
  await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' }, { timeout: 30_000 });
  return screen.getByRole('region', { name: 'Price' });
}

// The first render loads the app's lazy parts; on a busy machine that alone can take seconds (a limit that only catches hangs).
describe('booking confirmation: points', { timeout: 15_000 }, () => {
  it('says a booking paid with points was paid with points, and holds nothing on a card', async () => {
    const summary = await showConfirmation(order({ payment_method: 'points', amount_paid: 0, points_paid: 680, amount_at_hotel: 0, amount_to_pay_total: 0, points_earned: 0 }));
    for (const number of [FIRST, SECOND]) {
      expect(within(roomCard(number)).getByText('Paid with points: no card is held, nothing is charged for the room.')).toBeTruthy();
    }
    expect(screen.queryByText(/with your card/)).toBeNull();
    const line = (term: string) => within(summary).getByText(term).closest('div')?.textContent;
    expect(line('Paid with points')).toBe('Paid with points680 points');
    expect(line('Due at the hotel')).toBe('Due at the hotel€0.00');
    expect(within(summary).queryByText('Points you earn')).toBeNull();
  });

  it('shows earned points as pending until the stay is over', async () => {
    const pending = await showConfirmation(order({ points_earned: 960, points_pending: true }));
    expect(within(pending).getByText('You will earn 960 points after your stay')).toBeTruthy();
  });

  it('shows earned points as credited once the stay is over', async () => {
    const credited = await showConfirmation(order({ points_earned: 960, points_pending: false }));
    expect(within(credited).getByText('Points credited').closest('div')?.textContent).toBe('Points credited960 points');
    expect(within(credited).queryByText(/after your stay/)).toBeNull();
  });
});
