import { assign, enqueueActions, raise, setup } from 'xstate';
import type { TargetedMessage, TargetedMessageTrigger } from '../../contract/content';
import { countdownMsLeft, isEligible, pickMessage } from '../../services/content/targeted-eligibility';
import type { EligibilityContext } from '../../services/content/targeted-eligibility';
import type { TargetedContext, TargetedEvent, TargetedInput, TargetedTag } from './targeted.types';

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

/** What the eligibility rules are asked with, from the machine's context. */
function eligibilityOf(context: TargetedContext): EligibilityContext {
  return {
    pathname: context.page.pathname,
    locale: context.page.locale,
    brandCode: context.page.brandCode,
    hotelCode: context.page.hotelCode,
    isPrivateOffer: context.page.isPrivateOffer,
    now: new Date(context.now()),
    device: context.visitor.device,
    statuses: context.visitor.statuses,
    trackingConsent: context.visitor.trackingConsent,
    messagesConsent: context.visitor.messagesConsent,
    host: context.host,
    seenIds: context.seenIds,
  };
}

function messageFor(context: TargetedContext, event: TargetedEvent): TargetedMessage | null {
  return event.type === 'trigger.fired' ? pickMessage(context.messages, eligibilityOf(context), event.trigger) : null;
}

function countdownLeft(context: TargetedContext): number {
  return context.current ? (countdownMsLeft(context.current, new Date(context.now())) ?? 0) : 0;
}

/** Hands the seen ids, as just recorded, to the view's `persistSeen`. */
const persistSeenIds = { type: 'persistSeen', params: ({ context }: { context: TargetedContext }) => ({ seenIds: context.seenIds }) } as const;

/**
 * Targeted messages (spec section 4): which notification or popup the visitor sees, and when.
 *
 * Four regions run side by side. `display` shows at most one message: when a trigger fires, the
 * eligible message of that trigger with the highest priority appears (services/content/
 * targeted-eligibility.ts holds every rule); closing records its id as seen, and a popup takes 500 ms
 * to leave. A message on screen goes away without being seen when a new page or a change of the visitor
 * (sign-out, consent withdrawn) makes it ineligible, or when its countdown ends. The other regions are
 * the triggers: `inactivity` fires onInactivity after 15 s without activity, `scroll` fires onScroll at
 * most every 100 ms (the first scroll at once, one more at the end of the pause if the page went on
 * scrolling); onLoad fires on every path change (and at the start), onLogin when a member has signed in.
 * onLeave is declared by the content model and fires nothing.
 *
 * The machine touches no storage: `persistSeen` is bound by the view, which keeps the ids only with
 * consent.
 */
export const targetedMessagesMachine = setup({
  types: {
    context: {} as TargetedContext,
    events: {} as TargetedEvent,
    input: {} as TargetedInput,
    tags: {} as TargetedTag,
  },
  guards: {
    hasMessageForTrigger: ({ context, event }) => messageFor(context, event) !== null,
    isPopup: ({ context }) => context.current?.attributes.kind === 'popup',
    isCountdown: ({ context }) => context.current?.attributes.isCountdown === true,
    countdownOver: ({ context }) => countdownLeft(context) <= 0,
    /** The page or visitor changed under the message on screen, and the rules no longer allow it. */
    currentNoLongerEligible: ({ context }) => context.current !== null && !isEligible(context.current, eligibilityOf(context)),
    scrollPending: ({ context }) => context.scrollPending,
  },
  delays: {
    inactivity: TARGETED_TIMING.inactivityMs,
    scrollThrottle: TARGETED_TIMING.scrollThrottleMs,
    popupCloseDelay: TARGETED_TIMING.popupCloseDelayMs,
    countdownCheck: ({ context }) => Math.min(countdownLeft(context), MAX_TIMER_MS),
  },
  actions: {
    // Bound by the view with `.provide({ actions })`: keeps the ids where consent allows.
    persistSeen: (_, _params: { seenIds: readonly number[] }) => undefined,
    fire: raise((_, params: { trigger: TargetedMessageTrigger }) => ({ type: 'trigger.fired' as const, trigger: params.trigger })),
    recheckCurrent: raise({ type: 'facts.changed' as const }),
    show: assign({ current: ({ context, event }) => messageFor(context, event) }),
    clear: assign({ current: null }),
    recordSeen: assign({
      seenIds: ({ context }) => (context.current ? [...context.seenIds.filter((id) => id !== context.current?.id), context.current.id] : context.seenIds),
    }),
    updatePage: assign({ page: ({ context, event }) => (event.type === 'page.changed' ? event.page : context.page) }),
    updateVisitor: assign({
      visitor: ({ context, event }) => (event.type === 'visitor.changed' || event.type === 'visitor.loggedIn' ? event.visitor : context.visitor),
    }),
    updateMessages: assign({ messages: ({ context, event }) => (event.type === 'messages.updated' ? event.messages : context.messages) }),
    markScrollPending: assign({ scrollPending: true }),
    clearScrollPending: assign({ scrollPending: false }),
    keepPendingTrigger: assign({
      pendingTriggers: ({ context, event }) =>
        event.type === 'trigger.fired' && !context.pendingTriggers.includes(event.trigger) ? [...context.pendingTriggers, event.trigger] : context.pendingTriggers,
    }),
    firePendingTriggers: enqueueActions(({ context, enqueue }) => {
      for (const trigger of context.pendingTriggers) enqueue.raise({ type: 'trigger.fired', trigger });
      enqueue.assign({ pendingTriggers: [] });
    }),
  },
}).createMachine({
  id: 'targeted',
  description: 'Targeted messages: the triggers that fire, and the one notification or popup they bring up.',
  context: ({ input }) => ({ ...input, current: null, scrollPending: false, pendingTriggers: [] }),
  type: 'parallel',
  // The page as it was at the start counts as loaded.
  entry: { type: 'fire', params: { trigger: 'onLoad' } },
  on: {
    'page.changed': { actions: ['updatePage', 'recheckCurrent', { type: 'fire', params: { trigger: 'onLoad' } }] },
    'visitor.changed': { actions: ['updateVisitor', 'recheckCurrent'] },
    'visitor.loggedIn': { actions: ['updateVisitor', 'recheckCurrent', { type: 'fire', params: { trigger: 'onLogin' } }] },
    'messages.updated': { actions: 'updateMessages' },
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
                  on: { 'message.close': { target: '#targeted.display.hidden', actions: ['recordSeen', persistSeenIds, 'clear'] } },
                },
                popup: {
                  description: 'A popup (modal): closing it records it as seen and it starts to leave.',
                  tags: ['popup'],
                  on: { 'message.close': { target: '#targeted.display.closing', actions: ['recordSeen', persistSeenIds] } },
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
                      { guard: 'countdownOver', target: '#targeted.display.hidden', actions: 'clear' },
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
          after: { inactivity: { target: 'inactive', actions: { type: 'fire', params: { trigger: 'onInactivity' } } } },
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
          on: { 'page.scrolled': { target: 'throttled', actions: { type: 'fire', params: { trigger: 'onScroll' } } } },
        },
        throttled: {
          description: 'The trigger fired less than 100 ms ago; a scroll now fires it at the end of the pause.',
          on: { 'page.scrolled': { actions: 'markScrollPending' } },
          after: {
            scrollThrottle: [
              { guard: 'scrollPending', target: 'throttled', reenter: true, actions: ['clearScrollPending', { type: 'fire', params: { trigger: 'onScroll' } }] },
              { target: 'ready' },
            ],
          },
        },
      },
    },
  },
});
