import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, expectFullCoverage, generatePaths, generateTransitionCover } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import { MEMBER_PROFILE } from '../../../test/auth/members';
import { AUTH_LIMITS, type MemberProfile } from '../../contract/auth';
import { InvalidInputError, RateLimitedError } from '../../services/account/errors';
import { HttpError } from '../../services/bff/client';
import { CODE_LIFETIME_MS, isCodeFormat } from '../step-up/step-up.rules';
import { profileChangeMachine } from './profile-change.machine';
import { cleanValues, valueProblems } from './profile-change.rules';
import { selectProfileChangeView } from './profile-change.selectors';
import type { ProfileChangeEvent, ProfileChangeKind, ProfileChangeValues } from './profile-change.types';

/*
 * The name and birthday changes, one machine walked once per kind with the harness: values typed right,
 * empty, too long, in the future and making the member 17 (the day before the 18th birthday, and the 18th
 * birthday itself, which counts); codes typed right and too short; new codes, editing, giving up; the
 * code's ten minutes on a simulated clock; and the BFF's answers fed as events (code mailed, 429, 500;
 * saved, code refused, a field refused, 429, 500). Each path is replayed on a real actor whose calls record
 * what they were asked: a code is mailed only for values that pass the checks and only of the machine's
 * kind; values go out only with a six-digit code, trimmed; the profile is handed on exactly once per change
 * saved.
 */

const TODAY = '2026-11-27';
const never = <T,>() => new Promise<T>(() => undefined);

const VALUES = {
  name: {
    right: { kind: 'name', salutation: 'ms', firstName: ' Anna ', lastName: 'Schmidt-Weber' },
    empty: { kind: 'name', salutation: null, firstName: '', lastName: ' ' },
    'too long': { kind: 'name', salutation: null, firstName: 'A'.repeat(81), lastName: 'Schmidt' },
  },
  birthday: {
    right: { kind: 'birthday', birthday: '1986-04-12' },
    '18 today': { kind: 'birthday', birthday: '2008-11-27' },
    '17 today': { kind: 'birthday', birthday: '2008-11-28' },
    future: { kind: 'birthday', birthday: '2027-01-01' },
    empty: { kind: 'birthday', birthday: '' },
  },
} satisfies Record<ProfileChangeKind, Record<string, ProfileChangeValues>>;
const CODES = { right: '123456', short: '123' } as const;
const SAVE_ERRORS = {
  rejected: new InvalidInputError(['code']),
  'field refused': new InvalidInputError(['birthday']),
  limited: new RateLimitedError(900),
  unavailable: new HttpError(500),
} as const;
const SEND_ERRORS = { limited: new RateLimitedError(900), unavailable: new HttpError(500) } as const;
const SAVED: MemberProfile = { ...MEMBER_PROFILE, firstName: 'Anna', lastName: 'Schmidt-Weber' };

const recorded = { sent: [] as ProfileChangeKind[], saved: [] as { values: ProfileChangeValues; code: string }[], changed: [] as MemberProfile[] };
const machine = profileChangeMachine.provide({
  actors: {
    sendCode: fromPromise<unknown, { kind: ProfileChangeKind }>(({ input }) => {
      recorded.sent.push(input.kind);
      return never();
    }),
    saveChange: fromPromise<MemberProfile, { values: ProfileChangeValues; code: string }>(({ input }) => {
      recorded.saved.push(input);
      return never();
    }),
  },
  actions: { profileChanged: (_, { profile }) => void recorded.changed.push(profile) },
});
type Snapshot = SnapshotFrom<typeof machine>;
type Path = MachinePath<typeof machine>;

const LIFETIME = { type: 'xstate.after.codeLifetime.profileChange.confirming' } as unknown as ProfileChangeEvent;
const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as ProfileChangeEvent;
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as ProfileChangeEvent;

const eventsOf = (kind: ProfileChangeKind): ProfileChangeEvent[] => [
  { type: 'change.open' },
  ...Object.values(VALUES[kind]).map((values) => ({ type: 'change.submit' as const, values })),
  { type: 'change.edit' },
  { type: 'change.cancel' },
  { type: 'change.close' },
  ...Object.values(CODES).map((code) => ({ type: 'code.submit' as const, code })),
  { type: 'code.resend' },
  LIFETIME,
  done('sendCode'),
  ...Object.values(SEND_ERRORS).map((error) => failed('sendCode', error)),
  done('resendCode'),
  ...Object.values(SEND_ERRORS).map((error) => failed('resendCode', error)),
  done('saveChange', SAVED),
  ...Object.values(SAVE_ERRORS).map((error) => failed('saveChange', error)),
];

const serializeState = (snapshot: Snapshot) => {
  const { context } = snapshot;
  return JSON.stringify([snapshot.value, Object.entries(context.problems).sort(), context.codeProblem, context.failure, context.rejections, context.expiredBy]);
};
const recorder = new CoverageRecorder(machine);
const KINDS: ProfileChangeKind[] = ['name', 'birthday'];
const pathsOf = (kind: ProfileChangeKind) => {
  const options = { events: eventsOf(kind), serializeState, input: { kind, today: TODAY } };
  return [...generatePaths(machine, options), ...generateTransitionCover(machine, options)];
};
const PATHS = Object.fromEntries(KINDS.map((kind) => [kind, pathsOf(kind)])) as Record<ProfileChangeKind, Path[]>;

const nameIn = (record: Record<string, unknown>, value: unknown) => Object.keys(record).find((key) => record[key] === value) ?? String(value);
function label(kind: ProfileChangeKind, event: { type: string; values?: ProfileChangeValues; code?: string; error?: unknown }): string {
  if (event.type === 'change.submit') return `submit(${nameIn(VALUES[kind], event.values)})`;
  if (event.type === 'code.submit') return `code(${nameIn(CODES, event.code)})`;
  if (event.type === LIFETIME.type) return '10 minutes pass';
  if (event.type.startsWith('xstate.done.actor.')) return `${event.type.slice('xstate.done.actor.'.length)} done`;
  if (event.type.startsWith('xstate.error.actor.')) {
    const id = event.type.slice('xstate.error.actor.'.length);
    return `${id} ${nameIn(id === 'saveChange' ? SAVE_ERRORS : SEND_ERRORS, event.error)}`;
  }
  return event.type;
}
const nameOf = (kind: ProfileChangeKind, path: Path) => {
  const steps = path.steps.map((step) => step.event as Parameters<typeof label>[1]).filter((event) => event.type !== 'xstate.init');
  return `${kind}: ${steps.length ? steps.map((event) => label(kind, event)).join(' → ') : 'start'} ⇒ ${JSON.stringify(path.state.value)}`;
};

describe('the checks of a new name or birthday', () => {
  it('names each field’s problem, counting the age as the BFF does', () => {
    expect(valueProblems(VALUES.name.right, TODAY)).toEqual({});
    expect(valueProblems(VALUES.name.empty, TODAY)).toEqual({ firstName: 'required', lastName: 'required' });
    expect(valueProblems(VALUES.name['too long'], TODAY)).toEqual({ firstName: 'tooLong' });
    expect(valueProblems(VALUES.birthday.right, TODAY)).toEqual({});
    expect(valueProblems(VALUES.birthday['18 today'], TODAY)).toEqual({});
    expect(valueProblems(VALUES.birthday['17 today'], TODAY)).toEqual({ birthday: 'underage' });
    expect(valueProblems(VALUES.birthday.future, TODAY)).toEqual({ birthday: 'future' });
    expect(valueProblems(VALUES.birthday.empty, TODAY)).toEqual({ birthday: 'required' });
    expect(valueProblems({ kind: 'birthday', birthday: '1990-02-30' }, TODAY)).toEqual({ birthday: 'format' });
    // Born on 29 February: 18 on 1 March of a year without one.
    expect(valueProblems({ kind: 'birthday', birthday: '2008-02-29' }, '2026-02-28')).toEqual({ birthday: 'underage' });
    expect(valueProblems({ kind: 'birthday', birthday: '2008-02-29' }, '2026-03-01')).toEqual({});
  });
});

describe.each(KINDS)('profile change machine (%s), model-based', (kind) => {
  const paths = PATHS[kind];
  it('keeps the generated paths few', () => {
    console.info(`profile-change (${kind}) model paths: ${paths.length}`);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.length).toBeLessThan(3000);
  });

  it.each(paths.map((path) => [nameOf(kind, path), path] as const))('%s', (_name, path) => {
    Object.assign(recorded, { sent: [], saved: [], changed: [] });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { input: { kind, today: TODAY }, inspect: recorder.inspect, clock });
    actor.start();
    const expected = { sent: 0, saved: 0, changed: 0 };
    for (const step of path.steps) {
      const event = step.event as { type: string; values?: ProfileChangeValues; code?: string; error?: unknown };
      if (event.type === 'xstate.init') continue;
      const before = actor.getSnapshot();
      if (event.type === LIFETIME.type) clock.increment(CODE_LIFETIME_MS);
      else actor.send(step.event);
      const after = actor.getSnapshot();
      expect(after.value, `after ${label(kind, event)}`).toEqual(step.state.value);
      const entered = (state: 'sendingCode' | 'saving' | 'resending') => {
        const at = (snapshot: Snapshot) => (state === 'sendingCode' ? snapshot.matches('sendingCode') : snapshot.matches({ confirming: state }));
        return !at(before) && at(after);
      };
      if (entered('sendingCode')) {
        // A code is asked for only for values that pass the checks.
        expect(valueProblems(event.values as ProfileChangeValues, TODAY)).toEqual({});
        expect(after.context.values).toEqual(cleanValues(event.values as ProfileChangeValues));
      }
      if (entered('sendingCode') || entered('resending')) expected.sent += 1;
      if (entered('saving')) {
        expected.saved += 1;
        expect(isCodeFormat(event.code ?? '')).toBe(true);
        expect(recorded.saved.at(-1)).toEqual({ values: after.context.values, code: '123456' });
      }
      if (before.matches({ confirming: 'saving' }) && event.type === 'xstate.done.actor.saveChange') expected.changed += 1;
      expect(recorded.sent).toEqual(Array.from({ length: expected.sent }, () => kind));
      expect(recorded.saved.length).toBe(expected.saved);
      expect(recorded.changed.length).toBe(expected.changed);
      checkView(before, after, event);
    }
    actor.stop();
  });
});

describe('profile change machine coverage', () => {
  it('covers every state and transition of the machine (both kinds together)', () => {
    expectFullCoverage(recorder, 'profile-change');
  });
});

function checkView(before: Snapshot, after: Snapshot, event: { type: string; values?: ProfileChangeValues; code?: string; error?: unknown }) {
  const view = selectProfileChangeView(after);
  if (after.matches('idle')) expect(view).toEqual({ step: 'closed' });
  if (event.type === 'change.submit' && after.matches('editing')) {
    // Refused at the fields, kept as typed.
    expect(view).toMatchObject({ step: 'values', busy: false, values: event.values, problems: valueProblems(event.values as ProfileChangeValues, TODAY) });
  }
  if (before.matches('sendingCode') && after.matches('editing')) {
    expect(view).toMatchObject({ step: 'values', failure: event.error === SEND_ERRORS.limited ? 'tooMany' : 'failed', values: before.context.values });
    if (event.error === SEND_ERRORS.limited) expect(view).toMatchObject({ retryAfterSeconds: 900 });
  }
  if (before.matches({ confirming: 'saving' }) && event.type.startsWith('xstate.error.actor.')) {
    if (event.error === SAVE_ERRORS['field refused']) expect(view).toMatchObject({ step: 'values', problems: { birthday: 'underage' }, values: before.context.values });
    else if (after.matches('codeExpired')) {
      expect(before.context.rejections).toBe(AUTH_LIMITS.otpMaxAttempts - 1);
      expect(view).toEqual({ step: 'expired', expiredBy: 'attempts' });
    } else if (event.error === SAVE_ERRORS.rejected) expect(view).toMatchObject({ step: 'code', problem: 'rejected', code: '123456' });
    else expect(view).toMatchObject({ step: 'code', problem: null, failure: event.error === SAVE_ERRORS.limited ? 'tooMany' : 'failed' });
  }
  if (event.type === 'code.submit' && after.matches({ confirming: 'entering' })) expect(view).toMatchObject({ step: 'code', problem: 'format', code: event.code });
  if (before.matches({ confirming: 'resending' }) && event.type === 'xstate.done.actor.resendCode') expect(view).toMatchObject({ step: 'code', resent: true, problem: null });
  if (event.type === LIFETIME.type && before.matches('confirming')) expect(view).toEqual({ step: 'expired', expiredBy: 'time' });
  if (after.matches('saved')) expect(view).toEqual({ step: 'saved', values: after.context.values });
}
