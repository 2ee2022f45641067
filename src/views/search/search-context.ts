import { createActorContext } from '@xstate/react';
import { searchMachine } from '../../machines/search/search.machine';

/** The search actor starts with the page that shows a search, never at module scope. */
export const SearchActorContext = createActorContext(searchMachine);
