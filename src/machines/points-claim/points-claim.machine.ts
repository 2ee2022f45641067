import { assign, fromPromise, setup } from 'xstate';
import { InvalidInputError, statusOf } from '../../services/account/errors';
import { notProvided } from '../shared/shared.actors';
import { claimProblems } from './points-claim.rules';
import type { ClaimFailure, ClaimField, PointsClaimActorTypes, PointsClaimContext, PointsClaimEvent, PointsClaimInput } from './points-claim.types';

const FIELDS: readonly ClaimField[] = ['hotelCode', 'arrivalDate', 'departureDate', 'reservationNumber'];

/** The failure a request's error stands for. */
function failureOf(error: unknown): ClaimFailure {
  if (error instanceof InvalidInputError) return 'invalid';
  const status = statusOf(error);
  if (status === 409) return 'duplicate';
  if (status === 429) return 'tooMany';
  return 'failed';
}

/**
 * Asking for missing points (spec section 2, request points): a stay typed into the form, or one the BFF
 * found without points claimed with one click. The form's fields are checked before anything is sent; a
 * request goes out once and its answer is shown (granted at once, waiting for the hotel, or turned down
 * with the reason). A request that was taken has the member's points and requests read again
 * (`refreshClaims`, bound in points-claim.live.ts: granted points reach the balance everywhere).
 */
export const pointsClaimMachine = setup({
  types: {
    context: {} as PointsClaimContext,
    events: {} as PointsClaimEvent,
    input: {} as PointsClaimInput,
  },
  actors: {
    sendClaim: fromPromise<PointsClaimActorTypes['sendClaim']['output'], PointsClaimActorTypes['sendClaim']['input']>(notProvided('sendClaim')),
  },
  guards: {
    hasProblems: ({ context, event }) => event.type === 'claim.submit' && Object.keys(claimProblems(event.fields, context.today)).length > 0,
  },
  actions: {
    // Placeholder: the view layer binds it (the member's queries and the session's balance).
    refreshClaims: () => undefined,
    keepProblems: assign(({ context, event }) =>
      event.type === 'claim.submit' ? { fields: event.fields, source: 'form' as const, problems: claimProblems(event.fields, context.today), failure: 'invalid' as const } : {},
    ),
    keepRequest: assign(({ event }) =>
      event.type === 'claim.submit' || event.type === 'claim.found'
        ? { fields: event.fields, source: event.type === 'claim.found' ? ('found' as const) : ('form' as const), problems: {}, failure: null, claim: null }
        : {},
    ),
    keepClaim: assign((_, params: { claim: PointsClaimContext['claim'] }) => ({ claim: params.claim, failure: null, problems: {} })),
    keepFailure: assign((_, params: { error: unknown }) => {
      const failure = failureOf(params.error);
      // The BFF names the fields it refused; each gets the general "check this" wording.
      const named = params.error instanceof InvalidInputError ? params.error.fields.filter((field): field is ClaimField => FIELDS.includes(field as ClaimField)) : [];
      const problems = Object.fromEntries(named.map((field) => [field, 'format' as const]));
      return { failure, problems };
    }),
    startOver: assign({ fields: null, source: null, problems: {}, failure: null, claim: null }),
  },
}).createMachine({
  id: 'pointsClaim',
  description: 'A request for the points of a stay that earned none: checked, sent once, its answer shown.',
  context: ({ input }) => ({ today: input.today, fields: null, source: null, problems: {}, failure: null, claim: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form (with what was typed and what to correct) and the stays found without points wait.',
      on: {
        'claim.submit': [{ guard: 'hasProblems', actions: 'keepProblems' }, { target: 'sending', actions: 'keepRequest' }],
        'claim.found': { target: 'sending', actions: 'keepRequest' },
      },
    },
    sending: {
      description: 'The request is on its way; the buttons wait.',
      tags: ['busy'],
      invoke: {
        id: 'sendClaim',
        src: 'sendClaim',
        input: ({ context }) => context.fields ?? { hotelCode: '', arrivalDate: '', departureDate: '', reservationNumber: '' },
        onDone: { target: 'answered', actions: [{ type: 'keepClaim', params: ({ event }) => ({ claim: event.output }) }, 'refreshClaims'] },
        onError: { target: 'editing', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    answered: {
      description: 'The request was taken: granted, waiting for the hotel, or turned down with the reason.',
      on: {
        'claim.another': { target: 'editing', actions: 'startOver' },
        'claim.found': { target: 'sending', actions: 'keepRequest' },
      },
    },
  },
});
