import { and, assign, fromPromise, setup } from 'xstate';
import { rewardNeedsStepUp } from '../../contract/step-up';
import { statusOf, StepUpRequiredError } from '../../services/account/errors';
import { notProvided } from '../shared/shared.actors';
import { stepUpMachine } from '../step-up/step-up.machine';
import type { StepUpOutput } from '../step-up/step-up.types';
import type { RedeemActorTypes, RedeemContext, RedeemEvent, RedeemFailure } from './redeem.types';

/** The failure a purchase's error stands for: 409 the balance, 404 the catalogue, anything else the request. */
function failureOf(error: unknown): RedeemFailure {
  const status = statusOf(error);
  if (status === 409) return 'insufficientPoints';
  if (status === 404) return 'unknownReward';
  return 'failed';
}

/**
 * Redeeming points for a reward (spec section 2, rewards: redeem): a reward is chosen, the member confirms
 * what it costs, the purchase is sent once, and its outcome is shown. A purchase that bought something, or
 * that found the balance changed, has the member's points read again everywhere (`refreshBalance`, bound
 * in redeem.live.ts: the page's queries and the header's balance). A request that failed can be tried
 * again; nothing is bought twice, because a new purchase needs a new confirmation. A reward that costs
 * more than STEP_UP_POINTS_THRESHOLD asks for a fresh code first (the step-up child, decision 0047): a
 * stolen session alone cannot spend a large balance.
 */
export const redeemMachine = setup({
  types: {
    context: {} as RedeemContext,
    events: {} as RedeemEvent,
  },
  actors: {
    stepUp: stepUpMachine,
    buyReward: fromPromise<RedeemActorTypes['buyReward']['output'], RedeemActorTypes['buyReward']['input']>(notProvided('buyReward')),
  },
  guards: {
    /** Only a request without an answer is worth sending again: the balance and the catalogue will not change by it. */
    canRetry: ({ context }) => context.failure === 'failed',
    /** The balance may differ from what the page shows: another purchase, a booking paid with points. */
    balanceChanged: (_, params: { error: unknown }) => failureOf(params.error) === 'insufficientPoints',
    needsStepUp: ({ context }) => context.reward !== null && rewardNeedsStepUp(context.reward.points),
    isVerified: (_, params: { output: StepUpOutput }) => params.output.outcome === 'verified',
    /** The token was refused (expired, or spent): a new code is needed. */
    needsNewCode: (_, params: { error: unknown }) => params.error instanceof StepUpRequiredError,
  },
  actions: {
    // Placeholder: the view layer binds it (the member's queries and the session's balance).
    refreshBalance: () => undefined,
    choose: assign(({ event }) => (event.type === 'reward.choose' ? { reward: event.reward, redemption: null, failure: null, stepUpToken: null } : {})),
    forget: assign({ reward: null, redemption: null, failure: null, stepUpToken: null }),
    clearFailure: assign({ failure: null }),
    keepToken: assign((_, params: { output: StepUpOutput }) => ({ stepUpToken: params.output.outcome === 'verified' ? params.output.token : null })),
    forgetToken: assign({ stepUpToken: null }),
    keepRedemption: assign((_, params: { redemption: RedeemContext['redemption'] }) => ({ redemption: params.redemption, failure: null, stepUpToken: null })),
    keepFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error), stepUpToken: null })),
  },
}).createMachine({
  id: 'redeem',
  description: 'Redeeming points for a reward of the catalogue: chosen, confirmed, bought once, the outcome shown and the balance read again.',
  context: { reward: null, redemption: null, failure: null, stepUpToken: null },
  initial: 'browsing',
  states: {
    browsing: {
      description: 'The catalogue and the member’s vouchers; no purchase under way.',
      on: { 'reward.choose': { target: 'confirming', actions: 'choose' } },
    },
    confirming: {
      description: 'The confirmation names the reward and its price in points: redeem, or keep the points.',
      on: {
        'redeem.confirm': [{ guard: 'needsStepUp', target: 'provingMailbox' }, { target: 'buying' }],
        'redeem.cancel': { target: 'browsing', actions: 'forget' },
      },
    },
    provingMailbox: {
      description: 'A large redemption: the step-up child mails a code to the member’s address and trades it for a token. Giving up returns to the confirmation; closing the dialog ends it all.',
      on: { 'redeem.cancel': { target: 'browsing', actions: 'forget' } },
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        onDone: [
          { guard: { type: 'isVerified', params: ({ event }) => ({ output: event.output }) }, target: 'buying', actions: { type: 'keepToken', params: ({ event }) => ({ output: event.output }) } },
          { target: 'confirming' },
        ],
      },
    },
    buying: {
      description: 'The purchase is on its way; the confirmation’s buttons wait.',
      tags: ['busy'],
      invoke: {
        id: 'buyReward',
        src: 'buyReward',
        input: ({ context }) => ({ rewardId: context.reward?.id ?? '', stepUpToken: context.stepUpToken }),
        onDone: {
          target: 'bought',
          actions: [{ type: 'keepRedemption', params: ({ event }) => ({ redemption: event.output }) }, 'refreshBalance'],
        },
        onError: [
          { guard: { type: 'needsNewCode', params: ({ event }) => ({ error: event.error }) }, target: 'provingMailbox', actions: 'forgetToken' },
          {
            guard: { type: 'balanceChanged', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: [{ type: 'keepFailure', params: ({ event }) => ({ error: event.error }) }, 'refreshBalance'],
          },
          { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    bought: {
      description: 'Bought: the voucher, its code and the balance left are shown; another reward can be chosen.',
      on: {
        'redeem.dismiss': { target: 'browsing', actions: 'forget' },
        'reward.choose': { target: 'confirming', actions: 'choose' },
      },
    },
    failed: {
      description: 'Nothing was bought: the reason is shown; a request without an answer can be sent again.',
      on: {
        'redeem.confirm': [
          { guard: and(['canRetry', 'needsStepUp']), target: 'provingMailbox', actions: 'clearFailure' },
          { guard: 'canRetry', target: 'buying', actions: 'clearFailure' },
        ],
        'redeem.cancel': { target: 'browsing', actions: 'forget' },
      },
    },
  },
});
