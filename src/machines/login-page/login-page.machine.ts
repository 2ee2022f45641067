import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import { InvalidInputError, statusOf } from '../../services/account/errors';
import { isOidcCallback } from '../../services/account/social';
import type { AppleAuthorization, LoginPageActorTypes, LoginPageContext, LoginPageEvent, LoginPageInput } from './login-page.types';
import { notProvided } from '../shared/shared.actors';

// Effects are bound where the page starts the machine; unbound they do nothing (the server's render, tests).
const noEffect = () => undefined;

/** The reset link is spent or expired: the BFF refused its token (401, 404, 410, or a 400 naming `token`). */
function resetLinkExpired(error: unknown): boolean {
  const status = statusOf(error);
  return status === 401 || status === 404 || status === 410 || (error instanceof InvalidInputError && error.fields.includes('token'));
}

/**
 * /account/login (spec section 2): what its query asks for, decided once.
 * - reset_token and email (the password-reset mail): a new password is chosen and saved; the BFF signs
 *   every session out and may hand a code for a new one, so the member stays signed in.
 * - code and state without id_token: the identity provider's answer, in the sign-in popup.
 * - otherwise the sign-in panel, open while the page shows it, after using what the query brings: a
 *   session token (token), Google's result (credential), Apple's (id_token, code) or an exchange code
 *   (code alone). A link the session refuses, or a code that cannot be exchanged, is worth a word.
 *   Once a member is signed in (here, or already) the page leads to the post-login route.
 */
export const loginPageMachine = setup({
  types: {
    context: {} as LoginPageContext,
    events: {} as LoginPageEvent,
    input: {} as LoginPageInput,
    tags: {} as 'linkProblem' | 'saving' | 'resetLinkExpired' | 'saveFailed' | 'popupFailed',
  },
  actors: {
    waitForSignIn: fromPromise<LoginPageActorTypes['waitForSignIn']['output']>(notProvided('waitForSignIn')),
    holdDialogOpen: fromCallback<LoginPageEvent, LoginPageActorTypes['holdDialogOpen']['input']>(noEffect),
    watchSignIn: fromCallback<LoginPageEvent, LoginPageActorTypes['watchSignIn']['input']>(noEffect),
    signInWithLinkToken: fromCallback<LoginPageEvent, LoginPageActorTypes['signInWithLinkToken']['input']>(noEffect),
    exchangeCode: fromPromise<LoginPageActorTypes['exchangeCode']['output'], LoginPageActorTypes['exchangeCode']['input']>(notProvided('exchangeCode')),
    completePopupSignIn: fromPromise<LoginPageActorTypes['completePopupSignIn']['output']>(notProvided('completePopupSignIn')),
    savePassword: fromPromise<LoginPageActorTypes['savePassword']['output'], LoginPageActorTypes['savePassword']['input']>(notProvided('savePassword')),
  },
  guards: {
    isResetLink: ({ context }) => Boolean(context.query.reset_token && context.query.email),
    isProviderAnswer: ({ context }) => isOidcCallback(context.query),
    hasLinkToken: ({ context }) => Boolean(context.query.token),
    hasGoogleCredential: ({ context }) => Boolean(context.query.credential),
    hasAppleIdToken: ({ context }) => Boolean(context.query.id_token),
    hasExchangeCode: ({ context }) => Boolean(context.query.code),
    hasSessionCode: (_, params: { code: string | null }) => params.code !== null,
    isResetLinkExpired: (_, params: { error: unknown }) => resetLinkExpired(params.error),
  },
  actions: {
    keepSessionCode: assign((_, params: { code: string | null }) => ({ sessionCode: params.code })),
    /** Asks the app for the sign-in machine (its own chunk). */
    loadSignIn: noEffect,
    /** Google's result from the query, for the sign-in machine to post to the BFF. */
    passGoogleResult: noEffect as (args: unknown, params: { credential: string }) => void,
    /** Apple's result from the query, for the sign-in machine to post to the BFF. */
    passAppleResult: noEffect as (args: unknown, params: { authorization: AppleAuthorization }) => void,
    /** A session token for the session to check and keep. */
    tellSessionToken: noEffect as (args: unknown, params: { token: string }) => void,
    /** The post-login route, leaving the query out of the history. */
    goToPostLoginRoute: noEffect,
    /** The password-updated page, leaving the reset link out of the history. */
    goToPasswordUpdated: noEffect,
    /** The login page without the reset link's query, the sign-in panel in password-reset mode. */
    askForNewResetLink: noEffect,
    /** The shared error handler. */
    reportFailure: noEffect as (args: unknown, params: { error: unknown; context: string }) => void,
  },
}).createMachine({
  id: 'loginPage',
  description: 'The login page: what its query asks for (a new password, the popup’s answer, or a sign-in) and where a sign-in leads.',
  context: ({ input }) => ({ query: input.query, sessionCode: null }),
  initial: 'choosing',
  states: {
    choosing: {
      description: 'Reads the query once.',
      always: [{ guard: 'isResetLink', target: 'newPassword' }, { guard: 'isProviderAnswer', target: 'popupCallback' }, { target: 'signIn' }],
    },
    newPassword: {
      description: 'From the password-reset mail: the visitor chooses a new password.',
      initial: 'editing',
      states: {
        editing: {
          description: 'The form waits.',
          on: { 'password.save': 'saving' },
        },
        saving: {
          description: 'Saves the new password (password-update).',
          tags: ['saving'],
          invoke: {
            id: 'savePassword',
            src: 'savePassword',
            input: ({ context, event }) => {
              assertEvent(event, 'password.save');
              return { email: context.query.email ?? '', token: context.query.reset_token ?? '', password: event.password };
            },
            onDone: [
              {
                guard: { type: 'hasSessionCode', params: ({ event }) => ({ code: event.output.code }) },
                target: 'signingIn',
                actions: { type: 'keepSessionCode', params: ({ event }) => ({ code: event.output.code }) },
              },
              { target: 'saved' },
            ],
            onError: [
              { guard: { type: 'isResetLinkExpired', params: ({ event }) => ({ error: event.error }) }, target: 'linkExpired' },
              { target: 'failed' },
            ],
          },
        },
        signingIn: {
          description: 'Every session was signed out: the BFF’s code gives the member a new one.',
          tags: ['saving'],
          invoke: {
            id: 'exchangeResetCode',
            src: 'exchangeCode',
            input: ({ context }) => ({ code: context.sessionCode ?? '' }),
            onDone: { target: 'saved', actions: { type: 'tellSessionToken', params: ({ event }) => ({ token: event.output }) } },
            // The password is saved all the same: the member signs in again later.
            onError: { target: 'saved', actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error, context: 'login: exchange code after password update' }) } },
          },
        },
        saved: {
          description: 'Saved: on to the password-updated page.',
          entry: 'goToPasswordUpdated',
        },
        linkExpired: {
          description: 'The link has expired or was used: the visitor may ask for a new one.',
          tags: ['resetLinkExpired'],
          on: { 'password.save': 'saving', 'resetLink.request': { actions: 'askForNewResetLink' } },
        },
        failed: {
          description: 'The password could not be saved: the visitor may try again.',
          tags: ['saveFailed'],
          on: { 'password.save': 'saving' },
        },
      },
    },
    popupCallback: {
      description: 'In the sign-in popup: the provider’s answer goes to the page that opened it, which closes the popup.',
      invoke: {
        id: 'completePopupSignIn',
        src: 'completePopupSignIn',
        onDone: 'handedOver',
        onError: { target: 'popupFailed', actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error, context: 'login: popup callback' }) } },
      },
    },
    handedOver: {
      description: 'The answer is with the opener, which closes the popup.',
    },
    popupFailed: {
      description: 'The answer could not be handed over (no opener, or a bad answer): the visitor closes the window.',
      tags: ['popupFailed'],
    },
    signIn: {
      description: 'The sign-in panel as a page; a signed-in member moves on.',
      entry: 'loadSignIn',
      invoke: { id: 'watchSignIn', src: 'watchSignIn', input: null },
      on: { 'session.signedIn': '.signedIn' },
      initial: 'loading',
      states: {
        loading: {
          description: 'The sign-in code loads.',
          invoke: { id: 'waitForSignIn', src: 'waitForSignIn', onDone: 'open' },
        },
        open: {
          description: 'The panel is open while the page shows it; the query is used once.',
          invoke: { id: 'holdDialogOpen', src: 'holdDialogOpen', input: null },
          initial: 'opening',
          states: {
            opening: {
              description: 'The panel opens; then the query is used (its results go to an open panel).',
              on: {
                'dialog.opened': [
                  { guard: 'hasLinkToken', target: 'linkToken' },
                  { guard: 'hasGoogleCredential', target: 'used', actions: { type: 'passGoogleResult', params: ({ context }) => ({ credential: context.query.credential ?? '' }) } },
                  {
                    guard: 'hasAppleIdToken',
                    target: 'used',
                    actions: {
                      type: 'passAppleResult',
                      params: ({ context }) => ({ authorization: { id_token: context.query.id_token ?? '', ...(context.query.code ? { code: context.query.code } : {}) } }),
                    },
                  },
                  { guard: 'hasExchangeCode', target: 'exchanging' },
                  { target: 'used' },
                ],
              },
            },
            linkToken: {
              description: 'The session checks the link’s token.',
              invoke: { id: 'signInWithLinkToken', src: 'signInWithLinkToken', input: ({ context }) => ({ token: context.query.token ?? '' }) },
              on: { 'link.rejected': 'linkRefused' },
            },
            exchanging: {
              description: 'The exchange code becomes a session token.',
              invoke: {
                id: 'exchangeCode',
                src: 'exchangeCode',
                input: ({ context }) => ({ code: context.query.code ?? '' }),
                onDone: { target: 'used', actions: { type: 'tellSessionToken', params: ({ event }) => ({ token: event.output }) } },
                onError: { target: 'linkRefused', actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error, context: 'login: exchange code' }) } },
              },
            },
            used: {
              description: 'The query is used (or brought nothing): the visitor signs in with the panel.',
            },
            linkRefused: {
              description: 'The link no longer signs in: the page says so above the panel.',
              tags: ['linkProblem'],
            },
          },
        },
        signedIn: {
          description: 'A member is signed in: on to the post-login route.',
          entry: 'goToPostLoginRoute',
        },
      },
    },
  },
});
