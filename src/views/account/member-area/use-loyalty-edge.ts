import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { selectToken } from '../../../machines/session/session.selectors';
import type { AuthAccess } from '../../../services/account/requests';
import { refreshLoyalty } from '../../../services/loyalty/queries';
import { SessionActorContext, useAppSystem } from '../../shell/session-context';

/** What the member area's flows (redeem, request points, add a booking) need from the app. */
export interface LoyaltyEdge {
  /** The access as it is when a call starts: read from the session, so a renewed token restarts nothing. */
  access(): AuthAccess;
  /** Points were spent, granted or a booking added: the member's loyalty queries and the header's balance are read again. */
  refreshBalance(): void;
}

export function useLoyaltyEdge(): LoyaltyEdge {
  const { channel } = useAppSystem();
  const queryClient = useQueryClient();
  const session = SessionActorContext.useActorRef();
  return useMemo(() => {
    const access = (): AuthAccess => ({ token: selectToken(session.getSnapshot()), channel });
    return {
      access,
      refreshBalance: () => {
        void refreshLoyalty(queryClient, access());
        session.send({ type: 'member.reload' });
      },
    };
  }, [channel, queryClient, session]);
}
