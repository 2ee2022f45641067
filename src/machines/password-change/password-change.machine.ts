import { assign, fromPromise, setup } from 'xstate';
import { StepUpRequiredError } from '../../services/account/errors';
import { notProvided } from '../shared/shared.actors';
import { stepUpMachine } from '../step-up/step-up.machine';
import type { StepUpOutput } from '../step-up/step-up.types';
import { hasProblems, passwordProblems, problemsOfRefusal } from './password-change.rules';
import type { PasswordChangeActorTypes, PasswordChangeContext, PasswordChangeEvent } from './password-change.types';

const empty: PasswordChangeContext = { password: '', confirmation: '', problems: {}, failed: false, stepUpToken: null };

/**
 * Changing (or first setting) the password from the account (decision 0047): the new password is typed
 * twice and checked; then the member proves the mailbox again (the step-up child, a code to the current
 * address) and the change is sent with the step-up token. The member's other sessions end (the BFF's
 * doing); this one goes on. Nothing typed is lost on a refusal; a token is used once, so sending again
 * asks for a new code.
 */
export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
  },
  actors: {
    stepUp: stepUpMachine,
    changePassword: fromPromise<PasswordChangeActorTypes['changePassword']['output'], PasswordChangeActorTypes['changePassword']['input']>(notProvided('changePassword')),
  },
  guards: {
    isValid: ({ event }) => event.type === 'password.submit' && !hasProblems(passwordProblems(event.password, event.confirmation)),
    isVerified: (_, params: { output: StepUpOutput }) => params.output.outcome === 'verified',
    needsNewCode: (_, params: { error: unknown }) => params.error instanceof StepUpRequiredError,
    isFieldRefusal: (_, params: { error: unknown }) => problemsOfRefusal(params.error) !== null,
  },
  actions: {
    keepForm: assign(({ event }) =>
      event.type === 'password.submit'
        ? { password: event.password, confirmation: event.confirmation, problems: passwordProblems(event.password, event.confirmation), failed: false }
        : {},
    ),
    keepToken: assign((_, params: { output: StepUpOutput }) => ({ stepUpToken: params.output.outcome === 'verified' ? params.output.token : null })),
    keepRefusal: assign((_, params: { error: unknown }) => ({ problems: problemsOfRefusal(params.error) ?? {}, stepUpToken: null })),
    keepFailure: assign({ failed: true, stepUpToken: null }),
    forgetToken: assign({ stepUpToken: null }),
    clear: assign(() => empty),
  },
}).createMachine({
  id: 'passwordChange',
  description: 'A new password, typed twice and checked, sent with a fresh code’s step-up token.',
  context: empty,
  initial: 'idle',
  states: {
    idle: {
      description: 'The sign-in methods with “Change password”.',
      on: { 'password.start': 'editing' },
    },
    editing: {
      description: 'The form: the new password twice, with what is wrong at each field.',
      on: {
        'password.submit': [
          { guard: 'isValid', target: 'provingMailbox', actions: 'keepForm' },
          { actions: 'keepForm' },
        ],
        'password.cancel': { target: 'idle', actions: 'clear' },
      },
    },
    provingMailbox: {
      description: 'The step-up child: a code to the current address, typed back for a token. Giving up returns to the form.',
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        onDone: [
          { guard: { type: 'isVerified', params: ({ event }) => ({ output: event.output }) }, target: 'saving', actions: { type: 'keepToken', params: ({ event }) => ({ output: event.output }) } },
          { target: 'editing' },
        ],
      },
    },
    saving: {
      description: 'The new password is on its way with the step-up token.',
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ password: context.password, confirmation: context.confirmation, stepUpToken: context.stepUpToken ?? '' }),
        onDone: { target: 'changed', actions: 'clear' },
        onError: [
          { guard: { type: 'needsNewCode', params: ({ event }) => ({ error: event.error }) }, target: 'provingMailbox', actions: 'forgetToken' },
          { guard: { type: 'isFieldRefusal', params: ({ event }) => ({ error: event.error }) }, target: 'editing', actions: { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) } },
          { target: 'editing', actions: 'keepFailure' },
        ],
      },
    },
    changed: {
      description: 'Changed: the member is told; other devices must sign in again.',
      on: { 'password.dismiss': 'idle', 'password.start': 'editing' },
    },
  },
});
