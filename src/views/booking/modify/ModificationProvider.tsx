import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { BUSINESS_TIME_ZONE } from '../../../contract/calendar-dates';
import type { Traveller } from '../../../contract/ecommerce';
import type { Locale } from '../../../contract/locales';
import { modificationMachine } from '../../../machines/modification/modification.machine';
import type { ModificationInput } from '../../../machines/modification/modification.types';
import { selectToken } from '../../../machines/session/session.selectors';
import { completeModification, editModification, orderQueryKey, startModification } from '../../../services/ecommerce/orders';
import type { OrderAccess } from '../../../services/ecommerce/orders';
import { todayIn } from '../../../services/format/dates';
import { AuthChannelContext, SessionActorContext } from '../../shell/session-context';
import { confirmationHref } from '../confirmation/booking-format';
import { ModificationActorContext } from './modification-context';

interface ModificationProviderProps {
  locale: Locale;
  orderId: string;
  reservationNumber: string;
  currentTraveller: Traveller | null;
  children: ReactNode;
}

/**
 * Runs the modification machine for one reservation with the BFF calls bound, and takes the guest back
 * to the confirmation, with a notice, once the change is complete.
 */
export function ModificationProvider({ locale, orderId, reservationNumber, currentTraveller, children }: ModificationProviderProps) {
  const session = SessionActorContext.useActorRef();
  const channel = useContext(AuthChannelContext);
  if (!channel) throw new Error('ModificationProvider is used outside the SessionProvider');
  // The actors read the session's token when they run: a refreshed token must not restart the machine.
  const [logic] = useState(() => modificationLogic(orderId, () => ({ token: selectToken(session.getSnapshot()), channel })));
  const [input] = useState<ModificationInput>(() => ({ orderId, reservationNumber, currentTraveller, today: todayIn(BUSINESS_TIME_ZONE) }));
  return (
    <ModificationActorContext.Provider logic={logic} options={{ input }}>
      <BackToConfirmation locale={locale} />
      {children}
    </ModificationActorContext.Provider>
  );
}

/** The machine with the BFF calls of services/ecommerce/orders.ts (a guest's carry the order's access key). */
function modificationLogic(orderId: string, access: () => OrderAccess) {
  return modificationMachine.provide({
    actors: {
      startModification: fromPromise(({ input, signal }) => startModification(input, access(), signal)),
      editModification: fromPromise(({ input, signal }) => editModification({ ...input, orderId }, access(), signal)),
      completeModification: fromPromise(({ input, signal }) => completeModification({ modificationId: input.modificationId, orderId }, access(), signal)),
    },
  });
}

function BackToConfirmation({ locale }: { locale: Locale }) {
  const actor = ModificationActorContext.useActorRef();
  const router = useRouter();
  const queryClient = useQueryClient();
  useEffect(() => {
    const subscription = actor.on('modification.completed', (event) => {
      void (async () => {
        if (event.order) queryClient.setQueryData(orderQueryKey(event.orderId), event.order);
        else await queryClient.invalidateQueries({ queryKey: orderQueryKey(event.orderId) });
        await router.navigate({ href: confirmationHref(locale, event.orderId, event.reservationNumber) });
      })();
    });
    return () => subscription.unsubscribe();
  }, [actor, router, queryClient, locale]);
  return null;
}
