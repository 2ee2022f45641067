import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_PROFILE } from '../../../../test/auth/members';
import { validToken } from '../../../../test/auth/tokens';
import { renderApp } from '../../../../test/web/render-app';
import { formatCalendarDate } from '../../ui/format/dates';
import type { BffHandler } from '../../../../test/web/render-app';
import type { Modification } from '../../../contract/ecommerce';
import {
  callsTo,
  CHECK_IN,
  CHECK_OUT,
  FIRST,
  flagsOff,
  LONGER_CHECK_OUT,
  order,
  ORDER_ID,
  ORDER_PATH,
  PRICED,
  resetBookingPageTests,
  ROOM_PRICED,
  SECOND,
  STARTED,
} from '../confirmation/order.fixtures';

vi.mock('../../shell/flags-context', async (original) => (await import('../confirmation/order.fixtures')).withFlagsOff(await original()));
afterEach(resetBookingPageTests);

const PAGE = `/en/booking/modify?order_id=${ORDER_ID}&reservation=${FIRST}`;
const EDIT_PATH = `/bff/ecommerce/reservation-modification/${STARTED.modification_id}/room-stays/${STARTED.room_stay_id}`;
const COMPLETE_PATH = `/bff/ecommerce/reservation-modification/${STARTED.modification_id}/complete`;

type Answer = ReturnType<BffHandler>;

/** The fake BFF: the order, a modification that starts as booked, and the given answers to a price check and to completing. */
function bff(
  edit: Answer,
  { started = STARTED, complete = { body: { data: { ...PRICED, status: 'completed' } } } }: { started?: Modification; complete?: Answer } = {},
): BffHandler {
  return (url) => {
    if (url.pathname === ORDER_PATH) return { body: { data: order() } };
    if (url.pathname === '/bff/ecommerce/reservation-modification') return { body: { data: started } };
    if (url.pathname === EDIT_PATH) return edit;
    if (url.pathname === COMPLETE_PATH) return complete;
    return undefined;
  };
}

const refusal = (code: string, message: string): Answer => ({ status: 409, body: { error: { code, message } } });

/** The stay dates' button: its name says the dates chosen. */
const datesButton = (options = { timeout: 30_000 }) => screen.findByRole('button', { name: /^Arrival and departure/ }, options);

/** A day of the open calendar, by the date it reads out ("Monday, 6 December 2027", or with "Today, " before it). */
function calendarDay(isoDate: string): HTMLElement {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const spoken = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
  // Both months list the days around them too (hidden): the day is the one of its own month.
  const days = within(screen.getByRole('application', { name: /Arrival and departure/ })).getAllByRole('button', { name: new RegExp(spoken) });
  const inMonth = days.find((cell) => !cell.hasAttribute('data-outside-month'));
  if (!inMonth) throw new Error(`${isoDate} is not on the calendar`);
  return inMonth;
}

/** Keeps the booked arrival and picks a new departure on the site's calendar, as a guest does: open, arrival, departure. */
async function changeDeparture(date: string) {
  await userEvent.click(await datesButton());
  await screen.findByRole('application', { name: /Arrival and departure/ }, { timeout: 30_000 });
  await userEvent.click(calendarDay(CHECK_IN));
  await userEvent.click(calendarDay(date));
  const button = await datesButton();
  return {
    get value() {
      return button.textContent ?? '';
    },
  };
}

/** The dates' button as it reads after a choice: arrival – departure, written for the guest. */
const shownStay = (start: string, end: string) => `${formatCalendarDate(start, 'en')} – ${formatCalendarDate(end, 'en')}`;

/** The choice of room and rate: one radio group per room type. */
const rateRadio = async (roomTypeName: string, rate: RegExp) =>
  within(await screen.findByRole('group', { name: roomTypeName }, { timeout: 30_000 })).getByRole('radio', { name: rate }) as HTMLInputElement;

// Choosing dates on the calendar is several clicks, each re-rendering two months: more than the default 5 s on a busy machine.
describe('changing a booking', { timeout: 20_000 }, () => {
  it("takes the new dates on the site's calendar by keyboard, not in native date boxes, and closes it once the departure is chosen", async () => {
    await renderApp(PAGE, bff({ body: { data: PRICED } }));
    const button = await datesButton();
    expect(document.querySelector('input[type="date"]')).toBeNull();
    button.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('application', { name: /Arrival and departure/ }, { timeout: 30_000 });
    // Focus is on the booked arrival: Enter keeps it; a day a few arrow presses on is the new departure.
    expect(document.activeElement).toBe(calendarDay(CHECK_IN));
    await userEvent.keyboard('{Enter}');
    // Arrows move day by day (and back): the departure is found by its spoken date.
    await userEvent.keyboard('{ArrowLeft}');
    for (let step = 0; step < 7 && document.activeElement !== calendarDay(LONGER_CHECK_OUT); step += 1) await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(calendarDay(LONGER_CHECK_OUT));
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('application', { name: /Arrival and departure/ })).toBeNull();
    expect(document.activeElement).toBe(await datesButton());
    expect((await datesButton()).textContent).toContain(shownStay(CHECK_IN, LONGER_CHECK_OUT));
  });

  it('shows the new price and the difference from the server before the change can be confirmed', async () => {
    const { fetchMock, router } = await renderApp(PAGE, bff({ body: { data: PRICED } }));
    const booked = await screen.findByRole('region', { name: 'Your booking now' }, { timeout: 30_000 });
    expect(within(booked).getByText('€240.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm the change' })).toBeNull();

    await changeDeparture(LONGER_CHECK_OUT);
    expect(screen.queryByRole('button', { name: 'Confirm the change' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Check the new price' }));

    const panel = screen.getByRole('region', { name: 'New price' });
    await within(panel).findByText('€360.00', undefined, { timeout: 30_000 });
    expect(within(panel).getByText('Price now').closest('div')?.textContent).toBe('Price now€240.00');
    expect(within(panel).getByText('€120.00 more: charged now for prepaid rates, otherwise paid at the hotel')).toBeTruthy();
    const [edit] = callsTo(fetchMock, EDIT_PATH);
    expect(edit?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(edit?.[1]?.body))).toEqual({
      check_in_date: CHECK_IN,
      check_out_date: LONGER_CHECK_OUT,
      adults_count: 2,
      child_ages: [],
      room_type_code: 'DBL',
      rate_code: 'FLEX',
    });
    expect(callsTo(fetchMock, COMPLETE_PATH)).toHaveLength(0);

    await userEvent.click(within(panel).getByRole('button', { name: 'Confirm the change' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/booking/confirmation'), { timeout: 30_000 });
    expect(new URLSearchParams(router.state.location.searchStr).get('modified')).toBe(FIRST);
    expect(callsTo(fetchMock, COMPLETE_PATH)[0]?.[1]?.method).toBe('POST');
    expect(await screen.findByText(`Your change is saved: reservation ${FIRST} shows the new details.`, undefined, { timeout: 30_000 })).toBeTruthy();
  });

  it('keeps the edits and offers no confirmation when the new dates are not available', async () => {
    await renderApp(PAGE, bff(refusal('modification_unavailable', 'The changed stay cannot be booked')));
    const departure = await changeDeparture(LONGER_CHECK_OUT);
    await userEvent.click(screen.getByRole('button', { name: 'Check the new price' }));
    const alert = await screen.findByRole('alert', undefined, { timeout: 30_000 });
    expect(alert.textContent).toContain('no room is free for these dates and guests at the chosen rate');
    expect(alert.textContent).toContain('Your changes are kept');
    expect(alert.textContent).not.toContain('could not be charged');
    expect(departure.value).toContain(shownStay(CHECK_IN, LONGER_CHECK_OUT));
    expect(screen.queryByRole('button', { name: 'Confirm the change' })).toBeNull();
    // The guest can adjust and check again.
    expect((screen.getByRole('button', { name: 'Check the new price' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says so when the server answers that the proposal cannot be booked', async () => {
    await renderApp(PAGE, bff({ body: { data: { ...PRICED, available: false } } }));
    await changeDeparture(LONGER_CHECK_OUT);
    await userEvent.click(screen.getByRole('button', { name: 'Check the new price' }));
    expect((await screen.findByRole('alert', undefined, { timeout: 30_000 })).textContent).toContain('cannot be changed this way');
    expect(screen.queryByText('€360.00')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm the change' })).toBeNull();
  });

  it("offers the other rooms and rates for the stay, then shows the chosen one's price and the difference before confirming", async () => {
    const { fetchMock, router } = await renderApp(PAGE, bff({ body: { data: ROOM_PRICED } }, { complete: { body: { data: { ...ROOM_PRICED, status: 'completed' } } } }));
    // The booked room and rate is the current choice, and marked as booked.
    const booked = await rateRadio('Double room', /^Flexible rate/);
    expect(booked.checked).toBe(true);
    expect(booked.closest('label')?.textContent).toContain('As booked');
    const member = await rateRadio('Double room', /^Flexible member rate/);
    expect(member.closest('label')?.textContent).toBe('Flexible member rate Member rate €220.00 for the stay');
    const superior = await rateRadio('Superior room', /^Flexible rate/);
    expect(superior.closest('label')?.textContent).toContain('€300.00 for the stay');

    await userEvent.click(superior);
    expect(superior.checked).toBe(true);
    expect(booked.checked).toBe(false);
    // Chosen, not yet priced: nothing to confirm.
    expect(screen.queryByRole('button', { name: 'Confirm the change' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Check the new price' }));

    const panel = screen.getByRole('region', { name: 'New price' });
    await within(panel).findByText('€300.00', undefined, { timeout: 30_000 });
    const line = (term: string) => within(panel).getByText(term).closest('div')?.textContent;
    expect(line('New room and rate')).toBe('New room and rateSuperior room, Flexible rate');
    expect(line('Price now')).toBe('Price now€240.00');
    expect(within(panel).getByText('€60.00 more: charged now for prepaid rates, otherwise paid at the hotel')).toBeTruthy();
    const [edit] = callsTo(fetchMock, EDIT_PATH);
    expect(JSON.parse(String(edit?.[1]?.body))).toEqual({
      check_in_date: CHECK_IN,
      check_out_date: CHECK_OUT,
      adults_count: 2,
      child_ages: [],
      room_type_code: 'SUP',
      rate_code: 'FLEX',
    });
    expect(callsTo(fetchMock, COMPLETE_PATH)).toHaveLength(0);

    await userEvent.click(within(panel).getByRole('button', { name: 'Confirm the change' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/booking/confirmation'), { timeout: 30_000 });
    expect(callsTo(fetchMock, COMPLETE_PATH)).toHaveLength(1);
  });

  it('asks for a price check before listing rooms for new dates', async () => {
    await renderApp(PAGE, bff({ body: { data: PRICED } }));
    await rateRadio('Superior room', /^Flexible rate/);
    await changeDeparture(LONGER_CHECK_OUT);
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText('Check the new price to see the rooms and rates free for your new dates and guests.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Check the new price' }));
    // The answer's options, priced for the new dates, come back.
    expect((await rateRadio('Double room', /^Flexible rate/)).checked).toBe(true);
  });

  it.each([
    ['no options', { ...STARTED, options: undefined }],
    ['an empty list', { ...STARTED, options: [] }],
  ])('says no other rooms are available for these dates when the answer has %s', async (_, started) => {
    await renderApp(PAGE, bff({ body: { data: PRICED } }, { started }));
    expect(await screen.findByText('No other rooms are available for these dates.', undefined, { timeout: 30_000 })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByText(/cancel this reservation and book again/)).toBeNull();
  });

  it.each([
    ['the rooms are gone', refusal('modification_unavailable', 'The changed stay cannot be booked'), 'no room is free for these dates and guests', 'could not be charged'],
    ['the difference could not be charged', refusal('modification_payment_failed', 'The difference could not be charged to the card'), 'could not be charged', 'no room is free'],
  ])('says so when confirming finds %s, keeping the changes', async (_, complete, says, doesNotSay) => {
    await renderApp(PAGE, bff({ body: { data: PRICED } }, { complete }));
    const departure = await changeDeparture(LONGER_CHECK_OUT);
    await userEvent.click(screen.getByRole('button', { name: 'Check the new price' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm the change' }, { timeout: 30_000 }));
    const alert = await screen.findByRole('alert', undefined, { timeout: 30_000 });
    expect(alert.textContent).toContain(says);
    expect(alert.textContent).not.toContain(doesNotSay);
    expect(alert.textContent).toContain('Your changes are kept');
    expect(departure.value).toContain(shownStay(CHECK_IN, LONGER_CHECK_OUT));
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
    expect(await screen.findByText('This reservation cannot be changed online. Please contact the hotel.', undefined, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your booking' }).getAttribute('href')).toBe(`/en/booking/confirmation?order_id=${ORDER_ID}`);
  });

  it('stops the change and takes the traveller off the page when the member signs out in another tab', async () => {
    localStorage.setItem('token', validToken(Date.now(), { sub: 'guid-ada' }));
    const orderAndMember = bff({ body: { data: PRICED } });
    await renderApp(PAGE, (url) => {
      if (url.pathname === '/bff/members/profile') return { body: { data: { ...MEMBER_PROFILE, Guid: 'guid-ada' } } };
      if (url.pathname === '/bff/members/status') return { body: { data: { dailypointStatus: { reward_level: 'DB', rewards_points: 0 }, strapiStatus: { crs_id: null } } } };
      return orderAndMember(url);
    });
    const lastName = (await screen.findByLabelText('Last name', undefined, { timeout: 30_000 })) as HTMLInputElement;
    expect(lastName.value).toBe('Lovelace');
    localStorage.removeItem('token');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: null }));
    });
    expect(await screen.findByText(/^You signed out, so this change was stopped/, undefined, { timeout: 30_000 })).toBeTruthy();
    expect(screen.queryByLabelText('Last name')).toBeNull();
    expect(screen.queryByDisplayValue('Lovelace')).toBeNull();
  });

  it('is not available while modify-booking-enabled is off, and starts nothing', async () => {
    flagsOff.add('modify-booking-enabled');
    const { fetchMock } = await renderApp(PAGE, bff({ body: { data: PRICED } }), { flagsOff });
    expect(await screen.findByText(/^Changing a booking online is not available/, undefined, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your booking' }).getAttribute('href')).toBe(`/en/booking/confirmation?order_id=${ORDER_ID}`);
    expect(screen.queryByRole('button', { name: /^Arrival and departure/ })).toBeNull();
    expect(callsTo(fetchMock, '/bff/ecommerce/reservation-modification')).toHaveLength(0);
  });
});
