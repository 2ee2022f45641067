import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, describePath, expectFullCoverage, generatePaths, generateTransitionCover, replayPath } from '../../../test/model-based/harness';
import type { TargetedMessage, TargetedMessageTrigger } from '../../contract/content';
import { isEligible, pickMessage } from '../../services/content/targeted-eligibility';
import type { EligibilityContext } from '../../services/content/targeted-eligibility';
import { page, PRODUCTION_HOST, targetedMessage, VISITORS } from './targeted.fixtures';
import { TARGETED_TIMING, targetedMessagesMachine } from './targeted.machine';
import { selectMessageOnScreen } from './targeted.selectors';
import type { PageFacts, TargetedEvent, TargetedInput, VisitorFacts } from './targeted.types';

/*
 * The targeted-message machine, walked with the harness in four scenarios (a popup targeted at a URL,
 * a notification on login, a countdown popup on scroll, a notification on inactivity). Each scenario
 * offers the events that matter to it, delayed events included (`xstate.after.*`), so its state space
 * stays small; together they take every state and transition of the machine. Each path is replayed on a
 * real actor on a simulated clock (no timer runs by itself) and its end compared with an oracle that
 * follows the spec's rules over the same events: one message at a time, highest priority first, only
 * the trigger's own messages, seen ids recorded on close, a closing popup holding back what fires
 * meanwhile, and a message dropped when the page or visitor no longer fits it.
 */

const NOW = Date.UTC(2027, 2, 10, 9, 0, 0);
const now = () => NOW;

const PAGES = {
  home: page('/en/'),
  search: page('/en/find-a-hotel'),
  checkin: page('/en/checkin/personal-details'),
} as const satisfies Record<string, PageFacts>;
type PageName = keyof typeof PAGES;
type VisitorName = keyof typeof VISITORS;

const MESSAGES = {
  /** A popup on the hotel search, for everyone. */
  searchPopup: targetedMessage(1, { kind: 'popup', trigger: 'onLoad', priority: 20, targets: { brands: [], hotels: [], urls: ['find-a-hotel'] } }),
  /** onLeave has no effect, whatever its priority. */
  leaving: targetedMessage(2, { kind: 'notification', trigger: 'onLeave', priority: 100 }),
  /** A notification for members when they sign in. */
  loginNotice: targetedMessage(3, { kind: 'notification', trigger: 'onLogin', priority: 30, memberType: 'member' }),
  /** A notification for everyone on every page. */
  everywhere: targetedMessage(4, { kind: 'notification', trigger: 'onLoad', priority: 10 }),
  /** A countdown popup when the page scrolls, running for another hour. */
  countdown: targetedMessage(5, { kind: 'popup', trigger: 'onScroll', priority: 5, isCountdown: true, countdownDate: new Date(NOW + 3_600_000).toISOString() }),
  /** A quieter message on scroll: it comes after the countdown popup has been closed. */
  scrollNotice: targetedMessage(6, { kind: 'notification', trigger: 'onScroll', priority: 1 }),
  /** A notification after 15 s of inactivity. */
  idleNotice: targetedMessage(7, { kind: 'notification', trigger: 'onInactivity', priority: 3 }),
} as const;

const after = (delay: string, stateId: string) => ({ type: `xstate.after.${delay}.${stateId}` }) as unknown as TargetedEvent;
const AFTER = {
  inactivity: after('inactivity', 'targeted.inactivity.watching'),
  scrollThrottle: after('scrollThrottle', 'targeted.scroll.throttled'),
  popupCloseDelay: after('popupCloseDelay', 'targeted.display.closing'),
  countdownCheck: after('countdownCheck', 'targeted.display.showing.countdown.running'),
};
const pageChanged = (name: PageName): TargetedEvent => ({ type: 'page.changed', page: PAGES[name] });
const visitorChanged = (name: VisitorName): TargetedEvent => ({ type: 'visitor.changed', visitor: VISITORS[name] });
const CLOSE: TargetedEvent = { type: 'message.close' };

interface Scenario {
  name: string;
  input: Omit<TargetedInput, 'now'>;
  events: TargetedEvent[];
}

const base = { seenIds: [], host: PRODUCTION_HOST, page: PAGES.home, visitor: VISITORS.guest };
const SCENARIOS: Scenario[] = [
  {
    name: 'a popup targeted at a URL',
    input: { ...base, messages: [MESSAGES.searchPopup, MESSAGES.leaving] },
    events: [
      pageChanged('home'),
      pageChanged('search'),
      pageChanged('checkin'),
      visitorChanged('guest'),
      visitorChanged('refused'),
      CLOSE,
      AFTER.popupCloseDelay,
      { type: 'messages.updated', messages: [MESSAGES.leaving] },
    ],
  },
  {
    name: 'a notification on login',
    input: { ...base, messages: [MESSAGES.loginNotice, MESSAGES.everywhere] },
    events: [
      { type: 'visitor.loggedIn', visitor: VISITORS.member },
      visitorChanged('guest'),
      pageChanged('home'),
      pageChanged('checkin'),
      CLOSE,
    ],
  },
  {
    name: 'a countdown popup on scroll',
    input: { ...base, messages: [MESSAGES.countdown, MESSAGES.scrollNotice] },
    events: [{ type: 'page.scrolled' }, AFTER.scrollThrottle, CLOSE, AFTER.popupCloseDelay, AFTER.countdownCheck, pageChanged('checkin'), pageChanged('home')],
  },
  {
    name: 'a notification on inactivity',
    input: { ...base, messages: [MESSAGES.idleNotice] },
    events: [{ type: 'visitor.active' }, AFTER.inactivity, CLOSE, pageChanged('checkin'), pageChanged('home')],
  },
];

const machine = targetedMessagesMachine.provide({
  actions: { persistSeen: (_, params) => void persisted.push([...params.seenIds]) },
});
type Snapshot = SnapshotFrom<typeof machine>;

/** Every list of ids the replay running now asked to keep, in order. */
let persisted: number[][] = [];

const pageName = (facts: PageFacts) => Object.entries(PAGES).find(([, value]) => value === facts)?.[0] ?? facts.pathname;
const visitorName = (facts: VisitorFacts) => Object.entries(VISITORS).find(([, value]) => value === facts)?.[0] ?? 'other';

const serializeState = (snapshot: Snapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.current?.id ?? null,
    [...snapshot.context.seenIds].sort(),
    pageName(snapshot.context.page),
    visitorName(snapshot.context.visitor),
    snapshot.context.messages.length,
    snapshot.context.scrollPending,
    snapshot.context.pendingTriggers,
  ]);

// ---------- the oracle ----------

type Display = 'hidden' | 'notification' | 'popup' | 'closing';
interface Expected {
  display: Display;
  current: number | null;
  seenIds: number[];
  persisted: number[][];
}

/** What the visitor must see after the events, from the spec's rules, independently of the machine. */
function oracle(input: Scenario['input'], steps: readonly { event: unknown }[]): Expected {
  let messages: readonly TargetedMessage[] = input.messages;
  let pageFacts = input.page;
  let visitor = input.visitor;
  // Widened: the closures below change them.
  let display = 'hidden' as Display;
  let current = null as TargetedMessage | null;
  let inactive = false;
  let throttled = false;
  let scrollPending = false;
  let pending: TargetedMessageTrigger[] = [];
  const seen: number[] = [...input.seenIds];
  const writes: number[][] = [];

  const rules = (): EligibilityContext => ({
    pathname: pageFacts.pathname,
    locale: pageFacts.locale,
    brandCode: pageFacts.brandCode,
    hotelCode: pageFacts.hotelCode,
    isPrivateOffer: pageFacts.isPrivateOffer,
    now: new Date(NOW),
    device: visitor.device,
    statuses: visitor.statuses,
    trackingConsent: visitor.trackingConsent,
    messagesConsent: visitor.messagesConsent,
    host: input.host,
    seenIds: seen,
  });
  const fire = (trigger: TargetedMessageTrigger) => {
    if (display === 'closing') {
      if (!pending.includes(trigger)) pending.push(trigger);
      return;
    }
    if (display !== 'hidden') return; // one at a time
    const message = pickMessage(messages, rules(), trigger);
    if (message) {
      current = message;
      display = message.attributes.kind;
    }
  };
  const recheck = () => {
    if ((display === 'notification' || display === 'popup') && current && !isEligible(current, rules())) {
      display = 'hidden';
      current = null;
    }
  };

  fire('onLoad');
  for (const { event: raw } of steps) {
    const event = raw as TargetedEvent;
    switch (event.type) {
      case 'page.changed':
        pageFacts = event.page;
        recheck();
        fire('onLoad');
        break;
      case 'visitor.changed':
        visitor = event.visitor;
        recheck();
        break;
      case 'visitor.loggedIn':
        visitor = event.visitor;
        recheck();
        fire('onLogin');
        break;
      case 'messages.updated':
        messages = event.messages;
        break;
      case 'visitor.active':
        inactive = false;
        break;
      case 'page.scrolled':
        if (throttled) scrollPending = true;
        else {
          throttled = true;
          fire('onScroll');
        }
        break;
      case 'message.close':
        if ((display === 'notification' || display === 'popup') && current) {
          const id = current.id;
          const index = seen.indexOf(id);
          if (index >= 0) seen.splice(index, 1);
          seen.push(id);
          writes.push([...seen]);
          if (display === 'popup') display = 'closing';
          else {
            display = 'hidden';
            current = null;
          }
        }
        break;
      default: {
        const type = (raw as { type: string }).type;
        if (type === AFTER.inactivity.type && !inactive) {
          inactive = true;
          fire('onInactivity');
        } else if (type === AFTER.scrollThrottle.type && throttled) {
          if (scrollPending) {
            scrollPending = false;
            fire('onScroll');
          } else throttled = false;
        } else if (type === AFTER.popupCloseDelay.type && display === 'closing') {
          display = 'hidden';
          current = null;
          const triggers = pending;
          pending = [];
          triggers.forEach(fire);
        }
        // countdownCheck: the countdown runs for another hour at NOW, so the message stays.
      }
    }
  }
  return { display, current: current?.id ?? null, seenIds: seen, persisted: writes };
}

// ---------- replay ----------

const recorder = new CoverageRecorder(machine);

function label(event: { type: string }): string {
  const e = event as TargetedEvent;
  if (e.type === 'page.changed') return `page(${pageName(e.page)})`;
  if (e.type === 'visitor.changed' || e.type === 'visitor.loggedIn') return `${e.type}(${visitorName(e.visitor)})`;
  if (e.type === 'messages.updated') return `messages.updated(${e.messages.map((m) => m.id).join(',')})`;
  if (event.type.startsWith('xstate.after.')) return `after:${event.type.split('.')[2]}`;
  return event.type;
}

function displayOf(snapshot: Snapshot): Display {
  const onScreen = selectMessageOnScreen(snapshot);
  if (onScreen === null) return 'hidden';
  return onScreen.closing ? 'closing' : onScreen.kind;
}

describe.each(SCENARIOS)('targeted-message machine, model-based: $name', (scenario) => {
  const input: TargetedInput = { ...scenario.input, now };
  const options = { input, events: scenario.events, serializeState };
  const shortest = generatePaths(machine, options);
  const cover = generateTransitionCover(machine, options);

  it('keeps the generated paths few', () => {
    console.info(`targeted model paths (${scenario.name}): ${shortest.length} shortest + ${cover.length} cover`);
    expect(shortest.length + cover.length).toBeLessThan(1500);
  });

  describe.each([
    ['shortest paths', shortest],
    ['transition cover', cover],
  ] as const)('%s', (_, paths) => {
    it.each(paths.map((path) => [describePath(path, label), path] as const))('%s', (_name, path) => {
      persisted = [];
      const final = replayPath(machine, path, input, recorder, { clock: new SimulatedClock() });
      const expected = oracle(scenario.input, path.steps);
      expect({ display: displayOf(final), current: final.context.current?.id ?? null, seenIds: final.context.seenIds, persisted }).toEqual(expected);
    });
  });
});

describe('targeted-message timers on a simulated clock', () => {
  function start(messages: TargetedMessage[], clockStart = NOW) {
    const clock = new SimulatedClock();
    const seenWrites: number[][] = [];
    const actor = createActor(
      targetedMessagesMachine.provide({ actions: { persistSeen: (_, params) => void seenWrites.push([...params.seenIds]) } }),
      { input: { ...base, messages, now: () => clockStart + clock.now() }, inspect: recorder.inspect, clock },
    );
    actor.start();
    const shown = () => actor.getSnapshot().context.current?.id ?? null;
    return { actor, clock, shown, seenWrites };
  }

  it('fires onInactivity after 15 s without activity, and activity starts the period again', () => {
    const { actor, clock, shown } = start([MESSAGES.idleNotice]);
    clock.increment(TARGETED_TIMING.inactivityMs - 1);
    expect(shown()).toBeNull();
    actor.send({ type: 'visitor.active' });
    clock.increment(TARGETED_TIMING.inactivityMs - 1);
    expect(shown()).toBeNull();
    clock.increment(1);
    expect(shown()).toBe(MESSAGES.idleNotice.id);
    actor.stop();
  });

  it('fires onInactivity once per quiet stretch', () => {
    const first = targetedMessage(11, { kind: 'notification', trigger: 'onInactivity', priority: 2 });
    const second = targetedMessage(12, { kind: 'notification', trigger: 'onInactivity', priority: 1 });
    const { actor, clock, shown } = start([first, second]);
    clock.increment(TARGETED_TIMING.inactivityMs);
    expect(shown()).toBe(11);
    actor.send({ type: 'message.close' });
    clock.increment(TARGETED_TIMING.inactivityMs * 3);
    expect(shown()).toBeNull();
    actor.send({ type: 'visitor.active' });
    clock.increment(TARGETED_TIMING.inactivityMs);
    expect(shown()).toBe(12);
    actor.stop();
  });

  it('throttles onScroll to one every 100 ms, the first at once and one more at the end of the pause', () => {
    const clock = new SimulatedClock();
    const fired: number[] = [];
    // Each time the trigger fires, the machine asks whether a message is there for it: that is counted.
    const counting = targetedMessagesMachine.provide({
      guards: {
        hasMessageForTrigger: ({ event }) => {
          if (event.type === 'trigger.fired' && event.trigger === 'onScroll') fired.push(clock.now());
          return false;
        },
      },
    });
    const actor = createActor(counting, { input: { ...base, messages: [], now }, clock });
    actor.start();
    actor.send({ type: 'page.scrolled' });
    clock.increment(40);
    actor.send({ type: 'page.scrolled' });
    clock.increment(40);
    actor.send({ type: 'page.scrolled' });
    expect(fired).toEqual([0]);
    clock.increment(20);
    expect(fired).toEqual([0, 100]);
    clock.increment(100);
    expect(fired).toEqual([0, 100]);
    actor.send({ type: 'page.scrolled' });
    expect(fired).toEqual([0, 100, 200]);
    actor.stop();
  });

  it('keeps a closed popup on screen for 500 ms, then brings up what a scroll fired meanwhile', () => {
    const { actor, clock, shown, seenWrites } = start([MESSAGES.countdown, MESSAGES.scrollNotice]);
    actor.send({ type: 'page.scrolled' });
    expect(shown()).toBe(MESSAGES.countdown.id);
    actor.send({ type: 'message.close' });
    expect(seenWrites).toEqual([[MESSAGES.countdown.id]]);
    clock.increment(TARGETED_TIMING.scrollThrottleMs);
    actor.send({ type: 'page.scrolled' });
    clock.increment(TARGETED_TIMING.popupCloseDelayMs - TARGETED_TIMING.scrollThrottleMs - 1);
    expect(selectMessageOnScreen(actor.getSnapshot())).toMatchObject({ closing: true, kind: 'popup' });
    clock.increment(1);
    expect(shown()).toBe(MESSAGES.scrollNotice.id);
    actor.stop();
  });

  it('takes a countdown message away when its date passes, without counting it as seen', () => {
    const ending = targetedMessage(21, { isCountdown: true, countdownDate: new Date(NOW + 90_000).toISOString() });
    const { clock, shown, seenWrites } = start([ending]);
    expect(shown()).toBe(21);
    clock.increment(89_999);
    expect(shown()).toBe(21);
    clock.increment(1);
    expect(shown()).toBeNull();
    expect(seenWrites).toEqual([]);
  });

  it('looks again at a countdown further away than a timer can wait', () => {
    const days = 60;
    const far = targetedMessage(22, { isCountdown: true, countdownDate: new Date(NOW + days * 86_400_000).toISOString() });
    const { clock, shown } = start([far]);
    clock.increment(2 ** 31 - 1);
    expect(shown()).toBe(22);
    clock.increment(days * 86_400_000 - (2 ** 31 - 1) - 1);
    expect(shown()).toBe(22);
    clock.increment(1);
    expect(shown()).toBeNull();
  });
});

describe('targeted-message machine coverage', () => {
  it('covers every state and transition of the machine', () => {
    expectFullCoverage(recorder, 'targeted');
  });
});
