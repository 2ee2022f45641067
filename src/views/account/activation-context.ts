import { createActorContext } from '@xstate/react';
import { activationMachine } from '../../machines/activation/activation.machine';

/** The activation actor starts with the activation page's provider, never at module scope. */
export const ActivationActorContext = createActorContext(activationMachine);
