import { fromPromise } from 'xstate';
import type { Locale } from '../../contract/locales';
import { confirmEmailChange, requestEmailChange, resendEmailChangeCode } from '../../services/account/profile-queries';
import type { AuthAccess } from '../../services/account/requests';
import { createLiveStepUpLogic } from '../step-up/step-up.live';
import { emailChangeMachine } from './email-change.machine';
import type { EmailChanged } from './email-change.types';

/** What changing the email address needs from the page it runs on. */
export interface EmailChangeEdge {
  /** The access as it is when a request starts. */
  access(): AuthAccess;
  locale: Locale;
  /**
   * The account has the new address: the session goes on with the new token (the old one names the old
   * address) and the member's profile shows the change everywhere.
   */
  adoptSession(changed: EmailChanged): void;
}

export function createLiveEmailChangeLogic({ access, locale, adoptSession }: EmailChangeEdge) {
  return emailChangeMachine.provide({
    actors: {
      stepUp: createLiveStepUpLogic({ access, locale }),
      requestChange: fromPromise(({ input, signal }) => requestEmailChange(access(), input.email, input.stepUpToken, { signal })),
      resendCode: fromPromise(({ signal }) => resendEmailChangeCode(access(), { signal })),
      confirmChange: fromPromise(({ input, signal }) => confirmEmailChange(access(), input.code, { signal })),
    },
    actions: { adoptSession: (_, { changed }) => adoptSession(changed) },
  });
}
