import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/web/render-app';
import { CONSENT_CATEGORIES, CONSENT_VERSION, chooseConsent, grantedCategories, hasChosen } from '../../../services/consent/consent';
import { activateLocaleOfPath } from '../../../services/i18n/catalogs';
import { ConsentBanner } from './ConsentBanner';
import { PrivacySettingsProvider } from './privacy-settings-context';

const bannerName = 'Your privacy';
const banner = () => screen.queryByRole('region', { name: bannerName });
const storedChoice = () => JSON.parse(localStorage.getItem('consent') ?? 'null') as { version: number; granted: string[] } | null;

async function openHome() {
  const view = await renderApp('/en/');
  await screen.findByRole('button', { name: 'Sign in' }, { timeout: 30_000 });
  return view;
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('consent banner', () => {
  it('asks on the first visit, and stores nothing until the visitor chooses', async () => {
    await openHome();
    const region = await screen.findByRole('region', { name: bannerName });
    expect(within(region).getByRole('heading', { name: bannerName })).toBeTruthy();
    for (const name of ['Accept all', 'Only necessary', 'Choose…']) expect(within(region).getByRole('button', { name })).toBeTruthy();
    expect(localStorage.getItem('consent')).toBeNull();
  });

  it('Accept all grants every category and hides the banner', async () => {
    await openHome();
    await userEvent.click(within(await screen.findByRole('region', { name: bannerName })).getByRole('button', { name: 'Accept all' }));
    expect(banner()).toBeNull();
    expect(document.activeElement).toBe(document.getElementById('main'));
    expect(storedChoice()).toMatchObject({ version: CONSENT_VERSION, granted: CONSENT_CATEGORIES.filter((category) => category !== 'necessary') });
    expect(CONSENT_CATEGORIES.every((category) => grantedCategories().has(category))).toBe(true);
  });

  it('Only necessary refuses everything else, counts as a choice and hides the banner', async () => {
    await openHome();
    await userEvent.click(within(await screen.findByRole('region', { name: bannerName })).getByRole('button', { name: 'Only necessary' }));
    expect(banner()).toBeNull();
    expect(storedChoice()).toMatchObject({ version: CONSENT_VERSION, granted: [] });
    expect(hasChosen()).toBe(true);
    expect([...grantedCategories()]).toEqual(['necessary']);
  });

  it('is not shown once the visitor has chosen, even if they refused everything', async () => {
    chooseConsent([]);
    await openHome();
    expect(screen.getByRole('button', { name: 'Privacy settings' })).toBeTruthy();
    expect(banner()).toBeNull();
  });

  it('asks again when the stored choice was given for another version of the categories', async () => {
    localStorage.setItem('consent', JSON.stringify({ version: CONSENT_VERSION - 1, at: Date.now(), granted: ['analytics'] }));
    await openHome();
    expect(await screen.findByRole('region', { name: bannerName })).toBeTruthy();
  });

  it('goes away when the visitor chooses in another tab', async () => {
    await openHome();
    await screen.findByRole('region', { name: bannerName });
    // Another tab writes the choice; this tab hears of it only through the storage event.
    localStorage.setItem('consent', JSON.stringify({ version: CONSENT_VERSION, at: Date.now(), granted: ['video'] }));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'consent' }));
    });
    expect(banner()).toBeNull();
  });

  async function serverPageThenHydrate() {
    await activateLocaleOfPath('/en/');
    const tree = (
      <I18nProvider i18n={i18n}>
        <PrivacySettingsProvider>
          <main>
            <ConsentBanner />
          </main>
        </PrivacySettingsProvider>
      </I18nProvider>
    );
    // As the site's server renders pages (decision 0010).
    const { prelude } = await prerender(tree);
    const html = await new Response(prelude).text();
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    const root = await act(async () => hydrateRoot(container, tree, { onRecoverableError: recoverable }));
    return { html, container, recoverable, root };
  }

  it('is in the server’s page, so it is painted before any script, and the browser takes it over as it is', async () => {
    const { html, container, recoverable, root } = await serverPageThenHydrate();
    expect(html).toContain(bannerName);
    expect(html).toContain('Accept all');
    expect(within(container).getByRole('region', { name: bannerName })).toBeTruthy();
    expect(recoverable).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });

  it('goes once the browser has read that the visitor chose, without a hydration error', async () => {
    chooseConsent(['video']);
    const { html, container, recoverable, root } = await serverPageThenHydrate();
    // The server paints it for everyone (its style hides it for a visitor whose cookie says they chose).
    expect(html).toContain(bannerName);
    await waitFor(() => expect(within(container).queryByRole('region', { name: bannerName })).toBeNull());
    expect(recoverable).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });
});

describe('privacy settings', () => {
  const settings = () => screen.getByRole('dialog', { name: 'Privacy settings' });

  async function openFromFooter() {
    const opener = screen.getByRole('button', { name: 'Privacy settings' });
    await userEvent.click(opener);
    return { opener, dialog: await screen.findByRole('dialog', { name: 'Privacy settings' }) };
  }

  it('opens from the footer with every category, necessary on and fixed, the rest as chosen', async () => {
    chooseConsent(['video']);
    await openHome();
    const { dialog } = await openFromFooter();
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes).toHaveLength(CONSENT_CATEGORIES.length);
    const necessary = within(dialog).getByRole('checkbox', { name: 'Necessary' }) as HTMLInputElement;
    expect(necessary.checked).toBe(true);
    expect(necessary.disabled).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'Videos' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'Statistics' }) as HTMLInputElement).checked).toBe(false);
    // Each category is described to screen readers too.
    const describedBy = within(dialog).getByRole('checkbox', { name: 'Statistics' }).getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toMatch(/^Counts visits and clicks/);
    expect(document.activeElement).toBe(boxes.find((box) => !(box as HTMLInputElement).disabled));
  });

  it('saves the chosen categories, closes and gives focus back to the footer button', async () => {
    chooseConsent(['video']);
    await openHome();
    const { opener, dialog } = await openFromFooter();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Statistics' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Videos' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save choices' }));
    expect(storedChoice()?.granted).toEqual(['analytics']);
    expect(screen.queryByRole('dialog', { name: 'Privacy settings' })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it.each([
    ['Accept all', CONSENT_CATEGORIES.filter((category) => category !== 'necessary')],
    ['Reject all', []],
  ])('%s stores that at once', async (button, granted) => {
    chooseConsent(['video']);
    await openHome();
    const { dialog } = await openFromFooter();
    await userEvent.click(within(dialog).getByRole('button', { name: button }));
    expect(storedChoice()?.granted).toEqual(granted);
    expect(screen.queryByRole('dialog', { name: 'Privacy settings' })).toBeNull();
  });

  it('closes on Escape without saving and gives focus back', async () => {
    chooseConsent(['video']);
    await openHome();
    const { opener, dialog } = await openFromFooter();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Marketing' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Privacy settings' })).toBeNull();
    expect(storedChoice()?.granted).toEqual(['video']);
    expect(document.activeElement).toBe(opener);
    // Opened again, it starts from the stored choice, not from the abandoned one.
    await userEvent.click(opener);
    expect((within(settings()).getByRole('checkbox', { name: 'Marketing' }) as HTMLInputElement).checked).toBe(false);
  });

  it('opens from the banner’s Choose…; saving hides the banner and puts focus on the page’s content', async () => {
    await openHome();
    await userEvent.click(within(await screen.findByRole('region', { name: bannerName })).getByRole('button', { name: 'Choose…' }));
    await userEvent.click(within(settings()).getByRole('checkbox', { name: 'Recent searches' }));
    await userEvent.click(within(settings()).getByRole('button', { name: 'Save choices' }));
    expect(storedChoice()?.granted).toEqual(['recentSearches']);
    expect(banner()).toBeNull();
    expect(document.activeElement).toBe(document.getElementById('main'));
  });
});
