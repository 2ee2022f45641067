import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/shared.actors';
import { stepUpMachine } from '../step-up/step-up.machine';
import { CODE_LIFETIME_MS, failureOf, isCodeFormat, isCodeRejected, isLastTry, normalisedCode } from '../step-up/step-up.rules';
import type { StepUpOutput } from '../step-up/step-up.types';
import { emailProblem, isAddressRefused, isConflict, needsStepUp } from './email-change.rules';
import type { EmailChangeActorTypes, EmailChangeContext, EmailChanged, EmailChangeEvent, EmailChangeInput, EmailChangeTag } from './email-change.types';

const codeCleared = { code: '', codeProblem: null, failure: null, retryAfterSeconds: null, resent: false, rejections: 0, expiredBy: null } as const;

const verified = (output: unknown): output is Extract<StepUpOutput, { outcome: 'verified' }> => (output as StepUpOutput | undefined)?.outcome === 'verified';

/**
 * Changing the member's email address (spec section 2, "change of email"; decision records 0045 and
 * 0051). First the step-up: a code to the current address proves the mailbox (the `stepUp` child, see
 * src/machines/step-up). Then the new address, checked before it is sent; the BFF mails a code to it and
 * answers the same whether or not the address is free (a taken one gets a notice, never a code), so the
 * form says the same too. The code typed back moves the account: the old address is told, every other
 * session ends, and this session adopts the new token the answer carries (`adoptSession`, bound in
 * email-change.live.ts). A request that finds the step-up token spent or expired proves the mailbox again
 * and then sends the same address.
 */
export const emailChangeMachine = setup({
  types: {
    context: {} as EmailChangeContext,
    events: {} as EmailChangeEvent,
    input: {} as EmailChangeInput,
    tags: {} as EmailChangeTag,
  },
  actors: {
    stepUp: stepUpMachine,
    requestChange: fromPromise<EmailChangeActorTypes['requestChange']['output'], EmailChangeActorTypes['requestChange']['input']>(notProvided('requestChange')),
    resendCode: fromPromise<EmailChangeActorTypes['resendCode']['output'], EmailChangeActorTypes['resendCode']['input']>(notProvided('resendCode')),
    confirmChange: fromPromise<EmailChangeActorTypes['confirmChange']['output'], EmailChangeActorTypes['confirmChange']['input']>(notProvided('confirmChange')),
  },
  delays: { codeLifetime: CODE_LIFETIME_MS },
  guards: {
    isVerifiedAndWaiting: ({ context }, params: { output: unknown }) => verified(params.output) && context.sendAfterStepUp,
    isVerified: (_, params: { output: unknown }) => verified(params.output),
    isEmailMistyped: ({ context, event }) => event.type === 'email.submit' && emailProblem(event.email, context.currentEmail) !== null,
    hasStepUpToken: ({ context }) => context.stepUpToken !== null,
    needsStepUp: (_, params: { error: unknown }) => needsStepUp(params.error),
    isAddressRefused: (_, params: { error: unknown }) => isAddressRefused(params.error),
    isConflict: (_, params: { error: unknown }) => isConflict(params.error),
    isCodeMistyped: ({ event }) => event.type === 'code.submit' && !isCodeFormat(event.code),
    isCodeRejected: (_, params: { error: unknown }) => isCodeRejected(params.error),
    isLastTry: ({ context }, params: { error: unknown }) => isCodeRejected(params.error) && isLastTry(context.rejections),
  },
  actions: {
    // Placeholder: the view layer binds it (the session's token and member, the cached profile).
    adoptSession: (_, _params: { changed: EmailChanged }) => undefined,
    startOver: assign(({ context }) => ({ newEmail: '', emailProblem: null, stepUpToken: null, sendAfterStepUp: false, ...codeCleared, currentEmail: context.currentEmail })),
    keepStepUpToken: assign((_, params: { output: unknown }) => ({ stepUpToken: verified(params.output) ? params.output.token : null, sendAfterStepUp: false })),
    keepEmailProblem: assign(({ context, event }) =>
      event.type === 'email.submit' ? { newEmail: event.email, emailProblem: emailProblem(event.email, context.currentEmail), failure: null, retryAfterSeconds: null } : {},
    ),
    keepEmail: assign(({ event }) => (event.type === 'email.submit' ? { newEmail: event.email.trim(), emailProblem: null, failure: null, retryAfterSeconds: null } : {})),
    sendAfterStepUp: assign({ sendAfterStepUp: true, stepUpToken: null }),
    /** A token works for one request: the next one proves the mailbox again. */
    spendStepUpToken: assign({ stepUpToken: null }),
    keepAddressRefused: assign({ emailProblem: 'format' as const, failure: null }),
    keepFailure: assign((_, params: { error: unknown }) => ({ ...failureOf(params.error), codeProblem: null, resent: false })),
    keepTaken: assign({ failure: 'taken' as const, retryAfterSeconds: null, emailProblem: null }),
    keepNoRequest: assign({ failure: 'noRequest' as const, retryAfterSeconds: null, emailProblem: null }),
    startCode: assign(codeCleared),
    keepNewCode: assign({ ...codeCleared, resent: true }),
    keepMistypedCode: assign(({ event }) => (event.type === 'code.submit' ? { code: event.code, codeProblem: 'format' as const, failure: null, resent: false } : {})),
    keepCode: assign(({ event }) => (event.type === 'code.submit' ? { code: normalisedCode(event.code), codeProblem: null, failure: null, resent: false } : {})),
    keepRejection: assign(({ context }) => ({ codeProblem: 'rejected' as const, failure: null, rejections: context.rejections + 1 })),
    expireByTime: assign({ expiredBy: 'time' as const, codeProblem: null, failure: null, resent: false }),
    expireByAttempts: assign({ expiredBy: 'attempts' as const, codeProblem: null, failure: null, resent: false }),
    keepChanged: assign((_, params: { changed: EmailChanged }) => ({ currentEmail: params.changed.profile.email, ...codeCleared })),
  },
}).createMachine({
  id: 'emailChange',
  description: 'Moving the account to a new email address: the current mailbox proven (step-up), the new one proven with its own code.',
  context: ({ input }) => ({ currentEmail: input.currentEmail, newEmail: '', emailProblem: null, stepUpToken: null, sendAfterStepUp: false, ...codeCleared }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The email address is shown with its "Change" button; no change is under way.',
      on: { 'change.open': { target: 'provingIdentity', actions: 'startOver' } },
    },
    provingIdentity: {
      description: 'The step-up: a code to the current address proves the mailbox before the address can change.',
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        onDone: [
          {
            guard: { type: 'isVerifiedAndWaiting', params: ({ event }) => ({ output: event.output }) },
            target: 'requesting',
            actions: { type: 'keepStepUpToken', params: ({ event }) => ({ output: event.output }) },
          },
          {
            guard: { type: 'isVerified', params: ({ event }) => ({ output: event.output }) },
            target: 'editing',
            actions: { type: 'keepStepUpToken', params: ({ event }) => ({ output: event.output }) },
          },
          { target: 'idle', actions: 'startOver' },
        ],
      },
      on: { 'change.cancel': { target: 'idle', actions: 'startOver' } },
    },
    editing: {
      description: 'The new address is typed (with what to correct, or why the last request failed).',
      on: {
        'email.submit': [
          { guard: 'isEmailMistyped', actions: 'keepEmailProblem' },
          { guard: 'hasStepUpToken', target: 'requesting', actions: 'keepEmail' },
          // The token was spent on an earlier address: the mailbox is proven again, then this one is sent.
          { target: 'provingIdentity', actions: ['keepEmail', 'sendAfterStepUp'] },
        ],
        'change.cancel': { target: 'idle', actions: 'startOver' },
      },
    },
    requesting: {
      description: 'The new address is sent; the BFF mails it a code (or, if it is taken, a notice).',
      tags: ['busy'],
      invoke: {
        id: 'requestChange',
        src: 'requestChange',
        input: ({ context }) => ({ email: context.newEmail, stepUpToken: context.stepUpToken }),
        onDone: { target: 'confirming', actions: ['spendStepUpToken', 'startCode'] },
        onError: [
          { guard: { type: 'needsStepUp', params: ({ event }) => ({ error: event.error }) }, target: 'provingIdentity', actions: 'sendAfterStepUp' },
          { guard: { type: 'isAddressRefused', params: ({ event }) => ({ error: event.error }) }, target: 'editing', actions: 'keepAddressRefused' },
          { target: 'editing', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    confirming: {
      description: 'A code was mailed to the new address (if it can be used): the member types it; it works for a limited time.',
      initial: 'entering',
      after: { codeLifetime: { target: 'codeExpired', actions: 'expireByTime' } },
      on: {
        'email.edit': { target: 'editing', actions: 'startCode' },
        'change.cancel': { target: 'idle', actions: 'startOver' },
      },
      states: {
        entering: {
          description: 'The code field waits (with why the last code or request was refused).',
          on: {
            'code.submit': [{ guard: 'isCodeMistyped', actions: 'keepMistypedCode' }, { target: 'verifying', actions: 'keepCode' }],
            'code.resend': 'resending',
          },
        },
        verifying: {
          description: 'The code is checked; when it is right, the account moves to the new address.',
          tags: ['busy'],
          invoke: {
            id: 'confirmChange',
            src: 'confirmChange',
            input: ({ context }) => ({ code: context.code }),
            onDone: {
              target: '#emailChange.changed',
              actions: [
                { type: 'adoptSession', params: ({ event }) => ({ changed: event.output }) },
                { type: 'keepChanged', params: ({ event }) => ({ changed: event.output }) },
              ],
            },
            onError: [
              { guard: { type: 'isLastTry', params: ({ event }) => ({ error: event.error }) }, target: '#emailChange.codeExpired', actions: 'expireByAttempts' },
              { guard: { type: 'isCodeRejected', params: ({ event }) => ({ error: event.error }) }, target: 'entering', actions: 'keepRejection' },
              { guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) }, target: '#emailChange.editing', actions: 'keepTaken' },
              { target: 'entering', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        resending: {
          description: 'A new code is being mailed to the new address; the one before stops working.',
          tags: ['busy'],
          invoke: {
            id: 'resendCode',
            src: 'resendCode',
            // Entering `confirming` again starts the new code's lifetime.
            onDone: { target: '#emailChange.confirming', reenter: true, actions: 'keepNewCode' },
            onError: [
              { guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) }, target: '#emailChange.editing', actions: 'keepNoRequest' },
              { target: 'entering', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
    codeExpired: {
      description: 'The code no longer works (its time is over, or it was mistyped too often): a new one, or another address.',
      on: {
        'code.resend': '#emailChange.confirming.resending',
        'email.edit': { target: 'editing', actions: 'startCode' },
        'change.cancel': { target: 'idle', actions: 'startOver' },
      },
    },
    changed: {
      description: 'The account has the new address; this session goes on with its new token, the others have ended.',
      on: { 'change.close': { target: 'idle', actions: 'startOver' } },
    },
  },
});
