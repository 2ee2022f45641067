import { createActorContext } from '@xstate/react';
import { newsletterConfirmationMachine } from '../../machines/newsletter-confirmation/newsletter-confirmation.machine';

/** The confirmation actor starts with the confirmation page's provider, never at module scope. */
export const NewsletterConfirmationActorContext = createActorContext(newsletterConfirmationMachine);
