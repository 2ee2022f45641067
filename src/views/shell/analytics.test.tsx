import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import type { RegisteredRouter } from '@tanstack/react-router';
import { createAppSystem, followRouter } from '../../app-actor';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { AnalyticsBatch, AnalyticsEvent } from '../../contract/analytics';
import type { Hotel } from '../../contract/content';
import { flushAnalytics, memberAreaTrackingAttributes, resetAnalytics } from '../../services/analytics/analytics';
import { chooseConsent } from '../../services/consent/consent';
import { hotelQuery } from '../../services/content/queries';

const hotel: Hotel = {
  hotelCode: 'JAZAMS',
  hotelName: 'Jaz Amsterdam',
  brandCode: 'jaz',
  city: 'Amsterdam',
  countryCode: 'NL',
  image: { url: '/a.svg', alt: '' },
  openingDate: null,
  useExternalBooking: false,
  description: '',
  address: { street: 'Street 1', postalCode: '1000', city: 'Amsterdam', countryCode: 'NL', country: 'Netherlands' },
  geo: { latitude: 52.3, longitude: 4.9 },
  timeZone: 'Europe/Amsterdam',
  features: [],
  images: [],
  externalBookingUrl: null,
  brand: { code: 'jaz', brandName: 'Jaz in the City', theme: 'jaz' },
};

const beacons: Promise<string>[] = [];

async function sentEvents(): Promise<AnalyticsEvent[]> {
  flushAnalytics();
  const batches = (await Promise.all(beacons)).map((text) => JSON.parse(text) as AnalyticsBatch);
  return batches.flatMap((batch) => batch.events);
}

function renderWithRouter(path: string) {
  const root = createRootRoute({
    component: () => (
      <Outlet />
    ),
  });
  const page = (pathname: string, content: () => React.ReactNode) => createRoute({ getParentRoute: () => root, path: pathname, component: content });
  const router = createRouter({
    routeTree: root.addChildren([
      page('/en/', () => <p>Home</p>),
      page('/en/hotels/$hotelCode', () => <p>Hotel</p>),
      page('/en/account/overview', () => (
        <button type="button" {...memberAreaTrackingAttributes('overview', 'my status')}>
          <span>My status</span>
        </button>
      )),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const queryClient = new QueryClient();
  queryClient.setQueryData(hotelQuery('en', 'JAZAMS').queryKey, hotel);
  // Page views are the app's: its actor system follows this router as it follows the site's.
  const system = createAppSystem({ queryClient, router: () => router as unknown as RegisteredRouter, location: { pathname: path, hash: '' } });
  const unfollow = followRouter(system, router as unknown as RegisteredRouter);
  onTestFinished(() => {
    unfollow();
    system.stop();
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  localStorage.clear();
  resetAnalytics();
  beacons.length = 0;
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: (_url: string, body: Blob) => beacons.push(body.text()) > 0 });
});

afterEach(() => {
  resetAnalytics();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('analytics from the app’s edge: page views and member-area clicks', () => {
  it('sends nothing before consent, then the page views of each navigation with their groups and hotel parameters', async () => {
    const router = renderWithRouter('/en/');
    await screen.findByText('Home');
    act(() => router.history.push('/en/hotels/JAZAMS'));
    await screen.findByText('Hotel');
    expect(await sentEvents()).toEqual([]);
    expect(localStorage.length).toBe(0);

    act(() => chooseConsent(['analytics']));
    await vi.waitFor(async () => expect(await sentEvents()).toHaveLength(2));
    const [home, hotelView] = await sentEvents();
    expect(home).toMatchObject({ type: 'page_view', pathname: '/en/', locale: 'en', pageType: 'Default' });
    expect(hotelView).toMatchObject({
      type: 'page_view',
      pathname: '/en/hotels/JAZAMS',
      pageType: 'Hotel',
      customParameters: { param1: 'jaz_amsterdam', param2: 'JAZAMS', param3: 'jaz' },
    });
    expect(localStorage.getItem('anonymousId')).not.toBeNull();
  });

  it('tracks clicks on member-area elements by their names', async () => {
    chooseConsent(['analytics']);
    renderWithRouter('/en/account/overview');
    await userEvent.click(await screen.findByText('My status'));
    const events = await sentEvents();
    expect(events.map((event) => event.type)).toEqual(['page_view', 'click']);
    expect(events[0]).toMatchObject({ pageType: 'Member' });
    expect(events[1]).toMatchObject({ type: 'click', area: 'overview', action: 'my status' });
  });

  it('sends nothing at all when the visitor refuses analytics', async () => {
    renderWithRouter('/en/');
    await screen.findByText('Home');
    act(() => chooseConsent(['video']));
    expect(await sentEvents()).toEqual([]);
    expect(localStorage.getItem('anonymousId')).toBeNull();
  });
});
