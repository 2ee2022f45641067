import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { createActor, fromTransition } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Cart } from '../../../contract/ecommerce';
import type { Locale } from '../../../contract/locales';
import { cartFixture } from '../../../machines/cart/cart.fixtures';
import type { CartRef } from '../../../machines/app/app.types';
import { CartActorContext } from './checkout-context';
import { LegalSection } from './LegalSection';

/** The terms as the page shows them for a cart (the section reads only the cart). */
function renderTerms(cart: Cart, locale: Locale) {
  i18n.loadAndActivate({ locale, messages: {} });
  const actor = createActor(fromTransition((state) => state, { cart }));
  actor.start();
  render(
    <I18nProvider i18n={i18n}>
      <CartActorContext.Provider value={actor as unknown as CartRef}>
        <LegalSection locale={locale} />
      </CartActorContext.Provider>
    </I18nProvider>,
  );
}

describe('the terms before paying', () => {
  it('write the end of free cancellation in Berlin time as the site writes times: 24 hours in English', () => {
    // The fixture's room is free to cancel until 16:00 UTC on 31 March 2027: 18:00 in Berlin (summer time).
    renderTerms(cartFixture(), 'en');
    expect(screen.getByText(/Free cancellation until 31 Mar 2027, 18:00 \(Berlin time\)\./)).toBeTruthy();
  });
});
