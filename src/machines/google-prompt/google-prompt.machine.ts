import { and, assign, fromCallback, fromPromise, not, setup } from 'xstate';
import { AUTH_LIMITS } from '../../contract/auth';
import { googlePromptRules } from '../../services/account/dialog-rules';
import { mayPlanPrompt } from './google-prompt.rules';
import type { GooglePromptActorTypes, GooglePromptContext, GooglePromptEvent, PromptCheck, PromptConditions } from './google-prompt.types';
import { notProvided } from '../shared/shared.actors';

// Effects are bound where the prompt starts; unbound they do nothing (the server's render, tests).
const noEffect = () => undefined;

/** The reported conditions of a conditions.changed event (null for other events). */
/** The check's answer, for the guards checked after the delay. */
const checkOf = ({ event }: { event: { output: PromptCheck } }): PromptCheck => event.output;

const reported = (event: GooglePromptEvent): PromptConditions | null => (event.type === 'conditions.changed' ? event.conditions : null);

/**
 * The Google one-tap prompt (spec section 2): 500 ms after a page opens, for a signed-out visitor who
 * consented to social sign-in, with the Google Sign-In flag on, not on the login page nor while a
 * registration is finished. Then the providers answer must offer Google, the prompt must not have shown
 * within a day, and no overlay may be open; if so it shows (the login-shown flag is set, the sign-in code
 * loads, and the sign-in library, so the button can open Google's popup within the click).
 * The plan starts again on each page (path) and whenever the conditions come to allow it; a prompt that
 * shows stays through later pages until it is used or dismissed, and hides while they do not allow it.
 */
export const googlePromptMachine = setup({
  types: {
    context: {} as GooglePromptContext,
    events: {} as GooglePromptEvent,
  },
  actors: {
    watchConditions: fromCallback<GooglePromptEvent, GooglePromptActorTypes['watchConditions']['input']>(noEffect),
    checkPrompt: fromPromise<GooglePromptActorTypes['checkPrompt']['output']>(notProvided('checkPrompt')),
    prepareSignIn: fromPromise<GooglePromptActorTypes['prepareSignIn']['output']>(notProvided('prepareSignIn')),
  },
  delays: {
    promptDelay: AUTH_LIMITS.googlePromptDelayMs,
  },
  guards: {
    // The rules known before the delay, on the conditions just reported.
    isConsented: ({ event }) => googlePromptRules.consented({ consented: reported(event)?.consented ?? false }),
    isSignedOut: ({ event }) => googlePromptRules.signedOut({ signedOut: reported(event)?.signedOut ?? false }),
    isGoogleFlagOn: ({ event }) => reported(event)?.googleFlag === true,
    isPromptPage: ({ event }) => {
      const conditions = reported(event);
      return conditions !== null && googlePromptRules.promptPage(conditions);
    },
    isOutsideSignInPopup: ({ event }) => reported(event)?.inSignInPopup === false,
    /** Another page, or a page whose conditions did not allow the prompt until now. */
    isNewPlan: ({ context, event }) => context.conditions === null || context.conditions.pathname !== reported(event)?.pathname || !mayPlanPrompt(context.conditions),
    // The rules checked after the delay.
    /** Google is offered, the prompt did not show within a day, no overlay is open, and consent still holds. */
    mayShowNow: (_, check: PromptCheck) => {
      const { googleAvailable, notShownRecently, noOverlayOpen, consented } = googlePromptRules;
      return googleAvailable(check) && notShownRecently(check) && noOverlayOpen(check) && consented(check);
    },
  },
  actions: {
    /** Tells the app the prompt is there, so the app lets it show only when it is its turn among the overlays. */
    announce: noEffect,
    keepConditions: assign(({ context, event }) => ({ conditions: reported(event) ?? context.conditions })),
    /** The login-shown flag: not again within a day. */
    markShown: noEffect,
    /** Asks the app for the sign-in machine (its own chunk), which the prompt's button uses. */
    loadSignIn: noEffect,
    /** Opens the sign-in dialog and starts Google's sign-in there (within the click). */
    startGoogleSignIn: noEffect,
    reportFailure: noEffect as (args: unknown, params: { error: unknown }) => void,
  },
}).createMachine({
  id: 'googlePrompt',
  description: 'The Google one-tap prompt: planned on each page, shown at most once a day.',
  context: { conditions: null },
  entry: 'announce',
  invoke: { id: 'watchConditions', src: 'watchConditions', input: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing planned: the conditions do not allow the prompt here, or this page’s moment has passed.',
      on: {
        'conditions.changed': [
          {
            guard: and(['isConsented', 'isSignedOut', 'isGoogleFlagOn', 'isPromptPage', 'isOutsideSignInPopup', 'isNewPlan']),
            target: 'planned',
            actions: 'keepConditions',
          },
          { actions: 'keepConditions' },
        ],
      },
    },
    planned: {
      description: 'Planned for this page: a change of page starts again, a change that forbids it ends the plan.',
      on: {
        'conditions.changed': [
          {
            guard: not(and(['isConsented', 'isSignedOut', 'isGoogleFlagOn', 'isPromptPage', 'isOutsideSignInPopup'])),
            target: 'idle',
            actions: 'keepConditions',
          },
          { guard: 'isNewPlan', target: 'planned', reenter: true, actions: 'keepConditions' },
          { actions: 'keepConditions' },
        ],
      },
      initial: 'waiting',
      states: {
        waiting: {
          description: 'The page has just opened: 500 ms pass first.',
          after: { promptDelay: 'checking' },
        },
        checking: {
          description: 'The providers answer, the login-shown flag, open overlays and consent are read.',
          invoke: {
            id: 'checkPrompt',
            src: 'checkPrompt',
            // Shows the prompt if Google is offered, it was not shown within a day, no overlay is open and consent holds.
            onDone: [
              {
                guard: { type: 'mayShowNow', params: checkOf },
                target: '#googlePrompt.shown',
              },
              { target: '#googlePrompt.idle' },
            ],
            onError: { target: '#googlePrompt.idle', actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    shown: {
      description: 'The prompt shows (while the conditions allow it) until it is used or dismissed.',
      entry: ['markShown', 'loadSignIn'],
      on: {
        'conditions.changed': { actions: 'keepConditions' },
        'prompt.dismiss': 'idle',
        'prompt.start': { target: 'idle', actions: 'startGoogleSignIn' },
      },
      initial: 'preparing',
      states: {
        preparing: {
          description: 'The sign-in library loads; the button waits for it.',
          invoke: {
            id: 'prepareSignIn',
            src: 'prepareSignIn',
            onDone: 'ready',
            onError: { target: 'unavailable', actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: { description: 'The button starts Google’s sign-in.' },
        unavailable: { description: 'The sign-in library could not be loaded: the button stays disabled.' },
      },
    },
  },
});
