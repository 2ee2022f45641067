import { useRouter } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { Locale } from '../../contract/locales';
import { createLiveCheckinLogic, hotelToday } from '../../machines/checkin/checkin.live';
import type { CheckinEntry, CheckinInput } from '../../machines/checkin/checkin.types';
import { selectToken } from '../../machines/session/session.selectors';
import { SessionActorContext, useAppSystem } from '../shell/session-context';
import { CheckinActorContext } from './checkin-context';

/** The browser's facts the provider's risk check asks for (3-D Secure). */
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
 * Runs the check-in machine for the page, with its effects bound (machines/checkin/checkin.live.ts): the
 * BFF's calls with the member's token as it is when each starts, the address (the mail's token out, the
 * check-in's id in, the entry replaced), and the provider's page. The actor starts in the browser only, so
 * the server's render of the page sends nothing. Its input is taken once: the page's own address changes
 * (token out, id in) do not start it again.
 */
export function CheckinProvider({ locale, entry, children }: { locale: Locale; entry: CheckinEntry; children: ReactNode }) {
  const router = useRouter();
  const session = SessionActorContext.useActorRef();
  const { channel } = useAppSystem();
  const [input] = useState<CheckinInput>(() => ({ locale, entry, today: hotelToday(), newKey: () => crypto.randomUUID() }));
  const logic = useMemo(
    () =>
      createLiveCheckinLogic({
        access: () => ({ token: selectToken(session.getSnapshot()), channel }),
        returnUrl: (pageLocale, checkinId) =>
          `${window.location.origin}${router.buildLocation({ to: '/$locale/checkin/personal-details', params: { locale: pageLocale }, search: { checkin_id: checkinId } }).href}`,
        browserInfo,
        showInAddress: (checkinId) =>
          void router.navigate({
            to: '/$locale/checkin/personal-details',
            params: { locale },
            search: checkinId ? { checkin_id: checkinId } : {},
            replace: true,
          }),
        goToProvider: (url) => window.location.assign(url),
      }),
    [router, session, channel, locale],
  );
  return (
    <CheckinActorContext.Provider logic={logic} options={{ input }}>
      {children}
    </CheckinActorContext.Provider>
  );
}
