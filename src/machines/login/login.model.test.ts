import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import { CoverageRecorder, describePath, formatCoverage, generatePaths, generateTransitionCover } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import { AUTH_LIMITS } from '../../contract/auth';
import type { LoginResult } from '../../contract/auth';
import { HttpError } from '../../services/bff/client';
import { LoginValidationError, OtpRequiredError, SOCIAL_ERROR_MESSAGES } from '../../services/account/errors';
import { loginMachine } from './login.machine';
import { selectIsOpen, selectIsPasswordStep, selectNotice } from './login.selectors';
import type { FacebookStatus } from '../../services/account/social';
import type { LoginEmitted, LoginEvent, LoginInput } from './login.types';

/*
 * The login machine, walked with the harness: every state and transition, with the invoked actors'
 * answers fed as events (each login result, each 422 branch, other failures, each social answer). Each
 * path is replayed on a real actor on a simulated clock: the Google timeout is reached by advancing that
 * clock by 60 s, never by waiting. After every path, the last step is checked against the spec's rule
 * for it (sections 4, 5, 8), and invariants hold on every path (the loading flag is on exactly while an
 * attempt runs).
 */

const never = <T,>() => new Promise<T>(() => undefined);
const machine = loginMachine.provide({
  actors: {
    passwordLogin: fromPromise(() => never<LoginResult>()),
    requestOtpCode: fromPromise(() => never<null>()),
    verifyOtp: fromPromise(() => never<LoginResult>()),
    confirmPassword: fromPromise(() => never<LoginResult>()),
    requestPasswordReset: fromPromise(() => never<null>()),
    googleCredential: fromPromise(() => never<{ credential: string | null }>()),
    appleAuthorization: fromPromise(() => never<{ authorization: { id_token: string } | null }>()),
    facebookStatus: fromPromise(() => never<FacebookStatus>()),
    socialLogin: fromPromise(() => never<LoginResult>()),
    passkeyLogin: fromPromise(() => never<LoginResult | null>()),
  },
});
type Snapshot = SnapshotFrom<typeof machine>;
type Path = MachinePath<typeof machine>;

const input: LoginInput = { locale: 'en', report: () => undefined };

const AUTHENTICATED = { result: 'Authenticated', token: 'session-token-123' } as const satisfies LoginResult;
const PASSWORD_REQUIRED: LoginResult = { result: 'PasswordRequired' };
const REGISTRATION_REQUIRED: LoginResult = { result: 'RegistrationRequired', registration_token: 'registration-token-1' };

const ERRORS = {
  '422 password': new LoginValidationError(['password']),
  '422 email': new LoginValidationError(['email']),
  '422 other': new LoginValidationError(['locale']),
  '401': new HttpError(401),
  '429': new HttpError(429),
  '429 otp_required': new OtpRequiredError(),
  '500': new HttpError(500),
} as const;
type ErrorName = keyof typeof ERRORS;

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as LoginEvent;
const failed = (id: string, name: ErrorName | 'facebook') =>
  ({ type: `xstate.error.actor.${id}`, error: name === 'facebook' ? new Error(SOCIAL_ERROR_MESSAGES.facebookNotInitialized) : ERRORS[name] }) as unknown as LoginEvent;
const GOOGLE_TIMEOUT = { type: 'xstate.after.googleTimeout.login.open.googleSignIn' } as unknown as LoginEvent;

/** Sign-ins answer with a login result or fail. */
const LOGIN_ACTORS = ['passwordLogin', 'verifyOtp', 'confirmPassword', 'googleLogin', 'appleLogin', 'facebookLogin'];
const answers = (id: string): LoginEvent[] => [
  done(id, AUTHENTICATED),
  done(id, PASSWORD_REQUIRED),
  done(id, REGISTRATION_REQUIRED),
  ...(Object.keys(ERRORS) as ErrorName[]).map((name) => failed(id, name)),
];

const modeOf = (snapshot: Snapshot) => snapshot.context.mode;
const inSocial = (snapshot: Snapshot) => /SignIn"/.test(JSON.stringify(snapshot.value));

function events(snapshot: Snapshot): LoginEvent[] {
  // Social sign-ins start from the login mode: the other modes would only multiply the paths.
  const social: LoginEvent[] =
    modeOf(snapshot) === 'login' && !inSocial(snapshot)
      ? [
          { type: 'social.start', provider: 'google' },
          { type: 'social.start', provider: 'apple' },
          { type: 'social.start', provider: 'facebook' },
          { type: 'google.result', credential: 'google-credential' },
          { type: 'google.result', credential: null },
          { type: 'apple.result', authorization: { id_token: 'apple-id-token', code: 'apple-code' } },
          { type: 'apple.result', authorization: null },
          { type: 'passkey.start' },
        ]
      : [];
  return [
    { type: 'dialog.open' },
    { type: 'dialog.open', mode: 'login' },
    { type: 'dialog.open', mode: 'otpLogin' },
    { type: 'dialog.open', mode: 'passwordReset' },
    { type: 'dialog.close' },
    { type: 'login.reset' },
    { type: 'notice.dismiss' },
    { type: 'locale.changed', locale: 'de' },
    { type: 'mode.login' },
    { type: 'mode.otp' },
    { type: 'mode.passwordReset' },
    { type: 'password.submit', email: ' guest@example.com ', password: 'correct horse battery' },
    { type: 'otp.request', email: 'guest@example.com' },
    { type: 'otp.submit', code: '123456' },
    { type: 'otp.resend' },
    { type: 'otp.password.submit', password: 'correct horse battery' },
    { type: 'reset.submit', email: 'guest@example.com' },
    ...social,
    ...LOGIN_ACTORS.flatMap(answers),
    done('requestOtpCode', undefined),
    failed('requestOtpCode', '429'),
    done('resendOtpCode', undefined),
    failed('resendOtpCode', '500'),
    done('requestPasswordReset', undefined),
    failed('requestPasswordReset', '500'),
    done('googleCredential', { credential: 'google-credential' }),
    done('googleCredential', { credential: null }),
    failed('googleCredential', '500'),
    done('appleAuthorization', { authorization: { id_token: 'apple-id-token' } }),
    done('appleAuthorization', { authorization: null }),
    failed('appleAuthorization', '500'),
    done('facebookStatus', { status: 'connected', accessToken: 'fb-token', userID: 'fb-user' }),
    done('facebookStatus', { status: 'not_authorized' }),
    failed('facebookStatus', 'facebook'),
    done('passkeyLogin', AUTHENTICATED),
    done('passkeyLogin', null),
    done('passkeyLogin', REGISTRATION_REQUIRED),
    failed('passkeyLogin', '401'),
    GOOGLE_TIMEOUT,
  ];
}

// States differ by where the machine is and the mode it resumes.
const serializeState = (snapshot: Snapshot) => JSON.stringify([snapshot.value, modeOf(snapshot)]);
const options = { input, events, serializeState };
const shortest = generatePaths(machine, options);
const cover = generateTransitionCover(machine, options);

// ---------- replay on a simulated clock ----------

const recorder = new CoverageRecorder(machine);

function replay(path: Path) {
  const clock = new SimulatedClock();
  const reports: unknown[] = [];
  const emitted: LoginEmitted[] = [];
  const actor = createActor(machine, { input: { ...input, report: (error) => reports.push(error) }, inspect: recorder.inspect, clock });
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const snapshots: Snapshot[] = [actor.getSnapshot()];
  for (const step of path.steps) {
    const event = step.event as { type: string };
    if (event.type === 'xstate.init') continue;
    // The timeout is not sent: the clock runs to it.
    if (event.type === GOOGLE_TIMEOUT.type) clock.increment(AUTH_LIMITS.googleTimeoutMs);
    else actor.send(step.event);
    expect(actor.getSnapshot().value, `after ${event.type}`).toEqual(step.state.value);
    snapshots.push(actor.getSnapshot());
  }
  actor.stop();
  return { snapshots, reports, emitted };
}

function label(event: { type: string; output?: unknown; error?: unknown; mode?: string; provider?: string; credential?: unknown; authorization?: unknown }): string {
  if (event.type === GOOGLE_TIMEOUT.type) return '60 s pass';
  if (event.type.startsWith('xstate.done.actor.')) {
    const output = event.output as { result?: string; credential?: unknown; authorization?: unknown; status?: string } | undefined;
    if (output === null) return `${event.type.replace('xstate.done.actor.', 'done:')}(dismissed)`;
    const detail = output?.result ?? output?.status ?? ('credential' in (output ?? {}) ? (output?.credential ? 'credential' : 'no credential') : 'authorization' in (output ?? {}) ? (output?.authorization ? 'authorization' : 'no authorization') : 'ok');
    return `${event.type.replace('xstate.done.actor.', 'done:')}(${detail})`;
  }
  if (event.type.startsWith('xstate.error.actor.')) {
    const error = event.error;
    const detail =
      error instanceof LoginValidationError
        ? `422 ${error.fields.join('+')}`
        : error instanceof OtpRequiredError
          ? '429 otp_required'
          : error instanceof HttpError
            ? String(error.status)
            : 'not initialized';
    return `${event.type.replace('xstate.error.actor.', 'error:')}(${detail})`;
  }
  if (event.mode) return `${event.type}(${event.mode})`;
  if (event.provider) return `${event.type}(${event.provider})`;
  if ('credential' in event) return `${event.type}(${event.credential ? 'credential' : 'none'})`;
  if ('authorization' in event) return `${event.type}(${event.authorization ? 'authorization' : 'none'})`;
  return event.type;
}

/** Whether the state is an attempt (a request or a provider sign-in running). */
function inAttempt(snapshot: AnyMachineSnapshot): boolean {
  const text = JSON.stringify(snapshot.value);
  return /submitting|sending|resending|verifying|confirming|authorizing|SignIn"/.test(text);
}

const reportedMessages = (reports: unknown[]) => reports.map((error) => (error instanceof Error ? error.message : String(error)));

/** The spec's rule for the last step of a path (sections 4, 5 and 8). */
function checkLastStep(path: Path, result: ReturnType<typeof replay>) {
  const { snapshots, reports, emitted } = result;
  const final = snapshots.at(-1) as Snapshot;
  const before = snapshots.at(-2) as Snapshot;
  const event = path.steps.at(-1)?.event as { type: string; output?: unknown; error?: unknown; provider?: string } | undefined;
  if (!event) return;
  const type = event.type;
  const actorId = type.replace(/^xstate\.(done|error)\.actor\./, '');
  const isLoginAnswer = LOGIN_ACTORS.includes(actorId);
  const social = ['googleLogin', 'appleLogin', 'facebookLogin'].includes(actorId);

  if (type.startsWith('xstate.done.actor.') && isLoginAnswer) {
    const answer = event.output as LoginResult;
    if (answer.result === 'Authenticated') {
      // Authenticated: the dialog closes and the login event carries the token to the session.
      expect(final.value).toEqual({ closed: 'idle' });
      const method = actorId === 'passwordLogin' ? 'password' : actorId.endsWith('Login') && social ? actorId.replace('Login', '') : 'otp';
      expect(emitted.at(-1)).toEqual({ type: 'login.succeeded', token: AUTHENTICATED.token, method });
      expect(final.context.mode).toBe('login');
    } else if (answer.result === 'PasswordRequired') {
      // PasswordRequired: the password is asked for.
      if (actorId === 'verifyOtp') expect(selectIsPasswordStep(final)).toBe(true);
      else expect(final.context.error).toBe(actorId === 'confirmPassword' ? 'invalidCredentials' : 'passwordRequired');
    } else if (social) {
      // RegistrationRequired after a social sign-in: on to the registration page with the token.
      expect(emitted.at(-1)).toEqual({ type: 'registration.required', registrationToken: 'registration-token-1' });
      expect(final.value).toEqual({ closed: 'idle' });
    } else {
      expect(final.value).toEqual({ open: 'otpRegistrationIncomplete' });
      expect(final.context.registrationToken).toBe('registration-token-1');
    }
  }

  if (type.startsWith('xstate.error.actor.') && isLoginAnswer) {
    const error = event.error;
    if (error instanceof LoginValidationError && error.fields.includes('password')) {
      // A list naming password: nothing is done; the form stays as it was (loading over).
      expect(selectIsOpen(final)).toBe(true);
      expect(final.context.mode).toBe(before.context.mode);
      expect(final.context.error).toBe(before.context.error);
      expect(reports).toHaveLength(reportsBefore(path));
    } else if (error instanceof LoginValidationError && error.fields.includes('email')) {
      // A list naming email: the dialog closes and the email-missing state is raised.
      expect(selectNotice(final)).toBe('emailMissing');
    } else if (error instanceof LoginValidationError) {
      // Anything else: the dialog closes, the unknown-error state is set and the error logged.
      expect(selectNotice(final)).toBe('unknownError');
      expect(reports.at(-1)).toBe(error);
    } else if (error instanceof OtpRequiredError && actorId === 'passwordLogin') {
      // Password sign-in is paused for this email: on to the code mode, the email kept, the reason shown.
      expect(final.value).toEqual({ open: { otpLogin: 'idle' } });
      expect(final.context).toMatchObject({ mode: 'otpLogin', error: 'passwordPaused', email: 'guest@example.com', loading: false });
      expect(reports).toHaveLength(reportsBefore(path));
    } else {
      expect(selectIsOpen(final)).toBe(true);
      expect(final.context.error).not.toBeNull();
      if (social) expect(final.context.error).toBe(`${actorId.replace('Login', '')}Failed`);
      else if (error instanceof HttpError && error.status === 429) expect(final.context.error).toBe('tooManyAttempts');
    }
  }

  // Social answers (spec sections 5 and 8).
  if (type === 'xstate.done.actor.googleCredential' && !(event.output as { credential: unknown }).credential) {
    expect(final.context.error).toBe('googleFailed');
    expect(reportedMessages(reports).at(-1)).toBe('Sign in with Google failed');
  }
  if (type === 'google.result' && !(event as { credential?: unknown }).credential) {
    expect(final.context.error).toBe('googleFailed');
    expect(reportedMessages(reports).at(-1)).toBe('Sign in with Google failed');
  }
  if (type === 'xstate.done.actor.appleAuthorization' && !(event.output as { authorization: unknown }).authorization) {
    expect(final.context.error).toBe('appleFailed');
    expect(reportedMessages(reports).at(-1)).toBe('Sign in with Apple failed');
  }
  if (type === 'apple.result' && !(event as { authorization?: unknown }).authorization) {
    expect(final.context.error).toBe('appleFailed');
    expect(reportedMessages(reports).at(-1)).toBe('Sign in with Apple failed');
  }
  if (type === 'xstate.done.actor.facebookStatus' && (event.output as { status: string }).status !== 'connected') {
    expect(final.context.error).toBe('facebookUnauthorized');
    expect(reportedMessages(reports).at(-1)).toBe('Unauthorized user');
  }
  if (type === 'xstate.error.actor.facebookStatus') {
    expect(final.context.error).toBe('facebookUnavailable');
    expect(reportedMessages(reports).at(-1)).toBe('Facebook API is not initialized');
  }
  if (type === GOOGLE_TIMEOUT.type) {
    expect(final.context.error).toBe('googleTimeout');
    expect(reportedMessages(reports).at(-1)).toBe('Google Login Timeout');
    expect(final.context.loading).toBe(false);
  }
  if (type === 'social.start') {
    // The provider is recorded and the loading flag set.
    expect(final.context.provider).toBe(event.provider);
    expect(final.context.loading).toBe(true);
  }
  // Passkeys: signed in with the method named, a dismissed prompt is no error, anything else is a failure.
  if (type === 'xstate.done.actor.passkeyLogin') {
    const answer = event.output as LoginResult | null;
    if (answer?.result === 'Authenticated') {
      expect(final.value).toEqual({ closed: 'idle' });
      expect(emitted.at(-1)).toEqual({ type: 'login.succeeded', token: AUTHENTICATED.token, method: 'passkey' });
    } else {
      expect(final.value).toEqual({ open: { login: 'idle' } });
      expect(final.context.error).toBe(answer === null ? before.context.error : 'passkeyFailed');
    }
  }
  if (type === 'xstate.error.actor.passkeyLogin') {
    expect(final.context.error).toBe('passkeyFailed');
    expect(reports.at(-1)).toBe(event.error);
  }
  if (type === 'login.reset') expect(final.context.mode).toBe('login');
  if (type === 'locale.changed') expect(final.context.locale).toBe('de');
}

/** How many errors were reported before the last step (for "nothing is done"). */
const reportCounts = new Map<Path, number>();
const reportsBefore = (path: Path) => reportCounts.get(path) ?? 0;

describe('login machine, model-based', () => {
  it('keeps the generated paths few', () => {
    console.info(`login model paths: ${shortest.length} shortest + ${cover.length} cover`);
    expect(shortest.length + cover.length).toBeLessThan(1500);
  });

  describe.each([
    ['shortest paths', shortest],
    ['transition cover', cover],
  ] as const)('%s', (_, paths) => {
    it.each(paths.map((path) => [describePath(path, label), path] as const))('%s', (_name, path) => {
      // Reports made before the last step, from the same path without it.
      const prefix = { ...path, steps: path.steps.slice(0, -1) } as Path;
      reportCounts.set(path, path.steps.length > 1 ? replay(prefix).reports.length : 0);
      const result = replay(path);
      for (const snapshot of result.snapshots) {
        // The loading flag is on exactly while an attempt runs: set on entry, cleared afterwards in all cases.
        expect(snapshot.context.loading).toBe(inAttempt(snapshot));
        // Open or closed, never both; a notice only while closed.
        expect(selectIsOpen(snapshot) && selectNotice(snapshot) !== null).toBe(false);
      }
      checkLastStep(path, result);
    });
  });

  it('covers every state and transition of the machine', () => {
    const report = recorder.report('login');
    console.info(formatCoverage(report));
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});

describe('the Google timeout on a simulated clock', () => {
  it('gives up after 60 s, not a moment before, and the loading flag clears', () => {
    const clock = new SimulatedClock();
    const reports: unknown[] = [];
    const actor = createActor(machine, { input: { ...input, report: (error) => reports.push(error) }, clock });
    actor.start();
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'social.start', provider: 'google' });
    expect(actor.getSnapshot().context).toMatchObject({ loading: true, provider: 'google' });
    clock.increment(AUTH_LIMITS.googleTimeoutMs - 1);
    expect(actor.getSnapshot().context.loading).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toEqual({ open: { login: 'idle' } });
    expect(actor.getSnapshot().context).toMatchObject({ loading: false, error: 'googleTimeout', provider: 'google' });
    expect(reportedMessages(reports)).toEqual(['Google Login Timeout']);
    actor.stop();
  });

  it('stops the clock when Google answers in time', async () => {
    const clock = new SimulatedClock();
    const emitted: LoginEmitted[] = [];
    const actor = createActor(
      loginMachine.provide({
        actors: {
          googleCredential: fromPromise(async (): Promise<{ credential: string | null }> => ({ credential: 'google-credential' })),
          socialLogin: fromPromise(async ({ input: payload }) => {
            expect(payload).toEqual({ provider: 'google', token: 'google-credential' });
            return AUTHENTICATED;
          }),
        },
      }),
      { input, clock },
    );
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'social.start', provider: 'google' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(emitted).toEqual([{ type: 'login.succeeded', token: AUTHENTICATED.token, method: 'google' }]);
    clock.increment(AUTH_LIMITS.googleTimeoutMs);
    expect(actor.getSnapshot().value).toEqual({ closed: 'idle' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.stop();
  });
});
