import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { favouritesMachine } from '../../machines/favourites/favourites.machine';
import { FavouriteHeart } from './FavouriteHeart';

const HOTEL = { hotelCode: 'JAZB', hotelName: 'Jaz Berlin' };
i18n.loadAndActivate({ locale: 'en', messages: {} });

const heartOf = (favourites: ReturnType<typeof createActor<typeof favouritesMachine>>) => (
  <I18nProvider i18n={i18n}>
    <FavouriteHeart favourites={favourites} hotel={HOTEL} />
  </I18nProvider>
);

describe('a hotel’s heart', () => {
  it('is rendered on the server not pressed and not pressable, as the browser’s first render shows it', async () => {
    const { prelude } = await prerender(heartOf(createActor(favouritesMachine)));
    const html = await new Response(prelude).text();
    expect(html).toContain('aria-pressed="false"');
    expect(html).toContain('disabled=""');
    expect(html).toContain('aria-label="Save Jaz Berlin to favourites"');
  });

  it('can be pressed with the keyboard once the visitor is known, and then asks them to sign in', async () => {
    const favourites = createActor(favouritesMachine).start();
    render(heartOf(favourites));
    const heart = screen.getByRole('button', { name: 'Save Jaz Berlin to favourites' });
    expect(heart.hasAttribute('disabled')).toBe(true);
    favourites.send({ type: 'session.signedOut' });
    await screen.findByRole('button', { name: 'Save Jaz Berlin to favourites', pressed: false });
    expect(heart.hasAttribute('disabled')).toBe(false);
    heart.focus();
    await userEvent.keyboard('{Enter}');
    expect(favourites.getSnapshot().matches({ signedOut: 'askingSignIn' })).toBe(true);
    expect(favourites.getSnapshot().context.intent).toEqual(HOTEL);
    favourites.stop();
  });
});
