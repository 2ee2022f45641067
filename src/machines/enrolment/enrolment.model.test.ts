import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, expectFullCoverage, generatePaths, generateTransitionCover } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import { AUTH_LIMITS } from '../../contract/auth';
import type { AcceptInviteResponse, ScimEnrolResponse, ScimUser } from '../../contract/corporate';
import type { Locale } from '../../contract/locales';
import { InvalidInputError, RateLimitedError } from '../../services/account/errors';
import { HttpError } from '../../services/bff/client';
import { CorporateError, SIGN_IN_FIRST } from '../../services/corporate/api';
import { CODE_LIFETIME_MS, isCodeFormat, normalisedCode } from '../step-up/step-up.rules';
import { enrolmentMachine } from './enrolment.machine';
import { selectEnrolmentView } from './enrolment.selectors';
import type { EnrolmentEvent, EnrolmentInput, PersonName } from './enrolment.types';

/*
 * The enrolment machine, walked with the harness from two arrivals: the page opened by itself, and an
 * invite link. The session's state is fed as the watcher sends it (signed in with a name, signed in with
 * no name known, signed out); the person types work emails (right, malformed, empty), codes (right, with
 * spaces, too short), names (right, empty); asks for new codes, leaves and changes their mind; the code's
 * ten minutes pass on a simulated clock; and the BFF's answers are fed as events, failures included
 * (unknown company, already enrolled, code refused, name refused, limits, server errors, invite refusals).
 * Each path is replayed on a real actor whose calls and effects record what they were asked.
 */

const never = <T,>() => new Promise<T>(() => undefined);

const USER: ScimUser = {
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
  id: 'enr-1',
  userName: 'ana@acme.example',
  name: { givenName: 'Ana', familyName: 'Lind', formatted: 'Ana Lind' },
  emails: [{ value: 'ana@acme.example', type: 'work', primary: true }],
  active: true,
  'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { organization: 'Acme Travel' },
  meta: { resourceType: 'User', created: '2026-11-27T10:00:00Z', lastModified: '2026-11-27T10:00:00Z', location: '/bff/corporate/scim/user' },
};
const WITH_SESSION: ScimEnrolResponse = { ...USER, session: { result: 'Authenticated', token: 'new-member-token' } };
const INVITE_ENROLLED: AcceptInviteResponse = { outcome: 'enrolled', company: { name: 'Acme Travel' }, user: USER };
const INVITE_SIGN_IN: AcceptInviteResponse = { outcome: 'sign_in_required', company: { name: 'Acme Travel' }, email: 'ben@acme.example' };

const MEMBER_NAME: PersonName = { givenName: 'Mia', familyName: 'Berg' };
const TYPED_NAME: PersonName = { givenName: ' Ana ', familyName: 'Lind' };
const EMAILS = { right: ' Ana@Acme.example ', malformed: 'ana@', empty: '' } as const;
const CODES = { right: '123456', spaced: '123 456', short: '12345' } as const;

const ERRORS = {
  limited: new RateLimitedError(120),
  unavailable: new HttpError(500),
  companyUnknown: new CorporateError(422, 'company_unknown'),
  alreadyEnrolled: new CorporateError(409, 'already_enrolled'),
  signInFirst: new CorporateError(401, SIGN_IN_FIRST),
  codeRefused: new InvalidInputError(['code']),
  nameRefused: new InvalidInputError(['name.givenName']),
  inviteInvalid: new CorporateError(404, 'invite_invalid'),
  inviteExpired: new CorporateError(410, 'invite_expired'),
  inviteUsed: new CorporateError(409, 'invite_used'),
  invitesLocked: new CorporateError(409, 'invites_locked'),
} as const;
type ErrorName = keyof typeof ERRORS;

type Effect = { type: 'signIn'; token: string | null } | { type: 'companyChanged' };
const recorded = {
  loads: 0,
  codes: [] as string[],
  enrolments: [] as { email: string; code: string; name: PersonName }[],
  leaves: 0,
  invites: [] as string[],
  effects: [] as Effect[],
};

const machine = enrolmentMachine.provide({
  actors: {
    loadEnrolment: fromPromise<ScimUser | null, undefined>(() => {
      recorded.loads += 1;
      return never();
    }),
    sendCode: fromPromise<unknown, { email: string; locale: Locale }>(({ input }) => {
      recorded.codes.push(input.email);
      return never();
    }),
    enrol: fromPromise<ScimEnrolResponse, { email: string; code: string; name: PersonName; locale: Locale }>(({ input }) => {
      recorded.enrolments.push({ email: input.email, code: input.code, name: input.name });
      return never();
    }),
    leave: fromPromise<unknown, undefined>(() => {
      recorded.leaves += 1;
      return never();
    }),
    acceptInvite: fromPromise<AcceptInviteResponse, { token: string }>(({ input }) => {
      recorded.invites.push(input.token);
      return never();
    }),
  },
  actions: {
    signIn: (_, { token }) => recorded.effects.push({ type: 'signIn', token }),
    companyChanged: () => recorded.effects.push({ type: 'companyChanged' }),
  },
});
type Snapshot = SnapshotFrom<typeof machine>;
type Path = MachinePath<typeof machine>;

const LIFETIME = { type: 'xstate.after.codeLifetime.enrolment.code' } as unknown as EnrolmentEvent;
const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as EnrolmentEvent;
const failed = (id: string, name: ErrorName) => ({ type: `xstate.error.actor.${id}`, error: ERRORS[name] }) as unknown as EnrolmentEvent;

const EVENTS: EnrolmentEvent[] = [
  { type: 'session.signedIn', name: MEMBER_NAME },
  { type: 'session.signedIn', name: null },
  { type: 'session.signedOut' },
  ...Object.values(EMAILS).map((email) => ({ type: 'email.submit' as const, email })),
  { type: 'email.edit' },
  ...Object.values(CODES).map((code) => ({ type: 'code.submit' as const, code })),
  { type: 'code.resend' },
  { type: 'name.submit', name: TYPED_NAME },
  { type: 'name.submit', name: { givenName: '', familyName: ' ' } },
  { type: 'enrolment.retry' },
  { type: 'leave.start' },
  { type: 'leave.cancel' },
  { type: 'leave.confirm' },
  LIFETIME,
  done('loadEnrolment', USER),
  done('loadEnrolment', null),
  failed('loadEnrolment', 'unavailable'),
  done('sendCode'),
  failed('sendCode', 'limited'),
  failed('sendCode', 'unavailable'),
  done('resendCode'),
  failed('resendCode', 'limited'),
  failed('resendCode', 'unavailable'),
  done('enrol', USER),
  done('enrol', WITH_SESSION),
  ...(['companyUnknown', 'alreadyEnrolled', 'signInFirst', 'codeRefused', 'nameRefused', 'unavailable'] as const).map((name) => failed('enrol', name)),
  done('leave'),
  failed('leave', 'unavailable'),
  done('acceptInvite', INVITE_ENROLLED),
  done('acceptInvite', INVITE_SIGN_IN),
  ...(['inviteInvalid', 'inviteExpired', 'inviteUsed', 'invitesLocked', 'alreadyEnrolled', 'unavailable'] as const).map((name) => failed('acceptInvite', name)),
];

const ARRIVALS = {
  'the page by itself': { locale: 'en', invite: null },
  'an invite link': { locale: 'en', invite: 'invite-token-1234567890' },
} satisfies Record<string, EnrolmentInput>;
type Arrival = keyof typeof ARRIVALS;

// States differ by where the machine is, who is signed in, and (while a code is entered) how many codes
// were refused in a row: the fifth ends the code; and whether a name was typed. What the last step said is checked on each step instead.
const serializeState = (snapshot: Snapshot) => {
  const { context } = snapshot;
  const inCode = snapshot.matches('code');
  // Whether the name is asked matters only while a code is entered; elsewhere only whether a member is signed in.
  const who = inCode ? [context.signedIn, context.memberName !== null] : [context.signedIn];
  return JSON.stringify([snapshot.value, who, inCode ? context.rejections : 0, context.name.givenName !== '']);
};

const recorder = new CoverageRecorder(machine);
const models = (Object.keys(ARRIVALS) as Arrival[]).map((arrival) => {
  const options = { input: ARRIVALS[arrival], events: EVENTS, serializeState };
  return { arrival, paths: [...generatePaths(machine, options), ...generateTransitionCover(machine, options)] };
});

function label(event: { type: string; email?: string; code?: string; name?: unknown; error?: unknown; output?: unknown }): string {
  if (event.type === 'email.submit') return `email(${(Object.keys(EMAILS) as (keyof typeof EMAILS)[]).find((key) => EMAILS[key] === event.email)})`;
  if (event.type === 'code.submit') return `code(${(Object.keys(CODES) as (keyof typeof CODES)[]).find((key) => CODES[key] === event.code)})`;
  if (event.type === 'name.submit') return event.name === TYPED_NAME ? 'name(right)' : 'name(empty)';
  if (event.type === 'session.signedIn') return event.name ? 'signed in' : 'signed in (no name)';
  if (event.type === LIFETIME.type) return '10 minutes pass';
  if (event.type.startsWith('xstate.done.actor.')) {
    const id = event.type.slice('xstate.done.actor.'.length);
    const output = event.output === null ? ' none' : event.output === WITH_SESSION ? ' with session' : event.output === INVITE_SIGN_IN ? ' sign in first' : '';
    return `${id} done${output}`;
  }
  if (event.type.startsWith('xstate.error.actor.')) return `${event.type.slice('xstate.error.actor.'.length)} ${(Object.keys(ERRORS) as ErrorName[]).find((name) => ERRORS[name] === event.error)}`;
  return event.type;
}
const nameOf = (path: Path) => {
  const steps = path.steps.map((step) => step.event as Parameters<typeof label>[0]).filter((event) => event.type !== 'xstate.init');
  return `${steps.length ? steps.map(label).join(' → ') : 'start'} ⇒ ${JSON.stringify(path.state.value)}`;
};

describe('enrolment machine, model-based', () => {
  it('keeps the generated paths few', () => {
    const total = models.reduce((sum, model) => sum + model.paths.length, 0);
    console.info(`enrolment model paths: ${total}`);
    expect(total).toBeGreaterThan(50);
    expect(total).toBeLessThan(4000);
  });

  describe.each(models.map((model) => [model.arrival, model] as const))('arriving with %s', (arrival, { paths }) => {
    it.each(paths.map((path) => [nameOf(path), path] as const))('%s', (_name, path) => {
      Object.assign(recorded, { loads: 0, codes: [], enrolments: [], leaves: 0, invites: [], effects: [] });
      const clock = new SimulatedClock();
      const actor = createActor(machine, { input: ARRIVALS[arrival], inspect: recorder.inspect, clock });
      actor.start();
      // Nothing is asked of the BFF before the session is known.
      expect(recorded.loads + recorded.codes.length + recorded.invites.length).toBe(0);
      let expected = { loads: 0, codes: 0, enrolments: 0, leaves: 0, invites: 0 };
      for (const step of path.steps) {
        const event = step.event as Parameters<typeof label>[0];
        if (event.type === 'xstate.init') continue;
        const before = actor.getSnapshot();
        const effectsBefore = recorded.effects.length;
        if (event.type === LIFETIME.type) clock.increment(CODE_LIFETIME_MS);
        else actor.send(step.event);
        const after = actor.getSnapshot();
        expect(after.value, `after ${label(event)}`).toEqual(step.state.value);
        expected = countRequests(before, after, expected);
        expect(recorded.loads, 'enrolment reads').toBe(expected.loads);
        expect(recorded.codes.length, 'codes mailed').toBe(expected.codes);
        expect(recorded.enrolments.length, 'enrolments sent').toBe(expected.enrolments);
        expect(recorded.leaves, 'leaves sent').toBe(expected.leaves);
        expect(recorded.invites.length, 'invites accepted').toBe(expected.invites);
        checkStep(before, after, event, recorded.effects.slice(effectsBefore));
      }
      actor.stop();
    });
  });

  it('covers every state and transition of the machine', () => {
    expectFullCoverage(recorder, 'enrolment');
  });
});

/** A request goes out exactly when its state is entered (a new code's state entered again counts too). */
function countRequests(before: Snapshot, after: Snapshot, counts: { loads: number; codes: number; enrolments: number; leaves: number; invites: number }) {
  const entered = (at: (snapshot: Snapshot) => boolean) => !at(before) && at(after);
  const next = { ...counts };
  if (entered((s) => s.matches('checking'))) next.loads += 1;
  if (entered((s) => s.matches('sendingCode')) || entered((s) => s.matches({ code: 'resending' }))) next.codes += 1;
  if (entered((s) => s.matches({ code: 'enrolling' }))) next.enrolments += 1;
  if (entered((s) => s.matches({ enrolled: 'leaving' }))) next.leaves += 1;
  if (entered((s) => s.matches({ invite: 'accepting' }))) next.invites += 1;
  return next;
}

function checkStep(before: Snapshot, after: Snapshot, event: Parameters<typeof label>[0], effects: Effect[]) {
  const view = selectEnrolmentView(after);
  if (event.type === 'email.submit' && after.matches('sendingCode')) {
    // Only a well-formed address gets a code, trimmed and in lower case.
    expect(event.email).toBe(EMAILS.right);
    expect(recorded.codes.at(-1)).toBe('ana@acme.example');
  }
  if (event.type === 'email.submit' && after.matches('email')) {
    expect(view).toMatchObject({ step: 'email', problem: event.email === '' ? 'required' : 'format', email: event.email });
  }
  if (event.type === 'code.submit' && !isCodeFormat(event.code ?? '')) {
    // A code of the wrong shape is named at the field and kept as typed; nothing is sent.
    expect(view).toMatchObject({ step: 'code', problem: 'format', code: event.code, busy: null });
  }
  if (after.matches({ code: 'enrolling' }) && !before.matches({ code: 'enrolling' })) {
    const sent = recorded.enrolments.at(-1);
    expect(sent?.code).toBe(normalisedCode(CODES.right));
    expect(sent?.email).toBe('ana@acme.example');
    // A member with a known name is not asked for it; anyone else enrols with the name they typed (trimmed).
    expect(sent?.name).toEqual(after.context.signedIn && after.context.memberName ? MEMBER_NAME : { givenName: 'Ana', familyName: 'Lind' });
  }
  if (event.type === 'name.submit' && after.matches({ code: 'naming' })) {
    expect(view).toMatchObject({ step: 'name', problems: { givenName: 'required', familyName: 'required' } });
  }
  if (before.matches({ code: 'enrolling' }) && event.type.startsWith('xstate.error.actor.')) {
    const error = event.error;
    if (error === ERRORS.companyUnknown) expect(view).toEqual({ step: 'companyUnknown', email: 'ana@acme.example' });
    else if (error === ERRORS.alreadyEnrolled) expect(after.matches(before.context.signedIn ? 'checking' : 'emailTaken')).toBe(true);
    else if (error === ERRORS.signInFirst) expect(view).toEqual({ step: 'signInFirst', email: 'ana@acme.example' });
    else if (error === ERRORS.codeRefused && after.matches('codeExpired')) {
      expect(before.context.rejections).toBe(AUTH_LIMITS.otpMaxAttempts - 1);
      expect(view).toMatchObject({ step: 'expired', expiredBy: 'attempts' });
    } else if (error === ERRORS.codeRefused) {
      // The refusal says how many tries are left.
      expect(view).toMatchObject({ step: 'code', problem: 'rejected', triesLeft: AUTH_LIMITS.otpMaxAttempts - after.context.rejections });
    } else if (error === ERRORS.nameRefused) expect(view).toMatchObject({ step: 'name' });
    else expect(view).toMatchObject({ step: 'code', failure: 'failed' });
  }
  if (event.type.startsWith('xstate.error.actor.') && event.error === ERRORS.limited) {
    expect(after.context.failure).toBe('tooMany');
    expect(after.context.retryAfterSeconds).toBe(120);
  }
  if (event.type === LIFETIME.type && before.matches('code')) expect(view).toMatchObject({ step: 'expired', expiredBy: 'time' });
  // A session token is handed over only from an enrolment that made one, and only then.
  const signIns = effects.filter((effect) => effect.type === 'signIn' && effect.token !== null);
  if (event.type === 'xstate.done.actor.enrol') {
    expect(view).toMatchObject({ step: 'enrolled', enrolment: { company: 'Acme Travel', email: 'ana@acme.example' }, alreadyEnrolled: false });
    expect(signIns).toEqual(event.output === WITH_SESSION ? [{ type: 'signIn', token: 'new-member-token' }] : []);
  } else expect(signIns).toEqual([]);
  // What depends on the company is read again exactly when it changed.
  const changed = effects.some((effect) => effect.type === 'companyChanged');
  const companyChanged =
    event.type === 'xstate.done.actor.enrol' || event.type === 'xstate.done.actor.leave' || (event.type === 'xstate.done.actor.acceptInvite' && event.output === INVITE_ENROLLED);
  expect(changed).toBe(companyChanged);
  if (event.type === 'xstate.done.actor.leave') expect(view).toEqual({ step: 'left' });
  if (event.type === 'xstate.error.actor.leave') expect(view).toMatchObject({ step: 'enrolled', leave: 'confirming', leaveFailed: true });
  if (before.matches({ invite: 'accepting' }) && event.type === 'xstate.error.actor.acceptInvite') {
    const refusal = { inviteInvalid: 'invalid', inviteExpired: 'expired', inviteUsed: 'used', invitesLocked: 'locked' } as Record<string, string>;
    const name = (Object.keys(ERRORS) as ErrorName[]).find((key) => ERRORS[key] === event.error) ?? '';
    if (name in refusal) expect(view).toEqual({ step: 'inviteRefused', refusal: refusal[name] });
    else if (name === 'alreadyEnrolled' && before.context.signedIn) expect(after.matches('checking')).toBe(true);
    else expect(view).toEqual({ step: 'inviteFailed' });
  }
  if (event.type === 'xstate.done.actor.acceptInvite' && event.output === INVITE_SIGN_IN) expect(view).toEqual({ step: 'inviteSignIn', company: 'Acme Travel', email: 'ben@acme.example' });
  if (before.matches({ invite: 'signingIn' }) && event.type === 'session.signedIn') expect(recorded.invites).toHaveLength(2);
  // Signed in after the account's owner was asked to: the same code enrols them, with their name.
  if (before.matches('signInFirst') && event.type === 'session.signedIn') expect(recorded.enrolments.at(-1)?.code).toBe(before.context.code);
  // A signed-out visitor never sees an enrolment that only a member's token could read.
  if (event.type === 'session.signedOut' && before.matches('enrolled')) expect(view.step).toBe('email');
}
