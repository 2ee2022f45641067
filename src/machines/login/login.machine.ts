import { assertEvent, assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import { AUTH_LIMITS } from '../../contract/auth';
import type { LoginResult, SocialProvider } from '../../contract/auth';
import { classifyLoginFailure, SOCIAL_ERROR_MESSAGES } from '../../services/account/errors';
import type { FacebookStatus } from '../../services/account/social';
import type { AppleAuthorization, LoginActorTypes, LoginContext, LoginEmitted, LoginErrorCode, LoginEvent, LoginInput, LoginMethod, LoginMode, SocialPayload } from './login.types';
import { notProvided } from '../shared/shared.actors';

/** What a sign-in's answer or failure is, for the named guards and actions (read from the typed done and error events). */
type ResultParams = { result: LoginResult };
type FailureParams = { error: unknown };

/** Parameters from the done event of a sign-in (its output is a LoginResult). */
const resultParams = ({ event }: { event: { output: LoginResult } }): ResultParams => ({ result: event.output });
/** Parameters from the error event of an invoked actor. */
/** A passkey answer that is a login result (a dismissed prompt answers null and is handled first). */
const passkeyResultParams = ({ event }: { event: { output: LoginResult | null } }): ResultParams => ({ result: event.output ?? { result: 'PasswordRequired' } });
const failureParams = ({ event }: { event: { error: unknown } }): FailureParams => ({ error: event.error });

/** What each provider gave, as the payload the BFF verifies; null when it gave nothing usable. */
const googlePayload = (credential: string | null): SocialPayload | null => (credential ? { provider: 'google', token: credential } : null);
const applePayload = (authorization: AppleAuthorization | null): SocialPayload | null => (authorization?.id_token ? { provider: 'apple', authorization } : null);
const facebookPayload = (status: FacebookStatus): SocialPayload | null =>
  status.status === 'connected' ? { provider: 'facebook', accessToken: status.accessToken, userID: status.userID } : null;

/**
 * The sign-in dialog (spec sections 2, 4, 5, 8): its six modes, the email flows (password, one-time code
 * with an optional password step, password reset) and the social sign-ins (Google, Apple, Facebook).
 *
 * The dialog is `closed` or `open`; the mode it shows is kept in the context while it is closed, so a
 * visitor who closes it to fetch the code from their mail finds the code entry again. Every attempt sets
 * `loading` on entry and clears it on exit, whatever ends it (an answer, a failure, a timeout, closing the
 * dialog). Login results: Authenticated closes the dialog and emits the login event; PasswordRequired asks
 * for the password; RegistrationRequired shows the registration-incomplete mode (email sign-ins) or sends
 * the visitor to the registration page (social sign-ins). When the BFF pauses password sign-in for the
 * email (too many guesses, whoever made them), the code mode takes over with the email kept and the
 * reason shown. A 422 follows section 8: a list with `password`
 * changes nothing, one with `email` closes the dialog with the email-missing notice, any other closes it
 * with the unknown-error notice and is logged.
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    emitted: {} as LoginEmitted,
  },
  actors: {
    passwordLogin: fromPromise<LoginActorTypes['passwordLogin']['output'], LoginActorTypes['passwordLogin']['input']>(notProvided('passwordLogin')),
    requestOtpCode: fromPromise<LoginActorTypes['requestOtpCode']['output'], LoginActorTypes['requestOtpCode']['input']>(notProvided('requestOtpCode')),
    verifyOtp: fromPromise<LoginActorTypes['verifyOtp']['output'], LoginActorTypes['verifyOtp']['input']>(notProvided('verifyOtp')),
    confirmPassword: fromPromise<LoginActorTypes['confirmPassword']['output'], LoginActorTypes['confirmPassword']['input']>(notProvided('confirmPassword')),
    requestPasswordReset: fromPromise<LoginActorTypes['requestPasswordReset']['output'], LoginActorTypes['requestPasswordReset']['input']>(
      notProvided('requestPasswordReset'),
    ),
    googleCredential: fromPromise<LoginActorTypes['googleCredential']['output'], LoginActorTypes['googleCredential']['input']>(notProvided('googleCredential')),
    appleAuthorization: fromPromise<LoginActorTypes['appleAuthorization']['output'], LoginActorTypes['appleAuthorization']['input']>(
      notProvided('appleAuthorization'),
    ),
    facebookStatus: fromPromise<LoginActorTypes['facebookStatus']['output']>(notProvided('facebookStatus')),
    socialLogin: fromPromise<LoginActorTypes['socialLogin']['output'], LoginActorTypes['socialLogin']['input']>(notProvided('socialLogin')),
    passkeyLogin: fromPromise<LoginActorTypes['passkeyLogin']['output'], LoginActorTypes['passkeyLogin']['input']>(notProvided('passkeyLogin')),
    /** While the dialog is open: loads the sign-in library once a Google or Apple button may show (unbound: nothing). */
    prepareSocialSignIn: fromCallback(() => undefined),
  },
  delays: {
    /** Google sign-in gives up after 60 s (spec sections 4 and 9). */
    googleTimeout: AUTH_LIMITS.googleTimeoutMs,
  },
  guards: {
    opensIn: ({ event }, params: { mode: LoginMode }) => event.type === 'dialog.open' && event.mode === params.mode,
    resumes: ({ context }, params: { mode: LoginMode }) => context.mode === params.mode,
    isProvider: ({ event }, params: { provider: SocialProvider }) => event.type === 'social.start' && event.provider === params.provider,
    passkeyDismissed: ({ event }) => 'output' in event && event.output === null,
    isAuthenticated: (_, params: ResultParams) => params.result.result === 'Authenticated',
    isPasswordRequired: (_, params: ResultParams) => params.result.result === 'PasswordRequired',
    isPasswordInvalid: (_, params: FailureParams) => classifyLoginFailure(params.error) === 'validation.password',
    isEmailMissing: (_, params: FailureParams) => classifyLoginFailure(params.error) === 'validation.email',
    isOtherValidationError: (_, params: FailureParams) => classifyLoginFailure(params.error) === 'validation.other',
    isOtpRequired: (_, params: FailureParams) => classifyLoginFailure(params.error) === 'otpRequired',
    /** The provider gave something the BFF can verify. */
    hasSocialPayload: (_, params: { pending: SocialPayload | null }) => params.pending !== null,
  },
  actions: {
    setMode: assign((_, params: { mode: LoginMode }) => ({ mode: params.mode })),
    setLocale: assign(({ event }) => {
      assertEvent(event, 'locale.changed');
      return { locale: event.locale };
    }),
    clearError: assign({ error: null, codeResent: false }),
    /** An attempt starts: loading on, the provider recorded (null for an email sign-in). */
    startAttempt: assign((_, params: { provider: SocialProvider | null }) => ({ loading: true, error: null, codeResent: false, provider: params.provider })),
    endAttempt: assign({ loading: false }),
    setError: assign((_, params: { error: LoginErrorCode }) => ({ error: params.error })),
    /** A failure that is not a 422: worded in the form. */
    setFailure: assign((_, params: { unauthorized: LoginErrorCode; error: unknown }) => {
      const failure = classifyLoginFailure(params.error);
      const limited = failure === 'rateLimited' || failure === 'otpRequired';
      return { error: failure === 'unauthorized' ? params.unauthorized : limited ? ('tooManyAttempts' as const) : ('failed' as const) };
    }),
    rememberEmail: assign(({ context, event }) => ('email' in event && typeof event.email === 'string' ? { email: event.email.trim() } : { email: context.email })),
    rememberCode: assign(({ event }) => {
      assertEvent(event, 'otp.submit');
      return { code: event.code.trim() };
    }),
    markCodeResent: assign({ codeResent: true }),
    rememberRegistrationToken: assign((_, { result }: ResultParams) => ({
      registrationToken: result.result === 'RegistrationRequired' ? result.registration_token : null,
    })),
    /** The provider answered: what it gave waits in the context to be posted to the BFF. */
    setPendingSocial: assign((_, params: { pending: SocialPayload | null }) => ({ pendingSocial: params.pending })),
    /** Authenticated: the login event carries the token to the session; the next opening starts afresh. */
    signedIn: enqueueActions(({ context, enqueue, system }, params: { method: LoginMethod | 'social'; result: LoginResult }) => {
      const { result } = params;
      if (result.result !== 'Authenticated') return;
      const method: LoginMethod = params.method === 'social' ? (context.pendingSocial?.provider ?? context.provider ?? 'google') : params.method;
      enqueue.emit({ type: 'login.succeeded', token: result.token, method });
      // The app's actor system (src/machines/app) hands the token to the session.
      const app = system.get('app');
      const succeeded = { type: 'login.succeeded' as const, token: result.token };
      if (app) enqueue.sendTo(app, succeeded);
      enqueue.assign({ mode: 'login', code: '', pendingSocial: null, registrationToken: null, error: null });
    }),
    emitRegistrationRequired: enqueueActions(({ enqueue, system }, { result }: ResultParams) => {
      const event = { type: 'registration.required' as const, registrationToken: result.result === 'RegistrationRequired' ? result.registration_token : '' };
      enqueue.emit(event);
      // The app's actor system takes the visitor to the registration page.
      const app = system.get('app');
      if (app) enqueue.sendTo(app, event);
    }),
    /** The shared error handler gets the spec's messages (section 8). */
    reportMessage: ({ context }, params: { message: string }) => context.report(new Error(params.message), 'login'),
    reportFailure: ({ context }, params: FailureParams) => context.report(params.error, 'login'),
    resetFlow: assign({ mode: 'login', code: '', error: null, codeResent: false, registrationToken: null, pendingSocial: null, loading: false }),
  },
}).createMachine({
  id: 'login',
  description: 'The sign-in dialog: its modes, the email and social sign-ins, and what each answer leads to.',
  context: ({ input }) => ({
    locale: input.locale,
    report: input.report,
    mode: 'login',
    email: '',
    code: '',
    loading: false,
    provider: null,
    error: null,
    codeResent: false,
    registrationToken: null,
    pendingSocial: null,
  }),
  initial: 'closed',
  on: {
    'login.reset': { actions: 'resetFlow' },
    'locale.changed': { actions: 'setLocale' },
  },
  states: {
    closed: {
      description: 'The dialog is closed; the mode it showed is remembered.',
      initial: 'idle',
      on: {
        'dialog.open': [
          { guard: { type: 'opensIn', params: { mode: 'login' } }, target: '#login.open.login' },
          { guard: { type: 'opensIn', params: { mode: 'otpLogin' } }, target: '#login.open.otpLogin' },
          { guard: { type: 'opensIn', params: { mode: 'passwordReset' } }, target: '#login.open.passwordReset' },
          // Without a mode, the dialog shows the mode it showed last.
          { guard: { type: 'resumes', params: { mode: 'otpLogin' } }, target: '#login.open.otpLogin' },
          { guard: { type: 'resumes', params: { mode: 'otpEmailSent' } }, target: '#login.open.otpEmailSent' },
          { guard: { type: 'resumes', params: { mode: 'otpRegistrationIncomplete' } }, target: '#login.open.otpRegistrationIncomplete' },
          { guard: { type: 'resumes', params: { mode: 'passwordReset' } }, target: '#login.open.passwordReset' },
          { guard: { type: 'resumes', params: { mode: 'passwordResetSuccess' } }, target: '#login.open.passwordResetSuccess' },
          { target: '#login.open.login' },
        ],
      },
      states: {
        idle: { description: 'Nothing to tell the visitor.' },
        emailMissing: {
          description: 'A sign-in was refused for want of an email address (422 naming email): the visitor is told.',
          on: { 'notice.dismiss': 'idle' },
        },
        unknownError: {
          description: 'A sign-in was refused for another reason (422): the visitor is told, and it was logged.',
          on: { 'notice.dismiss': 'idle' },
        },
      },
    },
    open: {
      description: 'The dialog is open (or the login page shows its content). Social sign-ins start from the login mode and return to it.',
      // A provider's popup must open within the click, so its library is there before a button is pressed.
      invoke: { id: 'prepareSocialSignIn', src: 'prepareSocialSignIn' },
      initial: 'login',
      on: {
        'dialog.close': '#login.closed.idle',
        'login.reset': { target: '.login', actions: 'resetFlow' },
        'mode.login': { target: '.login', actions: 'clearError' },
        'mode.otp': { target: '.otpLogin', actions: 'clearError' },
        'mode.passwordReset': { target: '.passwordReset', actions: 'clearError' },
        'social.start': [
          { guard: { type: 'isProvider', params: { provider: 'google' } }, target: '.googleSignIn' },
          { guard: { type: 'isProvider', params: { provider: 'apple' } }, target: '.appleSignIn' },
          { target: '.facebookSignIn' },
        ],
        'passkey.start': '.passkeySignIn',
        'google.result': [
          {
            guard: { type: 'hasSocialPayload', params: ({ event }) => ({ pending: googlePayload(event.credential) }) },
            target: '.googleSignIn.verifying',
            actions: { type: 'setPendingSocial', params: ({ event }) => ({ pending: googlePayload(event.credential) }) },
          },
          {
            target: '.login',
            actions: [assign({ provider: 'google' }), { type: 'setError', params: { error: 'googleFailed' } }, { type: 'reportMessage', params: { message: SOCIAL_ERROR_MESSAGES.googleFailed } }],
          },
        ],
        'apple.result': [
          {
            guard: { type: 'hasSocialPayload', params: ({ event }) => ({ pending: applePayload(event.authorization) }) },
            target: '.appleSignIn.verifying',
            actions: { type: 'setPendingSocial', params: ({ event }) => ({ pending: applePayload(event.authorization) }) },
          },
          {
            target: '.login',
            actions: [assign({ provider: 'apple' }), { type: 'setError', params: { error: 'appleFailed' } }, { type: 'reportMessage', params: { message: SOCIAL_ERROR_MESSAGES.appleFailed } }],
          },
        ],
      },
      states: {
        login: {
          description: 'Mode login: email and password, the social buttons, and the ways to the other modes.',
          entry: { type: 'setMode', params: { mode: 'login' } },
          initial: 'idle',
          states: {
            idle: {
              description: 'The form waits for the visitor.',
              on: { 'password.submit': { target: 'submitting', actions: 'rememberEmail' } },
            },
            submitting: {
              description: 'Signs in with email and password.',
              entry: { type: 'startAttempt', params: { provider: null } },
              exit: 'endAttempt',
              invoke: {
                id: 'passwordLogin',
                src: 'passwordLogin',
                input: ({ event }) => {
                  assertEvent(event, 'password.submit');
                  return { email: event.email.trim(), password: event.password };
                },
                onDone: [
                  { guard: { type: 'isAuthenticated', params: resultParams }, target: '#login.closed.idle', actions: { type: 'signedIn', params: ({ event }: { event: { output: LoginResult } }) => ({ method: 'password' as const, result: event.output }) } },
                  { guard: { type: 'isPasswordRequired', params: resultParams }, target: 'idle', actions: { type: 'setError', params: { error: 'passwordRequired' } } },
                  { target: '#login.open.otpRegistrationIncomplete', actions: { type: 'rememberRegistrationToken', params: resultParams } },
                ],
                onError: [
                  // Too many password guesses for this email (maybe not the visitor's): a code still signs them in.
                  { guard: { type: 'isOtpRequired', params: failureParams }, target: '#login.open.otpLogin', actions: { type: 'setError', params: { error: 'passwordPaused' } } },
                  ...failureTransitions('idle', 'invalidCredentials'),
                ],
              },
            },
          },
        },
        otpLogin: {
          description: 'Mode otp login: the visitor gives their email to receive a one-time code.',
          entry: { type: 'setMode', params: { mode: 'otpLogin' } },
          initial: 'idle',
          states: {
            idle: {
              description: 'The email form waits.',
              on: { 'otp.request': { target: 'sending', actions: 'rememberEmail' } },
            },
            sending: {
              description: 'Asks the BFF to mail a code.',
              entry: { type: 'startAttempt', params: { provider: null } },
              exit: 'endAttempt',
              invoke: {
                id: 'requestOtpCode',
                src: 'requestOtpCode',
                input: ({ context }) => ({ email: context.email, locale: context.locale }),
                onDone: '#login.open.otpEmailSent',
                onError: { target: 'idle', actions: { type: 'setFailure', params: ({ event }) => ({ unauthorized: 'failed', error: event.error }) } },
              },
            },
          },
        },
        otpEmailSent: {
          description: 'Mode otp login email sent: the visitor enters the 6-digit code (and, for an account with a password, the password).',
          entry: { type: 'setMode', params: { mode: 'otpEmailSent' } },
          initial: 'code',
          on: {
            'otp.resend': { target: '.resending' },
          },
          states: {
            code: {
              description: 'The code entry waits.',
              on: { 'otp.submit': { target: 'verifying', actions: 'rememberCode' } },
            },
            resending: {
              description: 'Mails a new code.',
              entry: { type: 'startAttempt', params: { provider: null } },
              exit: 'endAttempt',
              invoke: {
                id: 'resendOtpCode',
                src: 'requestOtpCode',
                input: ({ context }) => ({ email: context.email, locale: context.locale }),
                onDone: { target: 'code', actions: 'markCodeResent' },
                onError: { target: 'code', actions: { type: 'setFailure', params: ({ event }) => ({ unauthorized: 'failed', error: event.error }) } },
              },
            },
            verifying: {
              description: 'Signs in with the code.',
              entry: { type: 'startAttempt', params: { provider: null } },
              exit: 'endAttempt',
              invoke: {
                id: 'verifyOtp',
                src: 'verifyOtp',
                input: ({ context }) => ({ email: context.email, code: context.code }),
                onDone: [
                  { guard: { type: 'isAuthenticated', params: resultParams }, target: '#login.closed.idle', actions: { type: 'signedIn', params: ({ event }: { event: { output: LoginResult } }) => ({ method: 'otp' as const, result: event.output }) } },
                  { guard: { type: 'isPasswordRequired', params: resultParams }, target: 'password' },
                  { target: '#login.open.otpRegistrationIncomplete', actions: { type: 'rememberRegistrationToken', params: resultParams } },
                ],
                onError: failureTransitions('code', 'invalidCode'),
              },
            },
            password: {
              description: 'PasswordRequired: the account has a password, which confirms the sign-in.',
              initial: 'idle',
              states: {
                idle: {
                  description: 'The password form waits.',
                  on: { 'otp.password.submit': 'confirming' },
                },
                confirming: {
                  description: 'Confirms the sign-in with code and password.',
                  entry: { type: 'startAttempt', params: { provider: null } },
                  exit: 'endAttempt',
                  invoke: {
                    id: 'confirmPassword',
                    src: 'confirmPassword',
                    input: ({ context, event }) => {
                      assertEvent(event, 'otp.password.submit');
                      return { email: context.email, code: context.code, password: event.password };
                    },
                    onDone: [
                      { guard: { type: 'isAuthenticated', params: resultParams }, target: '#login.closed.idle', actions: { type: 'signedIn', params: ({ event }: { event: { output: LoginResult } }) => ({ method: 'otp' as const, result: event.output }) } },
                      { guard: { type: 'isPasswordRequired', params: resultParams }, target: 'idle', actions: { type: 'setError', params: { error: 'invalidCredentials' } } },
                      { target: '#login.open.otpRegistrationIncomplete', actions: { type: 'rememberRegistrationToken', params: resultParams } },
                    ],
                    onError: failureTransitions('idle', 'invalidCredentials'),
                  },
                },
              },
            },
          },
        },
        otpRegistrationIncomplete: {
          description: 'Mode otp login registration incomplete: the email has no finished account; the registration page (with the registration token) completes it.',
          entry: { type: 'setMode', params: { mode: 'otpRegistrationIncomplete' } },
        },
        passwordReset: {
          description: 'Mode password reset: the visitor asks for a link to choose a new password.',
          entry: { type: 'setMode', params: { mode: 'passwordReset' } },
          initial: 'idle',
          states: {
            idle: {
              description: 'The email form waits.',
              on: { 'reset.submit': { target: 'sending', actions: 'rememberEmail' } },
            },
            sending: {
              description: 'Asks the BFF to mail the link.',
              entry: { type: 'startAttempt', params: { provider: null } },
              exit: 'endAttempt',
              invoke: {
                id: 'requestPasswordReset',
                src: 'requestPasswordReset',
                input: ({ context }) => ({ email: context.email, locale: context.locale }),
                onDone: '#login.open.passwordResetSuccess',
                onError: { target: 'idle', actions: { type: 'setFailure', params: ({ event }) => ({ unauthorized: 'failed', error: event.error }) } },
              },
            },
          },
        },
        passwordResetSuccess: {
          description: 'Mode password reset success: the link is on its way (the same answer whether or not the email has an account).',
          entry: { type: 'setMode', params: { mode: 'passwordResetSuccess' } },
        },
        googleSignIn: {
          description: 'Sign in with Google: the provider’s ID token, then the BFF; gives up after 60 s.',
          entry: { type: 'startAttempt', params: { provider: 'google' } },
          exit: 'endAttempt',
          initial: 'authorizing',
          after: {
            googleTimeout: {
              target: '#login.open.login',
              actions: [{ type: 'setError', params: { error: 'googleTimeout' } }, { type: 'reportMessage', params: { message: SOCIAL_ERROR_MESSAGES.googleTimeout } }],
            },
          },
          states: {
            authorizing: {
              description: 'Google’s sign-in (a popup) gives a credential, or none.',
              invoke: {
                id: 'googleCredential',
                src: 'googleCredential',
                input: ({ context }) => ({ locale: context.locale }),
                onDone: [
                  {
                    guard: { type: 'hasSocialPayload', params: ({ event }) => ({ pending: googlePayload(event.output.credential) }) },
                    target: 'verifying',
                    actions: { type: 'setPendingSocial', params: ({ event }) => ({ pending: googlePayload(event.output.credential) }) },
                  },
                  { target: '#login.open.login', actions: socialFailure('googleFailed', SOCIAL_ERROR_MESSAGES.googleFailed) },
                ],
                onError: { target: '#login.open.login', actions: socialFailure('googleFailed', SOCIAL_ERROR_MESSAGES.googleFailed) },
              },
            },
            verifying: socialVerifying('googleLogin', 'googleFailed'),
          },
        },
        appleSignIn: {
          description: 'Sign in with Apple: the provider’s authorization, then the BFF.',
          entry: { type: 'startAttempt', params: { provider: 'apple' } },
          exit: 'endAttempt',
          initial: 'authorizing',
          states: {
            authorizing: {
              description: 'Apple’s sign-in (a popup) gives an authorization, or none.',
              invoke: {
                id: 'appleAuthorization',
                src: 'appleAuthorization',
                input: ({ context }) => ({ locale: context.locale }),
                onDone: [
                  {
                    guard: { type: 'hasSocialPayload', params: ({ event }) => ({ pending: applePayload(event.output.authorization) }) },
                    target: 'verifying',
                    actions: { type: 'setPendingSocial', params: ({ event }) => ({ pending: applePayload(event.output.authorization) }) },
                  },
                  { target: '#login.open.login', actions: socialFailure('appleFailed', SOCIAL_ERROR_MESSAGES.appleFailed) },
                ],
                onError: { target: '#login.open.login', actions: socialFailure('appleFailed', SOCIAL_ERROR_MESSAGES.appleFailed) },
              },
            },
            verifying: socialVerifying('appleLogin', 'appleFailed'),
          },
        },
        passkeySignIn: {
          description: 'Sign in with a passkey: the browser asks for one, the BFF verifies it. Dismissing the prompt is no error.',
          entry: { type: 'startAttempt', params: { provider: null } },
          exit: 'endAttempt',
          invoke: {
            id: 'passkeyLogin',
            src: 'passkeyLogin',
            input: ({ context }) => ({ locale: context.locale }),
            onDone: [
              { guard: 'passkeyDismissed', target: '#login.open.login' },
              { guard: { type: 'isAuthenticated', params: passkeyResultParams }, target: '#login.closed.idle', actions: { type: 'signedIn', params: ({ event }) => ({ method: 'passkey' as const, result: event.output as LoginResult }) } },
              { target: '#login.open.login', actions: { type: 'setError', params: { error: 'passkeyFailed' } } },
            ],
            onError: { target: '#login.open.login', actions: [{ type: 'setError', params: { error: 'passkeyFailed' } }, { type: 'reportFailure', params: failureParams }] },
          },
        },
        facebookSignIn: {
          description: 'Sign in with Facebook: the SDK’s login status, then the BFF.',
          entry: { type: 'startAttempt', params: { provider: 'facebook' } },
          exit: 'endAttempt',
          initial: 'authorizing',
          states: {
            authorizing: {
              description: 'Facebook’s SDK says whether the visitor connected.',
              invoke: {
                id: 'facebookStatus',
                src: 'facebookStatus',
                onDone: [
                  {
                    guard: { type: 'hasSocialPayload', params: ({ event }) => ({ pending: facebookPayload(event.output) }) },
                    target: 'verifying',
                    actions: { type: 'setPendingSocial', params: ({ event }) => ({ pending: facebookPayload(event.output) }) },
                  },
                  { target: '#login.open.login', actions: socialFailure('facebookUnauthorized', SOCIAL_ERROR_MESSAGES.facebookUnauthorized) },
                ],
                // The SDK is not ready (the site does not load it yet): 'Facebook API is not initialized'.
                onError: { target: '#login.open.login', actions: [{ type: 'setError', params: { error: 'facebookUnavailable' } }, { type: 'reportFailure', params: failureParams }] },
              },
            },
            verifying: socialVerifying('facebookLogin', 'facebookFailed'),
          },
        },
      },
    },
  },
});

/** The answer to a failed sign-in (spec section 8), then the form's own message for the rest. */
function failureTransitions(formTarget: string, unauthorized: LoginErrorCode) {
  return [
    // A list naming password: nothing is done (the visitor corrects the form).
    { guard: { type: 'isPasswordInvalid', params: failureParams }, target: formTarget },
    { guard: { type: 'isEmailMissing', params: failureParams }, target: '#login.closed.emailMissing' },
    { guard: { type: 'isOtherValidationError', params: failureParams }, target: '#login.closed.unknownError', actions: { type: 'reportFailure', params: failureParams } },
    { target: formTarget, actions: { type: 'setFailure', params: ({ event }: { event: { error: unknown } }) => ({ unauthorized, error: event.error }) } },
  ] as const;
}

function socialFailure(error: LoginErrorCode, message: string) {
  return [
    { type: 'setError', params: { error } },
    { type: 'reportMessage', params: { message } },
  ] as const;
}

/** Posting the provider's answer to the BFF, and what its login result leads to. */
function socialVerifying(id: 'googleLogin' | 'appleLogin' | 'facebookLogin', failed: LoginErrorCode) {
  return {
    description: 'The BFF verifies the provider’s answer and signs in.',
    invoke: {
      id,
      src: 'socialLogin',
      input: ({ context }: { context: LoginContext }) => context.pendingSocial as SocialPayload,
      onDone: [
        { guard: { type: 'isAuthenticated', params: resultParams }, target: '#login.closed.idle', actions: { type: 'signedIn', params: ({ event }: { event: { output: LoginResult } }) => ({ method: 'social' as const, result: event.output }) } },
        // The account has a password: the visitor signs in with email and password instead.
        { guard: { type: 'isPasswordRequired', params: resultParams }, target: '#login.open.login', actions: { type: 'setError', params: { error: 'passwordRequired' } } },
        { target: '#login.closed.idle', actions: { type: 'emitRegistrationRequired', params: resultParams } },
      ],
      onError: [
        { guard: { type: 'isPasswordInvalid', params: failureParams }, target: '#login.open.login' },
        { guard: { type: 'isEmailMissing', params: failureParams }, target: '#login.closed.emailMissing' },
        { guard: { type: 'isOtherValidationError', params: failureParams }, target: '#login.closed.unknownError', actions: { type: 'reportFailure', params: failureParams } },
        { target: '#login.open.login', actions: [{ type: 'setError', params: { error: failed } }, { type: 'reportFailure', params: failureParams }] },
      ],
    },
  } as const;
}
