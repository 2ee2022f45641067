import { fromPromise } from 'xstate';
import type { Locale } from '../../contract/locales';
import { requestStepUpCode, verifyStepUpCode } from '../../services/account/step-up';
import type { AuthAccess } from '../../services/account/requests';
import { stepUpMachine } from './step-up.machine';

/** What the step-up needs from the page it runs on. */
export interface StepUpEdge {
  /** The access as it is when a request starts (a renewed token must not restart anything). */
  access(): AuthAccess;
  /** The language of the mailed code. */
  locale: Locale;
}

/**
 * The step-up machine with the BFF's calls. A flow that needs a step-up binds it as its `stepUp` actor:
 * `flowMachine.provide({ actors: { stepUp: createLiveStepUpLogic(edge), … } })`.
 */
export function createLiveStepUpLogic({ access, locale }: StepUpEdge) {
  return stepUpMachine.provide({
    actors: {
      sendCode: fromPromise(({ signal }) => requestStepUpCode(access(), locale, { signal })),
      verifyCode: fromPromise(({ input, signal }) => verifyStepUpCode(access(), input.code, { signal })),
    },
  });
}
