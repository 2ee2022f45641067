import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, expectFullCoverage, generatePaths, generateTransitionCover } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import type { PointsClaim } from '../../contract/loyalty';
import { InvalidInputError } from '../../services/account/errors';
import { HttpError } from '../../services/bff/client';
import { pointsClaimMachine } from './points-claim.machine';
import { claimProblems } from './points-claim.rules';
import { selectAnswer, selectFormState, selectIsSending, selectSendingFound } from './points-claim.selectors';
import type { ClaimFields, PointsClaimEvent } from './points-claim.types';

/*
 * The request-points machine, walked with the harness: forms typed right, left empty, with a stay not
 * over yet and one too long ago; a stay found for the member claimed with one click; the BFF's answers
 * fed as events (taken, 400 naming a field, 409 asked already, 429, 500). Each path is replayed on a real
 * actor whose request and refresh record what they were asked: a request goes out only when the checks
 * pass, once, with the fields given; the points are read again after every request taken, never otherwise.
 */

const TODAY = '2026-11-27';
const never = <T,>() => new Promise<T>(() => undefined);

const FORMS = {
  right: { hotelCode: 'SMSB', arrivalDate: '2026-10-01', departureDate: '2026-10-03', reservationNumber: 'SMSB-1234' },
  empty: { hotelCode: '', arrivalDate: '', departureDate: '', reservationNumber: '' },
  'not over': { hotelCode: 'SMSB', arrivalDate: '2026-11-26', departureDate: '2026-11-28', reservationNumber: 'SMSB-1234' },
  'too old': { hotelCode: 'SMSB', arrivalDate: '2025-10-01', departureDate: '2025-10-03', reservationNumber: 'SMSB-1234' },
} satisfies Record<string, ClaimFields>;
const FOUND: ClaimFields = { hotelCode: 'SMSB', arrivalDate: '2026-10-16', departureDate: '2026-10-18', reservationNumber: 'SMSB-PHONE042' };

const CLAIM: PointsClaim = {
  id: 'c-1',
  hotel: { code: 'SMSB', name: 'Steigenberger' },
  arrivalDate: '2026-10-01',
  departureDate: '2026-10-03',
  reservationNumber: 'SMSB-1234',
  status: 'approved',
  reason: 'credited',
  points: 209,
  submittedAt: '2026-11-27T10:00:00Z',
  decidedAt: '2026-11-27T10:00:00Z',
};

const ERRORS = { '400': new InvalidInputError(['reservationNumber']), '409': new HttpError(409), '429': new HttpError(429), '500': new HttpError(500) } as const;
const FAILURES = { '400': 'invalid', '409': 'duplicate', '429': 'tooMany', '500': 'failed' } as const;

const recorded = { requests: [] as ClaimFields[], refreshes: 0 };
const machine = pointsClaimMachine.provide({
  actors: {
    sendClaim: fromPromise<PointsClaim, ClaimFields>(({ input }) => {
      recorded.requests.push(input);
      return never();
    }),
  },
  actions: { refreshClaims: () => void (recorded.refreshes += 1) },
});
type Snapshot = SnapshotFrom<typeof machine>;
type Path = MachinePath<typeof machine>;

const EVENTS: PointsClaimEvent[] = [
  ...(Object.keys(FORMS) as (keyof typeof FORMS)[]).map((form) => ({ type: 'claim.submit' as const, fields: FORMS[form] })),
  { type: 'claim.found', fields: FOUND },
  { type: 'claim.another' },
  { type: 'xstate.done.actor.sendClaim', output: CLAIM } as unknown as PointsClaimEvent,
  ...(Object.keys(ERRORS) as (keyof typeof ERRORS)[]).map((status) => ({ type: 'xstate.error.actor.sendClaim', error: ERRORS[status] }) as unknown as PointsClaimEvent),
];

const serializeState = (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context.failure, snapshot.context.source, Object.keys(snapshot.context.problems).sort()]);
const options = { events: EVENTS, serializeState, input: { today: TODAY } };
const paths = [...generatePaths(machine, options), ...generateTransitionCover(machine, options)];
const recorder = new CoverageRecorder(machine);

function label(event: { type: string; fields?: ClaimFields; error?: unknown }): string {
  if (event.type === 'claim.submit') return `submit(${(Object.keys(FORMS) as (keyof typeof FORMS)[]).find((form) => FORMS[form] === event.fields)})`;
  if (event.type.startsWith('xstate.done.actor.')) return 'taken';
  if (event.type.startsWith('xstate.error.actor.')) return `error(${(event.error as HttpError).status})`;
  return event.type;
}
const nameOf = (path: Path) => {
  const steps = path.steps.map((step) => step.event as Parameters<typeof label>[0]).filter((event) => event.type !== 'xstate.init');
  return `${steps.length ? steps.map(label).join(' → ') : 'start'} ⇒ ${JSON.stringify(path.state.value)}`;
};

describe('the checks of a request for missing points', () => {
  it('names each field’s problem', () => {
    expect(claimProblems(FORMS.right, TODAY)).toEqual({});
    expect(claimProblems(FORMS.empty, TODAY)).toEqual({ hotelCode: 'required', arrivalDate: 'required', departureDate: 'required', reservationNumber: 'required' });
    expect(claimProblems(FORMS['not over'], TODAY)).toEqual({ departureDate: 'notOver' });
    expect(claimProblems(FORMS['too old'], TODAY)).toEqual({ departureDate: 'tooOld' });
    expect(claimProblems({ ...FORMS.right, departureDate: '2026-09-30' }, TODAY)).toEqual({ departureDate: 'order' });
    expect(claimProblems({ ...FORMS.right, reservationNumber: 'a b' }, TODAY)).toEqual({ reservationNumber: 'format' });
    // The last day of the window still counts.
    expect(claimProblems({ ...FORMS.right, arrivalDate: '2025-11-26', departureDate: '2025-11-27' }, TODAY)).toEqual({});
  });
});

describe('request-points machine, model-based', () => {
  it('keeps the generated paths few', () => {
    console.info(`request-points model paths: ${paths.length}`);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.length).toBeLessThan(1500);
  });

  it.each(paths.map((path) => [nameOf(path), path] as const))('%s', (_name, path) => {
    Object.assign(recorded, { requests: [], refreshes: 0 });
    const actor = createActor(machine, { input: { today: TODAY }, inspect: recorder.inspect });
    actor.start();
    let expectedRequests = 0;
    let expectedRefreshes = 0;
    for (const step of path.steps) {
      const event = step.event as { type: string; fields?: ClaimFields; error?: unknown };
      if (event.type === 'xstate.init') continue;
      const before = actor.getSnapshot();
      actor.send(step.event);
      const after = actor.getSnapshot();
      expect(after.value, `after ${label(event)}`).toEqual(step.state.value);
      const sent = !before.matches('sending') && after.matches('sending');
      if (sent) {
        expectedRequests += 1;
        // What goes out is what was given, and only what passes the checks.
        expect(recorded.requests.at(-1)).toEqual(event.fields);
        expect(claimProblems(event.fields as ClaimFields, TODAY)).toEqual({});
        expect(selectIsSending(after)).toBe(true);
        expect(selectSendingFound(after)).toBe(event.type === 'claim.found' ? FOUND.reservationNumber : null);
      }
      if (before.matches('sending') && event.type.startsWith('xstate.done.actor.')) expectedRefreshes += 1;
      expect(recorded.requests.length).toBe(expectedRequests);
      expect(recorded.refreshes).toBe(expectedRefreshes);
      checkView(before, after, event);
    }
    actor.stop();
  });

  it('covers every state and transition of the machine', () => {
    expectFullCoverage(recorder, 'request-points');
  });
});

function checkView(before: Snapshot, after: Snapshot, event: { type: string; fields?: ClaimFields; error?: unknown }) {
  const form = selectFormState(after);
  if (event.type === 'claim.submit' && after.matches('editing')) {
    // Refused by the checks: each problem named, nothing lost of what was typed.
    expect(form.failure).toBe('invalid');
    expect(form.problems).toEqual(claimProblems(event.fields as ClaimFields, TODAY));
    expect(after.context.fields).toEqual(event.fields);
  }
  if (before.matches('sending') && event.type.startsWith('xstate.error.actor.')) {
    const status = String((event.error as HttpError).status) as keyof typeof FAILURES;
    expect(form.failure).toBe(FAILURES[status]);
    expect(form.problems).toEqual(status === '400' ? { reservationNumber: 'format' } : {});
    expect(after.context.fields).toEqual(before.context.fields);
  }
  if (after.matches('answered')) expect(selectAnswer(after)).toEqual(CLAIM);
  else expect(selectAnswer(after)).toBeNull();
  if (event.type === 'claim.another') expect(after.context).toMatchObject({ fields: null, failure: null, problems: {}, claim: null });
}
