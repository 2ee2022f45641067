import { fromPromise } from 'xstate';
import type { MemberProfile } from '../../contract/auth';
import { changeBirthday, changeName, requestBirthdayCode, requestNameCode } from '../../services/account/profile-queries';
import type { AuthAccess } from '../../services/account/requests';
import { profileChangeMachine } from './profile-change.machine';
import type { ProfileChangeValues } from './profile-change.types';

/** What a name or birthday change needs from the page it runs on. */
export interface ProfileChangeEdge {
  /** The access as it is when a request starts. */
  access(): AuthAccess;
  /** The profile as the change answered it: shown on the page and in the header. */
  profileChanged(profile: MemberProfile): void;
}

function save(access: AuthAccess, values: ProfileChangeValues, code: string, signal: AbortSignal): Promise<MemberProfile> {
  if (values.kind === 'birthday') return changeBirthday(access, { birthday: values.birthday, code }, { signal });
  return changeName(access, { ...(values.salutation ? { salutation: values.salutation } : {}), firstName: values.firstName, lastName: values.lastName, code }, { signal });
}

export function createLiveProfileChangeLogic({ access, profileChanged }: ProfileChangeEdge) {
  return profileChangeMachine.provide({
    actors: {
      sendCode: fromPromise(({ input, signal }) => (input.kind === 'birthday' ? requestBirthdayCode(access(), { signal }) : requestNameCode(access(), { signal }))),
      saveChange: fromPromise(({ input, signal }) => save(access(), input.values, input.code, signal)),
    },
    actions: { profileChanged: (_, { profile }) => profileChanged(profile) },
  });
}
