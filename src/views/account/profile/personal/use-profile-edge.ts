import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { MemberProfile } from '../../../../contract/auth';
import type { Locale } from '../../../../contract/locales';
import type { EmailChanged } from '../../../../machines/email-change/email-change.types';
import { selectToken } from '../../../../machines/session/session.selectors';
import { keepProfile } from '../../../../services/account/profile-queries';
import type { AuthAccess } from '../../../../services/account/requests';
import { SessionActorContext, useAppSystem } from '../../../shell/session-context';

/** What the profile's changes need from the app. */
export interface ProfileEdge {
  /** The access as it is when a call starts: read from the session, so a renewed token restarts nothing. */
  access(): AuthAccess;
  locale: Locale;
  /** A change answered the profile: the page shows it at once, the session (the header's name) reloads it. */
  profileChanged(profile: MemberProfile): void;
  /** The email changed: the session goes on with the new token the BFF gave, then shows the new profile. */
  adoptSession(changed: EmailChanged): void;
}

export function useProfileEdge(locale: Locale): ProfileEdge {
  const { channel } = useAppSystem();
  const queryClient = useQueryClient();
  const session = SessionActorContext.useActorRef();
  return useMemo(() => {
    const access = (): AuthAccess => ({ token: selectToken(session.getSnapshot()), channel });
    const profileChanged = (profile: MemberProfile) => {
      keepProfile(queryClient, access(), profile);
      session.send({ type: 'member.reload' });
    };
    return {
      access,
      locale,
      profileChanged,
      adoptSession: ({ profile, token }) => {
        // The token of the same session, renewed: as a refresh would (the session stores it and keeps the
        // member signed in), not a new sign-in.
        channel.emit({ type: 'token.refreshed', token });
        profileChanged(profile);
      },
    };
  }, [channel, queryClient, session, locale]);
}
