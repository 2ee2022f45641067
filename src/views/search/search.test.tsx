import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HotelResult, HotelSearchResponse } from '../../contract/search';
import { formatCalendarDate } from '../ui/format/dates';
import { renderApp } from '../../../test/web/render-app';
import { addDays, todayInBerlin } from '../../contract/calendar-dates';

const price = (perNight: number) => ({
  currency: 'EUR' as const,
  totalWithTax: perNight * 2,
  totalWithoutTax: perNight * 1.8,
  avgPerNightWithTax: perNight,
  avgPerNightWithoutTax: perNight * 0.9,
  cityTax: 5,
});

const hotel = (code: string, name: string, available: boolean): HotelResult => ({
  hotelCode: code,
  hotelName: name,
  brandCode: 'jaz',
  brandName: 'Jaz in the City',
  city: 'Berlin',
  image: { url: `/i/${code}.svg`, alt: name },
  latitude: 52.5,
  longitude: 13.4,
  distanceKm: 1.2,
  features: [{ code: 'wifi', name: 'Free Wi-Fi' }],
  available,
  unavailableReason: available ? null : 'sold_out',
  minimumStay: null,
  memberPrice: available ? price(100) : null,
  nonMemberPrice: available ? price(110) : null,
  pointsPrice: available ? 20000 : null,
});

const response = (hotels: HotelResult[]): { data: HotelSearchResponse } => ({
  data: {
    hotels,
    total: hotels.length,
    nights: 2,
    currency: 'EUR',
    priceRange: { min: 100, max: 100 },
    facets: { brands: [{ code: 'jaz', name: 'Jaz in the City', count: hotels.length }], features: [{ code: 'wifi', name: 'Free Wi-Fi', count: 1 }] },
  },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Opens the results page's search form (loaded on demand) and gives its destination field. */
async function openSearchForm(): Promise<HTMLElement> {
  await userEvent.click(await screen.findByRole('button', { name: 'Change search' }, { timeout: 30_000 }));
  return screen.findByRole('combobox', { name: 'Destination' }, { timeout: 30_000 });
}

describe('results page', () => {
  it('lists hotels with member, standard and points prices side by side', async () => {
    await renderApp('/en/find-a-hotel?location=Berlin&payWithPoints=1', (url) =>
      url.pathname === '/bff/search/hotels-v2' ? { body: response([hotel('JAZB', 'Jaz Berlin', true), hotel('SOLD', 'Sold Hotel', false)]) } : undefined,
    );
    const card = (await screen.findByRole('heading', { name: 'Jaz Berlin' }, { timeout: 30_000 })).closest('article') as HTMLElement;
    expect(within(card).getByText('€100.00')).toBeTruthy();
    expect(within(card).getByText('€110.00')).toBeTruthy();
    expect(within(card).getByText('Members save €10.00 per night')).toBeTruthy();
    expect(within(card).getByText('or 20,000 points')).toBeTruthy();
    const sold = screen.getByRole('heading', { name: 'Sold Hotel' }).closest('article') as HTMLElement;
    expect(within(sold).getByText('Sold out for these dates')).toBeTruthy();
    expect(screen.getByRole('status', { name: '' }).textContent ?? '').toContain('1 hotel available');
  });

  it('writes a new sort order into the URL', async () => {
    const { router } = await renderApp('/en/find-a-hotel?location=Berlin', (url) =>
      url.pathname === '/bff/search/hotels-v2' ? { body: response([hotel('JAZB', 'Jaz Berlin', true)]) } : undefined,
    );
    await userEvent.selectOptions(await screen.findByLabelText('Sort by', undefined, { timeout: 30_000 }), 'name');
    await waitFor(() => expect(new URLSearchParams(router.state.location.searchStr).get('sortBy')).toBe('name'));
  });

  it('follows the address when the guest goes back to an earlier search', async () => {
    const { router } = await renderApp('/en/find-a-hotel?location=Berlin', (url) =>
      url.pathname === '/bff/search/hotels-v2' ? { body: response([hotel('JAZB', 'Jaz Berlin', true)]) } : undefined,
    );
    await screen.findByLabelText('Sort by', undefined, { timeout: 30_000 });
    // A pasted link to another search on the same page: the form takes it.
    await router.navigate({ to: '/$locale/find-a-hotel', params: { locale: 'en' }, search: { location: 'Hamburg' } });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hotels in Hamburg'));
    const destination = (await openSearchForm()) as HTMLInputElement;
    await waitFor(() => expect(destination.value).toBe('Hamburg'));
    // Back: the form shows the search of the address again, not the one the guest left.
    router.history.back();
    await waitFor(() => expect(new URLSearchParams(router.state.location.searchStr).get('location')).toBe('Berlin'));
    await waitFor(() => expect(destination.value).toBe('Berlin'));
  });

  it('sorts the results of the search in the URL, keeping an unsubmitted destination in the form', async () => {
    const { router, fetchMock } = await renderApp('/en/find-a-hotel?location=Berlin', (url) =>
      url.pathname === '/bff/search/hotels-v2' ? { body: response([hotel('JAZB', 'Jaz Berlin', true)]) } : undefined,
    );
    // The mock is typed with the URL only; fetch is called with the request's init too.
    const hotelSearches = () =>
      (fetchMock.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][])
        .filter(([input]) => String(input).includes('/bff/search/hotels-v2'))
        .map(([, init]) => JSON.parse(String(init?.body)) as { location: string; sortBy: string });
    const sort = await screen.findByLabelText('Sort by', undefined, { timeout: 30_000 });
    const destination = await openSearchForm();
    await userEvent.clear(destination);
    await userEvent.type(destination, 'Hamburg');
    await userEvent.selectOptions(sort, 'name');
    await waitFor(() => expect(new URLSearchParams(router.state.location.searchStr).get('sortBy')).toBe('name'));
    expect(new URLSearchParams(router.state.location.searchStr).get('location')).toBe('Berlin');
    expect((destination as HTMLInputElement).value).toBe('Hamburg');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hotels in Berlin');
    await waitFor(() => expect(hotelSearches().some((request) => request.sortBy === 'name')).toBe(true));
    expect(hotelSearches().map((request) => request.location)).toEqual(hotelSearches().map(() => 'Berlin'));
  });

  it('sums up the search on one line and opens the form to change it, keeping edits when cancelled', async () => {
    // A stay a month ahead, inside the arrival window whatever day the test runs.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const [start, end] = [day(30), day(32)];
    await renderApp(`/en/find-a-hotel?location=Berlin&startDate=${start}&endDate=${end}&rooms=2&room-1-adults=2&room-2-adults=1&room-2-child-1=5`, (url) =>
      url.pathname === '/bff/search/hotels-v2' ? { body: response([hotel('JAZB', 'Jaz Berlin', true)]) } : undefined,
    );
    const summary = await screen.findByRole('region', { name: 'Your search' }, { timeout: 30_000 });
    expect(summary.textContent).toContain('Berlin');
    expect(summary.textContent).toContain(`${formatCalendarDate(start, 'en')} – ${formatCalendarDate(end, 'en')} · 2 nights`);
    expect(summary.textContent).toContain('2 rooms, 4 guests');
    expect(screen.queryByRole('combobox', { name: 'Destination' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Change search' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const destination = await openSearchForm();
    expect(screen.getByRole('button', { name: 'Cancel' }).getAttribute('aria-expanded')).toBe('true');
    await userEvent.clear(destination);
    await userEvent.type(destination, 'Hamburg');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('combobox', { name: 'Destination' })).toBeNull();
    expect(summary.textContent).toContain('Berlin');
    expect(await openSearchForm()).toHaveProperty('value', 'Hamburg');
  });

  it('shows the form straight away when there is no destination yet', async () => {
    await renderApp('/en/find-a-hotel', () => undefined);
    expect(await screen.findByRole('combobox', { name: 'Destination' }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change search' })).toBeNull();
  });

  it('says what became of the promo code searched with', async () => {
    const withPromo = (status: 'applied' | 'expired') => ({ data: { ...response([hotel('JAZB', 'Jaz Berlin', true)]).data, promo: { code: 'WINTER25', status } } });
    await renderApp('/en/find-a-hotel?location=Berlin&promo=WINTER25', (url) => (url.pathname === '/bff/search/hotels-v2' ? { body: withPromo('expired') } : undefined));
    expect(await screen.findByText('The promo code WINTER25 has expired. The prices shown are without it.', undefined, { timeout: 30_000 })).toBeTruthy();
  });

  it('proposes nearby dates with availability when nothing is free', async () => {
    await renderApp('/en/find-a-hotel?location=Berlin&startDate=2099-01-10&endDate=2099-01-11', (url) => {
      if (url.pathname === '/bff/search/hotels-v2') return { body: response([hotel('SOLD', 'Sold Hotel', false)]) };
      if (url.pathname.endsWith('searchCalendarV2')) {
        return {
          body: {
            data: {
              currency: 'EUR',
              days: [
                { date: '2099-01-12', available: true, price: 90, minimumStay: 1 },
                { date: '2099-01-13', available: true, price: 90, minimumStay: 1 },
              ],
            },
          },
        };
      }
      return undefined;
    });
    expect(await screen.findByText('No hotel has rooms for these dates and guests.', undefined, { timeout: 30_000 })).toBeTruthy();
    expect(await screen.findAllByRole('link', { name: /2099/ })).not.toHaveLength(0);
  });
});

describe('rooms and guests editor', () => {
  it('stops at nine rooms and says why, and a removed room lifts the limit', async () => {
    await renderApp('/en/find-a-hotel?location=Berlin', () => undefined);
    await openSearchForm();
    await userEvent.click(await screen.findByRole('button', { name: /Rooms and guests/ }, { timeout: 30_000 }));
    const add = screen.getByRole('button', { name: 'Add a room' });
    for (let room = 2; room <= 9; room += 1) await userEvent.click(add);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/You can book up to 9 rooms at once/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove room 9' }));
    expect(screen.queryByText(/You can book up to 9 rooms at once/)).toBeNull();
    expect((add as HTMLButtonElement).disabled).toBe(false);
  });

  it('adds a child whose age must be chosen before searching', async () => {
    await renderApp('/en/find-a-hotel?location=Berlin', () => undefined);
    await openSearchForm();
    await userEvent.click(await screen.findByRole('button', { name: /Rooms and guests/ }, { timeout: 30_000 }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a child to room 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findAllByText('Choose the age of every child: prices and room sizes depend on it.')).not.toHaveLength(0);
  });
});

describe('results on a phone', () => {
  const twoBrands = (): { data: HotelSearchResponse } => {
    const answer = response([hotel('JAZB', 'Jaz Berlin', true)]);
    answer.data.facets.brands.push({ code: 'zleep', name: 'Zleep', count: 1 });
    return answer;
  };

  it('keeps the filters behind a Filters button whose dialog counts, applies and clears them', async () => {
    const { router } = await renderApp('/en/find-a-hotel?location=Berlin', (url) => (url.pathname === '/bff/search/hotels-v2' ? { body: twoBrands() } : undefined));
    const open = await screen.findByRole('button', { name: 'Filters' }, { timeout: 30_000 });
    expect(open.getAttribute('aria-haspopup')).toBe('dialog');
    await userEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Zleep/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.searchStr).get('brands')).toBe('zleep'));
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.searchStr).get('brands')).toBeNull());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show 1 hotel' }));
    expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Filters' }));
  });
});

describe('the reasons a search finds nothing', () => {
  it('says a place it does not know is unknown, not full, and proposes places to search', async () => {
    await renderApp('/en/find-a-hotel?location=Atlantis', (url) => {
      if (url.pathname === '/bff/search/hotels-v2') return { status: 404, body: { error: { code: 'unknown_location', message: 'No city or hotel called Atlantis' } } };
      if (url.pathname === '/bff/search/location') return { body: { data: { cities: [], hotels: [] } } };
      if (url.pathname === '/bff/content/destinations')
        return { body: { data: [{ city: 'Berlin', country: 'Germany', countryCode: 'DE', hotelCount: 5, image: { url: '/b.svg', alt: 'Berlin' } }] } };
      return undefined;
    });
    const reason = await screen.findByTestId('unknown-place', undefined, { timeout: 30_000 });
    expect(reason.textContent).toContain("We don't know the place “Atlantis”. Try a city or hotel name, e.g.");
    expect(reason.textContent).not.toContain('No hotel has rooms');
    expect(screen.queryByText(/could not be completed/)).toBeNull();
    const berlin = await within(reason).findByRole('link', { name: 'Berlin' }, { timeout: 30_000 });
    expect(berlin.getAttribute('href')).toContain('location=Berlin');
  });

  it('says which values of the link it replaced, and with what', async () => {
    await renderApp('/en/find-a-hotel?location=Berlin&startDate=2020-01-01&endDate=2020-01-03&sortBy=cheapest', (url) =>
      url.pathname === '/bff/search/hotels-v2' ? { body: response([hotel('JAZB', 'Jaz Berlin', true)]) } : undefined,
    );
    const notice = await screen.findByTestId('replaced-values', undefined, { timeout: 30_000 });
    expect(notice.textContent).toContain('arrival date: “2020-01-01” was replaced with');
    expect(notice.textContent).toContain('sort order: “cheapest” was replaced with price-asc.');
  });
});

/** Days near today, inside the arrival window, with their dates as the calendar reads them out. */
const soon = (days: number) => addDays(todayInBerlin(), days);
const spoken = (iso: string) => formatCalendarDate(iso, 'en');

describe('the date field', () => {
  it('moves focus into the calendar, takes arrows and Enter, closes once the departure is chosen and gives focus back', async () => {
    await renderApp(`/en/find-a-hotel?location=Berlin&startDate=${soon(20)}&endDate=${soon(21)}`, () => undefined);
    await openSearchForm();
    const field = screen.getByRole('button', { name: /^Dates/ });
    field.focus();
    await userEvent.keyboard('{Enter}');
    const calendar = await screen.findByRole('application', { name: /Arrival and departure/ }, { timeout: 30_000 });
    // Weeks start on Monday in English, as in Britain.
    expect(calendar.querySelector('th')?.textContent).toBe('M');
    expect(document.activeElement?.getAttribute('aria-label')).toContain(spoken(soon(20)));
    await userEvent.keyboard('{Enter}');
    for (let step = 0; step < 7 && !(document.activeElement?.getAttribute('aria-label') ?? '').includes(spoken(soon(23))); step += 1) await userEvent.keyboard('{ArrowRight}');
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('application', { name: /Arrival and departure/ })).toBeNull();
    const after = screen.getByRole('button', { name: /^Dates/ });
    expect(document.activeElement).toBe(after);
    expect(after.textContent).toContain(`${spoken(soon(20))} – ${spoken(soon(23))}`);
  }, 20_000);
});

describe('hotel pages', () => {
  it('are linked from the results by the hotel name, with the search', async () => {
    await renderApp(`/en/find-a-hotel?location=Berlin&startDate=${soon(20)}&endDate=${soon(22)}`, (url) =>
      url.pathname === '/bff/search/hotels-v2' ? { body: response([hotel('JAZB', 'Jaz Berlin', true)]) } : undefined,
    );
    const link = await screen.findByRole('link', { name: 'Jaz Berlin' }, { timeout: 30_000 });
    expect(link.getAttribute('href')).toMatch(new RegExp(`^/en/hotels/JAZB\\?.*startDate=${soon(20)}`));
  });
});
