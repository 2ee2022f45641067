import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, expectFullCoverage, generatePaths, generateTransitionCover } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import { InvalidInputError } from '../../services/account/errors';
import { HttpError } from '../../services/bff/client';
import { newsletterConfirmationMachine } from './newsletter-confirmation.machine';
import { selectIsSubscribed, selectPage } from './newsletter-confirmation.selectors';
import type { NewsletterConfirmationEvent, NewsletterConfirmationInput } from './newsletter-confirmation.types';

/*
 * The confirmation machine, walked with the harness from three arrivals: a page without a token, a link
 * this browser never confirmed, and one it confirmed before. The BFF's answers are fed as events
 * (confirmed, refused with 400, a server error, no answer at all). Each path is replayed on a real actor
 * whose request and effects record what they were asked; after every path its last step is checked
 * against its rule.
 */

const never = <T,>() => new Promise<T>(() => undefined);

type Effect = { type: 'rememberConfirmed'; token: string } | { type: 'refreshNewsletters' };

/** What the replay running now was asked (reset for each path). */
const recorded = { requests: [] as string[], effects: [] as Effect[] };

/** The machine with a recording request that never answers (the path's events do) and recording effects. */
const machine = newsletterConfirmationMachine.provide({
  actors: {
    confirm: fromPromise<{ newsletter: string }, { token: string }>(({ input }) => {
      recorded.requests.push(input.token);
      return never();
    }),
  },
  actions: {
    rememberConfirmed: (_, { token }) => recorded.effects.push({ type: 'rememberConfirmed', token }),
    refreshNewsletters: () => recorded.effects.push({ type: 'refreshNewsletters' }),
  },
});
type Snapshot = SnapshotFrom<typeof machine>;
type Path = MachinePath<typeof machine>;

const ARRIVALS = {
  'no token': { token: null, wasConfirmedHere: () => false },
  'a new link': { token: 'link-1', wasConfirmedHere: () => false },
  'a link confirmed here before': { token: 'link-1', wasConfirmedHere: (token) => token === 'link-1' },
} satisfies Record<string, NewsletterConfirmationInput>;
type Arrival = keyof typeof ARRIVALS;

const ERRORS = {
  refused: new InvalidInputError(['token']),
  'server error': new HttpError(500),
  offline: new TypeError('Failed to fetch'),
} as const;
type ErrorName = keyof typeof ERRORS;

const done = { type: 'xstate.done.actor.confirm', output: { newsletter: 'HW_NL-SHG_NL_B2C' } } as unknown as NewsletterConfirmationEvent;
const failed = (name: ErrorName) => ({ type: 'xstate.error.actor.confirm', error: ERRORS[name] }) as unknown as NewsletterConfirmationEvent;

const EVENTS: NewsletterConfirmationEvent[] = [{ type: 'confirmation.retry' }, done, ...(Object.keys(ERRORS) as ErrorName[]).map(failed)];

const recorder = new CoverageRecorder(machine);

const serializeState = (snapshot: Snapshot) => JSON.stringify(snapshot.value);

const models = (Object.keys(ARRIVALS) as Arrival[]).map((arrival) => {
  const options = { input: ARRIVALS[arrival], events: EVENTS, serializeState };
  return { arrival, paths: [...generatePaths(machine, options), ...generateTransitionCover(machine, options)] };
});

function replay(arrival: Arrival, path: Path) {
  const requests: string[] = [];
  const effects: Effect[] = [];
  Object.assign(recorded, { requests, effects });
  const actor = createActor(machine, { input: ARRIVALS[arrival], inspect: recorder.inspect });
  actor.start();
  const snapshots: Snapshot[] = [actor.getSnapshot()];
  for (const step of path.steps) {
    if ((step.event as { type: string }).type === 'xstate.init') continue;
    actor.send(step.event);
    expect(actor.getSnapshot().value, `after ${step.event.type}`).toEqual(step.state.value);
    snapshots.push(actor.getSnapshot());
  }
  actor.stop();
  return { snapshots, requests, effects };
}

const errorName = (error: unknown) => (Object.keys(ERRORS) as ErrorName[]).find((name) => ERRORS[name] === error);
const label = (event: { type: string; error?: unknown }) => {
  if (event.type === 'xstate.done.actor.confirm') return 'confirmed';
  if (event.type === 'xstate.error.actor.confirm') return `failed(${errorName(event.error)})`;
  return event.type;
};

/** The path's events (the BFF's answers named), then where it ends. */
const nameOf = (path: Path) => {
  const steps = path.steps.map((step) => step.event as { type: string; error?: unknown }).filter((event) => event.type !== 'xstate.init');
  return `${steps.length ? steps.map(label).join(' → ') : 'start'} ⇒ ${JSON.stringify(path.state.value)}`;
};

/** The rule for the last step of a path. */
function checkLastStep(arrival: Arrival, path: Path, { snapshots, requests, effects }: ReturnType<typeof replay>) {
  const final = snapshots.at(-1) as Snapshot;
  const event = path.steps.at(-1)?.event as { type: string; error?: unknown } | undefined;
  if (!event || event.type === 'xstate.init') {
    // Arriving: without a token nothing is sent and the page explains; with one, it goes out once.
    if (arrival === 'no token') {
      expect(selectPage(final)).toBe('linkMissing');
      expect(requests).toEqual([]);
    } else {
      expect(selectPage(final)).toBe('confirming');
      expect(requests).toEqual(['link-1']);
    }
    return;
  }
  if (event.type === 'confirmation.retry') {
    // Sending again after a failure without an outcome: one more request with the same token.
    expect(selectPage(final)).toBe('confirming');
    expect(requests.at(-1)).toBe('link-1');
  }
  if (event.type === 'xstate.done.actor.confirm') {
    // Confirmed: remembered in this browser, then the member's newsletters read again.
    expect(selectPage(final)).toBe('confirmed');
    expect(effects).toEqual([{ type: 'rememberConfirmed', token: 'link-1' }, { type: 'refreshNewsletters' }]);
    expect(final.status).toBe('done');
  }
  if (event.type === 'xstate.error.actor.confirm') {
    const refused = event.error === ERRORS.refused;
    const expected = !refused ? 'failed' : arrival === 'a link confirmed here before' ? 'alreadyConfirmed' : 'linkInvalid';
    expect(selectPage(final)).toBe(expected);
    expect(effects).toEqual([]);
  }
}

describe('newsletter confirmation machine, model-based', () => {
  it('keeps the generated paths few', () => {
    const total = models.reduce((sum, model) => sum + model.paths.length, 0);
    console.info(`newsletter confirmation model paths: ${total}`);
    expect(total).toBeLessThan(100);
  });

  describe.each(models.map((model) => [model.arrival, model] as const))('arriving with %s', (_, { arrival, paths }) => {
    it.each(paths.map((path) => [nameOf(path), path] as const))('%s', (_name, path) => {
      const result = replay(arrival, path);
      for (const snapshot of result.snapshots) {
        // The subscription is said to stand only once the BFF confirmed it, now or before in this browser.
        if (selectIsSubscribed(snapshot)) expect(['confirmed', 'alreadyConfirmed']).toContain(selectPage(snapshot));
      }
      // A page without a token never sends anything; a link is never sent twice without a retry.
      const retries = path.steps.filter((step) => step.event.type === 'confirmation.retry').length;
      expect(result.requests).toHaveLength(arrival === 'no token' ? 0 : 1 + retries);
      checkLastStep(arrival, path, result);
    });
  });

  it('covers every state and transition of the machine', () => {
    expectFullCoverage(recorder, 'newsletter confirmation');
  });
});
