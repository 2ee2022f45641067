import { fromPromise } from 'xstate';
import { changePassword } from '../../services/account/security-queries';
import { createLiveStepUpLogic, type StepUpEdge } from '../step-up/step-up.live';
import { passwordChangeMachine } from './password-change.machine';

/** The machine with the step-up and the BFF's password route bound. */
export function createLivePasswordChangeLogic(edge: StepUpEdge) {
  return passwordChangeMachine.provide({
    actors: {
      stepUp: createLiveStepUpLogic(edge),
      changePassword: fromPromise(async ({ input, signal }) => {
        await changePassword(edge.access(), input, { signal });
        return undefined;
      }),
    },
  });
}
