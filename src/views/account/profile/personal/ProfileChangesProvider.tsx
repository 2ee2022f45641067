import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { todayInBerlin } from '../../../../contract/calendar-dates';
import type { Locale } from '../../../../contract/locales';
import { createLiveEmailChangeLogic } from '../../../../machines/email-change/email-change.live';
import { createLiveProfileChangeLogic } from '../../../../machines/profile-change/profile-change.live';
import { BirthdayChangeActorContext, EmailChangeActorContext, NameChangeActorContext } from './profile-change-context';
import { useProfileEdge } from './use-profile-edge';

/**
 * Runs the email, name and birthday changes for the profile page, with their effects bound: the BFF's
 * calls with the member's token, the changed profile shown everywhere, the session's new token after an
 * email change.
 */
export function ProfileChangesProvider({ locale, currentEmail, children }: { locale: Locale; currentEmail: string; children: ReactNode }) {
  const edge = useProfileEdge(locale);
  const emailLogic = useMemo(() => createLiveEmailChangeLogic(edge), [edge]);
  const changeLogic = useMemo(() => createLiveProfileChangeLogic(edge), [edge]);
  // The inputs of the page's first render: the address then, and the day in Berlin (the age rule counts from it).
  const [inputs] = useState(() => {
    const today = todayInBerlin();
    return { email: { currentEmail }, name: { kind: 'name' as const, today }, birthday: { kind: 'birthday' as const, today } };
  });
  return (
    <EmailChangeActorContext.Provider logic={emailLogic} options={{ input: inputs.email }}>
      <NameChangeActorContext.Provider logic={changeLogic} options={{ input: inputs.name }}>
        <BirthdayChangeActorContext.Provider logic={changeLogic} options={{ input: inputs.birthday }}>
          {children}
        </BirthdayChangeActorContext.Provider>
      </NameChangeActorContext.Provider>
    </EmailChangeActorContext.Provider>
  );
}
