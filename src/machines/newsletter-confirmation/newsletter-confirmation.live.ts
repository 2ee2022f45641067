import { fromPromise } from 'xstate';
import { rememberConfirmedLink, wasLinkConfirmedHere } from '../../services/account/newsletter-storage';
import { confirmNewsletter } from '../../services/account/preferences-api';
import { newsletterConfirmationMachine } from './newsletter-confirmation.machine';
import type { NewsletterConfirmationInput } from './newsletter-confirmation.types';

/** What the confirmation needs from the page it runs on. */
export interface NewsletterConfirmationEdge {
  /** The member's cached newsletters are read again (a signed-in member sees the subscription active). */
  refreshNewsletters(): void;
}

/** The input of one confirmation link: its token, and what this browser remembers of links it confirmed. */
export function liveNewsletterConfirmationInput(token: string | null): NewsletterConfirmationInput {
  return { token, wasConfirmedHere: (linkToken) => wasLinkConfirmedHere(linkToken) };
}

/** The confirmation machine with its real effects: the BFF call and the memory of confirmed links; the page gives the rest. */
export function createLiveNewsletterConfirmationLogic(edge: NewsletterConfirmationEdge) {
  return newsletterConfirmationMachine.provide({
    // The same link confirmed twice at once (React's development mode) shares one request: see confirmNewsletter().
    actors: { confirm: fromPromise(({ input }) => confirmNewsletter(input.token)) },
    actions: {
      rememberConfirmed: (_, { token }) => rememberConfirmedLink(token),
      refreshNewsletters: () => edge.refreshNewsletters(),
    },
  });
}
