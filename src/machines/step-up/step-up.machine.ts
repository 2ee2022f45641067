import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/shared.actors';
import { CODE_LIFETIME_MS, failureOf, isCodeFormat, isCodeRejected, isLastTry, normalisedCode } from './step-up.rules';
import type { StepUpActorTypes, StepUpContext, StepUpEvent, StepUpOutput, StepUpTag } from './step-up.types';

const fresh: StepUpContext = { code: '', problem: null, failure: null, retryAfterSeconds: null, resent: false, rejections: 0, expiredBy: null, stepUp: null };

/**
 * The step-up (decision records 0047 and 0051): before a sensitive change (the email address, the
 * password, a passkey, a large redemption) the member proves again that they read their mailbox. A code is
 * mailed to the current address as soon as the machine starts; the member types it; the BFF answers a
 * step-up token, which is the machine's output.
 *
 * It runs as a child: a flow invokes it (`invoke: { id: 'stepUp', src: 'stepUp' }`, with
 * `createLiveStepUpLogic` bound in the flow's live file), the view renders the child's snapshot (its
 * `StepUpForm`), and the flow's `onDone` reads `event.output` (StepUpOutput): `verified` with the token
 * and its lifetime, or `cancelled`. A protected request that answers StepUpRequiredError (token expired or
 * used) is the flow's sign to invoke it again.
 */
export const stepUpMachine = setup({
  types: {
    context: {} as StepUpContext,
    events: {} as StepUpEvent,
    output: {} as StepUpOutput,
    tags: {} as StepUpTag,
  },
  actors: {
    sendCode: fromPromise<StepUpActorTypes['sendCode']['output'], StepUpActorTypes['sendCode']['input']>(notProvided('sendCode')),
    verifyCode: fromPromise<StepUpActorTypes['verifyCode']['output'], StepUpActorTypes['verifyCode']['input']>(notProvided('verifyCode')),
  },
  delays: { codeLifetime: CODE_LIFETIME_MS },
  guards: {
    isMistyped: ({ event }) => event.type === 'stepUp.submit' && !isCodeFormat(event.code),
    isRejected: (_, params: { error: unknown }) => isCodeRejected(params.error),
    isLastTry: ({ context }, params: { error: unknown }) => isCodeRejected(params.error) && isLastTry(context.rejections),
  },
  actions: {
    startOver: assign(() => fresh),
    keepMistyped: assign(({ event }) => (event.type === 'stepUp.submit' ? { code: event.code, problem: 'format' as const, failure: null, resent: false } : {})),
    keepCode: assign(({ event }) => (event.type === 'stepUp.submit' ? { code: normalisedCode(event.code), problem: null, failure: null, resent: false } : {})),
    keepRejection: assign(({ context }) => ({ problem: 'rejected' as const, failure: null, rejections: context.rejections + 1 })),
    keepFailure: assign((_, params: { error: unknown }) => ({ ...failureOf(params.error), problem: null, resent: false })),
    keepNewCode: assign({ code: '', problem: null, failure: null, retryAfterSeconds: null, resent: true, rejections: 0 }),
    expireByTime: assign({ expiredBy: 'time' as const, problem: null, failure: null, resent: false }),
    expireByAttempts: assign({ expiredBy: 'attempts' as const, problem: null, failure: null, resent: false }),
    keepStepUp: assign((_, params: { stepUp: StepUpContext['stepUp'] }) => ({ stepUp: params.stepUp, problem: null, failure: null })),
  },
}).createMachine({
  id: 'stepUp',
  description: 'A fresh code to the member’s current address, typed back for a step-up token that one sensitive change needs.',
  context: fresh,
  initial: 'sending',
  output: ({ context }): StepUpOutput =>
    context.stepUp ? { outcome: 'verified', token: context.stepUp.step_up_token, expiresInSeconds: context.stepUp.expires_in } : { outcome: 'cancelled' },
  states: {
    sending: {
      description: 'A code is being mailed to the member’s current address.',
      tags: ['busy'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        onDone: { target: 'code', actions: 'startOver' },
        onError: { target: 'notSent', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    notSent: {
      description: 'No code went out (a limit on codes, or no answer): why is shown; asking again is offered.',
      on: {
        'stepUp.resend': 'sending',
        'stepUp.cancel': 'cancelled',
      },
    },
    code: {
      description: 'A code was mailed: the member types it; it works for a limited time.',
      initial: 'entering',
      after: { codeLifetime: { target: 'expired', actions: 'expireByTime' } },
      on: { 'stepUp.cancel': '#stepUp.cancelled' },
      states: {
        entering: {
          description: 'The code field waits (with why the last code or request was refused).',
          on: {
            'stepUp.submit': [{ guard: 'isMistyped', actions: 'keepMistyped' }, { target: 'verifying', actions: 'keepCode' }],
            'stepUp.resend': 'resending',
          },
        },
        verifying: {
          description: 'The code is checked; a token comes back when it is right.',
          tags: ['busy'],
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context }) => ({ code: context.code }),
            onDone: { target: '#stepUp.verified', actions: { type: 'keepStepUp', params: ({ event }) => ({ stepUp: event.output }) } },
            onError: [
              { guard: { type: 'isLastTry', params: ({ event }) => ({ error: event.error }) }, target: '#stepUp.expired', actions: 'expireByAttempts' },
              { guard: { type: 'isRejected', params: ({ event }) => ({ error: event.error }) }, target: 'entering', actions: 'keepRejection' },
              { target: 'entering', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        resending: {
          description: 'A new code is being mailed; the one before stops working.',
          tags: ['busy'],
          invoke: {
            id: 'resendCode',
            src: 'sendCode',
            // Entering `code` again starts the new code's lifetime.
            onDone: { target: '#stepUp.code', reenter: true, actions: 'keepNewCode' },
            onError: { target: 'entering', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    expired: {
      description: 'The code no longer works (its time is over, or it was mistyped too often): a new one is offered.',
      on: {
        'stepUp.resend': { target: 'sending', actions: 'startOver' },
        'stepUp.cancel': 'cancelled',
      },
    },
    verified: {
      description: 'The code was right: the step-up token goes to the flow that asked.',
      type: 'final',
    },
    cancelled: {
      description: 'The member gave up: the flow that asked hears `cancelled`.',
      type: 'final',
    },
  },
});
