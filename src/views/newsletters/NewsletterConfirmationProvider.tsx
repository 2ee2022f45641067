import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { createLiveNewsletterConfirmationLogic, liveNewsletterConfirmationInput } from '../../machines/newsletter-confirmation/newsletter-confirmation.live';
import { refreshMemberNewsletters } from '../../services/account/preferences-queries';
import { NewsletterConfirmationActorContext } from './newsletter-confirmation-context';

/**
 * Runs the confirmation machine for one link, with its effects bound (machines/newsletter-confirmation/
 * newsletter-confirmation.live.ts) and this page's part of them: the member's newsletters read again
 * once confirmed. The actor starts in the browser only, so the server's render of the page sends nothing.
 */
export function NewsletterConfirmationProvider({ token, children }: { token: string | null; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [input] = useState(() => liveNewsletterConfirmationInput(token));
  const logic = useMemo(() => createLiveNewsletterConfirmationLogic({ refreshNewsletters: () => void refreshMemberNewsletters(queryClient) }), [queryClient]);
  return (
    <NewsletterConfirmationActorContext.Provider logic={logic} options={{ input }}>
      {children}
    </NewsletterConfirmationActorContext.Provider>
  );
}
