import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, expectFullCoverage, generatePaths, generateTransitionCover } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import type { Locale } from '../../contract/locales';
import type { CancellationSummary } from '../../contract/member-account';
import { InvalidInputError } from '../../services/account/errors';
import { HttpError } from '../../services/bff/client';
import { cancelMembershipMachine } from './cancel-membership.machine';
import { leaveProblems, normalizedCode } from './cancel-membership.rules';
import { selectIsLeaving, selectLeaveDialog } from './cancel-membership.selectors';
import type { CancelMembershipEvent, LeaveConfirmation, MembershipEnded } from './cancel-membership.types';

/*
 * Leaving the programme, walked with the harness: the member's steps (start, cancel, retry, continue,
 * four ways of filling the confirmation, a new code, leaving the goodbye) and the BFF's answers fed as
 * events (a code mailed with what leaving means, 429, 500; the end confirmed, 400 wrong code, 409 ended
 * already, 500). Each path is replayed on a real actor whose calls and session record what they were
 * asked. After every step the rules of leaving are checked: nothing is confirmed before the consequences
 * were shown and the code and the understanding passed their checks; a confirmation goes out once per
 * submit, with the code as the mail has it and the page's locale; the session ends once, only after the
 * BFF ended the membership and the member left the goodbye.
 */

const never = <T,>() => new Promise<T>(() => undefined);
const LOCALE: Locale = 'de';

const SUMMARY: CancellationSummary = { points: 1_200, vouchers: 2, upcomingBookings: 1, pointsLost: true, bookingsKept: true };
const RESENT_SUMMARY: CancellationSummary = { ...SUMMARY, points: 1_250 };
const ENDED: MembershipEnded = { upcomingBookingsKept: 1 };

const CONFIRMATIONS = {
  right: { code: '123456', understood: true },
  spaced: { code: '123 456', understood: true },
  short: { code: '12', understood: true },
  unticked: { code: '123456', understood: false },
} satisfies Record<string, LeaveConfirmation>;

const REQUEST_ERRORS = { '429': new HttpError(429), '500': new HttpError(500) } as const;
const CONFIRM_ERRORS = { '400': new InvalidInputError(['code']), '409': new HttpError(409), '500': new HttpError(500) } as const;

const recorded = { requests: 0, confirmations: [] as { code: string; locale: Locale }[], sessionEnds: 0 };

const machine = cancelMembershipMachine.provide({
  actors: {
    requestCancellation: fromPromise<CancellationSummary, undefined>(() => {
      recorded.requests += 1;
      return never();
    }),
    confirmCancellation: fromPromise<MembershipEnded, { code: string; locale: Locale }>(({ input }) => {
      recorded.confirmations.push(input);
      return never();
    }),
  },
  actions: { endSession: () => void (recorded.sessionEnds += 1) },
});
type Snapshot = SnapshotFrom<typeof machine>;
type Path = MachinePath<typeof machine>;

const asEvent = (event: object) => event as unknown as CancelMembershipEvent;

/** The answers to a request for a code depend on what asked: the first request or "Send a new code". */
const requestAnswers = [
  asEvent({ type: 'xstate.done.actor.requestCancellation', output: SUMMARY }),
  asEvent({ type: 'xstate.done.actor.requestCancellation', output: RESENT_SUMMARY }),
  ...Object.values(REQUEST_ERRORS).map((error) => asEvent({ type: 'xstate.error.actor.requestCancellation', error })),
];

const EVENTS: CancelMembershipEvent[] = [
  { type: 'leave.start' },
  { type: 'leave.cancel' },
  { type: 'leave.retry' },
  { type: 'leave.continue' },
  ...Object.values(CONFIRMATIONS).map((confirmation) => ({ type: 'code.submit' as const, confirmation })),
  { type: 'code.resend' },
  { type: 'goodbye.leave' },
  ...requestAnswers,
  asEvent({ type: 'xstate.done.actor.confirmCancellation', output: ENDED }),
  ...Object.values(CONFIRM_ERRORS).map((error) => asEvent({ type: 'xstate.error.actor.confirmCancellation', error })),
];

/** The first request answers with the first summary, a new code with the second: one answer of each kind per state. */
const eventsIn = (snapshot: Snapshot): CancelMembershipEvent[] =>
  EVENTS.filter((event) => {
    if (event.type !== 'xstate.done.actor.requestCancellation' as string) return true;
    const output = (event as unknown as { output: CancellationSummary }).output;
    return snapshot.matches('resending') ? output === RESENT_SUMMARY : output === SUMMARY;
  });

const serializeState = (snapshot: Snapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.failure, snapshot.context.problems, snapshot.context.codeResent, snapshot.context.upcomingBookingsKept]);
const options = { events: eventsIn, serializeState, input: { locale: LOCALE } };
const paths = [...generatePaths(machine, options), ...generateTransitionCover(machine, options)];
const recorder = new CoverageRecorder(machine);

function label(event: { type: string; confirmation?: LeaveConfirmation; error?: unknown; output?: unknown }): string {
  if (event.type === 'code.submit') return `submit(${(Object.keys(CONFIRMATIONS) as (keyof typeof CONFIRMATIONS)[]).find((name) => CONFIRMATIONS[name] === event.confirmation)})`;
  if (event.type === 'xstate.done.actor.requestCancellation') return 'code mailed';
  if (event.type === 'xstate.done.actor.confirmCancellation') return 'ended';
  if (event.type.startsWith('xstate.error.actor.')) return `${event.type.split('.').at(-1)} error(${(event.error as HttpError).status})`;
  return event.type;
}
const nameOf = (path: Path) => {
  const steps = path.steps.map((step) => step.event as Parameters<typeof label>[0]).filter((event) => event.type !== 'xstate.init');
  return `${steps.length ? steps.map(label).join(' → ') : 'start'} ⇒ ${JSON.stringify(path.state.value)}`;
};

describe('the checks of a confirmation', () => {
  it('asks for six digits and the ticked understanding', () => {
    expect(leaveProblems(CONFIRMATIONS.right)).toEqual({});
    expect(leaveProblems(CONFIRMATIONS.spaced)).toEqual({});
    expect(leaveProblems(CONFIRMATIONS.short)).toEqual({ code: 'format' });
    expect(leaveProblems(CONFIRMATIONS.unticked)).toEqual({ understood: 'required' });
    expect(leaveProblems({ code: '12a456', understood: false })).toEqual({ code: 'format', understood: 'required' });
    expect(normalizedCode(' 123 456\n')).toBe('123456');
  });
});

describe('cancel-membership machine, model-based', () => {
  it('keeps the generated paths few', () => {
    console.info(`cancel-membership model paths: ${paths.length}`);
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.length).toBeLessThan(1500);
  });

  it.each(paths.map((path) => [nameOf(path), path] as const))('%s', (_name, path) => {
    Object.assign(recorded, { requests: 0, confirmations: [], sessionEnds: 0 });
    const actor = createActor(machine, { input: { locale: LOCALE }, inspect: recorder.inspect });
    actor.start();
    const expected = { requests: 0, confirmations: 0, sessionEnds: 0 };
    let consequencesShown = false;
    for (const step of path.steps) {
      const event = step.event as Parameters<typeof label>[0];
      if (event.type === 'xstate.init') continue;
      const before = actor.getSnapshot();
      actor.send(step.event);
      const after = actor.getSnapshot();
      expect(after.value, `after ${label(event)}`).toEqual(step.state.value);

      const entered = (state: 'requesting' | 'resending' | 'confirming') => !before.matches(state) && after.matches(state);
      if (entered('requesting') || entered('resending')) expected.requests += 1;
      if (after.matches('reviewing')) consequencesShown = true;
      if (entered('confirming')) {
        expected.confirmations += 1;
        // Only what passed the checks goes out, after the consequences were shown, as the mail has the code.
        const confirmation = event.confirmation as LeaveConfirmation;
        expect(leaveProblems(confirmation)).toEqual({});
        expect(consequencesShown).toBe(true);
        expect(recorded.confirmations.at(-1)).toEqual({ code: normalizedCode(confirmation.code), locale: LOCALE });
      }
      if (before.matches('ended') && after.matches('left')) expected.sessionEnds += 1;
      expect(recorded.requests).toBe(expected.requests);
      expect(recorded.confirmations.length).toBe(expected.confirmations);
      // The session ends once, and only once the membership has ended and its goodbye was left.
      expect(recorded.sessionEnds).toBe(expected.sessionEnds);
      if (recorded.sessionEnds > 0) expect(after.status).toBe('done');
      expect(selectIsLeaving(after)).toBe(after.hasTag('busy'));
      checkView(before, after, event);
    }
    actor.stop();
  });

  it('covers every state and transition of the machine', () => {
    expectFullCoverage(recorder, 'cancel-membership');
  });
});

/** What the member sees after a step. */
function checkView(before: Snapshot, after: Snapshot, event: { type: string; confirmation?: LeaveConfirmation; error?: unknown }) {
  const dialog = selectLeaveDialog(after);
  if (after.matches('idle') || after.matches('left')) expect(dialog).toBeNull();
  if (after.matches('requesting')) expect(dialog).toEqual({ step: 'requesting' });
  if (after.matches('requestFailed')) {
    const failure = (event.error as HttpError | undefined)?.status === 429 ? 'tooManyCodes' : 'codeNotSent';
    if (before.matches('requesting')) expect(dialog).toEqual({ step: 'requestFailed', failure, canRetry: failure === 'codeNotSent' });
  }
  if (after.matches('reviewing')) expect(dialog).toEqual({ step: 'reviewing', summary: SUMMARY });
  if (dialog?.step === 'code') {
    expect(dialog.busy).toBe(after.matches('resending') ? 'resending' : after.matches('confirming') ? 'confirming' : null);
    if (event.type === 'code.submit') {
      // Refused by the checks or sent: nothing typed is lost.
      expect(dialog.confirmation.understood).toBe(event.confirmation?.understood);
      expect(normalizedCode(dialog.confirmation.code)).toBe(normalizedCode(event.confirmation?.code ?? ''));
      expect(dialog.problems).toEqual(after.matches('enteringCode') ? leaveProblems(event.confirmation as LeaveConfirmation) : {});
    }
    if (before.matches('confirming') && after.matches('enteringCode')) {
      const status = (event.error as HttpError).status;
      // A wrong code is said at the field; no answer is said for the whole form, the code kept to send again.
      expect(dialog.problems).toEqual(status === 400 ? { code: 'rejected' } : {});
      expect(dialog.failure).toBe(status === 400 ? null : 'notEnded');
      expect(dialog.confirmation).toEqual(before.context.confirmation);
    }
    if (before.matches('resending') && after.matches('enteringCode')) {
      const resent = event.type === 'xstate.done.actor.requestCancellation';
      expect(dialog.codeResent).toBe(resent);
      expect(dialog.summary).toEqual(resent ? RESENT_SUMMARY : SUMMARY);
      expect(dialog.failure).toBe(resent ? null : (event.error as HttpError).status === 429 ? 'tooManyCodes' : 'codeNotSent');
      if (resent) expect(dialog.problems).toEqual({});
    }
  }
  if (after.matches('ended')) {
    expect(dialog).toEqual({ step: 'ended', upcomingBookingsKept: event.type === 'xstate.done.actor.confirmCancellation' ? ENDED.upcomingBookingsKept : null });
  }
  if (event.type === 'leave.cancel' && after.matches('idle')) {
    expect(after.context).toMatchObject({ summary: null, failure: null, problems: {}, codeResent: false, confirmation: { code: '', understood: false } });
  }
}
