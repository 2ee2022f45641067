import { mayPlanPrompt } from './google-prompt.rules';
import type { GooglePromptContext } from './google-prompt.types';

/** What the selectors read: a machine snapshot, or a hand-made object of the same shape (tests). */
interface GooglePromptSnapshot {
  context: Pick<GooglePromptContext, 'conditions'>;
  matches(state: 'shown' | { shown: 'ready' }): boolean;
}

/** The prompt shows, and the page's conditions still allow it (a sign-in, say, hides it). */
export const selectPromptVisible = (snapshot: GooglePromptSnapshot): boolean => snapshot.matches('shown') && mayPlanPrompt(snapshot.context.conditions);

/** The sign-in library is there: the button may open Google's popup. */
export const selectPromptReady = (snapshot: GooglePromptSnapshot): boolean => snapshot.matches({ shown: 'ready' });
