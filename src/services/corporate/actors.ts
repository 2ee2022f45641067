import { fromPromise } from 'xstate';
import type { AcceptInviteResponse, ScimEnrolResponse, ScimUser } from '../../contract/corporate';
import type { Locale } from '../../contract/locales';
import type { AuthAccess } from '../bff/request';
import { acceptInvite, enrol, fetchEnrolment, leaveCompany, requestEnrolmentCode } from './api';

/**
 * The enrolment's BFF calls as actors (bound by src/machines/enrolment/enrolment.live.ts). Each reads the
 * access when it starts: a token renewed meanwhile, or a member signed in by the dialog, is used as it is.
 */
export function corporateActors(access: () => AuthAccess) {
  return {
    loadEnrolment: fromPromise<ScimUser | null, undefined>(({ signal }) => fetchEnrolment(access(), { signal })),
    sendCode: fromPromise<unknown, { email: string; locale: Locale }>(({ input, signal }) => requestEnrolmentCode(input, { signal })),
    enrol: fromPromise<ScimEnrolResponse, { email: string; code: string; name: { givenName: string; familyName: string }; locale: Locale }>(({ input, signal }) =>
      enrol(access(), { email: input.email, code: input.code, givenName: input.name.givenName, familyName: input.name.familyName, locale: input.locale }, { signal }),
    ),
    leave: fromPromise<unknown, undefined>(({ signal }) => leaveCompany(access(), { signal })),
    acceptInvite: fromPromise<AcceptInviteResponse, { token: string }>(({ input, signal }) => acceptInvite(access(), input.token, { signal })),
  };
}
