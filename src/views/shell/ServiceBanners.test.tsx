import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServiceMessage } from '../../contract/content';
import { createAppSystem } from '../../app-actor';
import type { AppSystem } from '../../app-actor';
import { serviceMessagesQuery } from '../../services/content/queries';
import { bannerStorageKey } from '../../services/content/service-messages';
import { ServiceBanners } from './ServiceBanners';
import { AppSystemContext } from './session-context';
import { MOBILE_MEDIA_QUERY } from './use-mobile-screen';

const maintenance: ServiceMessage = {
  id: 1,
  attributes: {
    targetUrls: '/find-a-hotel/',
    isOpenedByDefault: true,
    header: 'Planned maintenance',
    description: '<p>Search may be <strong>slower</strong> tonight.</p>',
    backgroundColor: '#fff4d6',
  },
};
const hours: ServiceMessage = {
  id: 2,
  attributes: { targetUrls: '', isOpenedByDefault: true, header: 'We are here for you', description: '<p>Every day 08:00 to 20:00.</p>', backgroundColor: '#e8f1fb' },
};
const startsClosed: ServiceMessage = {
  id: 3,
  attributes: { targetUrls: 'account/.*', isOpenedByDefault: false, header: 'New account pages', description: '<p>Have a look.</p>', backgroundColor: '#eee' },
};
const MESSAGES = [maintenance, hours, startsClosed];

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  systems.forEach((system) => system.stop());
  systems = [];
  vi.unstubAllGlobals();
  document.querySelectorAll('dialog').forEach((dialog) => dialog.remove());
  localStorage.clear();
});

let systems: AppSystem[] = [];

/** The banners of a page with the app's actor system (not yet started: as on the server and before hydration). */
function tree(pathname: string, messages: ServiceMessage[] = MESSAGES) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The app loads the messages of the path's language; the banners show those the view reads.
  queryClient.setQueryData(serviceMessagesQuery('en').queryKey, messages);
  queryClient.setQueryData(serviceMessagesQuery('de').queryKey, messages);
  const system = createAppSystem({
    queryClient,
    router: () => {
      throw new Error('no router in these tests');
    },
    location: { pathname, hash: '' },
  });
  systems.push(system);
  const element = (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AppSystemContext.Provider value={system}>
          <ServiceBanners locale="en" pathname={pathname} />
        </AppSystemContext.Provider>
      </QueryClientProvider>
    </I18nProvider>
  );
  return { element, system };
}

/** Takes the page over, as the app's root does once hydrated: the app starts the banners. */
async function takeOver(system: AppSystem) {
  await act(async () => {
    system.app.send({ type: 'app.started' });
    await waitFor(() => expect(system.app.getSnapshot().matches({ banners: 'shown' })).toBe(true));
  });
}

/** Renders a page's banners in the browser, taken over. */
async function renderBanners(pathname: string, messages?: ServiceMessage[]) {
  const { element, system } = tree(pathname, messages);
  const view = render(element);
  await takeOver(system);
  return view;
}

/** Text the visitor can see: present and not inside a hidden element. */
const visibleText = (text: string) => {
  const element = screen.queryByText(text);
  return element !== null && element.closest('[hidden]') === null;
};
const bannerNamed = (name: string) => screen.queryByRole('region', { name });
const toggleOf = (name: string) => within(screen.getByRole('region', { name })).getByRole('button');

/** A matchMedia whose answer for the mobile query the test sets, notifying listeners like a browser. */
function stubViewport(mobile: boolean) {
  const listeners = new Set<() => void>();
  const state = { mobile };
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === MOBILE_MEDIA_QUERY && state.mobile;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return (next: boolean) => {
    state.mobile = next;
    listeners.forEach((listener) => listener());
  };
}

async function openDialog(): Promise<HTMLDialogElement> {
  const dialog = document.createElement('dialog');
  dialog.setAttribute('open', '');
  // MutationObserver callbacks run as microtasks: let them and React's update run.
  await act(async () => {
    document.body.append(dialog);
    await Promise.resolve();
  });
  return dialog;
}

describe('service banners', () => {
  it('are in the server page as they open by default, and the browser takes them over without moving them', async () => {
    const { prelude } = await prerender(tree('/en/find-a-hotel').element);
    const html = await new Response(prelude).text();
    expect(html).toContain('Planned maintenance');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    // The text is there before any script runs, as plain text (the server has no DOM to sanitise HTML with).
    expect(within(container).getByRole('region', { name: 'Planned maintenance' }).textContent).toContain('Search may be slower tonight.');
    const recoverable = vi.fn();
    const { element, system } = tree('/en/find-a-hotel');
    const root = await act(async () => hydrateRoot(container, element, { onRecoverableError: recoverable }));
    expect(within(container).getAllByRole('region').map((region) => within(region).getByRole('heading').textContent)).toEqual(['Planned maintenance', 'We are here for you']);
    await takeOver(system);
    // Taken over: the editor's formatting, sanitised, in the same place.
    await waitFor(() => expect(within(container).getByRole('region', { name: 'Planned maintenance' }).querySelector('strong')?.textContent).toBe('slower'));
    expect(recoverable).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });

  it('in the server page keep no markup of the message, only its text', async () => {
    const scripted: ServiceMessage = {
      id: 9,
      attributes: { targetUrls: '', isOpenedByDefault: true, header: 'Tricky', description: '<p>One &amp; two<script>alert(1)</script></p><p>Three<br>four <img src=x onerror=alert(1)></p>', backgroundColor: '#eee' },
    };
    const { prelude } = await prerender(tree('/en/', [scripted]).element);
    const html = await new Response(prelude).text();
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    const container = document.createElement('div');
    container.innerHTML = html;
    expect([...container.querySelectorAll('.service-banner__body p')].map((line) => line.textContent)).toEqual(['One & two', 'Three', 'four']);
  });

  it.each([
    ['/en/find-a-hotel', ['Planned maintenance', 'We are here for you']],
    ['/en/find-a-hotel/', ['Planned maintenance', 'We are here for you']],
    ['/en/', ['We are here for you']],
    ['/de/account/overview', ['We are here for you', 'New account pages']],
  ])('on %s show the messages targeted at it: %j', async (pathname, headers) => {
    await renderBanners(pathname);
    expect(screen.getAllByRole('region').map((region) => within(region).getByRole('heading').textContent)).toEqual(headers);
  });

  it('start as isOpenedByDefault says when the visitor has not chosen', async () => {
    await renderBanners('/en/account/overview');
    expect(toggleOf('We are here for you').getAttribute('aria-expanded')).toBe('true');
    expect(visibleText('Every day 08:00 to 20:00.')).toBe(true);
    expect(toggleOf('New account pages').getAttribute('aria-expanded')).toBe('false');
    expect(visibleText('Have a look.')).toBe(false);
  });

  it('close and open with the toggle, keep the choice per message and start as chosen next time', async () => {
    const user = userEvent.setup();
    const first = await renderBanners('/en/find-a-hotel');
    await user.click(toggleOf('Planned maintenance'));
    expect(toggleOf('Planned maintenance').getAttribute('aria-expanded')).toBe('false');
    expect(toggleOf('Planned maintenance').textContent).toBe('Open');
    expect(visibleText('slower')).toBe(false);
    expect(localStorage.getItem(bannerStorageKey(maintenance.id))).toBe('false');
    expect(localStorage.getItem(bannerStorageKey(hours.id))).toBeNull();
    expect(toggleOf('We are here for you').getAttribute('aria-expanded')).toBe('true');
    first.unmount();

    await renderBanners('/en/find-a-hotel');
    expect(toggleOf('Planned maintenance').getAttribute('aria-expanded')).toBe('false');
    await user.click(toggleOf('Planned maintenance'));
    expect(toggleOf('Planned maintenance').getAttribute('aria-expanded')).toBe('true');
    expect(toggleOf('Planned maintenance').textContent).toBe('Close');
    expect(visibleText('slower')).toBe(true);
    expect(localStorage.getItem(bannerStorageKey(maintenance.id))).toBe('true');
  });

  it('honour a kept open state over a closed default', async () => {
    localStorage.setItem(bannerStorageKey(startsClosed.id), 'true');
    await renderBanners('/en/account/bookings');
    expect(toggleOf('New account pages').getAttribute('aria-expanded')).toBe('true');
  });

  it('link the toggle to the text it shows and hides, and paint the message colour', async () => {
    await renderBanners('/en/find-a-hotel');
    const region = screen.getByRole('region', { name: 'Planned maintenance' });
    const controlled = document.getElementById(toggleOf('Planned maintenance').getAttribute('aria-controls') ?? '');
    expect(controlled?.textContent).toBe('Search may be slower tonight.');
    expect(region.style.getPropertyValue('--service-banner-background')).toBe('#fff4d6');
  });

  it('step aside while a modal is open on a mobile screen, and come back when it closes', async () => {
    stubViewport(true);
    await renderBanners('/en/find-a-hotel');
    expect(bannerNamed('Planned maintenance')).not.toBeNull();
    const dialog = await openDialog();
    expect(screen.queryAllByRole('region')).toEqual([]);
    // Out of sight and reach, but in their place: the page under the modal does not move.
    const kept = [...document.querySelectorAll('[data-service-message]')];
    expect(kept).toHaveLength(2);
    for (const banner of kept) expect(banner.classList.contains('service-banner--concealed') && banner.hasAttribute('inert')).toBe(true);
    await act(async () => {
      dialog.removeAttribute('open');
      await Promise.resolve();
    });
    expect(screen.getAllByRole('region')).toHaveLength(2);
  });

  it('stay beside a modal on a wide screen, and step aside when the screen narrows', async () => {
    const resize = stubViewport(false);
    await renderBanners('/en/find-a-hotel');
    await openDialog();
    expect(screen.getAllByRole('region')).toHaveLength(2);
    act(() => resize(true));
    expect(screen.queryAllByRole('region')).toEqual([]);
    act(() => resize(false));
    expect(screen.getAllByRole('region')).toHaveLength(2);
  });

  it('keep their open state while hidden under a modal', async () => {
    const user = userEvent.setup();
    stubViewport(true);
    await renderBanners('/en/find-a-hotel');
    await user.click(toggleOf('Planned maintenance'));
    const dialog = await openDialog();
    await act(async () => {
      dialog.remove();
      await Promise.resolve();
    });
    expect(toggleOf('Planned maintenance').getAttribute('aria-expanded')).toBe('false');
  });
});

describe('banner content', () => {
  it('renders no script from a message into the page', async () => {
    const hostile: ServiceMessage = {
      ...hours,
      attributes: { ...hours.attributes, description: '<p>Hello</p><img src="x" onerror="window.__pwned = true"><script>window.__pwned = true</script>' },
    };
    await renderBanners('/en/', [hostile]);
    const region = screen.getByRole('region', { name: 'We are here for you' });
    expect(region.querySelector('script')).toBeNull();
    expect(region.querySelector('[onerror]')).toBeNull();
    expect(screen.getByText('Hello')).toBeTruthy();
  });
});
