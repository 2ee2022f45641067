import { googlePromptRules } from '../../services/account/dialog-rules';
import type { PromptConditions } from './google-prompt.types';

/** Whether the page's conditions allow planning the prompt (the rules known before the delay). */
export function mayPlanPrompt(conditions: PromptConditions | null): boolean {
  if (!conditions || conditions.inSignInPopup) return false;
  const { consented, signedOut, promptPage } = googlePromptRules;
  return consented(conditions) && signedOut(conditions) && conditions.googleFlag && promptPage(conditions);
}
