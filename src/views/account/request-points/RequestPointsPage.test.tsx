import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInMemberBff, startEachTestSignedIn } from '../../../../test/web/member-bff';
import { renderApp } from '../../../../test/web/render-app';
import { todayInBerlin, addDays } from '../../../contract/calendar-dates';
import type { PointsClaim, RequestPointsRequest } from '../../../contract/loyalty';
import type { MissingPointsStay } from '../../../contract/member-reservations';

const today = todayInBerlin();
const FOUND: MissingPointsStay = {
  reservationNumber: 'SMSB-PHONE042',
  hotel: { code: 'SMSB', name: 'Steigenberger Hotel Berlin' },
  arrivalDate: addDays(today, -41),
  departureDate: addDays(today, -39),
  source: 'reservation-system',
  points: 209,
  claim: null,
};

const claimOf = (request: RequestPointsRequest, status: PointsClaim['status'], reason: PointsClaim['reason'], points: number): PointsClaim => ({
  id: `c-${request.reservationNumber}`,
  hotel: { code: request.hotelCode, name: request.hotelCode === 'SMSB' ? 'Steigenberger Hotel Berlin' : 'Jaz Amsterdam' },
  arrivalDate: request.arrivalDate,
  departureDate: request.departureDate,
  reservationNumber: request.reservationNumber.toUpperCase(),
  status,
  reason,
  points,
  submittedAt: '2026-11-27T10:00:00Z',
  decidedAt: status === 'submitted' ? null : '2026-11-27T10:00:00Z',
});

/** The BFF as the page meets it: the found stay drops out once its points are granted; a number asked for twice answers 409. */
function claimsBff() {
  const state = { found: [FOUND], claims: [] as PointsClaim[], posts: [] as RequestPointsRequest[], balance: 1_000 };
  const handler = signedInMemberBff({
    '/members/status': () => ({ body: { data: { dailypointStatus: { reward_level: 'DA', rewards_points: state.balance }, strapiStatus: { crs_id: null } } } }),
    '/members/missing-points': () => ({ body: { data: state.found } }),
    '/content/hotels-for-dropdown': () => ({
      body: {
        data: [
          { hotelCode: 'SMSB', hotelName: 'Steigenberger Hotel Berlin', city: 'Berlin', brandCode: 'SH' },
          { hotelCode: 'JAZA', hotelName: 'Jaz Amsterdam', city: 'Amsterdam', brandCode: 'JZ' },
        ],
      },
    }),
    '/members/request-points': (_url, init) => {
      if (init?.method !== 'POST') return { body: { data: state.claims } };
      const request = JSON.parse(String(init.body)) as RequestPointsRequest;
      state.posts.push(request);
      if (state.claims.some((claim) => claim.reservationNumber === request.reservationNumber.toUpperCase())) {
        return { status: 409, body: { error: { code: 'conflict', message: 'You have already asked for the points of this reservation' } } };
      }
      const found = state.found.find((stay) => stay.reservationNumber === request.reservationNumber);
      const claim = found ? claimOf(request, 'approved', 'credited', found.points) : claimOf(request, 'submitted', 'review', 0);
      if (found) {
        state.found = [];
        state.balance += found.points;
      }
      state.claims = [claim, ...state.claims];
      return { status: 201, body: { data: claim } };
    },
  });
  return { handler, state };
}

startEachTestSignedIn();

describe('request points', () => {
  it('claims the points of a stay found without points with one click, and the balance grows in the header', async () => {
    const { handler, state } = claimsBff();
    await renderApp('/en/account/request-points', handler);
    const found = await screen.findByRole('list', { name: 'Stays found without points' }, { timeout: 30_000 });
    const stay = within(found).getByRole('article', { name: 'Steigenberger Hotel Berlin' });
    expect(stay.textContent).toContain('Reservation SMSB-PHONE042');
    const header = screen.getByRole('banner');
    await waitFor(() => expect(header.textContent).toContain('1,000 points'));

    await userEvent.click(within(stay).getByRole('button', { name: 'Claim 209 points' }));
    const answer = await screen.findByRole('region', { name: 'Points added' });
    expect(answer.textContent).toContain('209 points for your stay at Steigenberger Hotel Berlin are now on your balance.');
    expect(document.activeElement?.textContent).toBe('Points added');
    expect(state.posts).toEqual([{ hotelCode: 'SMSB', arrivalDate: FOUND.arrivalDate, departureDate: FOUND.departureDate, reservationNumber: 'SMSB-PHONE042' }]);
    await waitFor(() => expect(screen.getByText(/We found no stay of yours without points/)).toBeTruthy());
    await waitFor(() => expect(header.textContent).toContain('1,209 points'));
    const mine = screen.getByRole('region', { name: 'My requests' });
    await waitFor(() => expect(mine.textContent).toContain('Granted: 209 points'));
  });

  it('names what to correct without sending anything, keeps what was typed, and sends a stay booked elsewhere to the hotel', async () => {
    const { handler, state } = claimsBff();
    await renderApp('/en/account/request-points', handler);
    const form = await screen.findByRole('region', { name: 'Another stay' }, { timeout: 30_000 });
    await userEvent.click(within(form).getByRole('button', { name: 'Request points' }));
    expect(within(form).getByRole('alert').textContent).toBe('Please correct the fields marked below.');
    expect(form.textContent).toContain('Choose the hotel you stayed at.');
    expect(form.textContent).toContain('Enter the arrival date.');
    expect(form.textContent).toContain('Enter the reservation number from your confirmation.');
    expect(document.activeElement).toBe(within(form).getByRole('combobox', { name: 'Hotel' }));
    expect(state.posts).toEqual([]);

    await waitFor(() => expect(within(form).getByRole('option', { name: 'Jaz Amsterdam' })).toBeTruthy());
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Hotel' }), 'JAZA');
    await userEvent.type(within(form).getByLabelText('Arrival'), addDays(today, -10));
    await userEvent.type(within(form).getByLabelText('Departure'), addDays(today, 2));
    await userEvent.type(within(form).getByLabelText('Reservation number'), 'jaz-5521');
    await userEvent.click(within(form).getByRole('button', { name: 'Request points' }));
    expect(form.textContent).toContain('Points can be requested from the day after your departure.');
    expect((within(form).getByLabelText('Reservation number') as HTMLInputElement).value).toBe('jaz-5521');
    expect(state.posts).toEqual([]);

    const departure = within(form).getByLabelText('Departure');
    await userEvent.clear(departure);
    await userEvent.type(departure, addDays(today, -8));
    await userEvent.click(within(form).getByRole('button', { name: 'Request points' }));
    const answer = await screen.findByRole('region', { name: 'Request sent' });
    expect(answer.textContent).toContain('We have asked Jaz Amsterdam to confirm your stay.');
    expect(state.posts).toEqual([{ hotelCode: 'JAZA', arrivalDate: addDays(today, -10), departureDate: addDays(today, -8), reservationNumber: 'jaz-5521' }]);
    await waitFor(() => expect(screen.getByRole('region', { name: 'My requests' }).textContent).toContain('Waiting for the hotel’s answer'));

    // The same reservation again: the BFF says it was asked for, and the form keeps what was typed.
    await userEvent.click(within(answer).getByRole('button', { name: 'Request points for another stay' }));
    const again = screen.getByRole('region', { name: 'Another stay' });
    await userEvent.selectOptions(within(again).getByRole('combobox', { name: 'Hotel' }), 'JAZA');
    await userEvent.type(within(again).getByLabelText('Arrival'), addDays(today, -10));
    await userEvent.type(within(again).getByLabelText('Departure'), addDays(today, -8));
    await userEvent.type(within(again).getByLabelText('Reservation number'), 'JAZ-5521');
    await userEvent.click(within(again).getByRole('button', { name: 'Request points' }));
    await waitFor(() => expect(within(again).getByRole('alert').textContent).toContain('You have already requested the points of this reservation.'));
    expect((within(again).getByLabelText('Reservation number') as HTMLInputElement).value).toBe('JAZ-5521');
  });
});
