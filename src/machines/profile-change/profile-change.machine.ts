import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/shared.actors';
import { CODE_LIFETIME_MS, failureOf, isCodeFormat, isCodeRejected, isLastTry, normalisedCode } from '../step-up/step-up.rules';
import { cleanValues, hasRefusedFields, refusedFields, valueProblems } from './profile-change.rules';
import type { MemberProfile } from '../../contract/auth';
import type { ProfileChangeActorTypes, ProfileChangeContext, ProfileChangeEvent, ProfileChangeInput, ProfileChangeTag } from './profile-change.types';

const codeCleared = { code: '', codeProblem: null, failure: null, retryAfterSeconds: null, resent: false, rejections: 0, expiredBy: null } as const;

/**
 * Changing the member's name or birthday (spec section 2, "change of name", "change of birthday";
 * decision records 0045 and 0051), one machine for both, told which by its input. The new values are
 * checked first (a birthday must make the member at least 18 today, as the BFF counts), so a code is never
 * spent on values the BFF would refuse; then a code for this change is mailed to the member's address,
 * and the values go with the code typed back. A change taken has the profile shown everywhere
 * (`profileChanged`, bound in profile-change.live.ts).
 */
export const profileChangeMachine = setup({
  types: {
    context: {} as ProfileChangeContext,
    events: {} as ProfileChangeEvent,
    input: {} as ProfileChangeInput,
    tags: {} as ProfileChangeTag,
  },
  actors: {
    sendCode: fromPromise<ProfileChangeActorTypes['sendCode']['output'], ProfileChangeActorTypes['sendCode']['input']>(notProvided('sendCode')),
    saveChange: fromPromise<ProfileChangeActorTypes['saveChange']['output'], ProfileChangeActorTypes['saveChange']['input']>(notProvided('saveChange')),
  },
  delays: { codeLifetime: CODE_LIFETIME_MS },
  guards: {
    hasProblems: ({ context, event }) => event.type === 'change.submit' && Object.keys(valueProblems(event.values, context.today)).length > 0,
    isCodeMistyped: ({ event }) => event.type === 'code.submit' && !isCodeFormat(event.code),
    hasRefusedFields: (_, params: { error: unknown }) => hasRefusedFields(params.error),
    isCodeRejected: (_, params: { error: unknown }) => isCodeRejected(params.error),
    isLastTry: ({ context }, params: { error: unknown }) => isCodeRejected(params.error) && isLastTry(context.rejections),
  },
  actions: {
    // Placeholder: the view layer binds it (the cached profile and the session's member).
    profileChanged: (_, _params: { profile: MemberProfile }) => undefined,
    startOver: assign({ values: null, problems: {}, ...codeCleared }),
    keepProblems: assign(({ context, event }) => (event.type === 'change.submit' ? { values: event.values, problems: valueProblems(event.values, context.today), failure: null } : {})),
    keepValues: assign(({ event }) => (event.type === 'change.submit' ? { values: cleanValues(event.values), problems: {}, failure: null, retryAfterSeconds: null } : {})),
    keepRefusedFields: assign((_, params: { error: unknown }) => ({ problems: refusedFields(params.error), ...codeCleared })),
    keepFailure: assign((_, params: { error: unknown }) => ({ ...failureOf(params.error), codeProblem: null, resent: false })),
    startCode: assign(codeCleared),
    keepNewCode: assign({ ...codeCleared, resent: true }),
    keepMistypedCode: assign(({ event }) => (event.type === 'code.submit' ? { code: event.code, codeProblem: 'format' as const, failure: null, resent: false } : {})),
    keepCode: assign(({ event }) => (event.type === 'code.submit' ? { code: normalisedCode(event.code), codeProblem: null, failure: null, resent: false } : {})),
    keepRejection: assign(({ context }) => ({ codeProblem: 'rejected' as const, failure: null, rejections: context.rejections + 1 })),
    expireByTime: assign({ expiredBy: 'time' as const, codeProblem: null, failure: null, resent: false }),
    expireByAttempts: assign({ expiredBy: 'attempts' as const, codeProblem: null, failure: null, resent: false }),
  },
}).createMachine({
  id: 'profileChange',
  description: 'A new name or birthday, checked, then confirmed with a code mailed to the member’s address.',
  context: ({ input }) => ({ kind: input.kind, today: input.today, values: null, problems: {}, ...codeCleared }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The value is shown with its "Change" button; no change is under way.',
      on: { 'change.open': { target: 'editing', actions: 'startOver' } },
    },
    editing: {
      description: 'The new values are typed (with what to correct, or why asking for a code failed).',
      on: {
        'change.submit': [{ guard: 'hasProblems', actions: 'keepProblems' }, { target: 'sendingCode', actions: 'keepValues' }],
        'change.cancel': { target: 'idle', actions: 'startOver' },
      },
    },
    sendingCode: {
      description: 'A code for this change is being mailed to the member’s address.',
      tags: ['busy'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: { target: 'confirming', actions: 'startCode' },
        onError: { target: 'editing', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirming: {
      description: 'The code was mailed: the member types it; it works for a limited time.',
      initial: 'entering',
      after: { codeLifetime: { target: 'codeExpired', actions: 'expireByTime' } },
      on: {
        'change.edit': { target: 'editing', actions: 'startCode' },
        'change.cancel': { target: 'idle', actions: 'startOver' },
      },
      states: {
        entering: {
          description: 'The code field waits (with why the last code or request was refused).',
          on: {
            'code.submit': [{ guard: 'isCodeMistyped', actions: 'keepMistypedCode' }, { target: 'saving', actions: 'keepCode' }],
            'code.resend': 'resending',
          },
        },
        saving: {
          description: 'The values go with the code; the profile comes back changed.',
          tags: ['busy'],
          invoke: {
            id: 'saveChange',
            src: 'saveChange',
            input: ({ context }) => ({ values: context.values ?? { kind: 'birthday', birthday: '' }, code: context.code }),
            onDone: { target: '#profileChange.saved', actions: { type: 'profileChanged', params: ({ event }) => ({ profile: event.output }) } },
            onError: [
              // Refused values (the age rule on the BFF's day): back to them; the code was not spent.
              { guard: { type: 'hasRefusedFields', params: ({ event }) => ({ error: event.error }) }, target: '#profileChange.editing', actions: { type: 'keepRefusedFields', params: ({ event }) => ({ error: event.error }) } },
              { guard: { type: 'isLastTry', params: ({ event }) => ({ error: event.error }) }, target: '#profileChange.codeExpired', actions: 'expireByAttempts' },
              { guard: { type: 'isCodeRejected', params: ({ event }) => ({ error: event.error }) }, target: 'entering', actions: 'keepRejection' },
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
            input: ({ context }) => ({ kind: context.kind }),
            // Entering `confirming` again starts the new code's lifetime.
            onDone: { target: '#profileChange.confirming', reenter: true, actions: 'keepNewCode' },
            onError: { target: 'entering', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    codeExpired: {
      description: 'The code no longer works (its time is over, or it was mistyped too often): a new one, or other values.',
      on: {
        'code.resend': '#profileChange.confirming.resending',
        'change.edit': { target: 'editing', actions: 'startCode' },
        'change.cancel': { target: 'idle', actions: 'startOver' },
      },
    },
    saved: {
      description: 'The profile has the new values; the page shows them.',
      on: { 'change.close': { target: 'idle', actions: 'startOver' } },
    },
  },
});
