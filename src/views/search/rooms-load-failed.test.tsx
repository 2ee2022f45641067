import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderApp } from '../../../test/web/render-app';
import { addDays, todayInBerlin } from '../../contract/calendar-dates';

const START = addDays(todayInBerlin(), 30);
const END = addDays(START, 2);

// A failed load of the rooms once remounted the rooms on every failure, which asked again without end:
// the guest saw placeholders for ever and the BFF was asked in a loop.
it('a failed load of the rooms ends in an offer to try again, after a few tries only', async () => {
  let calls = 0;
  await renderApp(`/en/booking/select-room-rate?location=JAZB&startDate=${START}&endDate=${END}&room-1-adults=2`, (url) => {
    if (url.pathname !== '/bff/search/rooms') return undefined;
    calls += 1;
    return { status: 500, body: { error: { code: 'internal', message: 'Something failed' } } };
  });
  await screen.findByText('Rooms and rates could not be loaded.', undefined, { timeout: 60_000 });
  expect(screen.getByRole('button', { name: /try again/i })).toBeTruthy();
  expect(calls).toBeLessThanOrEqual(4);
});
