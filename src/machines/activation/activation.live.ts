import { fromPromise } from 'xstate';
import { activate } from '../../services/account/api';
import { forgetRegistrationProof, registrationProofs } from '../../services/account/registration-proofs';
import { activationMachine } from './activation.machine';
import type { ActivationInput } from './activation.types';

/** What the activation needs from the page it runs on: the session and the way on. */
export interface ActivationEdge {
  /** The member is signed in with the session token the activation returned. */
  signIn(token: string): void;
  /** Replaces the activation link with the activated page. */
  showActivated(): void;
}

/** The input of one activation link: its token, and the registration proofs this browser keeps. */
export function liveActivationInput(token: string | null): ActivationInput {
  return { token, readProofs: () => registrationProofs() };
}

/** The activation machine with its real effects: the BFF call and the proofs kept in storage; the page gives the rest. */
export function createLiveActivationLogic(edge: ActivationEdge) {
  return activationMachine.provide({
    // The same activation started twice (React's development mode) shares one request: see activate().
    actors: { activate: fromPromise(({ input: body }) => activate(body)) },
    actions: {
      forgetProof: (_, { proof }) => {
        if (proof) forgetRegistrationProof(proof);
      },
      signIn: (_, { token }) => {
        if (token) edge.signIn(token);
      },
      showActivated: () => edge.showActivated(),
    },
  });
}
