// @vitest-environment-options {"url": "https://www.example.com/"}
import { dehydrate } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageApp, stopPageApps } from '../../../../test/web/page-app';
import { cartFixture } from '../../../machines/cart/cart.fixtures';
import { selectPhase } from '../../../machines/cart/cart.selectors';
import { activateLocaleOfPath } from '../../../services/i18n/catalogs';

/*
 * A reloaded check-out page: the server renders it without a cart (it knows no session). By the time the
 * browser takes the page's part over, the cart may already run (the app starts it as soon as the outer
 * page is taken over). The first render in the browser must still be the server's page, or React throws
 * the server's markup away (error #418); the cart shows from the next render on.
 */

const PAGE = '/en/booking/check-out?location=JAZB&startDate=2027-04-01&endDate=2027-04-03&room-1-adults=2&room-1-rate-code=FLEX&room-1-room-type-code=DBL&cart_id=cart-1';

/** The BFF as the page needs it: no flag rules (every flag at its default), no service messages, the cart of the address. */
function stubBff() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://site.test');
      const body = url.pathname.startsWith('/api/features/')
        ? { features: {} }
        : url.pathname === '/bff/content/service-messages'
          ? { data: [] }
          : url.pathname.startsWith('/bff/ecommerce/cart')
            ? { data: cartFixture() }
            : null;
      return new Response(JSON.stringify(body ?? { error: { code: 'not_found', message: 'Not found' } }), {
        status: body ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  stubBff();
  await activateLocaleOfPath('/en/');
});

afterEach(() => {
  stopPageApps();
  vi.unstubAllGlobals();
  delete document.documentElement.dataset.appReady;
  document.head.querySelectorAll('link').forEach((link) => link.remove());
});

describe('a reloaded check-out page', () => {
  it('is taken over without a hydration mismatch while its cart already runs, and then shows the cart', async () => {
    // The server: the app's actors never start, so no session and no cart.
    const server = await pageApp(PAGE);
    // The router renders as on a server (no Suspense boundary of its own at the top), as the browser's does below.
    server.router.ssr = { manifest: undefined };
    const { prelude } = await prerender(server.element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
    const html = await new Response(prelude).text();
    expect(html).toContain('data-checkout-skeleton');
    // As the site's server writes the page: React's head elements (links) into the head.
    const headElements = /^(?:<link\b[^>]*>)*/.exec(html)?.[0] ?? '';
    document.head.insertAdjacentHTML('beforeend', headElements);
    const container = document.createElement('div');
    container.innerHTML = html.slice(headElements.length);
    document.body.append(container);

    // The browser: the cart is running and loaded before the page is taken over.
    const browser = await pageApp(PAGE, dehydrate(server.queryClient));
    browser.system.app.send({ type: 'app.started' });
    await waitFor(
      () => {
        const cart = browser.system.app.getSnapshot().context.cart;
        expect(cart && selectPhase(cart.getSnapshot())).toBe('ready');
      },
      { timeout: 10_000 },
    );
    browser.router.ssr = { manifest: undefined };
    const recoverable = vi.fn();
    const root = await act(async () => hydrateRoot(container, browser.element, { onRecoverableError: recoverable }));

    // Right after, the cart's form replaces the loading shape, under the same booking steps.
    expect(await screen.findByRole('heading', { name: 'Guest details' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Booking steps' })).toBeTruthy();
    expect(recoverable).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });

  it('shows the booking steps on the server too, linking back to the rooms of the search in the address', async () => {
    const server = await pageApp(PAGE);
    const { prelude } = await prerender(server.element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
    const container = document.createElement('div');
    container.innerHTML = await new Response(prelude).text();
    const back = container.querySelector('nav[aria-label="Booking steps"] a');
    expect(back?.getAttribute('href')).toMatch(/^\/en\/booking\/select-room-rate\?.*location=JAZB/);
    expect(back?.getAttribute('href')).toContain('room-1-rate-code=FLEX');
  });
});
