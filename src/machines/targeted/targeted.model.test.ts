import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, describePath, expectFullCoverage, generatePaths, generateTransitionCover, replayPath, flushPromises } from '../../../test/model-based/harness';
import type { TargetedMessage, TargetedMessageTrigger } from '../../contract/content';
import type { Locale } from '../../contract/locales';
import { isEligible, pickMessage } from '../../services/content/targeted-eligibility';
import type { EligibilityContext } from '../../services/content/targeted-eligibility';
import { page, PRODUCTION_HOST, targetedMessage, VISITORS } from './targeted.fixtures';
import { TARGETED_TIMING, targetedMessagesMachine } from './targeted.machine';
import { selectIsReady, selectMessageOnScreen } from './targeted.selectors';
import type { BrowserFacts, PageFacts, TargetedEvent, TargetedInput, VisitorFacts } from './targeted.types';

/*
 * The targeted-message machine, walked with the harness in seven scenarios. Each offers the events that
 * matter to it: the app's (route.changed, session.signedIn, session.changed), the browser's watchers
 * (device.changed, consent.changed), the views' (activity, scrolling, closing), the answers of the
 * machine's actors (`xstate.done.actor.<id>` / `xstate.error.actor.<id>`) and delayed events
 * (`xstate.after.*`), so its state space stays small; together they take every state and transition of
 * the machine. Each path is replayed on a real actor (its actors never answer by themselves) on a
 * simulated clock, and its end compared with an oracle that follows the spec's rules over the same
 * events: nothing before every fact is known, one message at a time, highest priority first, only the
 * trigger's own messages, onLogin after a sign-in's facts (never for a restored session), seen ids
 * recorded on close, a closing popup holding back what fires meanwhile, and a message dropped when the
 * page or visitor no longer fits it.
 */

const NOW = Date.UTC(2027, 2, 10, 9, 0, 0);
const now = () => NOW;

const PAGES = {
  home: page('/en/'),
  search: page('/en/find-a-hotel'),
  checkin: page('/en/checkin/personal-details'),
  german: page('/de/', { locale: 'de' }),
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
  /** A notification for desktop screens only (a visitor filter: it needs consent to tracking). */
  desktopNotice: targetedMessage(8, { kind: 'notification', trigger: 'onLoad', priority: 2, deviceType: 'desktop' }),
  /** The same notification in German. */
  desktopNoticeDe: targetedMessage(8, { kind: 'notification', trigger: 'onLoad', priority: 2, deviceType: 'desktop', header: 'Nachricht 8' }),
} as const;

const after = (delay: string, stateId: string) => ({ type: `xstate.after.${delay}.${stateId}` }) as unknown as TargetedEvent;
const AFTER = {
  inactivity: after('inactivity', 'targeted.flow.running.inactivity.watching'),
  scrollThrottle: after('scrollThrottle', 'targeted.flow.running.scroll.throttled'),
  popupCloseDelay: after('popupCloseDelay', 'targeted.flow.running.display.closing'),
  countdownCheck: after('countdownCheck', 'targeted.flow.running.display.showing.countdown.running'),
};
type ActorId = 'readBrowser' | 'loadMessages' | 'loadPage' | 'loadVisitor';
const done = (id: ActorId, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as TargetedEvent;
const failed = (id: ActorId) => ({ type: `xstate.error.actor.${id}`, error: new Error('unavailable') }) as unknown as TargetedEvent;
const route = (name: PageName): TargetedEvent => ({ type: 'route.changed', pathname: PAGES[name].pathname, locale: PAGES[name].locale as Locale });
const SIGNED_IN: TargetedEvent = { type: 'session.signedIn' };
const SESSION_CHANGED: TargetedEvent = { type: 'session.changed' };
const CLOSE: TargetedEvent = { type: 'message.close' };

const BROWSER: BrowserFacts = { host: PRODUCTION_HOST, seenIds: [] };
const pageOf = (pathname: string) => Object.values(PAGES).find((facts) => facts.pathname === pathname) ?? page(pathname);

interface Scenario {
  name: string;
  /** Where the page opens. */
  start: PageName;
  messages: Partial<Record<Locale, readonly TargetedMessage[]>>;
  /** What reading the visitor may answer. */
  visitors: readonly VisitorName[];
  /** The facts arrive in any order (else in a fixed one: browser, messages, page, visitor). */
  anyOrder?: boolean;
  /** Actors that may fail. */
  failures?: readonly ActorId[];
  /** Events offered while the facts are still coming in, and once the flow runs. */
  startEvents?: readonly TargetedEvent[];
  events: readonly TargetedEvent[];
}

const SCENARIOS: Scenario[] = [
  {
    name: 'the facts come in, in any order, with a session being restored',
    start: 'search',
    messages: { en: [MESSAGES.searchPopup, MESSAGES.leaving] },
    visitors: ['member'],
    anyOrder: true,
    startEvents: [SIGNED_IN, route('home')],
    events: [CLOSE],
  },
  {
    name: 'a fact cannot be read',
    start: 'home',
    messages: { en: [MESSAGES.everywhere] },
    visitors: ['guest'],
    failures: ['readBrowser', 'loadMessages', 'loadPage', 'loadVisitor'],
    startEvents: [SESSION_CHANGED, SIGNED_IN, route('search')],
    events: [SESSION_CHANGED, SIGNED_IN],
  },
  {
    name: 'a popup targeted at a URL, and the routes',
    start: 'home',
    messages: { en: [MESSAGES.searchPopup, MESSAGES.leaving] },
    visitors: ['guest', 'refused'],
    events: [route('search'), route('checkin'), route('home'), SESSION_CHANGED, CLOSE, AFTER.popupCloseDelay],
  },
  {
    name: 'a notification on login, sign-ins and sign-outs',
    start: 'home',
    messages: { en: [MESSAGES.loginNotice, MESSAGES.everywhere] },
    visitors: ['guest', 'member'],
    failures: ['loadVisitor'],
    startEvents: [SIGNED_IN],
    events: [SIGNED_IN, SESSION_CHANGED, route('checkin'), CLOSE],
  },
  {
    name: 'a countdown popup on scroll',
    start: 'home',
    messages: { en: [MESSAGES.countdown, MESSAGES.scrollNotice] },
    visitors: ['guest'],
    events: [{ type: 'page.scrolled' }, AFTER.scrollThrottle, CLOSE, AFTER.popupCloseDelay, AFTER.countdownCheck, route('checkin')],
  },
  {
    name: 'a notification on inactivity',
    start: 'home',
    messages: { en: [MESSAGES.idleNotice] },
    visitors: ['guest'],
    events: [{ type: 'visitor.active' }, AFTER.inactivity, CLOSE, route('checkin'), route('home')],
  },
  {
    name: 'another language, screen and consent',
    start: 'home',
    messages: { en: [MESSAGES.desktopNotice], de: [MESSAGES.desktopNoticeDe] },
    visitors: ['guest'],
    failures: ['loadMessages'],
    startEvents: [{ type: 'device.changed', device: 'mobile' }],
    events: [
      route('german'),
      { type: 'device.changed', device: 'mobile' },
      { type: 'device.changed', device: 'desktop' },
      { type: 'consent.changed', trackingConsent: false, messagesConsent: true },
      { type: 'consent.changed', trackingConsent: true, messagesConsent: true },
      { type: 'consent.changed', trackingConsent: true, messagesConsent: false },
      CLOSE,
    ],
  },
];

/** Actors that never answer by themselves: the paths send their answers. */
const silent = () => new Promise<never>(() => undefined);
const machine = targetedMessagesMachine.provide({
  actors: {
    readBrowser: fromPromise<BrowserFacts>(silent),
    loadMessages: fromPromise<readonly TargetedMessage[], { locale: Locale }>(silent),
    loadPage: fromPromise<PageFacts, { pathname: string; locale: Locale }>(silent),
    loadVisitor: fromPromise<VisitorFacts, { locale: Locale }>(silent),
  },
  actions: {
    persistSeen: (_, params) => void persisted.push([...params.seenIds]),
    forgetSeen: () => void persisted.push([]),
  },
});
type Snapshot = SnapshotFrom<typeof machine>;

/** Every list of ids the replay running now asked to keep, in order (none: forget them). */
let persisted: number[][] = [];

const nameOf = <T,>(table: Record<string, T>, facts: T | null) => (facts === null ? null : (Object.entries(table).find(([, value]) => JSON.stringify(value) === JSON.stringify(facts))?.[0] ?? JSON.stringify(facts)));

const serializeState = (snapshot: Snapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.pathname,
    snapshot.context.locale,
    snapshot.context.current?.id ?? null,
    snapshot.context.current?.attributes.header ?? null,
    [...snapshot.context.seenIds].sort(),
    snapshot.context.host,
    nameOf(PAGES, snapshot.context.page),
    nameOf(VISITORS, snapshot.context.visitor),
    snapshot.context.messages?.map((message) => message.attributes.header) ?? null,
    snapshot.context.scrollPending,
    snapshot.context.pendingTriggers,
  ]);

/** The visitor region's states that read the visitor. */
const VISITOR_LOADING = ['reading', 'reloading', 'signingIn'] as const;

const LOAD_ORDER: readonly ActorId[] = ['readBrowser', 'loadMessages', 'loadPage', 'loadVisitor'];

/** The events a state is offered: the pending actors' answers, then the scenario's events. */
function eventsFor(scenario: Scenario) {
  return (snapshot: Snapshot): TargetedEvent[] => {
    const { context } = snapshot;
    const pending = LOAD_ORDER.filter((id) =>
      id === 'readBrowser'
        ? snapshot.matches({ browser: 'reading' })
        : id === 'loadMessages'
          ? snapshot.matches({ messages: 'loading' })
          : id === 'loadPage'
            ? snapshot.matches({ page: 'loading' })
            : VISITOR_LOADING.some((state) => snapshot.matches({ visitor: state })),
    );
    const starting = !selectIsReady(snapshot);
    const answered = scenario.anyOrder || !starting ? pending : pending.slice(0, 1);
    const answers = answered.flatMap((id) => {
      const failure = scenario.failures?.includes(id) ? [failed(id)] : [];
      switch (id) {
        case 'readBrowser':
          return [done(id, BROWSER), ...failure];
        case 'loadMessages':
          return [done(id, scenario.messages[context.locale] ?? []), ...failure];
        case 'loadPage':
          return [done(id, pageOf(context.pathname)), ...failure];
        case 'loadVisitor':
          return [...scenario.visitors.map((name) => done(id, VISITORS[name])), ...failure];
      }
    });
    return [...answers, ...(starting ? (scenario.startEvents ?? []) : scenario.events)];
  };
}

// ---------- the oracle ----------

type Display = 'hidden' | 'notification' | 'popup' | 'closing';
interface Expected {
  ready: boolean;
  display: Display;
  current: string | null;
  seenIds: number[];
  persisted: number[][];
}
type VisitorMode = 'reading' | 'unknown' | 'known' | 'reloading' | 'signingIn';

/** What the visitor must see after the events, from the spec's rules, independently of the machine. */
function oracle(scenario: Scenario, steps: readonly { event: unknown }[]): Expected {
  let pathname: string = PAGES[scenario.start].pathname;
  let locale = PAGES[scenario.start].locale;
  let messages: readonly TargetedMessage[] | null = null;
  let host: string | null = null;
  let pageFacts: PageFacts | null = null;
  let visitor: VisitorFacts | null = null;
  // Widened: the closures below change them.
  let mode = 'reading' as VisitorMode;
  let ready = false;
  let display = 'hidden' as Display;
  let current = null as TargetedMessage | null;
  let inactive = false;
  let throttled = false;
  let scrollPending = false;
  let pending: TargetedMessageTrigger[] = [];
  let seen: number[] = [];
  const writes: number[][] = [];

  const rules = (): EligibilityContext | null =>
    pageFacts && visitor && host !== null
      ? {
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
          host,
          seenIds: seen,
        }
      : null;
  const fire = (trigger: TargetedMessageTrigger) => {
    if (display === 'closing') {
      if (!pending.includes(trigger)) pending.push(trigger);
      return;
    }
    if (display !== 'hidden') return; // one at a time
    const facts = rules();
    const message = facts ? pickMessage(messages ?? [], facts, trigger) : null;
    if (message) {
      current = message;
      display = message.attributes.kind;
    }
  };
  const recheck = () => {
    const facts = rules();
    if ((display === 'notification' || display === 'popup') && current && facts && !isEligible(current, facts)) {
      display = 'hidden';
      current = null;
    }
  };
  /** A fact came in: once every one is known, the flow runs (onLoad, then a sign-in that waited). */
  const known = () => {
    if (ready) return recheck();
    if (messages === null || host === null || pageFacts === null || visitor === null) return;
    ready = true;
    fire('onLoad');
    const waiting = pending;
    pending = [];
    waiting.forEach(fire);
  };
  const same = (a: object | null, b: object) => JSON.stringify(a) === JSON.stringify(b);
  let pageLoading = true;
  let messagesLoading = true;
  let browserReading = true;

  for (const { event: raw } of steps) {
    const event = raw as TargetedEvent & { output?: unknown };
    const type = (raw as { type: string }).type;
    if (type === 'xstate.done.actor.readBrowser' || type === 'xstate.error.actor.readBrowser') {
      if (!browserReading) continue;
      browserReading = false;
      const facts = event.output as BrowserFacts | undefined;
      host = facts?.host ?? '';
      seen = [...(facts?.seenIds ?? [])];
      known();
    } else if (type === 'xstate.done.actor.loadMessages' || type === 'xstate.error.actor.loadMessages') {
      if (!messagesLoading) continue;
      messagesLoading = false;
      messages = (event.output as readonly TargetedMessage[] | undefined) ?? messages ?? [];
      const shown = current;
      if (shown) current = messages.find((message) => message.id === shown.id) ?? shown;
      known();
    } else if (type === 'xstate.done.actor.loadPage' || type === 'xstate.error.actor.loadPage') {
      if (!pageLoading) continue;
      pageLoading = false;
      const facts = event.output as PageFacts | undefined;
      if (!facts || same(pageFacts, facts)) continue;
      pageFacts = facts;
      if (ready) {
        recheck();
        fire('onLoad');
      } else known();
    } else if (type === 'xstate.done.actor.loadVisitor' || type === 'xstate.error.actor.loadVisitor') {
      if (mode === 'known' || mode === 'unknown') continue;
      const facts = event.output as VisitorFacts | undefined;
      const was = mode;
      mode = facts === undefined && was === 'reading' ? 'unknown' : 'known';
      if (facts === undefined) continue;
      if (was === 'signingIn') {
        visitor = facts;
        if (ready) {
          recheck();
          fire('onLogin');
        } else if (!pending.includes('onLogin')) pending.push('onLogin');
      } else if (!same(visitor, facts)) {
        visitor = facts;
        known();
      }
    } else if (event.type === 'route.changed') {
      if (event.pathname === pathname && event.locale === locale) continue;
      if (event.locale !== locale) messagesLoading = true;
      pageLoading = true;
      pathname = event.pathname;
      locale = event.locale;
    } else if (event.type === 'session.signedIn') {
      mode = mode === 'known' || mode === 'reloading' || mode === 'signingIn' ? 'signingIn' : 'reading';
    } else if (event.type === 'session.changed') {
      mode = mode === 'known' || mode === 'reloading' ? 'reloading' : mode === 'signingIn' ? 'signingIn' : 'reading';
    } else if (event.type === 'device.changed' || event.type === 'consent.changed') {
      // A withdrawal of consent to targeted messages forgets the kept ids, whatever the flow knows.
      if (event.type === 'consent.changed' && !event.messagesConsent) writes.push([]);
      if (visitor === null) continue;
      const next: VisitorFacts = { ...visitor, ...(event.type === 'device.changed' ? { device: event.device } : { trackingConsent: event.trackingConsent, messagesConsent: event.messagesConsent }) };
      if (same(visitor, next)) continue;
      visitor = next;
      known();
    } else if (!ready) {
      continue; // the triggers and the display run only once every fact is known
    } else if (event.type === 'visitor.active') {
      inactive = false;
    } else if (event.type === 'page.scrolled') {
      if (throttled) scrollPending = true;
      else {
        throttled = true;
        fire('onScroll');
      }
    } else if (event.type === 'message.close') {
      if ((display === 'notification' || display === 'popup') && current) {
        const id = current.id;
        seen = [...seen.filter((other) => other !== id), id];
        writes.push([...seen]);
        if (display === 'popup') display = 'closing';
        else {
          display = 'hidden';
          current = null;
        }
      }
    } else if (type === AFTER.inactivity.type && !inactive) {
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
  return { ready, display, current: current?.attributes.header ?? null, seenIds: seen, persisted: writes };
}

// ---------- replay ----------

const recorder = new CoverageRecorder(machine);

function label(event: { type: string }): string {
  const e = event as TargetedEvent & { output?: unknown };
  if (e.type === 'route.changed') return `route(${e.pathname})`;
  if (e.type === 'device.changed') return `device(${e.device})`;
  if (e.type === 'consent.changed') return `consent(tracking ${e.trackingConsent}, messages ${e.messagesConsent})`;
  if (event.type.startsWith('xstate.done.actor.')) {
    const id = event.type.replace('xstate.done.actor.', '');
    const output = e.output as object;
    const detail = id === 'loadVisitor' ? nameOf(VISITORS, output as VisitorFacts) : id === 'loadPage' ? (output as PageFacts).pathname : id === 'loadMessages' ? (output as TargetedMessage[]).map((m) => m.id).join(',') : '';
    return `done:${id}(${detail ?? ''})`;
  }
  if (event.type.startsWith('xstate.error.actor.')) return event.type.replace('xstate.error.actor.', 'error:');
  if (event.type.startsWith('xstate.after.')) return `after:${event.type.split('.')[2]}`;
  return event.type;
}

function displayOf(snapshot: Snapshot): Display {
  const onScreen = selectMessageOnScreen(snapshot);
  if (onScreen === null) return 'hidden';
  return onScreen.closing ? 'closing' : onScreen.kind;
}

describe.each(SCENARIOS)('targeted-message machine, model-based: $name', (scenario) => {
  const input: TargetedInput = { pathname: PAGES[scenario.start].pathname, locale: PAGES[scenario.start].locale as Locale, now };
  const options = { input, events: eventsFor(scenario), serializeState };
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
      const expected = oracle(scenario, path.steps);
      expect({
        ready: selectIsReady(final),
        display: displayOf(final),
        current: final.context.current?.attributes.header ?? null,
        seenIds: final.context.seenIds,
        persisted,
      }).toEqual(expected);
    });
  });
});

// ---------- examples on live promises ----------

interface World {
  messages: readonly TargetedMessage[];
  visitor: VisitorFacts;
  seenIds?: readonly number[];
}

/** The machine with actors answering from `world` (changed by the test as the visitor does). */
function runningActor(world: World, options: { clock?: SimulatedClock; now?: () => number; pathname?: string } = {}) {
  const seenWrites: number[][] = [];
  const visitorReads: VisitorFacts[] = [];
  const logic = targetedMessagesMachine.provide({
    actors: {
      readBrowser: fromPromise<BrowserFacts>(async () => ({ host: PRODUCTION_HOST, seenIds: world.seenIds ?? [] })),
      loadMessages: fromPromise<readonly TargetedMessage[], { locale: Locale }>(async () => world.messages),
      loadPage: fromPromise<PageFacts, { pathname: string; locale: Locale }>(async ({ input }) => pageOf(input.pathname)),
      loadVisitor: fromPromise<VisitorFacts, { locale: Locale }>(async () => {
        visitorReads.push(world.visitor);
        return world.visitor;
      }),
    },
    actions: { persistSeen: (_, params) => void seenWrites.push([...params.seenIds]) },
  });
  const actor = createActor(logic, {
    input: { pathname: options.pathname ?? '/en/', locale: 'en', now: options.now ?? now },
    inspect: recorder.inspect,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  actor.start();
  const shown = () => actor.getSnapshot().context.current?.id ?? null;
  const settled = () => waitFor(actor, (snapshot) => selectIsReady(snapshot) && !VISITOR_LOADING.some((state) => snapshot.matches({ visitor: state })));
  return { actor, shown, seenWrites, visitorReads, settled };
}


describe('targeted-message machine with the app’s events', () => {
  const welcome = targetedMessage(31, { kind: 'notification', trigger: 'onLogin', memberType: 'member' });

  it('shows nothing before the visitor is known, then judges the member they are', async () => {
    const guestsOnly = targetedMessage(32, { kind: 'notification', trigger: 'onLoad', memberType: 'non-member' });
    const { actor, shown, settled } = runningActor({ messages: [guestsOnly], visitor: VISITORS.member });
    expect(selectIsReady(actor.getSnapshot())).toBe(false);
    await settled();
    expect(shown()).toBeNull();
    actor.stop();
  });

  it('reads the visitor again on a sign-in and welcomes them once; a second sign-in welcomes them again', async () => {
    const world: World = { messages: [welcome], visitor: VISITORS.guest };
    const { actor, shown, settled, visitorReads } = runningActor(world);
    await settled();
    expect(shown()).toBeNull();

    world.visitor = VISITORS.member;
    actor.send({ type: 'session.signedIn' });
    // The trigger waits for the member's facts.
    expect(shown()).toBeNull();
    await settled();
    expect(visitorReads).toEqual([VISITORS.guest, VISITORS.member]);
    expect(shown()).toBe(31);
    actor.send({ type: 'message.close' });

    // Another change of the session is no sign-in.
    actor.send({ type: 'session.changed' });
    await settled();
    expect(shown()).toBeNull();

    actor.stop();
  });

  it('fires onLogin on each sign-in', async () => {
    const first = targetedMessage(33, { kind: 'notification', trigger: 'onLogin', priority: 2 });
    const second = targetedMessage(34, { kind: 'notification', trigger: 'onLogin', priority: 1 });
    const { actor, shown, settled } = runningActor({ messages: [first, second], visitor: VISITORS.member });
    await settled();
    actor.send({ type: 'session.signedIn' });
    await settled();
    expect(shown()).toBe(33);
    actor.send({ type: 'message.close' });
    actor.send({ type: 'session.signedIn' });
    await settled();
    expect(shown()).toBe(34);
    actor.stop();
  });

  it('takes a member’s message away when they sign out', async () => {
    const membersOnly = targetedMessage(35, { kind: 'notification', trigger: 'onLoad', memberType: 'member' });
    const world: World = { messages: [membersOnly], visitor: VISITORS.member };
    const { actor, shown, settled } = runningActor(world);
    await settled();
    expect(shown()).toBe(35);
    world.visitor = VISITORS.guest;
    actor.send({ type: 'session.changed' });
    await settled();
    expect(shown()).toBeNull();
    actor.stop();
  });

  it('reads the new page on a route change and fires onLoad there', async () => {
    const { actor, shown, settled } = runningActor({ messages: [MESSAGES.searchPopup], visitor: VISITORS.guest });
    await settled();
    expect(shown()).toBeNull();
    actor.send({ type: 'route.changed', pathname: '/en/find-a-hotel', locale: 'en' });
    expect(shown()).toBeNull();
    await flushPromises();
    expect(shown()).toBe(1);
    actor.stop();
  });
});

describe('targeted-message timers on a simulated clock', () => {
  async function start(messages: TargetedMessage[], clockStart = NOW) {
    const clock = new SimulatedClock();
    const running = runningActor({ messages, visitor: VISITORS.guest }, { clock, now: () => clockStart + clock.now() });
    await running.settled();
    return { ...running, clock };
  }

  it('fires onInactivity after 15 s without activity, and activity starts the period again', async () => {
    const { actor, clock, shown } = await start([MESSAGES.idleNotice]);
    clock.increment(TARGETED_TIMING.inactivityMs - 1);
    expect(shown()).toBeNull();
    actor.send({ type: 'visitor.active' });
    clock.increment(TARGETED_TIMING.inactivityMs - 1);
    expect(shown()).toBeNull();
    clock.increment(1);
    expect(shown()).toBe(MESSAGES.idleNotice.id);
    actor.stop();
  });

  it('fires onInactivity once per quiet stretch', async () => {
    const first = targetedMessage(11, { kind: 'notification', trigger: 'onInactivity', priority: 2 });
    const second = targetedMessage(12, { kind: 'notification', trigger: 'onInactivity', priority: 1 });
    const { actor, clock, shown } = await start([first, second]);
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

  it('throttles onScroll to one every 100 ms, the first at once and one more at the end of the pause', async () => {
    const clock = new SimulatedClock();
    const fired: number[] = [];
    // Each time the trigger fires, the machine asks whether a message is there for it: that is counted.
    const counting = targetedMessagesMachine.provide({
      actors: {
        readBrowser: fromPromise<BrowserFacts>(async () => BROWSER),
        loadMessages: fromPromise<readonly TargetedMessage[], { locale: Locale }>(async () => []),
        loadPage: fromPromise<PageFacts, { pathname: string; locale: Locale }>(async () => PAGES.home),
        loadVisitor: fromPromise<VisitorFacts, { locale: Locale }>(async () => VISITORS.guest),
      },
      guards: {
        hasMessageForTrigger: ({ event }) => {
          if (event.type === 'trigger.fired' && event.trigger === 'onScroll') fired.push(clock.now());
          return false;
        },
      },
    });
    const actor = createActor(counting, { input: { pathname: '/en/', locale: 'en', now }, clock });
    actor.start();
    await waitFor(actor, selectIsReady);
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

  it('keeps a closed popup on screen for 500 ms, then brings up what a scroll fired meanwhile', async () => {
    const { actor, clock, shown, seenWrites } = await start([MESSAGES.countdown, MESSAGES.scrollNotice]);
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

  it('takes a countdown message away when its date passes, without counting it as seen', async () => {
    const ending = targetedMessage(21, { isCountdown: true, countdownDate: new Date(NOW + 90_000).toISOString() });
    const { clock, shown, seenWrites } = await start([ending]);
    expect(shown()).toBe(21);
    clock.increment(89_999);
    expect(shown()).toBe(21);
    clock.increment(1);
    expect(shown()).toBeNull();
    expect(seenWrites).toEqual([]);
  });

  it('looks again at a countdown further away than a timer can wait', async () => {
    const days = 60;
    const far = targetedMessage(22, { isCountdown: true, countdownDate: new Date(NOW + days * 86_400_000).toISOString() });
    const { clock, shown } = await start([far]);
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
