import { fromPromise } from 'xstate';
import { registerPasskey } from '../../services/account/passkeys';
import { createLiveStepUpLogic, type StepUpEdge } from '../step-up/step-up.live';
import { passkeyRegistrationMachine } from './passkey-registration.machine';

/** What adding a passkey needs from the page: the step-up's edge, and how the passkeys list is read again. */
export interface PasskeyRegistrationEdge extends StepUpEdge {
  passkeyAdded(): void;
}

/** The machine with the step-up, the browser's passkey prompt and the BFF bound. */
export function createLivePasskeyRegistrationLogic(edge: PasskeyRegistrationEdge) {
  return passkeyRegistrationMachine.provide({
    actors: {
      stepUp: createLiveStepUpLogic(edge),
      registerPasskey: fromPromise(({ input, signal }) => registerPasskey(edge.access(), input.stepUpToken, input.name || undefined, signal)),
    },
    actions: { passkeyAdded: () => edge.passkeyAdded() },
  });
}
