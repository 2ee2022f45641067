import { dehydrate } from '@tanstack/react-query';
import type { DehydratedState } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validToken } from '../../../test/auth/tokens';
import { pageApp, stopPageApps } from '../../../test/web/page-app';
import { MEMBER_HINT_COOKIE } from '../../contract/member-hint';
import { activateLocaleOfPath } from '../../services/i18n/catalogs';

/*
 * The home page as the server paints it and the browser takes it over.
 *
 * The header's member corner as the server paints it (src/contract/member-hint.ts): the server does not
 * know the session, so it paints both the visitor's Sign in button and the member's corner while loading;
 * the page's style shows the one the member hint cookie points to. The browser takes that markup over as
 * it is, then shows what the session turns out to be.
 *
 * What the browser takes over first (src/views/ui/HydratesLater.tsx): the header, then the route's content
 * with the search form, and only then the sections below it and the footer.
 */

const PAGE = '/en/';

function stubBff() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://site.test');
      const bodies: Record<string, unknown> = {
        '/bff/members/profile': {
          data: { Guid: 'guid-mia', email: 'mia@example.com', firstName: 'Mia', lastName: 'Muster', salutation: 'ms', birthday: null, locale: 'en', address: null, dailypointMasterId: 'dp-1', profileComplete: true, extras: {} },
        },
        '/bff/members/status': { data: { dailypointStatus: { reward_level: 'DB', rewards_points: 1200 }, strapiStatus: { crs_id: null } } },
      };
      const body = url.pathname.startsWith('/api/features/') ? { features: {} } : url.pathname.startsWith('/bff/content/') ? { data: [] } : bodies[url.pathname];
      return new Response(JSON.stringify(body ?? { error: { code: 'not_found', message: 'Not found' } }), {
        status: body ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

/** The app at the page, rendering as on a server (no Suspense boundary of the router's own at the top). */
async function appAt(path: string, serverData?: DehydratedState) {
  const app = await pageApp(path, serverData);
  app.router.ssr = { manifest: undefined };
  return app;
}

/** The server's page, then the browser taking it over and starting the app. */
async function serverPageThenBrowser() {
  const server = await appAt(PAGE);
  const { prelude } = await prerender(server.element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const html = await new Response(prelude).text();
  const headElements = /^(?:<link\b[^>]*>)*/.exec(html)?.[0] ?? '';
  const container = document.createElement('div');
  container.innerHTML = html.slice(headElements.length);
  document.body.append(container);
  const browser = await appAt(PAGE, dehydrate(server.queryClient));
  const recoverable = vi.fn();
  const root = await act(async () => hydrateRoot(container, browser.element, { onRecoverableError: recoverable }));
  // As start-app.tsx does once the page is taken over: the session reads the stored token.
  act(() => browser.system.app.send({ type: 'app.started' }));
  return { html, container, recoverable, unmount: () => act(() => root.unmount()) };
}

const hintCookie = () => document.cookie.split('; ').find((pair) => pair.startsWith(`${MEMBER_HINT_COOKIE.name}=`));

beforeEach(async () => {
  localStorage.clear();
  document.cookie = `${MEMBER_HINT_COOKIE.name}=; Path=/; Max-Age=0`;
  stubBff();
  await activateLocaleOfPath(PAGE);
});

afterEach(() => {
  stopPageApps();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.replaceChildren();
  document.head.querySelectorAll('link').forEach((link) => link.remove());
});

describe('the header’s member corner on a page from the server', () => {
  it('is painted both ways by the server, for the page’s style to pick by the member hint', async () => {
    const { html, unmount } = await serverPageThenBrowser();
    const corner = /<div class="account-menu-unsettled">.*?<\/section>/s.exec(html)?.[0] ?? '';
    expect(corner).toContain('Sign in');
    expect(corner).toContain('Loading your membership…');
    unmount();
  });

  it('becomes the member’s corner for a signed-in member, taken over without a hydration error, and the hint is kept', async () => {
    localStorage.setItem('token', validToken(Date.now(), { sub: 'guid-mia' }));
    const { container, recoverable, unmount } = await serverPageThenBrowser();
    const membership = await within(container).findByRole('region', { name: 'Your membership' });
    await waitFor(() => expect(membership.textContent).toContain('Mia'));
    expect(within(container).queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(container.querySelector('.account-menu-unsettled')).toBeNull();
    expect(hintCookie()).toBe(`${MEMBER_HINT_COOKIE.name}=1`);
    expect(recoverable).not.toHaveBeenCalled();
    unmount();
  });

  it('becomes the Sign in button alone for a visitor, and a stale hint is removed', async () => {
    document.cookie = `${MEMBER_HINT_COOKIE.name}=1; Path=/`;
    const { container, recoverable, unmount } = await serverPageThenBrowser();
    await waitFor(() => expect(container.querySelector('.account-menu-unsettled')).toBeNull());
    expect(within(container).getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText('Loading your membership…')).toBeNull();
    expect(hintCookie()).toBeUndefined();
    expect(recoverable).not.toHaveBeenCalled();
    unmount();
  });
});

describe('the home page from the server', () => {
  it('marks what is below the search form, and the footer, to be taken over after the rest, and takes them over without error', async () => {
    const { html, container, recoverable, unmount } = await serverPageThenBrowser();
    // React's boundary markers: the header is outside any; the search form (in the route's boundary)
    // before the sections below it and the footer, each in a boundary of its own.
    const boundaries = [...html.matchAll(/<!--\$-->/g)].map((match) => match.index);
    expect(html.indexOf('<header')).toBeLessThan(Math.min(...boundaries));
    const opening = (marker: string) => html.slice(html.indexOf(marker) - '<!--$-->'.length, html.indexOf(marker));
    expect(opening('<div class="page"><section class="section" id="brands"')).toBe('<!--$-->');
    expect(opening('<footer')).toBe('<!--$-->');
    expect(html.indexOf('id="home-title"')).toBeLessThan(html.indexOf('id="brands"'));
    await waitFor(() => expect(within(container).getByRole('contentinfo')).toBeTruthy());
    expect(recoverable).not.toHaveBeenCalled();
    unmount();
  });
});

