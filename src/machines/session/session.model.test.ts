import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, describePath, formatCoverage, generatePaths, generateTransitionCover, flushPromises } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import { SESSION_MEMBER } from '../../../test/auth/members';
import { fakeToken, validToken } from '../../../test/auth/tokens';
import type { MemberProfile } from '../../contract/auth';
import type { SessionPersistence } from '../../services/account/persisted-values';
import { REFRESH_RETRY_MS, sessionMachine } from './session.machine';
import type { SessionEmitted, SessionEvent, SessionInput, SessionMember } from './session.types';

/*
 * The session machine, walked with the harness: every state and transition, with the invoked actors'
 * answers and the delayed events fed as events. Each path is replayed on a real actor (on a simulated
 * clock, so no timer runs) and its end checked against an oracle that follows the spec's rules
 * (section 4: login state, token validity, no token or logout) over the same events. The timers
 * themselves (refresh before expiry, retries, expiry) are driven through the simulated clock below.
 */

const NOW = Date.UTC(2027, 2, 10, 9, 0, 0);
const seconds = Math.floor(NOW / 1000);

const TOKENS = {
  valid: validToken(NOW, { sub: 'm1' }),
  other: validToken(NOW, { sub: 'm2' }),
  renewed: validToken(NOW, { sub: 'm1', minutes: 30 }),
  expired: fakeToken({ sub: 'm1', sso: 'sso-m1', exp: seconds - 60 }),
  noSso: fakeToken({ sub: 'm1', exp: seconds + 900 }),
  /** Ten characters or fewer: no account (spec section 4). */
  short: 'abc',
} as const;
const tokenName = (token: string | null) => (token === null ? 'none' : (Object.entries(TOKENS).find(([, value]) => value === token)?.[0] ?? 'unknown'));
const isValid = (token: string | null) => token === TOKENS.valid || token === TOKENS.other || token === TOKENS.renewed;

const MEMBER = SESSION_MEMBER;

const never = <T,>() => new Promise<T>(() => undefined);
/** The machine with actors that never answer: the paths feed their answers as events. */
const machine = sessionMachine.provide({
  actors: {
    loadMember: fromPromise(() => never<SessionMember>()),
    refreshToken: fromPromise(() => never<string>()),
    logout: fromPromise(() => never<null>()),
  },
});
type Snapshot = SnapshotFrom<typeof machine>;
type Path = MachinePath<typeof machine>;

function memoryStore() {
  const state = { token: null as string | null, profile: null as MemberProfile | null, level: null as string | null, clears: 0 };
  const store: SessionPersistence = {
    writeToken: (token) => (state.token = token),
    writeMember: (member) => {
      state.profile = member.profile;
      state.level = member.level;
    },
    clear: () => {
      state.token = null;
      state.profile = null;
      state.level = null;
      state.clears += 1;
    },
  };
  return { state, store };
}

const generationInput: SessionInput = { store: memoryStore().store, now: () => NOW, report: () => undefined };

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as SessionEvent;
const failed = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error(`${id} failed`) }) as unknown as SessionEvent;
const after = (delay: string, stateId: string) => ({ type: `xstate.after.${delay}.${stateId}` }) as unknown as SessionEvent;

const EVENTS: SessionEvent[] = [
  { type: 'session.restore', token: TOKENS.valid },
  { type: 'session.restore', token: TOKENS.expired },
  { type: 'session.restore', token: TOKENS.noSso },
  { type: 'session.restore', token: TOKENS.short },
  { type: 'session.restore', token: null },
  { type: 'token.received', token: TOKENS.other },
  { type: 'token.received', token: TOKENS.noSso },
  { type: 'token.refreshed', token: TOKENS.renewed },
  { type: 'token.refreshed', token: TOKENS.noSso },
  { type: 'session.unauthorized' },
  { type: 'logout' },
  { type: 'member.reload' },
  done('loadMember', MEMBER),
  failed('loadMember'),
  done('refreshToken', TOKENS.renewed),
  done('refreshToken', TOKENS.noSso),
  failed('refreshToken'),
  done('renewToken', TOKENS.renewed),
  done('renewToken', TOKENS.noSso),
  failed('renewToken'),
  done('logout', undefined),
  failed('logout'),
  after('refreshDelay', 'session.signedIn.refresh.waiting'),
  after('refreshRetry', 'session.signedIn.refresh.expiring'),
  after('expiryDelay', 'session.signedIn.refresh.expiring'),
];

// States differ by where the machine is and which token it holds (the member only matters as loaded or not).
const serializeState = (snapshot: Snapshot) => JSON.stringify([snapshot.value, tokenName(snapshot.context.token)]);

const options = { input: generationInput, events: EVENTS, serializeState };
const shortest = generatePaths(machine, options);
const cover = generateTransitionCover(machine, options);

// ---------- the oracle: the spec's rules over the events ----------

interface Expected {
  top: 'idle' | 'renewing' | 'signedOut' | 'signedIn' | 'signingOut';
  member: 'loading' | 'loaded' | 'failed';
  refresh: 'waiting' | 'refreshing' | 'expiring';
  token: string | null;
  storedToken: string | null;
  storedProfile: boolean;
  ended: string[];
  rejected: number;
  signedIn: string[];
  identified: string[];
}

function oracle(steps: readonly { event: { type: string } }[]): Expected {
  const e: Expected = { top: 'idle', member: 'loading', refresh: 'waiting', token: null, storedToken: null, storedProfile: false, ended: [], rejected: 0, signedIn: [], identified: [] };
  const signIn = (token: string) => {
    e.top = 'signedIn';
    e.member = 'loading';
    e.refresh = 'waiting';
    e.token = token;
    e.storedToken = token;
    e.signedIn.push(token);
  };
  const end = (reason: string) => {
    e.top = 'signedOut';
    e.token = null;
    e.storedToken = null;
    e.storedProfile = false;
    e.ended.push(reason);
  };
  /** A token is taken when valid; otherwise it is logged and ignored. */
  const receive = (token: string) => (isValid(token) ? signIn(token) : (e.rejected += 1));
  for (const { event: raw } of steps) {
    const event = raw as SessionEvent & { output?: unknown };
    const type = event.type as string;
    switch (e.top) {
      case 'idle':
        if (event.type === 'session.restore') {
          const token = event.token;
          if (isValid(token)) signIn(token as string);
          else if (token === TOKENS.expired) e.top = 'renewing';
          else if ((token ?? '').length > 10) {
            e.rejected += 1;
            end('invalid_token');
          } else end('no_token');
        }
        if (event.type === 'token.received') receive(event.token);
        break;
      case 'renewing':
        if (type === 'xstate.done.actor.renewToken') {
          if (isValid(event.output as string)) signIn(event.output as string);
          else end('renewal_failed');
        }
        if (type === 'xstate.error.actor.renewToken') end('renewal_failed');
        if (event.type === 'token.received') receive(event.token);
        break;
      case 'signedOut':
        if (event.type === 'token.received') receive(event.token);
        break;
      case 'signingOut':
        if (type === 'xstate.done.actor.logout' || type === 'xstate.error.actor.logout') end('logout');
        break;
      case 'signedIn':
        if (event.type === 'logout') e.top = 'signingOut';
        else if (event.type === 'session.unauthorized') end('unauthorized');
        else if (event.type === 'token.received') receive(event.token);
        else if (event.type === 'member.reload' && e.member !== 'loading') e.member = 'loading';
        else if (type === 'xstate.done.actor.loadMember' && e.member === 'loading') {
          e.member = 'loaded';
          e.storedProfile = true;
          e.identified.push(MEMBER.profile.Guid);
        } else if (type === 'xstate.error.actor.loadMember' && e.member === 'loading') e.member = 'failed';
        else if (event.type === 'token.refreshed') {
          if (isValid(event.token)) {
            e.token = event.token;
            e.storedToken = event.token;
            e.refresh = 'waiting';
          } else e.rejected += 1;
        } else if (type.startsWith('xstate.after.refreshDelay') && e.refresh === 'waiting') e.refresh = 'refreshing';
        else if (type === 'xstate.done.actor.refreshToken' && e.refresh === 'refreshing') {
          if (isValid(event.output as string)) {
            e.token = event.output as string;
            e.storedToken = event.output as string;
            e.refresh = 'waiting';
          } else e.refresh = 'expiring';
        } else if (type === 'xstate.error.actor.refreshToken' && e.refresh === 'refreshing') e.refresh = 'expiring';
        else if (type.startsWith('xstate.after.refreshRetry') && e.refresh === 'expiring') e.refresh = 'refreshing';
        else if (type.startsWith('xstate.after.expiryDelay') && e.refresh === 'expiring') end('expired');
        break;
    }
  }
  return e;
}

// ---------- replay ----------

const recorder = new CoverageRecorder(machine);

function replay(path: Path) {
  const { state, store } = memoryStore();
  const reports: unknown[] = [];
  const emitted: SessionEmitted[] = [];
  const actor = createActor(machine, { input: { store, now: () => NOW, report: (error) => reports.push(error) }, inspect: recorder.inspect, clock: new SimulatedClock() });
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  for (const step of path.steps) {
    const event = step.event as { type: string };
    if (event.type === 'xstate.init') continue;
    actor.send(step.event);
    expect(actor.getSnapshot().value, `after ${event.type}`).toEqual(step.state.value);
  }
  const final = actor.getSnapshot();
  actor.stop();
  return { final, state, reports, emitted };
}

function label(event: { type: string; token?: string | null; output?: unknown }): string {
  if ('token' in event) return `${event.type}(${tokenName(event.token ?? null)})`;
  if (event.type.startsWith('xstate.done.actor.')) return `${event.type.replace('xstate.done.actor.', 'done:')}(${typeof event.output === 'string' ? tokenName(event.output) : 'member'})`;
  if (event.type.startsWith('xstate.error.actor.')) return event.type.replace('xstate.error.actor.', 'error:');
  if (event.type.startsWith('xstate.after.')) return event.type.split('.').slice(0, 3).join('.');
  return event.type;
}

describe('session machine, model-based', () => {
  it('keeps the generated paths few', () => {
    console.info(`session model paths: ${shortest.length} shortest + ${cover.length} cover`);
    expect(shortest.length + cover.length).toBeLessThan(500);
  });

  describe.each([
    ['shortest paths', shortest],
    ['transition cover', cover],
  ] as const)('%s', (_, paths) => {
    it.each(paths.map((path) => [describePath(path, label), path] as const))('%s', (_name, path) => {
      const { final, state, reports, emitted } = replay(path);
      const expected = oracle(path.steps);
      const top = typeof final.value === 'string' ? final.value : Object.keys(final.value)[0];
      expect(top).toBe(expected.top);
      if (expected.top === 'signedIn') {
        expect(final.value).toEqual({ signedIn: { member: expected.member, refresh: expected.refresh } });
      }
      expect(final.context.token).toBe(expected.token);
      expect(state.token).toBe(expected.storedToken);
      expect(state.profile !== null).toBe(expected.storedProfile);
      if (expected.storedProfile) expect(state.level).toBe('DB');
      expect(emitted.filter((event) => event.type === 'session.ended').map((event) => (event as { reason: string }).reason)).toEqual(expected.ended);
      expect(emitted.filter((event) => event.type === 'token.rejected')).toHaveLength(expected.rejected);
      expect(emitted.filter((event) => event.type === 'session.signedIn').map((event) => (event as { token: string }).token)).toEqual(expected.signedIn);
      expect(emitted.filter((event) => event.type === 'identify').map((event) => (event as { memberGuid: string }).memberGuid)).toEqual(expected.identified);
      // Rejected tokens are logged.
      expect(reports.filter((error) => error instanceof Error && error.message.startsWith('Session token rejected'))).toHaveLength(expected.rejected);
      // Tags the views select on agree with the state.
      expect(final.hasTag('signedIn')).toBe(expected.top === 'signedIn' || expected.top === 'signingOut');
      expect(final.hasTag('signedOut')).toBe(['idle', 'renewing', 'signedOut'].includes(expected.top));
      // A member is known only while signed in, and cleared with the session.
      if (expected.top === 'signedOut') expect(final.context.member).toBeNull();
    });
  });

  it('covers every state and transition of the machine', () => {
    const report = recorder.report('session');
    console.info(formatCoverage(report));
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});

describe('session timers on a simulated clock', () => {
  function start(overrides: { refresh: () => Promise<string> }) {
    const clock = new SimulatedClock();
    const { state, store } = memoryStore();
    const emitted: SessionEmitted[] = [];
    const actor = createActor(
      sessionMachine.provide({
        actors: { loadMember: fromPromise(async () => MEMBER), refreshToken: fromPromise(overrides.refresh), logout: fromPromise(async () => null) },
      }),
      { input: { store, now: () => NOW + clock.now(), report: () => undefined }, clock },
    );
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    return { actor, clock, state, emitted };
  }

  it('refreshes the token a minute before it expires', async () => {
    let refreshes = 0;
    const { actor, clock, state } = start({
      refresh: async () => {
        refreshes += 1;
        return TOKENS.renewed;
      },
    });
    actor.send({ type: 'session.restore', token: TOKENS.valid });
    await flushPromises();
    clock.increment(14 * 60_000 - 1);
    expect(refreshes).toBe(0);
    clock.increment(1);
    await flushPromises();
    expect(refreshes).toBe(1);
    expect(state.token).toBe(TOKENS.renewed);
    expect(actor.getSnapshot().matches({ signedIn: { refresh: 'waiting' } })).toBe(true);
    actor.stop();
  });

  it('retries a failed refresh every 15 s and ends the session when the token expires', async () => {
    let refreshes = 0;
    const { actor, clock, state, emitted } = start({
      refresh: async () => {
        refreshes += 1;
        throw new Error('offline');
      },
    });
    actor.send({ type: 'session.restore', token: TOKENS.valid });
    await flushPromises();
    clock.increment(14 * 60_000);
    await flushPromises();
    expect(refreshes).toBe(1);
    for (let retry = 0; retry < 3; retry += 1) {
      clock.increment(REFRESH_RETRY_MS);
      await flushPromises();
    }
    // Retries at 45 s and 30 s before expiry; at 15 s before, no time is left for another.
    expect(refreshes).toBe(3);
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
    clock.increment(REFRESH_RETRY_MS);
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(state.token).toBeNull();
    expect(emitted.at(-1)).toEqual({ type: 'session.ended', reason: 'expired' });
    actor.stop();
  });

  it('renews an expired stored token before showing the member as signed in', async () => {
    const { actor } = start({ refresh: async () => TOKENS.renewed });
    actor.send({ type: 'session.restore', token: TOKENS.expired });
    expect(actor.getSnapshot().value).toBe('renewing');
    expect(actor.getSnapshot().hasTag('signedOut')).toBe(true);
    await flushPromises();
    expect(actor.getSnapshot().context.token).toBe(TOKENS.renewed);
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
    actor.stop();
  });
});
