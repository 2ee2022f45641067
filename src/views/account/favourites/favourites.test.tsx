import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memberToken, signedInMemberBff, startEachTestSignedIn } from '../../../../test/web/member-bff';
import { renderApp } from '../../../../test/web/render-app';
import type { BffHandler } from '../../../../test/web/render-app';
import type { Hotel } from '../../../contract/content';
import type { HotelResult, HotelSearchResponse } from '../../../contract/search';

/*
 * Favourite hotels as people meet them: the heart on a search result and on a hotel's page (a member's
 * press shows at once and the BFF's answer decides; a visitor is asked to sign in and the hotel is saved
 * once they have), and the member's list on /account/favourites.
 */

const price = { currency: 'EUR' as const, totalWithTax: 400, totalWithoutTax: 360, avgPerNightWithTax: 200, avgPerNightWithoutTax: 180, cityTax: 0 };
const RESULT: HotelResult = {
  hotelCode: 'JAZB',
  hotelName: 'Jaz Berlin',
  brandCode: 'jaz',
  brandName: 'Jaz in the City',
  city: 'Berlin',
  image: { url: '/i/JAZB.svg', alt: 'Jaz Berlin' },
  latitude: 52.5,
  longitude: 13.4,
  distanceKm: 1.2,
  features: [],
  available: true,
  unavailableReason: null,
  minimumStay: null,
  memberPrice: price,
  nonMemberPrice: price,
  pointsPrice: null,
};
const RESULTS: HotelSearchResponse = { hotels: [RESULT], total: 1, nights: 2, currency: 'EUR', priceRange: { min: 200, max: 200 }, facets: { brands: [], features: [] } };

const content = (hotelCode: string, hotelName: string, city: string, brandName: string): Hotel => ({
  hotelCode,
  hotelName,
  brandCode: 'brand',
  city,
  countryCode: 'DE',
  image: { url: `/i/${hotelCode}.svg`, alt: hotelName },
  openingDate: null,
  useExternalBooking: false,
  description: 'A hotel.',
  address: { street: 'Street 1', postalCode: '10178', city, countryCode: 'DE', country: 'Germany' },
  geo: { latitude: 52.5, longitude: 13.4 },
  timeZone: 'Europe/Berlin',
  features: [],
  images: [],
  externalBookingUrl: null,
  brand: { code: 'brand', brandName, theme: 'jaz' },
});
const HOTELS: Record<string, Hotel> = {
  JAZB: content('JAZB', 'Jaz Berlin', 'Berlin', 'Jaz in the City'),
  SIFM: content('SIFM', 'Steigenberger Icons Frankfurt Mainufer', 'Frankfurt', 'Steigenberger Icons'),
};

/**
 * The BFF as favourites meet it: the member's list that PUT and DELETE change (each answering the list),
 * the search's one result, the hotels' content and a password sign-in. `failChanges` answers the next
 * changes with those statuses, nothing changed; while `state.readsFail`, reads of the list fail.
 */
function favouritesBff(start: string[], { failChanges = [] as number[], readsFail = false } = {}) {
  const state = { codes: [...start], changes: [] as string[], readsFail };
  const member = signedInMemberBff();
  const handler: BffHandler = (url, init) => {
    const path = url.pathname.replace(/^\/bff/, '');
    if (path === '/members/favorites') {
      return state.readsFail ? { status: 500, body: { error: { code: 'internal', message: 'Failed' } } } : { body: { data: state.codes } };
    }
    const change = path.match(/^\/members\/favorites\/([A-Z0-9]+)$/);
    if (change?.[1]) {
      const code = change[1];
      state.changes.push(`${init?.method} ${code}`);
      const failure = failChanges.shift();
      if (failure) return { status: failure, body: { error: { code: 'internal', message: 'Failed' } } };
      state.codes = init?.method === 'PUT' ? [code, ...state.codes.filter((other) => other !== code)] : state.codes.filter((other) => other !== code);
      return { body: { data: state.codes } };
    }
    if (path === '/search/hotels-v2') return { body: { data: RESULTS } };
    const hotel = path.match(/^\/content\/hotel\/([A-Z0-9]+)$/)?.[1];
    if (hotel && HOTELS[hotel]) return { body: { data: HOTELS[hotel] } };
    if (path === '/auth/login') return { body: { data: { result: 'Authenticated', token: memberToken() } } };
    return member(url, init);
  };
  return { handler, state };
}

/** Holds the BFF's answers to requests whose path matches until released, so a test sees what shows meanwhile. */
function holdAnswers(fetchMock: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>, pattern: RegExp) {
  const held: (() => void)[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    pattern.test(String(input)) ? new Promise<Response>((resolve) => held.push(() => resolve(fetchMock(input, init)))) : fetchMock(input, init),
  );
  return {
    release: () => held.splice(0).forEach((answer) => answer()),
    waiting: () => held.length,
  };
}

const RESULTS_PAGE = '/en/find-a-hotel?location=Berlin';
/** What a heart's polite live region says. */
const announced = (container: HTMLElement) => container.querySelector('[aria-live="polite"]')?.textContent;
const card = async () => (await screen.findByRole('heading', { name: 'Jaz Berlin' }, { timeout: 30_000 })).closest('article') as HTMLElement;

/** Signs in with a password in the dialog the page opened (the BFF accepts any). */
async function signInInDialog() {
  const dialog = await screen.findByRole('dialog', { name: 'Sign in' }, { timeout: 30_000 });
  await userEvent.type(within(dialog).getByLabelText('Email address'), 'anna@example.com');
  await userEvent.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a member’s heart', () => {
  startEachTestSignedIn();

  it('saves a hotel at once from the results, then shows what the BFF answered and says so', async () => {
    const { handler, state } = favouritesBff(['SIFM']);
    const { fetchMock } = await renderApp(RESULTS_PAGE, handler);
    const result = await card();
    const heart = await within(result).findByRole('button', { name: 'Save Jaz Berlin to favourites', pressed: false });
    await waitFor(() => expect(heart.hasAttribute('disabled')).toBe(false));
    const answers = holdAnswers(fetchMock, /\/members\/favorites\/JAZB$/);
    await userEvent.click(heart);
    // Pressed at once, while the change is on its way.
    expect(within(result).getByRole('button', { name: 'Remove Jaz Berlin from favourites', pressed: true }).getAttribute('aria-disabled')).toBe('true');
    await waitFor(() => expect(answers.waiting()).toBe(1));
    answers.release();
    await waitFor(() => expect(announced(result)).toBe('Jaz Berlin is now one of your favourite hotels.'));
    const saved = within(result).getByRole('button', { name: 'Remove Jaz Berlin from favourites', pressed: true });
    expect(saved.hasAttribute('aria-disabled')).toBe(false);
    expect(state.changes).toEqual(['PUT JAZB']);
    expect(state.codes).toEqual(['JAZB', 'SIFM']);
    // And removes it again with the same heart.
    await userEvent.click(saved);
    await within(result).findByRole('button', { name: 'Save Jaz Berlin to favourites', pressed: false });
    await waitFor(() => expect(answers.waiting()).toBe(1));
    answers.release();
    await waitFor(() => expect(announced(result)).toBe('Jaz Berlin was removed from your favourite hotels.'));
    expect(state.changes).toEqual(['PUT JAZB', 'DELETE JAZB']);
  });

  it('goes back when the BFF refuses, and says that nothing was saved', async () => {
    const { handler, state } = favouritesBff([], { failChanges: [500] });
    await renderApp(RESULTS_PAGE, handler);
    const result = await card();
    const heart = await within(result).findByRole('button', { name: 'Save Jaz Berlin to favourites' });
    await waitFor(() => expect(heart.hasAttribute('disabled')).toBe(false));
    await userEvent.click(heart);
    const notice = await within(result).findByText('Jaz Berlin could not be saved to your favourite hotels. Please try again.');
    expect(notice.getAttribute('aria-live')).toBe('polite');
    expect(within(result).getByRole('button', { name: 'Save Jaz Berlin to favourites', pressed: false })).toBe(heart);
    expect(state.changes).toEqual(['PUT JAZB']);
    expect(state.codes).toEqual([]);
  });

  it('shows a favourite pressed on the hotel’s page and removes it there', async () => {
    const { handler, state } = favouritesBff(['JAZB']);
    await renderApp('/en/hotels/JAZB', handler);
    const heart = await screen.findByRole('button', { name: 'Remove Jaz Berlin from favourites', pressed: true }, { timeout: 30_000 });
    await userEvent.click(heart);
    await screen.findByRole('button', { name: 'Save Jaz Berlin to favourites', pressed: false });
    expect(state.changes).toEqual(['DELETE JAZB']);
  });
});

describe('a visitor’s heart', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('asks to sign in, and saves the hotel once the visitor has', async () => {
    const { handler, state } = favouritesBff(['SIFM']);
    await renderApp(RESULTS_PAGE, handler);
    const result = await card();
    const heart = await within(result).findByRole('button', { name: 'Save Jaz Berlin to favourites', pressed: false });
    await waitFor(() => expect(heart.hasAttribute('disabled')).toBe(false));
    await userEvent.click(heart);
    expect(state.changes).toEqual([]);
    await signInInDialog();
    await within(result).findByRole('button', { name: 'Remove Jaz Berlin from favourites', pressed: true });
    await waitFor(() => expect(announced(result)).toBe('Jaz Berlin is now one of your favourite hotels.'));
    expect(state.changes).toEqual(['PUT JAZB']);
    expect(state.codes).toEqual(['JAZB', 'SIFM']);
  });

  it('forgets the hotel when the dialog is closed without signing in', async () => {
    const { handler, state } = favouritesBff([]);
    await renderApp(RESULTS_PAGE, handler);
    const result = await card();
    const heart = await within(result).findByRole('button', { name: 'Save Jaz Berlin to favourites' });
    await waitFor(() => expect(heart.hasAttribute('disabled')).toBe(false));
    await userEvent.click(heart);
    await screen.findByRole('dialog', { name: 'Sign in' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.querySelector('dialog[open]')).toBeNull());
    // Signing in later, from the header, saves nothing.
    await userEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign in' }));
    await signInInDialog();
    await screen.findByRole('region', { name: 'Your membership' });
    await within(result).findByRole('button', { name: 'Save Jaz Berlin to favourites', pressed: false });
    await waitFor(() => expect(heart.hasAttribute('disabled')).toBe(false));
    expect(state.changes).toEqual([]);
  });
});

describe('the favourites page', () => {
  startEachTestSignedIn();

  it('shows a skeleton while the list loads, then each hotel with its city, brand and a link to its page', async () => {
    localStorage.clear();
    const { handler } = favouritesBff(['JAZB', 'SIFM']);
    const { fetchMock } = await renderApp('/en/account/favourites', handler);
    const reads = holdAnswers(fetchMock, /\/members\/favorites$/);
    // A visitor is asked to sign in on arrival; the page then shows what they came for.
    await signInInDialog();
    expect(await screen.findByText('Loading your favourite hotels…')).toBeTruthy();
    await waitFor(() => expect(reads.waiting()).toBeGreaterThan(0));
    reads.release();
    const list = await screen.findByRole('list', { name: 'Your favourite hotels' });
    const hotels = within(list).getAllByRole('article');
    expect(hotels.map((hotel) => hotel.getAttribute('aria-labelledby'))).toEqual(['favourite-JAZB', 'favourite-SIFM']);
    // Each hotel is named by its code until its content is there.
    const frankfurt = await within(list).findByRole('article', { name: 'Steigenberger Icons Frankfurt Mainufer' });
    await waitFor(() => expect(frankfurt.textContent).toContain('Frankfurt · Steigenberger Icons'));
    expect(within(frankfurt).getByRole('link', { name: 'Steigenberger Icons Frankfurt Mainufer' }).getAttribute('href')).toBe('/en/hotels/SIFM');
    expect(frankfurt.querySelector('img')?.getAttribute('src')).toBe('/i/SIFM.svg');
  });

  it('removes a hotel: it leaves the list, the removal is announced and the focus goes to the heading', async () => {
    const { handler, state } = favouritesBff(['JAZB', 'SIFM']);
    await renderApp('/en/account/favourites', handler);
    const list = await screen.findByRole('list', { name: 'Your favourite hotels' }, { timeout: 30_000 });
    const jaz = await within(list).findByRole('article', { name: 'Jaz Berlin' });
    await userEvent.click(await within(jaz).findByRole('button', { name: 'Remove Jaz Berlin from favourites' }));
    await waitFor(() => expect(within(list).queryByRole('article', { name: 'Jaz Berlin' })).toBeNull());
    expect(state.changes).toEqual(['DELETE JAZB']);
    await waitFor(() => expect(screen.getAllByRole('status').some((status) => status.textContent === 'Jaz Berlin was removed from your favourite hotels.')).toBe(true));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Favourite hotels' }));
  });

  it('keeps a hotel the BFF would not remove, and says so in its row', async () => {
    const { handler } = favouritesBff(['JAZB'], { failChanges: [500] });
    await renderApp('/en/account/favourites', handler);
    const jaz = await screen.findByRole('article', { name: 'Jaz Berlin' }, { timeout: 30_000 });
    await userEvent.click(await within(jaz).findByRole('button', { name: 'Remove Jaz Berlin from favourites' }));
    expect(await within(jaz).findByText('Jaz Berlin could not be removed from your favourite hotels. Please try again.')).toBeTruthy();
    expect(within(jaz).getByRole('button', { name: 'Remove Jaz Berlin from favourites' })).toBeTruthy();
  });

  it('says when there are none yet, with a way to find a hotel', async () => {
    const { handler } = favouritesBff([]);
    await renderApp('/en/account/favourites', handler);
    const empty = (await screen.findByText('You have no favourite hotels yet. Press the heart on a hotel to keep it here.', {}, { timeout: 30_000 })).parentElement as HTMLElement;
    expect(within(empty).getByRole('link', { name: 'Find a hotel' }).getAttribute('href')).toBe('/en/find-a-hotel');
  });

  it('says when the list could not be loaded, and tries again', async () => {
    const { handler, state } = favouritesBff(['JAZB'], { readsFail: true });
    await renderApp('/en/account/favourites', handler);
    // After the query's own retries.
    const failed = await screen.findByRole('alert', {}, { timeout: 30_000 });
    expect(failed.textContent).toContain('Your favourite hotels could not be loaded.');
    state.readsFail = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Jaz Berlin' })).toBeTruthy();
  });
});
