import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { AcceptInviteResponse, ScimEnrolResponse, ScimUser } from '../../contract/corporate';
import { notProvided } from '../shared/shared.actors';
import { CODE_LIFETIME_MS, failureOf, isCodeFormat, isCodeRejected, isLastTry, normalisedCode } from '../step-up/step-up.rules';
import { hasNameProblems, inviteRefusalOf, isAlreadyEnrolled, isCompanyUnknown, isNameRefused, isSignInFirst, nameProblems, workEmailProblem } from './enrolment.rules';
import type { EnrolmentActorTypes, EnrolmentContext, EnrolmentEvent, EnrolmentInput, EnrolmentTag, PersonName } from './enrolment.types';

type Actor<K extends keyof EnrolmentActorTypes> = EnrolmentActorTypes[K];

const codeCleared = { code: '', codeProblem: null, failure: null, retryAfterSeconds: null, resent: false, rejections: 0, expiredBy: null } as const;
const noName: PersonName = { givenName: '', familyName: '' };

/** Parameters from the error event of an invoked actor. */
const failureParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/**
 * Corporate self-enrolment (spec sections 1 and 7; decision records 0056 and 0059): an employee proves a
 * work email with a mailed one-time code, and the company that owns the email's domain enrols them. A
 * signed-in member gets the company attached; a person who is not signed in gives their name too, gets a
 * member account for the work email and is signed in by the answer, whose session token goes to the
 * session through the app's actor system (`signIn`, bound in enrolment.live.ts), as a sign-in's does.
 * An invite link (`?invite=`) enrols the signed-in member in the inviting company; a visitor signs in
 * first (the page's own button opens the sign-in dialog) and the invite is accepted once the session says
 * a member is signed in.
 *
 * The session is followed by the `watchSession` actor (the session's state, sent as `session.signedIn` /
 * `session.signedOut`): nothing starts before it is known. The code follows the rules every flow with a
 * mailed code shares (step-up.rules.ts): six digits, spaces dropped, ten minutes, five tries; limits
 * (429) say how long to wait. The BFF mails a code to any email alike; an unknown company is said only
 * after the code proved the mailbox.
 */
export const enrolmentMachine = setup({
  types: {
    context: {} as EnrolmentContext,
    events: {} as EnrolmentEvent,
    input: {} as EnrolmentInput,
    tags: {} as EnrolmentTag,
  },
  actors: {
    /** Follows the session: sends `session.signedIn` (with the member's name once known) and `session.signedOut` (unbound: nothing). */
    watchSession: fromCallback<EnrolmentEvent>(() => undefined),
    loadEnrolment: fromPromise<Actor<'loadEnrolment'>['output'], Actor<'loadEnrolment'>['input']>(notProvided('loadEnrolment')),
    sendCode: fromPromise<Actor<'sendCode'>['output'], Actor<'sendCode'>['input']>(notProvided('sendCode')),
    enrol: fromPromise<Actor<'enrol'>['output'], Actor<'enrol'>['input']>(notProvided('enrol')),
    leave: fromPromise<Actor<'leave'>['output'], Actor<'leave'>['input']>(notProvided('leave')),
    acceptInvite: fromPromise<Actor<'acceptInvite'>['output'], Actor<'acceptInvite'>['input']>(notProvided('acceptInvite')),
  },
  delays: { codeLifetime: CODE_LIFETIME_MS },
  guards: {
    hasInvite: ({ context }) => context.invite !== null,
    isSignedIn: ({ context }) => context.signedIn,
    hasEnrolment: (_, params: { enrolment: ScimUser | null }) => params.enrolment !== null,
    isEmailMistyped: ({ event }) => event.type === 'email.submit' && workEmailProblem(event.email) !== null,
    isCodeMistyped: ({ event }) => event.type === 'code.submit' && !isCodeFormat(event.code),
    /** Who is not signed in (or whose name the session could not tell) gives their name for the new account. */
    needsName: ({ context }) => !context.signedIn || context.memberName === null,
    isNamelessSignIn: ({ context, event }) => event.type === 'session.signedIn' && event.name === null && context.name.givenName.trim() === '',
    isNameMistyped: ({ event }) => event.type === 'name.submit' && hasNameProblems(event.name),
    isCompanyUnknown: (_, params: { error: unknown }) => isCompanyUnknown(params.error),
    isAlreadyEnrolledMember: ({ context }, params: { error: unknown }) => isAlreadyEnrolled(params.error) && context.signedIn,
    isAlreadyEnrolled: (_, params: { error: unknown }) => isAlreadyEnrolled(params.error),
    isSignInFirst: (_, params: { error: unknown }) => isSignInFirst(params.error),
    isCodeRejected: (_, params: { error: unknown }) => isCodeRejected(params.error) && !isNameRefused(params.error),
    isLastTry: ({ context }, params: { error: unknown }) => isCodeRejected(params.error) && !isNameRefused(params.error) && isLastTry(context.rejections),
    isNameRefused: (_, params: { error: unknown }) => isNameRefused(params.error),
    isInviteEnrolled: (_, params: { answer: AcceptInviteResponse }) => params.answer.outcome === 'enrolled',
    isInviteRefused: (_, params: { error: unknown }) => inviteRefusalOf(params.error) !== null,
  },
  actions: {
    // Placeholders: the live binding gives them their effects.
    /** The answer signed a new member in: its token goes to the session (through the app), as a sign-in's does. */
    signIn: (_, _params: { token: string | null }) => undefined,
    /** The member's company changed (enrolled or left): what depends on it (search prices, invites) is read again. */
    companyChanged: () => undefined,
    keepSignedIn: assign(({ event }) => (event.type === 'session.signedIn' ? { signedIn: true, memberName: event.name } : {})),
    keepSignedOut: assign({ signedIn: false, memberName: null }),
    startOver: assign({ email: '', emailProblem: null, name: noName, nameProblems: {}, enrolment: null, alreadyEnrolled: false, ...codeCleared }),
    keepEmailProblem: assign(({ event }) => (event.type === 'email.submit' ? { email: event.email, emailProblem: workEmailProblem(event.email), failure: null, retryAfterSeconds: null } : {})),
    keepEmail: assign(({ event }) => (event.type === 'email.submit' ? { email: event.email.trim().toLowerCase(), emailProblem: null, failure: null, retryAfterSeconds: null } : {})),
    keepFailure: assign((_, params: { error: unknown }) => ({ ...failureOf(params.error), codeProblem: null, resent: false })),
    startCode: assign(codeCleared),
    keepNewCode: assign({ ...codeCleared, resent: true }),
    keepMistypedCode: assign(({ event }) => (event.type === 'code.submit' ? { code: event.code, codeProblem: 'format' as const, failure: null, resent: false } : {})),
    keepCode: assign(({ event }) => (event.type === 'code.submit' ? { code: normalisedCode(event.code), codeProblem: null, failure: null, resent: false } : {})),
    keepRejection: assign(({ context }) => ({ codeProblem: 'rejected' as const, failure: null, rejections: context.rejections + 1 })),
    expireByTime: assign({ expiredBy: 'time' as const, codeProblem: null, failure: null, resent: false }),
    expireByAttempts: assign({ expiredBy: 'attempts' as const, codeProblem: null, failure: null, resent: false }),
    keepNameProblems: assign(({ event }) => (event.type === 'name.submit' ? { name: event.name, nameProblems: nameProblems(event.name), failure: null } : {})),
    keepName: assign(({ event }) =>
      event.type === 'name.submit' ? { name: { givenName: event.name.givenName.trim(), familyName: event.name.familyName.trim() }, nameProblems: {}, failure: null } : {},
    ),
    keepNameRefused: assign(({ context }) => ({ nameProblems: nameProblems(context.name), failure: 'failed' as const })),
    keepEnrolment: assign((_, params: { enrolment: ScimUser | null }) => ({ enrolment: params.enrolment })),
    keepEnrolled: assign((_, params: { answer: ScimEnrolResponse }) => ({ enrolment: params.answer, alreadyEnrolled: false, ...codeCleared })),
    noteAlreadyEnrolled: assign({ alreadyEnrolled: true, ...codeCleared }),
    keepInviteAnswer: assign((_, params: { answer: AcceptInviteResponse }) =>
      params.answer.outcome === 'enrolled'
        ? { enrolment: params.answer.user, inviteCompany: params.answer.company.name, inviteEmail: null, alreadyEnrolled: false }
        : { inviteCompany: params.answer.company.name, inviteEmail: params.answer.email },
    ),
    keepInviteRefusal: assign((_, params: { error: unknown }) => ({ inviteRefusal: inviteRefusalOf(params.error) })),
    keepLeaveFailure: assign({ failure: 'leaveFailed' as const, retryAfterSeconds: null }),
    clearFailure: assign({ failure: null, retryAfterSeconds: null }),
    forgetEnrolment: assign({ enrolment: null, alreadyEnrolled: false, failure: null, invite: null }),
  },
}).createMachine({
  id: 'enrolment',
  description: 'Corporate self-enrolment: a work email proven with a mailed code enrols its owner with the company of its domain; an invite link enrols a signed-in member.',
  context: ({ input }) => ({
    locale: input.locale,
    invite: input.invite,
    signedIn: false,
    memberName: null,
    email: '',
    emailProblem: null,
    name: noName,
    nameProblems: {},
    enrolment: null,
    alreadyEnrolled: false,
    inviteCompany: null,
    inviteEmail: null,
    inviteRefusal: null,
    ...codeCleared,
  }),
  invoke: { id: 'watchSession', src: 'watchSession' },
  on: {
    // Wherever nothing else is said: the session's state is kept (a sign-in asks no name, a sign-out does).
    'session.signedIn': { actions: 'keepSignedIn' },
    'session.signedOut': { actions: 'keepSignedOut' },
  },
  initial: 'waitingForSession',
  states: {
    waitingForSession: {
      description: 'The session is not known yet (the stored token is read or renewed): nothing is asked or shown.',
      on: {
        'session.signedIn': [
          { guard: 'hasInvite', target: 'invite', actions: 'keepSignedIn' },
          { target: 'checking', actions: 'keepSignedIn' },
        ],
        'session.signedOut': [{ guard: 'hasInvite', target: 'invite', actions: 'keepSignedOut' }, { target: 'email', actions: 'keepSignedOut' }],
      },
    },
    checking: {
      description: 'A member is signed in: their enrolment is read (none: the work email is asked for).',
      tags: ['busy'],
      invoke: {
        id: 'loadEnrolment',
        src: 'loadEnrolment',
        onDone: [
          { guard: { type: 'hasEnrolment', params: ({ event }) => ({ enrolment: event.output }) }, target: 'enrolled', actions: { type: 'keepEnrolment', params: ({ event }) => ({ enrolment: event.output }) } },
          { target: 'email' },
        ],
        onError: 'checkFailed',
      },
      on: { 'session.signedOut': { target: 'email', actions: ['keepSignedOut', 'startOver'] } },
    },
    checkFailed: {
      description: 'The enrolment could not be read (no answer): the member can try again.',
      on: {
        'enrolment.retry': 'checking',
        'session.signedOut': { target: 'email', actions: ['keepSignedOut', 'startOver'] },
      },
    },
    email: {
      description: 'The work email is typed (with what to correct, or why the last request failed).',
      on: {
        'email.submit': [{ guard: 'isEmailMistyped', actions: 'keepEmailProblem' }, { target: 'sendingCode', actions: 'keepEmail' }],
        // A member who signs in here may be enrolled already: that is read first.
        'session.signedIn': { target: 'checking', actions: 'keepSignedIn' },
      },
    },
    sendingCode: {
      description: 'A code is being mailed to the work email (the BFF answers alike for every domain).',
      tags: ['busy'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ email: context.email, locale: context.locale }),
        onDone: { target: 'code', actions: 'startCode' },
        onError: { target: 'email', actions: { type: 'keepFailure', params: failureParams } },
      },
    },
    code: {
      description: 'A code was mailed: it is typed (and, for a person who is not signed in, their name); it works for a limited time.',
      initial: 'entering',
      after: { codeLifetime: { target: 'codeExpired', actions: 'expireByTime' } },
      on: { 'email.edit': { target: 'email', actions: 'startCode' } },
      states: {
        entering: {
          description: 'The code field waits (with why the last code or request was refused, and the tries left).',
          on: {
            'code.submit': [
              { guard: 'isCodeMistyped', actions: 'keepMistypedCode' },
              { guard: 'needsName', target: 'naming', actions: 'keepCode' },
              { target: 'enrolling', actions: 'keepCode' },
            ],
            'code.resend': 'resending',
          },
        },
        naming: {
          description: 'Not signed in: the name for the member account the enrolment makes for the work email.',
          on: {
            'name.submit': [{ guard: 'isNameMistyped', actions: 'keepNameProblems' }, { target: 'enrolling', actions: 'keepName' }],
            'code.resend': 'resending',
          },
        },
        resending: {
          description: 'A new code is being mailed; the one before stops working.',
          tags: ['busy'],
          invoke: {
            id: 'resendCode',
            src: 'sendCode',
            input: ({ context }) => ({ email: context.email, locale: context.locale }),
            // Entering `code` again starts the new code's lifetime.
            onDone: { target: '#enrolment.code', reenter: true, actions: 'keepNewCode' },
            onError: { target: 'entering', actions: { type: 'keepFailure', params: failureParams } },
          },
        },
        enrolling: {
          description: 'The code, the work email and the name are sent as a SCIM User: the company of the domain enrols its owner.',
          tags: ['busy'],
          invoke: {
            id: 'enrol',
            src: 'enrol',
            input: ({ context }) => ({ email: context.email, code: context.code, name: context.memberName && context.signedIn ? context.memberName : context.name, locale: context.locale }),
            onDone: {
              target: '#enrolment.enrolled',
              actions: [
                { type: 'keepEnrolled', params: ({ event }) => ({ answer: event.output }) },
                { type: 'signIn', params: ({ event }) => ({ token: event.output.session?.token ?? null }) },
                'companyChanged',
              ],
            },
            onError: [
              { guard: { type: 'isCompanyUnknown', params: failureParams }, target: '#enrolment.companyUnknown', actions: 'startCode' },
              // A signed-in member with an enrolment already: it is read and shown.
              { guard: { type: 'isAlreadyEnrolledMember', params: failureParams }, target: '#enrolment.checking', actions: 'noteAlreadyEnrolled' },
              { guard: { type: 'isAlreadyEnrolled', params: failureParams }, target: '#enrolment.emailTaken', actions: 'startCode' },
              // The work email's account has a password: it signs in first; the code stays good for the enrolment after.
              { guard: { type: 'isSignInFirst', params: failureParams }, target: '#enrolment.signInFirst' },
              { guard: { type: 'isLastTry', params: failureParams }, target: '#enrolment.codeExpired', actions: 'expireByAttempts' },
              { guard: { type: 'isCodeRejected', params: failureParams }, target: 'entering', actions: 'keepRejection' },
              { guard: { type: 'isNameRefused', params: failureParams }, target: 'naming', actions: 'keepNameRefused' },
              { target: 'entering', actions: { type: 'keepFailure', params: failureParams } },
            ],
          },
        },
      },
    },
    codeExpired: {
      description: 'The code no longer works (its time is over, or it was mistyped too often): a new one, or another email.',
      on: {
        'code.resend': '#enrolment.code.resending',
        'email.edit': { target: 'email', actions: 'startCode' },
      },
    },
    signInFirst: {
      description: 'The work email belongs to an account with a password: its owner signs in (the page’s button opens the dialog), then the same code enrols them.',
      on: {
        'session.signedIn': [
          // Signed in as someone whose name is neither known nor typed: it is asked first.
          { guard: 'isNamelessSignIn', target: '#enrolment.code.naming', actions: 'keepSignedIn' },
          { target: '#enrolment.code.enrolling', actions: 'keepSignedIn' },
        ],
        'email.edit': { target: 'email', actions: 'startCode' },
      },
    },
    companyUnknown: {
      description: 'The mailbox is proven, but no company of the programme owns its domain: what to do instead is said.',
      on: { 'email.edit': 'email' },
    },
    emailTaken: {
      description: 'The work email is enrolled already, by another account: signing in with that account shows the company’s rates.',
      on: {
        'email.edit': 'email',
        'session.signedIn': { target: 'checking', actions: 'keepSignedIn' },
      },
    },
    enrolled: {
      description: 'The member is enrolled with the company: its rates show when they search. They can leave the programme.',
      initial: 'shown',
      on: { 'session.signedOut': { target: 'email', actions: ['keepSignedOut', 'startOver'] } },
      states: {
        shown: {
          description: 'The enrolment is shown, with the way to search hotels and to leave.',
          on: { 'leave.start': { target: 'confirmingLeave', actions: 'clearFailure' } },
        },
        confirmingLeave: {
          description: 'The dialog asks whether to leave the company programme (the company’s rates go).',
          on: { 'leave.cancel': { target: 'shown', actions: 'clearFailure' }, 'leave.confirm': 'leaving' },
        },
        leaving: {
          description: 'The enrolment is being ended.',
          tags: ['busy'],
          invoke: {
            id: 'leave',
            src: 'leave',
            onDone: { target: '#enrolment.left', actions: ['forgetEnrolment', 'companyChanged'] },
            onError: { target: 'confirmingLeave', actions: 'keepLeaveFailure' },
          },
        },
      },
    },
    left: {
      description: 'The member left the company programme: the public and member rates show again. Enrolling again starts with the work email.',
      on: { 'email.edit': { target: 'email', actions: 'startOver' } },
    },
    invite: {
      description: 'An invite link: accepted for the signed-in member; a visitor signs in first.',
      initial: 'accepting',
      states: {
        accepting: {
          description: 'The invite’s token is sent (with the member’s token when signed in).',
          tags: ['busy'],
          invoke: {
            id: 'acceptInvite',
            src: 'acceptInvite',
            input: ({ context }) => ({ token: context.invite ?? '' }),
            onDone: [
              {
                guard: { type: 'isInviteEnrolled', params: ({ event }) => ({ answer: event.output }) },
                target: '#enrolment.enrolled',
                actions: [{ type: 'keepInviteAnswer', params: ({ event }) => ({ answer: event.output }) }, 'companyChanged'],
              },
              { target: 'signingIn', actions: { type: 'keepInviteAnswer', params: ({ event }) => ({ answer: event.output }) } },
            ],
            onError: [
              { guard: { type: 'isAlreadyEnrolledMember', params: failureParams }, target: '#enrolment.checking', actions: 'noteAlreadyEnrolled' },
              { guard: { type: 'isInviteRefused', params: failureParams }, target: 'refused', actions: { type: 'keepInviteRefusal', params: failureParams } },
              { target: 'failed' },
            ],
          },
        },
        signingIn: {
          description: 'Nobody is signed in: the invitee signs in or joins (the page’s button opens the sign-in dialog); then the invite is accepted.',
          on: { 'session.signedIn': { target: 'accepting', actions: 'keepSignedIn' } },
        },
        refused: {
          description: 'The invite does not enrol (unknown, expired, used, or invites are locked): why is said; enrolling with the work email is offered.',
          on: { 'email.edit': { target: '#enrolment.email', actions: 'forgetEnrolment' } },
        },
        failed: {
          description: 'The invite got no answer: the visitor can try again.',
          on: { 'enrolment.retry': 'accepting' },
        },
      },
    },
  },
});
