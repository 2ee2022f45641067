import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInMemberBff, startEachTestSignedIn } from '../../../../test/web/member-bff';
import { renderApp } from '../../../../test/web/render-app';
import type { MemberBooking, MemberBookings } from '../../../contract/loyalty';


const booking = (orderId: string, hotel: string, overrides: Partial<MemberBooking> = {}): MemberBooking => ({
  orderId,
  source: 'online',
  status: 'confirmed',
  hotel: { code: 'ZLBF', name: hotel },
  arrivalDate: '2027-01-11',
  departureDate: '2027-01-14',
  nights: 3,
  bookedAt: '2026-11-01T10:00:00Z',
  currency: 'EUR',
  totalAmount: 360,
  paymentMethod: 'card',
  pointsPaid: 0,
  pointsEarned: 860,
  pointsPending: true,
  rooms: [{ reservationNumber: 'ZLBF-UP1', roomTypeName: 'Double', rateName: 'Flexible Rate', status: 'confirmed' }],
  ...overrides,
});

const ORDER = (n: number) => `7d1f3c4e-8a9b-4c2d-9e0f-1a2b3c4d5e6${n}`;

const bff = (bookings: MemberBookings) => signedInMemberBff({ '/members/bookings': { body: { data: bookings } } });

startEachTestSignedIn();

describe('my bookings', () => {
  it('lists upcoming stays, and past and cancelled ones behind their disclosures, each past one with a new search at its hotel', async () => {
    await renderApp(
      '/en/account/bookings',
      bff({
        upcoming: [booking(ORDER(1), 'Steigenberger Hotel Köln Dom')],
        past: [booking(ORDER(2), 'Zleep Hotel Berlin Friedrichshain', { arrivalDate: '2026-07-13', departureDate: '2026-07-17', pointsPending: false, pointsEarned: 1_260 })],
        cancelled: [],
      }),
    );
    const upcoming = await screen.findByRole('list', { name: 'Upcoming stays' }, { timeout: 30_000 });
    const next = within(upcoming).getByRole('article', { name: 'Steigenberger Hotel Köln Dom' });
    expect(next.textContent).toContain('11 January 2027 – 14 January 2027');
    expect(next.textContent).toContain('Reservation ZLBF-UP1');
    expect(next.textContent).toContain('€360.00');
    expect(next.textContent).toContain('860 points after the stay');
    expect(within(next).getByRole('link', { name: 'View booking' }).getAttribute('href')).toContain(`order_id=${ORDER(1)}`);
    expect(within(next).queryByRole('link', { name: 'Book again' })).toBeNull();

    await userEvent.click(screen.getByText('Past stays (1)'));
    const past = screen.getByRole('article', { name: 'Zleep Hotel Berlin Friedrichshain' });
    expect(past.textContent).toContain('1,260 points earned');
    expect(within(past).getByRole('link', { name: 'Book again' }).getAttribute('href')).toBe('/en/hotels/ZLBF?location=ZLBF');
    expect(screen.getByText('Cancelled bookings (0)')).toBeTruthy();
  });

  it('offers a search when nothing is coming up, and names a booking paid with points', async () => {
    await renderApp('/en/account/bookings', bff({ upcoming: [], past: [booking(ORDER(3), 'Jaz Amsterdam', { pointsPaid: 24_000, pointsEarned: 0, pointsPending: false })], cancelled: [] }));
    const upcoming = await screen.findByRole('region', { name: 'Upcoming stays' }, { timeout: 30_000 });
    expect(upcoming.textContent).toContain('No upcoming stay.');
    expect(within(upcoming).getByRole('link', { name: 'Find a hotel' })).toBeTruthy();
    await userEvent.click(screen.getByText('Past stays (1)'));
    await waitFor(() => expect(screen.getByRole('article', { name: 'Jaz Amsterdam' }).textContent).toContain('Paid with 24,000 points'));
  });

  it('adds a booking made by phone by its number and last name, names what is wrong first, and opens it on the booking page', async () => {
    const phoneBooking = booking('crs:SMSB-PHONE042', 'Steigenberger Hotel Berlin', {
      source: 'reservation-system',
      arrivalDate: '2026-10-16',
      departureDate: '2026-10-18',
      nights: 2,
      pointsEarned: 0,
      pointsPending: false,
      rooms: [{ reservationNumber: 'SMSB-PHONE042', roomTypeName: 'Superior Double', rateName: 'Flexible Rate', status: 'confirmed' }],
    });
    const state = { past: [] as MemberBooking[], posts: [] as unknown[], deleted: [] as string[] };
    await renderApp(
      '/en/account/bookings',
      signedInMemberBff({
        '/members/bookings': () => ({ body: { data: { upcoming: [], past: state.past, cancelled: [] } } }),
        '/members/external-reservations': (_url, init) => {
          const body = JSON.parse(String(init?.body)) as { reservationNumber: string; lastName: string };
          state.posts.push(body);
          if (body.lastName !== 'Schmidt') return { status: 404, body: { error: { code: 'not_found', message: 'We found no reservation with this number and last name' } } };
          state.past = [phoneBooking];
          return { status: 201, body: { data: phoneBooking } };
        },
        '/members/external-reservations/SMSB-PHONE042': (_url, init) => {
          if (init?.method === 'DELETE') {
            state.deleted.push('SMSB-PHONE042');
            state.past = [];
          }
          return { status: 200, body: {} };
        },
      }),
    );
    const add = await screen.findByRole('region', { name: 'Booked by phone or at the hotel?' }, { timeout: 30_000 });
    const open = within(add).getByRole('button', { name: 'Add a booking' });
    expect([...open.attributes].map((attribute) => attribute.value)).toEqual(expect.arrayContaining(['bookings', 'add booking']));
    await userEvent.click(open);
    expect(document.activeElement).toBe(within(add).getByLabelText('Reservation number'));
    await userEvent.click(within(add).getByRole('button', { name: 'Add booking' }));
    expect(add.textContent).toContain('Enter the reservation number.');
    expect(add.textContent).toContain('Enter the last name the booking was made in.');
    expect(state.posts).toEqual([]);

    await userEvent.type(within(add).getByLabelText('Reservation number'), 'SMSB-PHONE042');
    await userEvent.type(within(add).getByLabelText('Last name of the guest'), 'Schmit');
    await userEvent.click(within(add).getByRole('button', { name: 'Add booking' }));
    await waitFor(() => expect(within(add).getByRole('alert').textContent).toContain('We found no reservation with this number and last name.'));
    // Nothing typed is lost: the last name is corrected, not typed again.
    const lastName = within(add).getByLabelText('Last name of the guest') as HTMLInputElement;
    expect(lastName.value).toBe('Schmit');
    await userEvent.clear(lastName);
    await userEvent.type(lastName, 'Schmidt');
    await userEvent.click(within(add).getByRole('button', { name: 'Add booking' }));
    await waitFor(() => expect(add.textContent).toContain('Added: your stay at Steigenberger Hotel Berlin, 16 October 2026 – 18 October 2026.'));
    expect(state.posts).toEqual([
      { reservationNumber: 'SMSB-PHONE042', lastName: 'Schmit' },
      { reservationNumber: 'SMSB-PHONE042', lastName: 'Schmidt' },
    ]);
    await waitFor(() => expect(screen.getByText('Past stays (1)')).toBeTruthy());
    await userEvent.click(screen.getByText('Past stays (1)'));
    const added = screen.getByRole('article', { name: 'Steigenberger Hotel Berlin' });
    await userEvent.click(within(added).getByRole('link', { name: 'View booking' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' })).toBeTruthy();
    expect(screen.getByText('Booked by phone or at the hotel. To change or cancel it, please contact the hotel.')).toBeTruthy();
    expect(screen.getByText('Superior Double')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add to calendar' }).getAttribute('download')).toBe('booking-SMSB-PHONE042.ics');

    // Removed from the account, it is gone from the list (the booking stays with the hotel).
    await userEvent.click(screen.getByRole('button', { name: 'Remove from my account' }));
    await waitFor(() => expect(screen.getByText('Past stays (0)')).toBeTruthy());
    expect(state.deleted).toEqual(['SMSB-PHONE042']);
  });

  it('lists the bookings of the old website behind a disclosure, and removes one from the list', async () => {
    const old = (reservationNumber: string, hotel: string) => ({
      reservationNumber,
      hotel: { code: 'SMSB', name: hotel },
      arrivalDate: '2022-05-02',
      departureDate: '2022-05-04',
      nights: 2,
      roomTypeName: 'Double',
      rateName: 'Flexible Rate',
      amount: 240,
      currency: 'EUR',
      status: 'confirmed',
    });
    const state = { old: [old('LEG-1001', 'Steigenberger Hotel Berlin'), old('LEG-1002', 'Jaz Amsterdam')], deleted: [] as string[] };
    await renderApp(
      '/en/account/bookings',
      signedInMemberBff({
        '/members/bookings': { body: { data: { upcoming: [], past: [], cancelled: [] } } },
        '/members/old-bookings': () => ({ body: { data: state.old } }),
        '/members/old-bookings/LEG-1001': (_url, init) => {
          if (init?.method === 'DELETE') {
            state.deleted.push('LEG-1001');
            state.old = state.old.filter((booking) => booking.reservationNumber !== 'LEG-1001');
          }
          return { status: 200, body: {} };
        },
      }),
    );
    const summary = await screen.findByText('Bookings on our previous website (2)', {}, { timeout: 30_000 });
    await userEvent.click(summary);
    const first = screen.getByRole('article', { name: 'Steigenberger Hotel Berlin' });
    expect(first.textContent).toContain('Reservation LEG-1001');
    await userEvent.click(within(first).getByRole('button', { name: 'Remove from my list' }));
    await waitFor(() => expect(screen.getByText('Bookings on our previous website (1)')).toBeTruthy());
    expect(state.deleted).toEqual(['LEG-1001']);
    expect(screen.queryByRole('article', { name: 'Steigenberger Hotel Berlin' })).toBeNull();
  });
});
