import { fromPromise, setup } from 'xstate';
import { statusOf } from '../../services/account/errors';
import { notProvided } from '../shared/shared.actors';
import type { NewsletterConfirmationActorTypes, NewsletterConfirmationContext, NewsletterConfirmationEvent, NewsletterConfirmationInput } from './newsletter-confirmation.types';

type Confirm = NewsletterConfirmationActorTypes['confirm'];

/** Parameters from the error event of the confirmation. */
const failureParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const tokenParams = ({ context }: { context: NewsletterConfirmationContext }) => ({ token: context.token ?? '' });

/**
 * The newsletter confirmation link (spec section 5, double opt-in; decision record 0044): its token is
 * sent once, on arrival, and the outcome shown. The BFF spends a token once and answers a used, expired or
 * unknown one alike (400): a link this browser had confirmed before reads as confirmed already, any other
 * as not valid. A request that got no outcome (offline, a server error) can be sent again.
 *
 * The effects are named actions bound in newsletter-confirmation.live.ts: `rememberConfirmed` (storage)
 * and `refreshNewsletters` (the member's cached newsletters, read again).
 */
export const newsletterConfirmationMachine = setup({
  types: {
    context: {} as NewsletterConfirmationContext,
    events: {} as NewsletterConfirmationEvent,
    input: {} as NewsletterConfirmationInput,
  },
  actors: {
    confirm: fromPromise<Confirm['output'], Confirm['input']>(notProvided('confirm')),
  },
  guards: {
    hasNoToken: ({ context }) => context.token === null,
    /** The BFF refused the token: used, expired or unknown (it does not say which). */
    isRefused: (_, params: { error: unknown }) => statusOf(params.error) === 400,
    /** Refused, but this browser had confirmed the very link before. */
    isRefusedAfterConfirmingHere: ({ context }, params: { error: unknown }) =>
      statusOf(params.error) === 400 && context.token !== null && context.wasConfirmedHere(context.token),
  },
  actions: {
    // Placeholders: the live binding gives them their effects.
    rememberConfirmed: (_, _params: { token: string }) => undefined,
    refreshNewsletters: () => undefined,
  },
}).createMachine({
  id: 'newsletterConfirmation',
  description: 'The newsletter confirmation link: its token sent once on arrival, and the outcome shown with what to do next.',
  context: ({ input }) => ({ token: input.token, wasConfirmedHere: input.wasConfirmedHere }),
  initial: 'confirming',
  states: {
    confirming: {
      description: 'Sends the link’s token to the BFF; a page opened without a token sends nothing.',
      // Leaves before its request starts: XState starts an invocation only if its state is still active.
      always: { guard: 'hasNoToken', target: 'linkMissing' },
      invoke: {
        id: 'confirm',
        src: 'confirm',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: {
          target: 'confirmed',
          actions: [{ type: 'rememberConfirmed', params: tokenParams }, 'refreshNewsletters'],
        },
        onError: [
          { guard: { type: 'isRefusedAfterConfirmingHere', params: failureParams }, target: 'alreadyConfirmed' },
          { guard: { type: 'isRefused', params: failureParams }, target: 'linkInvalid' },
          { target: 'failed' },
        ],
      },
    },
    failed: {
      description: 'No outcome (offline or a server error): the visitor can send it again.',
      on: { 'confirmation.retry': 'confirming' },
    },
    confirmed: {
      description: 'Confirmed: the subscription is active from now on.',
      type: 'final',
    },
    alreadyConfirmed: {
      description: 'Refused, but this browser had confirmed this very link before: the subscription stands.',
      type: 'final',
    },
    linkInvalid: {
      description: 'Refused: used (elsewhere), older than its 7 days, replaced by a newer mail, or never issued. Subscribe again for a new link.',
      type: 'final',
    },
    linkMissing: {
      description: 'The page was opened without a token: it explains where the link is.',
      type: 'final',
    },
  },
});
