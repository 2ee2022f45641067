import { useMemo } from 'react';
import type { ReactNode } from 'react';
import type { Locale } from '../../../../contract/locales';
import { createLiveCancelMembershipLogic } from '../../../../machines/cancel-membership/cancel-membership.live';
import { selectToken } from '../../../../machines/session/session.selectors';
import type { AuthAccess } from '../../../../services/bff/request';
import { SessionActorContext, useAppSystem } from '../../../shell/session-context';
import { CancelMembershipActorContext } from './cancel-membership-context';

/**
 * Runs the leaving machine for the profile page, with its effects bound: the BFF's calls with the
 * session's token as it is when each starts, and the end of the session as the header's Sign out sends
 * it (`logout` to the session actor). The actor starts in the browser with the page.
 */
export function CancelMembershipProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const { channel } = useAppSystem();
  const session = SessionActorContext.useActorRef();
  const logic = useMemo(
    () =>
      createLiveCancelMembershipLogic({
        access: (): AuthAccess => ({ token: selectToken(session.getSnapshot()), channel }),
        endSession: () => session.send({ type: 'logout' }),
      }),
    [channel, session],
  );
  return (
    <CancelMembershipActorContext.Provider logic={logic} options={{ input: { locale } }}>
      {children}
    </CancelMembershipActorContext.Provider>
  );
}
