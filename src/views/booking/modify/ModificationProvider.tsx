import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { Traveller } from '../../../contract/ecommerce';
import type { Locale } from '../../../contract/locales';
import { createLiveModificationLogic, modificationInput } from '../../../machines/modification/modification.live';
import { selectToken } from '../../../machines/session/session.selectors';
import { SessionActorContext, useAppSystem } from '../../shell/session-context';
import { confirmationLink } from '../confirmation/booking-format';
import { ModificationActorContext } from './modification-context';

interface ModificationProviderProps {
  locale: Locale;
  orderId: string;
  reservationNumber: string;
  currentTraveller: Traveller | null;
  children: ReactNode;
}

/**
 * Runs the modification machine for one reservation with the BFF calls bound (machines/modification/
 * modification.live.ts), and the way back to the confirmation, with a notice, once the change is complete.
 */
export function ModificationProvider({ locale, orderId, reservationNumber, currentTraveller, children }: ModificationProviderProps) {
  const session = SessionActorContext.useActorRef();
  const { channel } = useAppSystem();
  const router = useRouter();
  const queryClient = useQueryClient();
  const logic = useMemo(
    () =>
      createLiveModificationLogic({
        orderId,
        queryClient,
        // The actors read the session's token when they run: a refreshed token must not restart the machine.
        access: () => ({ token: selectToken(session.getSnapshot()), channel }),
        showConfirmation: (order, reservation) => router.navigate(confirmationLink(locale, order, reservation)),
      }),
    [orderId, locale, router, queryClient, session, channel],
  );
  const [input] = useState(() => modificationInput({ orderId, reservationNumber, currentTraveller }));
  return (
    <ModificationActorContext.Provider logic={logic} options={{ input }}>
      {children}
    </ModificationActorContext.Provider>
  );
}
