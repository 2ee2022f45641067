import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Brand, BrandDetail, Destination } from '../../contract/content';
import { renderApp } from '../../../test/web/render-app';

const jaz: Brand = {
  code: 'jaz',
  brandName: 'Jaz in the City',
  theme: 'jaz',
  tagline: 'Music in the city',
  description: 'Lively hotels.',
  teaserLink: '/brands/jaz',
  hotelCount: 2,
};
const berlin: Destination = { city: 'Berlin', country: 'Germany', countryCode: 'DE', hotelCount: 5, image: { url: '/x.svg', alt: '' } };
const jazDetail: BrandDetail = {
  ...jaz,
  hotels: [
    {
      hotelCode: 'JAZAMS',
      hotelName: 'Jaz Amsterdam',
      brandCode: 'jaz',
      city: 'Amsterdam',
      countryCode: 'NL',
      image: { url: '/a.svg', alt: 'Facade' },
      openingDate: null,
      useExternalBooking: false,
    },
  ],
};

function contentHandler(url: URL) {
  if (url.pathname === '/bff/content/brands') return { body: { data: [jaz] } };
  if (url.pathname === '/bff/content/destinations') return { body: { data: [berlin] } };
  if (url.pathname === '/bff/content/brands/jaz') return { body: { data: jazDetail } };
  return undefined;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'NEXT_LOCALE=; Max-Age=0; Path=/';
});

describe('site shell', () => {
  it('shows the home page with brands and destinations from the BFF, in the group theme', async () => {
    const { container } = await renderApp('/en/', contentHandler);
    const brands = await screen.findByRole('region', { name: 'Our brands' }, { timeout: 30_000 });
    expect(await within(brands).findByText('Jaz in the City', { selector: '.card__title' })).toBeTruthy();
    expect(within(brands).getByText('2 hotels')).toBeTruthy();
    const destinations = screen.getByRole('region', { name: 'Popular destinations' });
    expect(await within(destinations).findByText('Berlin')).toBeTruthy();
    expect(container.querySelector('.site')?.getAttribute('data-theme')).toBe('hworld');
    expect(document.documentElement.lang).toBe('en');
  });

  it('renders Arabic right to left with Arabic plurals', async () => {
    await renderApp('/ar/', contentHandler);
    await screen.findByRole('region', { name: 'علاماتنا التجارية' });
    expect(await screen.findByText('فندقان')).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.cookie).toContain('NEXT_LOCALE=ar');
  });

  it('shows loading placeholders, then an error with a retry when content fails', async () => {
    let fail = true;
    await renderApp('/en/', (url) => {
      if (url.pathname === '/bff/content/brands' && fail) return { status: 500, body: {} };
      return contentHandler(url);
    });
    expect(await screen.findByText('Loading our brands…')).toBeTruthy();
    const alert = await screen.findByText('Our brands could not be loaded.', undefined, { timeout: 30_000 });
    fail = false;
    await userEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Jaz in the City', { selector: '.card__title' })).toBeTruthy();
  });

  it('paints a brand page in the brand theme', async () => {
    const { container } = await renderApp('/en/brands/jaz', contentHandler);
    expect(await screen.findByRole('heading', { level: 1, name: 'Jaz in the City' })).toBeTruthy();
    await waitFor(() => expect(container.querySelector('.site')?.getAttribute('data-theme')).toBe('jaz'));
  });

  it('shows the not-found page for an unknown locale, an unbuilt page and unknown content', async () => {
    const first = await renderApp('/xx/', contentHandler);
    expect(await screen.findByRole('heading', { level: 1, name: 'We can’t find that page' })).toBeTruthy();
    first.unmount();
    const second = await renderApp('/de/check-in', contentHandler);
    expect(await screen.findByRole('heading', { level: 1, name: 'Diese Seite finden wir nicht' })).toBeTruthy();
    second.unmount();
    await renderApp('/en/brands/nobody', contentHandler);
    expect(await screen.findByRole('heading', { level: 1, name: 'We can’t find that page' })).toBeTruthy();
  });

  it('switches the locale in place, keeping the query', async () => {
    const { router } = await renderApp('/en/brands/jaz?from=teaser', contentHandler);
    await screen.findByRole('heading', { level: 1, name: 'Jaz in the City' });
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'de');
    await waitFor(() => expect(router.state.location.href).toBe('/de/brands/jaz?from=teaser'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Unsere Hotels' })).toBeTruthy();
  });

  it('redirects / to the remembered locale', async () => {
    document.cookie = 'NEXT_LOCALE=pl; Path=/';
    const { router } = await renderApp('/', contentHandler);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pl/'));
  });
});
