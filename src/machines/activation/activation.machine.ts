import { assign, fromPromise, setup } from 'xstate';
import type { ACTIVATION_OUTCOMES } from '../../contract/auth';
import { InvalidInputError, statusOf } from '../../services/account/errors';
import type { ActivationActorTypes, ActivationAnswer, ActivationContext, ActivationEvent, ActivationInput, PasswordFailure } from './activation.types';
import { notProvided } from '../shared/shared.actors';

type Outcome = (typeof ACTIVATION_OUTCOMES)[number];

/** Parameters from the done event of an activation (its output is the BFF's answer). */
type AnswerEvent = { event: { output: ActivationAnswer } };
/** Parameters from the error event of an activation. */
const failureParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/**
 * The activation link (spec section 4): the link's code is sent once and its outcome shown: activated
 * (signed in, on to the activated page), code not found or not active, already activated, or active but
 * the profile or points could not be fetched. A failed request can be sent again.
 *
 * The link proves the mailbox, not who chose the password given at registration. The browser that
 * registered sends the registration proofs it keeps, which set that password. Anyone else is asked for it
 * (`password_confirmation_needed`), or activates without it and can set a password later.
 *
 * The effects are named actions bound in activation.live.ts: `forgetProof` (storage), `signIn` (the session),
 * `showActivated` (navigation).
 */
export const activationMachine = setup({
  types: {
    context: {} as ActivationContext,
    events: {} as ActivationEvent,
    input: {} as ActivationInput,
  },
  actors: {
    activate: fromPromise<ActivationActorTypes['activate']['output'], ActivationActorTypes['activate']['input']>(notProvided('activate')),
  },
  guards: {
    hasNoToken: ({ context }) => !context.token,
    isOutcome: (_, params: { answer: ActivationAnswer; outcome: Outcome }) => params.answer.outcome === params.outcome,
    isEmptyPassword: ({ event }) => event.type === 'password.submit' && event.password === '',
    /** The password typed is not the one chosen at registration (a 400 naming `password`). */
    isWrongPassword: ({ context }, params: { error: unknown }) =>
      context.typed && params.error instanceof InvalidInputError && params.error.fields.includes('password'),
    isRateLimited: (_, params: { error: unknown }) => statusOf(params.error) === 429,
  },
  actions: {
    // Placeholders: the view layer binds them (storage, the session, navigation).
    /** The registration proof that carried the password is used up (null: the answer named none). */
    forgetProof: (_, _params: { proof: string | null }) => undefined,
    /** The activation signed the member in (null: the answer carried no token). */
    signIn: (_, _params: { token: string | null }) => undefined,
    showActivated: () => undefined,
    markRetried: assign({ retried: true }),
    markEmptyPassword: assign({ emptyPassword: true }),
    /** A password was sent: the last failure no longer applies. */
    startTyped: assign({ typed: true, emptyPassword: false, passwordFailure: null }),
    startWithoutPassword: assign({ typed: false, passwordFailure: null }),
    setPasswordFailure: assign(({ context }, params: { failure: PasswordFailure }) => ({
      passwordFailure: params.failure,
      wrongPasswords: params.failure === 'wrongPassword' ? context.wrongPasswords + 1 : context.wrongPasswords,
    })),
  },
}).createMachine({
  id: 'activation',
  description: 'The activation link: its code sent once, the outcome shown, and the password question when the registration chose one.',
  context: ({ input }) => ({
    token: input.token,
    readProofs: input.readProofs,
    retried: false,
    typed: false,
    emptyPassword: false,
    passwordFailure: null,
    wrongPasswords: 0,
  }),
  initial: 'activating',
  states: {
    activating: {
      description: 'Sends the link’s code (with the registration proofs this browser keeps) to the BFF; a link without a code sends nothing.',
      // Leaves before its request starts: XState starts an invocation only if its state is still active.
      always: { guard: 'hasNoToken', target: 'linkBroken' },
      invoke: {
        id: 'activate',
        src: 'activate',
        input: ({ context }) => {
          const proofs = context.readProofs();
          const token = context.token ?? '';
          // The first request sends proofs only when there are some; a retry always sends the list.
          return proofs.length > 0 || context.retried ? { token, registration_proofs: proofs } : { token };
        },
        onDone: answerTransitions(),
        onError: 'failed',
      },
    },
    failed: {
      description: 'The request failed (no outcome): the visitor can try again.',
      on: { 'activation.retry': { target: 'activating', actions: 'markRetried' } },
    },
    passwordQuestion: {
      description: 'The registration chose a password this visitor has not shown to be theirs: they type it again, or activate without it.',
      initial: 'waiting',
      states: {
        waiting: {
          description: 'The password form and the button to activate without it wait.',
          on: {
            'password.submit': [
              { guard: 'isEmptyPassword', target: 'waiting', actions: 'markEmptyPassword' },
              { target: 'confirming', actions: 'startTyped' },
            ],
            'password.skip': { target: 'confirming', actions: 'startWithoutPassword' },
          },
        },
        confirming: {
          description: 'Sends the code with the password typed again, or with the choice to activate without it.',
          invoke: {
            id: 'confirmActivation',
            src: 'activate',
            input: ({ context, event }) =>
              event.type === 'password.submit' ? { token: context.token ?? '', password: event.password } : { token: context.token ?? '', without_password: true as const },
            onDone: answerTransitions(),
            onError: [
              { guard: { type: 'isWrongPassword', params: failureParams }, target: 'waiting', actions: { type: 'setPasswordFailure', params: { failure: 'wrongPassword' } } },
              { guard: { type: 'isRateLimited', params: failureParams }, target: 'waiting', actions: { type: 'setPasswordFailure', params: { failure: 'tooManyAttempts' } } },
              { target: 'waiting', actions: { type: 'setPasswordFailure', params: { failure: 'failed' } } },
            ],
          },
        },
      },
    },
    activated: {
      description: 'Activated and signed in: the activated page takes over.',
      type: 'final',
    },
    linkBroken: {
      description: 'The link has no code, or its code is unknown, expired or used: register again or sign in.',
      type: 'final',
    },
    alreadyActive: {
      description: 'The membership was activated before: sign in.',
      type: 'final',
    },
    profileUnavailable: {
      description: 'Activated, but the profile or points could not be fetched: sign in to continue.',
      type: 'final',
    },
  },
});

/** What an activation's answer leads to, the same for the link and for the password question. */
function answerTransitions() {
  const outcome = (name: Outcome) => ({ type: 'isOutcome' as const, params: ({ event }: AnswerEvent) => ({ answer: event.output, outcome: name }) });
  return [
    {
      guard: outcome('activated'),
      target: '#activation.activated',
      // In this order: the proof is used up, the member signed in, then the page moves on.
      actions: [
        { type: 'forgetProof' as const, params: ({ event }: AnswerEvent) => ({ proof: event.output.registration_proof ?? null }) },
        { type: 'signIn' as const, params: ({ event }: AnswerEvent) => ({ token: event.output.token ?? null }) },
        'showActivated' as const,
      ],
    },
    { guard: outcome('code_not_found'), target: '#activation.linkBroken' },
    { guard: outcome('already_activated'), target: '#activation.alreadyActive' },
    { guard: outcome('profile_fetch_error'), target: '#activation.profileUnavailable' },
    // password_confirmation_needed
    { target: '#activation.passwordQuestion' },
  ] as const;
}
