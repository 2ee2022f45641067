import { createActorContext } from '@xstate/react';
import { emailChangeMachine } from '../../../../machines/email-change/email-change.machine';
import { profileChangeMachine } from '../../../../machines/profile-change/profile-change.machine';

/** The profile's changes with a code; their actors start with the personal data's provider, never at module scope. */
export const EmailChangeActorContext = createActorContext(emailChangeMachine);
export const NameChangeActorContext = createActorContext(profileChangeMachine);
export const BirthdayChangeActorContext = createActorContext(profileChangeMachine);
