import { assign, fromPromise, setup } from 'xstate';
import { PasskeyAlreadyOnDevice, PasskeyPromptDismissed } from '../../services/account/passkeys';
import { StepUpRequiredError } from '../../services/account/errors';
import { notProvided } from '../shared/shared.actors';
import { stepUpMachine } from '../step-up/step-up.machine';
import type { StepUpOutput } from '../step-up/step-up.types';
import type { PasskeyRegistrationActorTypes, PasskeyRegistrationContext, PasskeyRegistrationEvent, PasskeyRegistrationFailure } from './passkey-registration.types';

function failureOf(error: unknown): PasskeyRegistrationFailure {
  if (error instanceof PasskeyPromptDismissed) return 'dismissed';
  if (error instanceof PasskeyAlreadyOnDevice) return 'alreadyOnDevice';
  return 'failed';
}

const fresh = { stepUpToken: null, added: null, failure: null } as const;

/**
 * Adding a passkey (decision 0048): a passkey is a new way into the account, so the member first proves
 * the mailbox again (the step-up child, a code to the current address); then the browser asks the device
 * for a passkey and the BFF checks and keeps it. The step-up token is spent by the attempt, so trying again
 * asks for a new code. The passkeys list is read again once one is added (`passkeyAdded`, bound by the
 * view layer).
 */
export const passkeyRegistrationMachine = setup({
  types: {
    context: {} as PasskeyRegistrationContext,
    events: {} as PasskeyRegistrationEvent,
  },
  actors: {
    stepUp: stepUpMachine,
    registerPasskey: fromPromise<PasskeyRegistrationActorTypes['registerPasskey']['output'], PasskeyRegistrationActorTypes['registerPasskey']['input']>(
      notProvided('registerPasskey'),
    ),
  },
  guards: {
    isVerified: (_, params: { output: StepUpOutput }) => params.output.outcome === 'verified',
    /** The token was refused (expired while the browser's prompt was open): a new code is needed. */
    needsNewCode: (_, params: { error: unknown }) => params.error instanceof StepUpRequiredError,
  },
  actions: {
    // Placeholder: the view layer binds it (the passkeys query).
    passkeyAdded: () => undefined,
    start: assign(({ event }) => (event.type === 'passkey.add' ? { ...fresh, name: event.name.trim() } : {})),
    keepToken: assign((_, params: { output: StepUpOutput }) => ({ stepUpToken: params.output.outcome === 'verified' ? params.output.token : null })),
    keepAdded: assign((_, params: { added: PasskeyRegistrationContext['added'] }) => ({ added: params.added, stepUpToken: null })),
    keepFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error), stepUpToken: null })),
    forgetToken: assign({ stepUpToken: null }),
    reset: assign({ ...fresh, name: '' }),
  },
}).createMachine({
  id: 'passkeyRegistration',
  description: 'Adding a passkey: a fresh code first, then the device’s passkey, checked and kept by the BFF.',
  context: { name: '', ...fresh },
  initial: 'idle',
  states: {
    idle: {
      description: 'The passkeys list with “Add a passkey”.',
      on: { 'passkey.add': { target: 'provingMailbox', actions: 'start' } },
    },
    provingMailbox: {
      description: 'The step-up child: a code to the current address, typed back for a token.',
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        onDone: [
          { guard: { type: 'isVerified', params: ({ event }) => ({ output: event.output }) }, target: 'registering', actions: { type: 'keepToken', params: ({ event }) => ({ output: event.output }) } },
          { target: 'idle', actions: 'reset' },
        ],
      },
    },
    registering: {
      description: 'The browser asks the device for a passkey; the BFF checks it and keeps it.',
      tags: ['busy'],
      invoke: {
        id: 'registerPasskey',
        src: 'registerPasskey',
        input: ({ context }) => ({ stepUpToken: context.stepUpToken ?? '', name: context.name }),
        onDone: { target: 'added', actions: [{ type: 'keepAdded', params: ({ event }) => ({ added: event.output }) }, 'passkeyAdded'] },
        onError: [
          { guard: { type: 'needsNewCode', params: ({ event }) => ({ error: event.error }) }, target: 'provingMailbox', actions: 'forgetToken' },
          { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    added: {
      description: 'Added: the new passkey is named; the member can now sign in with it.',
      on: {
        'passkey.dismiss': { target: 'idle', actions: 'reset' },
        'passkey.add': { target: 'provingMailbox', actions: 'start' },
      },
    },
    failed: {
      description: 'No passkey was added: why is shown; trying again starts with a new code.',
      on: {
        'passkey.dismiss': { target: 'idle', actions: 'reset' },
        'passkey.add': { target: 'provingMailbox', actions: 'start' },
      },
    },
  },
});
