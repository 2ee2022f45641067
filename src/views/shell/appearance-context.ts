import { createActorContext } from '@xstate/react';
import { appearanceMachine } from '../../machines/appearance/appearance.machine';

/** The appearance actor starts with the shell, never at module scope. */
export const AppearanceContext = createActorContext(appearanceMachine);
