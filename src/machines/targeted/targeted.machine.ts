import { assign, enqueueActions, fromCallback, fromPromise, raise, setup } from 'xstate';
import type { EventObject } from 'xstate';
import type { TargetedMessage, TargetedMessageTrigger } from '../../contract/content';
import type { Locale } from '../../contract/locales';
import { countdownMsLeft, isEligible, pickMessage } from '../../services/content/targeted-eligibility';
import type { EligibilityContext } from '../../services/content/targeted-eligibility';
import type { BrowserFacts, PageFacts, TargetedContext, TargetedEvent, TargetedInput, TargetedTag, VisitorFacts } from './targeted.types';
import { notProvided } from '../shared/shared.actors';

/** Timings of spec section 9. */
export const TARGETED_TIMING = {
  /** The onInactivity trigger fires after this long without mouse, touch or key activity. */
  inactivityMs: 15_000,
  /** The onScroll trigger fires at most once in this period. */
  scrollThrottleMs: 100,
  /** A closed popup takes this long to leave the screen. */
  popupCloseDelayMs: 500,
} as const;

/** setTimeout's largest delay (about 24.8 days); a countdown further away is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What the eligibility rules are asked with, or null while a fact is still unknown. */
function eligibilityOf(context: TargetedContext): EligibilityContext | null {
  const { page, visitor, host } = context;
  if (page === null || visitor === null || host === null) return null;
  return {
    pathname: page.pathname,
    locale: page.locale,
    brandCode: page.brandCode,
    hotelCode: page.hotelCode,
    isPrivateOffer: page.isPrivateOffer,
    now: new Date(context.now()),
    device: visitor.device,
    statuses: visitor.statuses,
    trackingConsent: visitor.trackingConsent,
    messagesConsent: visitor.messagesConsent,
    host,
    seenIds: context.seenIds,
  };
}

function messageFor(context: TargetedContext, event: TargetedEvent): TargetedMessage | null {
  const rules = eligibilityOf(context);
  return event.type === 'trigger.fired' && rules !== null ? pickMessage(context.messages ?? [], rules, event.trigger) : null;
}

function countdownLeft(context: TargetedContext): number {
  return context.current ? (countdownMsLeft(context.current, new Date(context.now())) ?? 0) : 0;
}

const sameFacts = (a: object | null, b: object) => a !== null && JSON.stringify(a) === JSON.stringify(b);

const outputOf = <T>(event: EventObject): T | null => ('output' in event ? (event.output as T) : null);

/** Hands the seen ids, as just recorded, to `persistSeen`. */
const persistSeenIds = { type: 'persistSeen', params: ({ context }: { context: TargetedContext }) => ({ seenIds: context.seenIds }) } as const;

const fire = (trigger: TargetedMessageTrigger) => ({ type: 'fire', params: { trigger } }) as const;

/** Every fact the rules need is known: the messages, the browser's facts, the page and the visitor. */
const factsKnown = ({ context }: { context: TargetedContext }) => context.messages !== null && context.host !== null && context.page !== null && context.visitor !== null;

/**
 * Targeted messages (spec section 4): which notification or popup the visitor sees, and when. It runs
 * as the app's `targeted` actor (src/machines/app), which tells it of routes, sign-ins and changes of
 * the session; what it reads from the outside (the messages, the page's and the visitor's facts, storage,
 * the screen and consent) comes from named actors bound in targeted.live.ts.
 *
 * Regions side by side:
 * - `browser`, `messages`, `page`, `visitor` keep the facts: the host and seen ids (read once), the
 *   locale's messages (again when the locale changes), the page's brand and hotel (again on every new
 *   path), and the visitor's member statuses, device and consent (again when the session changes; after
 *   a sign-in, the onLogin trigger follows). A sign-in before the visitor was first known is the page
 *   opening with a restored session, not a login.
 * - `flow` waits in `starting` until every fact is known, so nobody is judged without them (a member
 *   never glimpses a guest's message); then `running` fires onLoad and runs the display and triggers:
 *   `display` shows at most one message: when a trigger fires, the eligible message of that trigger
 *   with the highest priority appears (services/content/targeted-eligibility.ts holds every rule);
 *   closing records its id as seen, and a popup takes 500 ms to leave. A message on screen goes away
 *   without being seen when new facts make it ineligible, or when its countdown ends. `inactivity`
 *   fires onInactivity after 15 s without activity, `scroll` fires onScroll at most every 100 ms (the
 *   first scroll at once, one more at the end of the pause if the page went on scrolling); onLoad fires
 *   on every new page's facts, onLogin when a signed-in member's facts are in. onLeave is declared by
 *   the content model and fires nothing.
 */
export const targetedMessagesMachine = setup({
  types: {
    context: {} as TargetedContext,
    events: {} as TargetedEvent,
    input: {} as TargetedInput,
    tags: {} as TargetedTag,
  },
  actors: {
    /** The page's host and the ids the visitor closed before (browser storage). */
    readBrowser: fromPromise<BrowserFacts>(notProvided('readBrowser')),
    /** Every active targeted message in the locale (content service). */
    loadMessages: fromPromise<readonly TargetedMessage[], { locale: Locale }>(notProvided('loadMessages')),
    /** The page's facts: a hotel page's brand comes with the hotel (content service), a brand page's from its path. */
    loadPage: fromPromise<PageFacts, { pathname: string; locale: Locale }>(notProvided('loadPage')),
    /** The visitor's facts, once the session is known: member statuses (member queries), device, consent. */
    loadVisitor: fromPromise<VisitorFacts, { locale: Locale }>(notProvided('loadVisitor')),
    /** Sends `device.changed` when the screen crosses the mobile breakpoint. */
    watchDevice: fromCallback<EventObject>(() => undefined),
    /** Sends `consent.changed` when the visitor's consent changes (here or in another tab). */
    watchConsent: fromCallback<EventObject>(() => undefined),
  },
  guards: {
    factsKnown,
    /** The app moved to another path or language. */
    routeMoved: ({ context, event }) => event.type === 'route.changed' && (event.pathname !== context.pathname || event.locale !== context.locale),
    hasMessageForTrigger: ({ context, event }) => messageFor(context, event) !== null,
    isPopup: ({ context }) => context.current?.attributes.kind === 'popup',
    isCountdown: ({ context }) => context.current?.attributes.isCountdown === true,
    countdownOver: ({ context }) => countdownLeft(context) <= 0,
    /** The facts changed under the message on screen, and the rules no longer allow it. */
    currentNoLongerEligible: ({ context }) => {
      const rules = eligibilityOf(context);
      return context.current !== null && rules !== null && !isEligible(context.current, rules);
    },
    scrollPending: ({ context }) => context.scrollPending,
    messagesConsentWithdrawn: ({ event }) => event.type === 'consent.changed' && !event.messagesConsent,
  },
  delays: {
    inactivity: TARGETED_TIMING.inactivityMs,
    scrollThrottle: TARGETED_TIMING.scrollThrottleMs,
    popupCloseDelay: TARGETED_TIMING.popupCloseDelayMs,
    countdownCheck: ({ context }) => Math.min(countdownLeft(context), MAX_TIMER_MS),
  },
  actions: {
    // Bound in targeted.live.ts: keeps the ids where consent allows.
    persistSeen: (_, _params: { seenIds: readonly number[] }) => undefined,
    fire: raise((_, params: { trigger: TargetedMessageTrigger }) => ({ type: 'trigger.fired' as const, trigger: params.trigger })),
    recheckCurrent: raise({ type: 'facts.changed' as const }),
    /** A new path or language: the page's facts are asked for (and the messages, for a new language). */
    followRoute: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'route.changed') return;
      if (event.locale !== context.locale) enqueue.raise({ type: 'messages.requested' });
      enqueue.raise({ type: 'page.requested' });
      enqueue.assign({ pathname: event.pathname, locale: event.locale });
    }),
    keepBrowserFacts: enqueueActions(({ event, enqueue }) => {
      const facts = outputOf<BrowserFacts>(event);
      // Unreadable: a production host's rules, and no ids.
      enqueue.assign({ host: facts?.host ?? '', seenIds: facts?.seenIds ?? [] });
      enqueue.raise({ type: 'browser.known' });
    }),
    /** The messages of the locale; a message on screen shows in the new language when it has one. */
    keepMessages: enqueueActions(({ context, event, enqueue }) => {
      const messages = outputOf<readonly TargetedMessage[]>(event) ?? context.messages ?? [];
      const current = context.current;
      enqueue.assign({ messages, current: current ? (messages.find((message) => message.id === current.id) ?? current) : null });
      enqueue.raise({ type: 'messages.known' });
    }),
    keepPage: enqueueActions(({ context, event, enqueue }) => {
      const page = outputOf<PageFacts>(event);
      if (page === null || sameFacts(context.page, page)) return;
      enqueue.assign({ page });
      enqueue.raise({ type: 'page.known' });
    }),
    keepVisitor: enqueueActions(({ context, event, enqueue }) => {
      const visitor = outputOf<VisitorFacts>(event);
      if (visitor === null || sameFacts(context.visitor, visitor)) return;
      enqueue.assign({ visitor });
      enqueue.raise({ type: 'visitor.known' });
    }),
    /** A member's facts after their sign-in: the onLogin trigger, whatever changed. */
    welcomeMember: enqueueActions(({ event, enqueue }) => {
      const visitor = outputOf<VisitorFacts>(event);
      if (visitor !== null) enqueue.assign({ visitor });
      enqueue.raise({ type: 'visitor.loggedIn' });
    }),
    /** The screen or consent changed under a known visitor (an unknown one is read afresh anyway). */
    keepVisitorChange: enqueueActions(({ context, event, enqueue }) => {
      if (context.visitor === null) return;
      const change = event.type === 'device.changed' ? { device: event.device } : event.type === 'consent.changed' ? { trackingConsent: event.trackingConsent, messagesConsent: event.messagesConsent } : {};
      const visitor = { ...context.visitor, ...change };
      if (sameFacts(context.visitor, visitor)) return;
      enqueue.assign({ visitor });
      enqueue.raise({ type: 'visitor.known' });
    }),
    show: assign({ current: ({ context, event }) => messageFor(context, event) }),
    clear: assign({ current: null }),
    recordSeen: assign({
      seenIds: ({ context }) => (context.current ? [...context.seenIds.filter((id) => id !== context.current?.id), context.current.id] : context.seenIds),
    }),
    markScrollPending: assign({ scrollPending: true }),
    clearScrollPending: assign({ scrollPending: false }),
    keepPendingTrigger: assign({
      pendingTriggers: ({ context, event }) => {
        const trigger = event.type === 'trigger.fired' ? event.trigger : event.type === 'visitor.loggedIn' ? 'onLogin' : null;
        return trigger !== null && !context.pendingTriggers.includes(trigger) ? [...context.pendingTriggers, trigger] : context.pendingTriggers;
      },
    }),
    firePendingTriggers: enqueueActions(({ context, enqueue }) => {
      for (const trigger of context.pendingTriggers) enqueue.raise({ type: 'trigger.fired', trigger });
      enqueue.assign({ pendingTriggers: [] });
    }),
    // Bound in targeted.live.ts: consent to targeted messages withdrawn, the kept ids go (on a development
    // host the flow goes on without consent, so the app's own withdrawal rule does not reach them).
    forgetSeen: (_, _params: undefined) => undefined,
  },
}).createMachine({
  id: 'targeted',
  description: 'Targeted messages: the facts the rules judge, the triggers that fire, and the one notification or popup they bring up.',
  context: ({ input }) => ({
    ...input,
    messages: null,
    host: null,
    seenIds: [],
    page: null,
    visitor: null,
    current: null,
    scrollPending: false,
    pendingTriggers: [],
  }),
  type: 'parallel',
  invoke: [
    { id: 'watchDevice', src: 'watchDevice' },
    { id: 'watchConsent', src: 'watchConsent' },
  ],
  on: {
    'route.changed': { guard: 'routeMoved', actions: 'followRoute' },
    'device.changed': { actions: 'keepVisitorChange' },
    'consent.changed': [{ guard: 'messagesConsentWithdrawn', actions: ['forgetSeen', 'keepVisitorChange'] }, { actions: 'keepVisitorChange' }],
  },
  states: {
    browser: {
      description: 'The host and the seen ids, read from the browser once.',
      initial: 'reading',
      states: {
        reading: {
          description: 'The host and the ids kept in storage are read.',
          invoke: {
            id: 'readBrowser',
            src: 'readBrowser',
            onDone: { target: 'read', actions: 'keepBrowserFacts' },
            onError: { target: 'read', actions: 'keepBrowserFacts' },
          },
        },
        read: { description: 'Known for the rest of the visit; closing a message adds to the seen ids.' },
      },
    },
    messages: {
      description: 'The messages of the page’s language.',
      initial: 'loading',
      on: { 'messages.requested': '.loading' },
      states: {
        loading: {
          description: 'The locale’s messages are fetched; the previous ones (if any) count meanwhile.',
          invoke: {
            id: 'loadMessages',
            src: 'loadMessages',
            input: ({ context }) => ({ locale: context.locale }),
            onDone: { target: 'loaded', actions: 'keepMessages' },
            // Unavailable: the messages known so far stay (none at first), a new language tries again.
            onError: { target: 'loaded', actions: 'keepMessages' },
          },
        },
        loaded: { description: 'The messages are known.' },
      },
    },
    page: {
      description: 'The facts of the page on screen.',
      initial: 'loading',
      on: { 'page.requested': '.loading' },
      states: {
        loading: {
          description: 'The new page’s facts are read; until they are known the previous page’s stay, so a hotel page is never judged without its brand.',
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ pathname: context.pathname, locale: context.locale }),
            onDone: { target: 'known', actions: 'keepPage' },
            onError: 'known',
          },
        },
        known: { description: 'The page’s facts are known.' },
      },
    },
    visitor: {
      description: 'The facts of the visitor: member statuses, device and consent.',
      initial: 'reading',
      states: {
        reading: {
          description: 'The visitor is read for the first time, once the session is known; a sign-in meanwhile is the session being restored.',
          invoke: {
            id: 'loadVisitor',
            src: 'loadVisitor',
            input: ({ context }) => ({ locale: context.locale }),
            onDone: { target: 'known', actions: 'keepVisitor' },
            onError: 'unknown',
          },
          on: {
            'session.signedIn': { target: 'reading', reenter: true },
            'session.changed': { target: 'reading', reenter: true },
          },
        },
        unknown: {
          description: 'The visitor could not be read: nothing shows until the session changes and they are read again.',
          on: { 'session.signedIn': 'reading', 'session.changed': 'reading' },
        },
        known: {
          description: 'The visitor is known: a sign-in or another change of the session reads them again.',
          on: { 'session.signedIn': 'signingIn', 'session.changed': 'reloading' },
        },
        reloading: {
          description: 'The session changed (the member’s data, or a sign-out): the visitor is read again; the last facts count meanwhile.',
          invoke: {
            id: 'loadVisitor',
            src: 'loadVisitor',
            input: ({ context }) => ({ locale: context.locale }),
            onDone: { target: 'known', actions: 'keepVisitor' },
            onError: 'known',
          },
          on: {
            'session.signedIn': 'signingIn',
            'session.changed': { target: 'reloading', reenter: true },
          },
        },
        signingIn: {
          description: 'A member signed in: their facts are read, then the onLogin trigger fires (once per sign-in).',
          invoke: {
            id: 'loadVisitor',
            src: 'loadVisitor',
            input: ({ context }) => ({ locale: context.locale }),
            onDone: { target: 'known', actions: 'welcomeMember' },
            onError: 'known',
          },
          on: {
            'session.signedIn': { target: 'signingIn', reenter: true },
            'session.changed': { target: 'signingIn', reenter: true },
          },
        },
      },
    },
    flow: {
      description: 'Nothing is judged before every fact is known; then the triggers run and bring up messages.',
      initial: 'starting',
      states: {
        starting: {
          description: 'Waits for the messages, the browser’s facts, the page and the visitor; a sign-in meanwhile waits too.',
          on: {
            'browser.known': { guard: 'factsKnown', target: 'running' },
            'messages.known': { guard: 'factsKnown', target: 'running' },
            'page.known': { guard: 'factsKnown', target: 'running' },
            'visitor.known': { guard: 'factsKnown', target: 'running' },
            // Only the visitor can be known already here (a sign-in follows a known visitor): it waits for the rest.
            'visitor.loggedIn': { actions: 'keepPendingTrigger' },
          },
        },
        running: {
          description: 'Every fact is known: the page counts as loaded, and the triggers bring up messages.',
          type: 'parallel',
          tags: ['ready'],
          entry: [fire('onLoad'), 'firePendingTriggers'],
          on: {
            'page.known': { actions: ['recheckCurrent', fire('onLoad')] },
            'visitor.known': { actions: 'recheckCurrent' },
            'messages.known': { actions: 'recheckCurrent' },
            'visitor.loggedIn': { actions: ['recheckCurrent', fire('onLogin')] },
          },
          states: {
            display: {
              description: 'At most one message on screen.',
              initial: 'hidden',
              states: {
                hidden: {
                  description: 'No message on screen: a trigger brings up its highest-priority eligible message.',
                  on: { 'trigger.fired': { guard: 'hasMessageForTrigger', target: 'showing', actions: 'show' } },
                },
                showing: {
                  description: 'A message is on screen until the visitor closes it, it stops applying, or its countdown ends.',
                  type: 'parallel',
                  on: { 'facts.changed': { guard: 'currentNoLongerEligible', target: 'hidden', actions: 'clear' } },
                  states: {
                    kind: {
                      description: 'A notification beside the page, or a popup over it.',
                      initial: 'choosing',
                      states: {
                        choosing: {
                          description: 'Picks the view for the message just chosen.',
                          always: [{ guard: 'isPopup', target: 'popup' }, { target: 'notification' }],
                        },
                        notification: {
                          description: 'A notification: closing it records it as seen and it goes at once.',
                          tags: ['notification'],
                          on: { 'message.close': { target: '#targeted.flow.running.display.hidden', actions: ['recordSeen', persistSeenIds, 'clear'] } },
                        },
                        popup: {
                          description: 'A popup (modal): closing it records it as seen and it starts to leave.',
                          tags: ['popup'],
                          on: { 'message.close': { target: '#targeted.flow.running.display.closing', actions: ['recordSeen', persistSeenIds] } },
                        },
                      },
                    },
                    countdown: {
                      description: 'A countdown message goes when its date passes.',
                      initial: 'choosing',
                      states: {
                        choosing: {
                          description: 'Whether the message counts down.',
                          always: [{ guard: 'isCountdown', target: 'running' }, { target: 'none' }],
                        },
                        none: { description: 'The message has no countdown.' },
                        running: {
                          description: 'The countdown is shown; the timer wakes when it ends (or after 24 days, to look again).',
                          tags: ['countdown'],
                          after: {
                            countdownCheck: [
                              { guard: 'countdownOver', target: '#targeted.flow.running.display.hidden', actions: 'clear' },
                              { target: 'running', reenter: true },
                            ],
                          },
                        },
                      },
                    },
                  },
                },
                closing: {
                  description: 'A closed popup leaves the screen (500 ms); triggers that fire meanwhile wait for it.',
                  tags: ['popup', 'closing'],
                  on: { 'trigger.fired': { actions: 'keepPendingTrigger' } },
                  after: { popupCloseDelay: { target: 'hidden', actions: ['clear', 'firePendingTriggers'] } },
                },
              },
            },
            inactivity: {
              description: 'The onInactivity trigger.',
              initial: 'watching',
              states: {
                watching: {
                  description: 'The visitor was active less than 15 s ago.',
                  on: { 'visitor.active': { target: 'watching', reenter: true } },
                  after: { inactivity: { target: 'inactive', actions: fire('onInactivity') } },
                },
                inactive: {
                  description: 'The trigger fired; it fires again only after new activity and another quiet 15 s.',
                  on: { 'visitor.active': 'watching' },
                },
              },
            },
            scroll: {
              description: 'The onScroll trigger, throttled.',
              initial: 'ready',
              states: {
                ready: {
                  description: 'The next scroll fires the trigger at once.',
                  on: { 'page.scrolled': { target: 'throttled', actions: fire('onScroll') } },
                },
                throttled: {
                  description: 'The trigger fired less than 100 ms ago; a scroll now fires it at the end of the pause.',
                  on: { 'page.scrolled': { actions: 'markScrollPending' } },
                  after: {
                    scrollThrottle: [
                      { guard: 'scrollPending', target: 'throttled', reenter: true, actions: ['clearScrollPending', fire('onScroll')] },
                      { target: 'ready' },
                    ],
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
