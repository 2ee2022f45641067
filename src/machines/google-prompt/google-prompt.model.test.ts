import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, expectFullCoverage, generatePaths, generateTransitionCover } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import { AUTH_LIMITS } from '../../contract/auth';
import { googlePromptMachine } from './google-prompt.machine';
import { mayPlanPrompt } from './google-prompt.rules';
import { selectPromptReady, selectPromptVisible } from './google-prompt.selectors';
import type { GooglePromptEvent, PromptCheck, PromptConditions } from './google-prompt.types';

/*
 * The Google prompt's machine, walked with the harness: the page's conditions as its watcher reports them
 * (each rule broken once, another page, the same page again), the 500 ms on a simulated clock, the check's
 * answers (each rule broken once) and the visitor's two buttons. Each path is replayed on a real actor
 * whose effects record what they were asked; after every path the last step is checked against the rule.
 */

const never = <T,>() => new Promise<T>(() => undefined);

type Effect = 'markShown' | 'loadSignIn' | 'startGoogleSignIn' | 'reportFailure';
const recorded = { effects: [] as Effect[] };

const machine = googlePromptMachine.provide({
  actors: {
    checkPrompt: fromPromise(() => never<PromptCheck>()),
    prepareSignIn: fromPromise(() => never<null>()),
  },
  actions: {
    markShown: () => recorded.effects.push('markShown'),
    loadSignIn: () => recorded.effects.push('loadSignIn'),
    startGoogleSignIn: () => recorded.effects.push('startGoogleSignIn'),
    reportFailure: () => recorded.effects.push('reportFailure'),
  },
});
type Snapshot = SnapshotFrom<typeof machine>;
type Path = MachinePath<typeof machine>;

const HOME: PromptConditions = { pathname: '/en/', search: {}, signedOut: true, consented: true, googleFlag: true, inSignInPopup: false };
const CONDITIONS = {
  home: HOME,
  'another page': { ...HOME, pathname: '/en/find-a-hotel' },
  'login page': { ...HOME, pathname: '/en/account/login' },
  'a registration': { ...HOME, pathname: '/en/account/registration', search: { registration_token: 'reg-1' } },
  'signed in': { ...HOME, signedOut: false },
  'no consent': { ...HOME, consented: false },
  'flag off': { ...HOME, googleFlag: false },
  'the sign-in popup': { ...HOME, inSignInPopup: true },
} satisfies Record<string, PromptConditions>;
type ConditionsName = keyof typeof CONDITIONS;

const ALLOWED: PromptCheck = { googleAvailable: true, shownRecently: false, overlayOpen: false, consented: true };
const CHECKS = {
  allowed: ALLOWED,
  'no Google': { ...ALLOWED, googleAvailable: false },
  'shown today': { ...ALLOWED, shownRecently: true },
  'an overlay': { ...ALLOWED, overlayOpen: true },
  'consent withdrawn': { ...ALLOWED, consented: false },
} satisfies Record<string, PromptCheck>;
type CheckName = keyof typeof CHECKS;

const DELAY = { type: 'xstate.after.promptDelay.googlePrompt.planned.waiting' } as unknown as GooglePromptEvent;
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as GooglePromptEvent;
const failed = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error('offline') }) as unknown as GooglePromptEvent;

const EVENTS: GooglePromptEvent[] = [
  ...(Object.keys(CONDITIONS) as ConditionsName[]).map((name) => ({ type: 'conditions.changed' as const, conditions: CONDITIONS[name] })),
  DELAY,
  ...(Object.keys(CHECKS) as CheckName[]).map((name) => done('checkPrompt', CHECKS[name])),
  failed('checkPrompt'),
  done('prepareSignIn', null),
  failed('prepareSignIn'),
  { type: 'prompt.start' },
  { type: 'prompt.dismiss' },
];

// States differ by where the machine is, and by the page and whether its conditions allow the prompt.
const serializeState = (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context.conditions?.pathname, mayPlanPrompt(snapshot.context.conditions)]);
const options = { input: undefined, events: EVENTS, serializeState };
const paths = [...generatePaths(machine, options), ...generateTransitionCover(machine, options)];
const recorder = new CoverageRecorder(machine);

function replay(path: Path) {
  const effects: Effect[] = [];
  recorded.effects = effects;
  const clock = new SimulatedClock();
  const actor = createActor(machine, { inspect: recorder.inspect, clock });
  actor.start();
  const snapshots: Snapshot[] = [actor.getSnapshot()];
  let before = 0;
  for (const step of path.steps) {
    if ((step.event as { type: string }).type === 'xstate.init') continue;
    before = effects.length;
    // The delay is not sent: the clock runs to it.
    if (step.event.type === DELAY.type) clock.increment(AUTH_LIMITS.googlePromptDelayMs);
    else actor.send(step.event);
    expect(actor.getSnapshot().value, `after ${step.event.type}`).toEqual(step.state.value);
    snapshots.push(actor.getSnapshot());
  }
  actor.stop();
  return { snapshots, newEffects: effects.slice(before) };
}

function label(event: { type: string; conditions?: PromptConditions; output?: unknown }): string {
  if (event.type === DELAY.type) return '500 ms pass';
  if (event.conditions) return `conditions(${(Object.keys(CONDITIONS) as ConditionsName[]).find((name) => CONDITIONS[name] === event.conditions)})`;
  if (event.type === 'xstate.done.actor.checkPrompt') return `checked(${(Object.keys(CHECKS) as CheckName[]).find((name) => CHECKS[name] === event.output)})`;
  return event.type.replace('xstate.done.actor.', 'done:').replace('xstate.error.actor.', 'error:');
}

const nameOf = (path: Path) => {
  const steps = path.steps.map((step) => step.event as Parameters<typeof label>[0]).filter((event) => event.type !== 'xstate.init');
  return `${steps.length ? steps.map(label).join(' → ') : 'start'} ⇒ ${JSON.stringify(path.state.value)}`;
};

function checkLastStep(path: Path, result: ReturnType<typeof replay>) {
  const { snapshots, newEffects } = result;
  const final = snapshots.at(-1) as Snapshot;
  const previous = snapshots.at(-2);
  const event = path.steps.at(-1)?.event as { type: string; conditions?: PromptConditions; output?: PromptCheck } | undefined;
  if (!event || event.type === 'xstate.init') {
    expect(final.value).toBe('idle');
    return;
  }
  if (event.conditions && previous) {
    const allowed = mayPlanPrompt(event.conditions);
    if (previous.matches('shown')) {
      // A prompt that shows stays; it is visible only while the conditions allow it.
      expect(final.matches('shown')).toBe(true);
      expect(selectPromptVisible(final)).toBe(allowed);
    } else if (!allowed) {
      // Conditions that forbid the prompt end any plan: no request, nothing shown.
      expect(final.value).toBe('idle');
    } else {
      const newPlan = !mayPlanPrompt(previous.context.conditions) || previous.context.conditions?.pathname !== event.conditions.pathname;
      // A new page (or a page that now allows it) starts the 500 ms again; the same page keeps its plan.
      if (newPlan) expect(final.value).toEqual({ planned: 'waiting' });
      else expect(final.value).toEqual(previous.value);
    }
    expect(newEffects).toEqual([]);
  }
  if (event.type === DELAY.type) expect(final.value).toEqual({ planned: 'checking' });
  if (event.type === 'xstate.done.actor.checkPrompt') {
    if (event.output === CHECKS.allowed) {
      // Shown: not again within a day, and the sign-in code loads for the button.
      expect(final.value).toEqual({ shown: 'preparing' });
      expect(newEffects).toEqual(['markShown', 'loadSignIn']);
      expect(selectPromptVisible(final)).toBe(true);
      expect(selectPromptReady(final)).toBe(false);
    } else {
      expect(final.value).toBe('idle');
      expect(newEffects).toEqual([]);
    }
  }
  if (event.type === 'xstate.error.actor.checkPrompt') {
    expect(final.value).toBe('idle');
    expect(newEffects).toEqual(['reportFailure']);
  }
  if (event.type === 'xstate.done.actor.prepareSignIn') expect(selectPromptReady(final)).toBe(true);
  if (event.type === 'xstate.error.actor.prepareSignIn') {
    expect(selectPromptReady(final)).toBe(false);
    expect(newEffects).toEqual(['reportFailure']);
  }
  if (event.type === 'prompt.start') {
    expect(newEffects).toEqual(['startGoogleSignIn']);
    expect(selectPromptVisible(final)).toBe(false);
  }
  if (event.type === 'prompt.dismiss') {
    expect(newEffects).toEqual([]);
    expect(selectPromptVisible(final)).toBe(false);
  }
}

describe('Google prompt machine, model-based', () => {
  it('keeps the generated paths few', () => {
    console.info(`Google prompt model paths: ${paths.length}`);
    expect(paths.length).toBeLessThan(800);
  });

  it.each(paths.map((path) => [nameOf(path), path] as const))('%s', (_label, path) => {
    checkLastStep(path, replay(path));
  });

  it('covers every state and transition of the machine', () => {
    expectFullCoverage(recorder, 'googlePrompt');
  });
});

describe('the 500 ms on a simulated clock', () => {
  it('checks after 500 ms, not a moment before, and starts again on another page', () => {
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock }).start();
    actor.send({ type: 'conditions.changed', conditions: HOME });
    clock.increment(AUTH_LIMITS.googlePromptDelayMs - 1);
    expect(actor.getSnapshot().value).toEqual({ planned: 'waiting' });
    // Another page: the 500 ms start again.
    actor.send({ type: 'conditions.changed', conditions: CONDITIONS['another page'] });
    clock.increment(AUTH_LIMITS.googlePromptDelayMs - 1);
    expect(actor.getSnapshot().value).toEqual({ planned: 'waiting' });
    clock.increment(1);
    expect(actor.getSnapshot().value).toEqual({ planned: 'checking' });
    actor.stop();
  });
});
