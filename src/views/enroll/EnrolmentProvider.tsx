import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { Locale } from '../../contract/locales';
import { createLiveEnrolmentLogic } from '../../machines/enrolment/enrolment.live';
import { refreshAfterCompanyChange } from '../../services/corporate/corporate-queries';
import { useAppSystem } from '../shell/session-context';
import { EnrolmentActorContext } from './enrolment-context';

/**
 * Runs the enrolment machine for the page, with its effects bound (machines/enrolment/enrolment.live.ts):
 * the BFF's calls with the session's token, the session followed through the app's actor system, and
 * what depends on the member's company read again when it changes. The actor starts in the browser with
 * the page, so the server's render sends nothing.
 */
export function EnrolmentProvider({ locale, invite, children }: { locale: Locale; invite: string | null; children: ReactNode }) {
  const { app, channel } = useAppSystem();
  const queryClient = useQueryClient();
  const [input] = useState(() => ({ locale, invite }));
  const logic = useMemo(() => createLiveEnrolmentLogic({ app, channel, companyChanged: () => void refreshAfterCompanyChange(queryClient) }), [app, channel, queryClient]);
  return (
    <EnrolmentActorContext.Provider logic={logic} options={{ input }}>
      {children}
    </EnrolmentActorContext.Provider>
  );
}
