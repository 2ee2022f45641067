import { useRouter } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { Locale } from '../../contract/locales';
import { createLiveHotelCheckoutLogic } from '../../machines/hotel-checkout/hotel-checkout.live';
import type { HotelCheckoutStart } from '../../machines/hotel-checkout/hotel-checkout.types';
import { selectToken } from '../../machines/session/session.selectors';
import { SessionActorContext, useAppSystem } from '../shell/session-context';
import { HotelCheckoutActorContext } from './hotel-checkout-context';

function browserInfo() {
  return {
    user_agent: navigator.userAgent.slice(0, 500),
    language: navigator.language.slice(0, 35),
    screen_width: window.screen.width,
    screen_height: window.screen.height,
    time_zone_offset: new Date().getTimezoneOffset(),
  };
}

/**
 * Runs the hotel-checkout machine for one way in (machines/hotel-checkout/hotel-checkout.live.ts) with this
 * page's part of its effects: the checkout page opened in place of the link (the token leaves the address),
 * the provider's page, and the member's balance read again once the stay's points are credited. The actor
 * starts in the browser only, so the server's render sends nothing.
 */
export function HotelCheckoutProvider({ locale, start, page, children }: { locale: Locale; start: HotelCheckoutStart; page: 'redirect' | 'folio'; children: ReactNode }) {
  const router = useRouter();
  const { channel } = useAppSystem();
  const session = SessionActorContext.useActorRef();
  const [input] = useState(() => ({ locale, start, page, newKey: () => crypto.randomUUID() }));
  const logic = useMemo(
    () =>
      createLiveHotelCheckoutLogic({
        // Calls read the member's token when they start (a token renewed meanwhile is the one sent).
        access: () => {
          const token = selectToken(session.getSnapshot());
          return token ? { token, channel } : null;
        },
        openCheckout: (pageLocale, checkoutId) =>
          void router.navigate({ to: '/$locale/checkout/folio', params: { locale: pageLocale }, search: { checkout_id: checkoutId }, replace: true }),
        returnUrl: (pageLocale, checkoutId) =>
          `${window.location.origin}${router.buildLocation({ to: '/$locale/checkout/folio', params: { locale: pageLocale }, search: { checkout_id: checkoutId, returned: 1 } }).href}`,
        goToProvider: (url) => window.location.assign(url),
        browserInfo,
        pointsCredited: () => session.send({ type: 'member.reload' }),
      }),
    [router, session, channel],
  );
  return (
    <HotelCheckoutActorContext.Provider logic={logic} options={{ input }}>
      {children}
    </HotelCheckoutActorContext.Provider>
  );
}
