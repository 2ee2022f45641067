import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Brand, BrandDetail, Destination } from '../../contract/content';
import { renderApp } from '../../../test/web/render-app';

const jaz: Brand = { code: 'jaz', brandName: 'Jaz in the City', theme: 'jaz', tagline: 'Music in the city', description: 'Lively hotels.', teaserLink: '/brands/jaz', hotelCount: 0 };
const jazDetail: BrandDetail = { ...jaz, hotels: [] };
const berlin: Destination = { city: 'Berlin', country: 'Germany', countryCode: 'DE', hotelCount: 5, image: { url: '/x.svg', alt: '' } };

function contentHandler(url: URL) {
  if (url.pathname === '/bff/content/brands') return { body: { data: [jaz] } };
  if (url.pathname === '/bff/content/destinations') return { body: { data: [berlin] } };
  if (url.pathname === '/bff/content/brands/jaz') return { body: { data: jazDetail } };
  return undefined;
}

describe('the theme follows the router', () => {
  it('paints a brand page in its brand theme, and the group theme again once the visitor goes on', async () => {
    const { container, router } = await renderApp('/en/brands/jaz', contentHandler);
    const theme = () => container.querySelector('.site')?.getAttribute('data-theme');
    await screen.findByRole('heading', { level: 1, name: 'Jaz in the City' });
    await waitFor(() => expect(theme()).toBe('jaz'));
    expect(document.documentElement.dataset.theme).toBe('jaz');
    await router.navigate({ to: '/$locale/', params: { locale: 'en' } });
    await waitFor(() => expect(theme()).toBe('hworld'));
    router.history.back();
    await waitFor(() => expect(theme()).toBe('jaz'));
  });
});
