import { createActorContext } from '@xstate/react';
import { modificationMachine } from '../../../machines/modification/modification.machine';

/** The modification actor starts with the modify page's provider, never at module scope. */
export const ModificationActorContext = createActorContext(modificationMachine);
