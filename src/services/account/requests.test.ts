import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validToken } from '../../../test/auth/tokens';
import { HttpError } from '../bff/client';
import { loginWithPassword } from './api';
import { createAuthChannel } from './auth-channel';
import type { AuthChannelEvent } from './auth-channel';
import { classifyLoginFailure, InvalidInputError, LoginValidationError, OtpRequiredError } from './errors';
import { authenticatedRetry, memberKeys, memberProfileQuery } from './queries';
import { callAuthorized } from './requests';
import { AnyAnswerSchema } from './requests';
import { refreshAcrossTabs } from './tabs';

const NOW = Date.now();
const TOKEN = validToken(NOW, { sub: 'guid-1' });
const FRESH = validToken(NOW, { sub: 'guid-1', minutes: 30 });

type Answer = { status: number; body?: unknown };
/** A fetch that answers in turn and records the authorization header of each request. */
function fetchSequence(...answers: Answer[]) {
  const seen: (string | null)[] = [];
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    seen.push(new Headers(init?.headers).get('authorization'));
    const answer = answers.shift() ?? { status: 500 };
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, seen };
}

function channelWith(refresh: () => Promise<string>) {
  const channel = createAuthChannel(refresh);
  const events: AuthChannelEvent[] = [];
  channel.subscribe((event) => events.push(event));
  return { channel, events };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sign-in answers', () => {
  it('turns a 422 into a LoginValidationError with the field list', async () => {
    fetchSequence({ status: 422, body: { message: ['email'] } });
    const failure = loginWithPassword({ email: 'a@b.c', password: 'x' });
    await expect(failure).rejects.toBeInstanceOf(LoginValidationError);
    await expect(failure).rejects.toMatchObject({ fields: ['email'], status: 422, message: 'Request failed with status code 422' });
  });

  it('classifies failures by the rules of spec section 8', () => {
    expect(classifyLoginFailure(new LoginValidationError(['email', 'password']))).toBe('validation.password');
    expect(classifyLoginFailure(new LoginValidationError(['email']))).toBe('validation.email');
    expect(classifyLoginFailure(new LoginValidationError(['locale']))).toBe('validation.other');
    expect(classifyLoginFailure(new HttpError(401))).toBe('unauthorized');
    expect(classifyLoginFailure(new HttpError(429))).toBe('rateLimited');
    expect(classifyLoginFailure(new Error('offline'))).toBe('failed');
  });

  it('keeps a 422 without the field list an ordinary HTTP error, and reads a 400 with issues', async () => {
    fetchSequence({ status: 422, body: { error: 'nope' } }, { status: 400, body: { error: { code: 'bad_request', message: 'x', issues: [{ path: 'email', message: 'bad' }] } } });
    await expect(loginWithPassword({ email: 'a@b.c', password: 'x' })).rejects.not.toBeInstanceOf(LoginValidationError);
    await expect(loginWithPassword({ email: 'a@b.c', password: 'x' })).rejects.toMatchObject({ fields: ['email'] });
    await expect(loginWithPassword({ email: 'a@b.c', password: 'x' }).catch((error: unknown) => error)).resolves.toBeInstanceOf(HttpError);
  });

  it('reads a 429 otp_required as OtpRequiredError (sign in with a code), and any other 429 as rate limited', async () => {
    fetchSequence({ status: 429, body: { error: { code: 'otp_required', message: 'Too many password attempts' } } }, { status: 429, body: { error: { code: 'bad_request', message: 'Too many attempts' } } });
    const paused = await loginWithPassword({ email: 'a@b.c', password: 'x' }).catch((error: unknown) => error);
    expect(paused).toBeInstanceOf(OtpRequiredError);
    expect(classifyLoginFailure(paused)).toBe('otpRequired');
    const limited = await loginWithPassword({ email: 'a@b.c', password: 'x' }).catch((error: unknown) => error);
    expect(limited).not.toBeInstanceOf(OtpRequiredError);
    expect(classifyLoginFailure(limited)).toBe('rateLimited');
  });

  it('parses the three login results', async () => {
    fetchSequence({ status: 200, body: { data: { result: 'RegistrationRequired', registration_token: 'r' } } });
    await expect(loginWithPassword({ email: 'a@b.c', password: 'x' })).resolves.toEqual({ result: 'RegistrationRequired', registration_token: 'r' });
    expect(InvalidInputError).toBeDefined();
  });
});

describe('authenticated calls', () => {
  it('send the bearer token', async () => {
    const { seen } = fetchSequence({ status: 200, body: { ok: true } });
    await callAuthorized('/members/profile', AnyAnswerSchema, { token: TOKEN, channel: channelWith(async () => FRESH).channel });
    expect(seen).toEqual([`Bearer ${TOKEN}`]);
  });

  it('refresh once on a 401, tell the session, and repeat with the new token', async () => {
    const { seen } = fetchSequence({ status: 401 }, { status: 200, body: { ok: true } });
    const { channel, events } = channelWith(async () => FRESH);
    await expect(callAuthorized('/members/profile', AnyAnswerSchema, { token: TOKEN, channel })).resolves.toEqual({ ok: true });
    expect(seen).toEqual([`Bearer ${TOKEN}`, `Bearer ${FRESH}`]);
    expect(events).toEqual([{ type: 'token.refreshed', token: FRESH }]);
  });

  it('log out on a 401 when the refresh fails', async () => {
    fetchSequence({ status: 401 });
    const { channel, events } = channelWith(async () => {
      throw new HttpError(401);
    });
    await expect(callAuthorized('/members/profile', AnyAnswerSchema, { token: TOKEN, channel })).rejects.toMatchObject({ status: 401 });
    expect(events).toEqual([{ type: 'unauthorized' }]);
  });

  it('log out when the repeat is answered 401 too', async () => {
    fetchSequence({ status: 401 }, { status: 401 });
    const { channel, events } = channelWith(async () => FRESH);
    await expect(callAuthorized('/members/profile', AnyAnswerSchema, { token: TOKEN, channel })).rejects.toMatchObject({ status: 401 });
    expect(events).toEqual([{ type: 'token.refreshed', token: FRESH }, { type: 'unauthorized' }]);
  });

  it('do not log out on other failures', async () => {
    fetchSequence({ status: 500 });
    const { channel, events } = channelWith(async () => FRESH);
    await expect(callAuthorized('/members/profile', AnyAnswerSchema, { token: TOKEN, channel })).rejects.toMatchObject({ status: 500 });
    expect(events).toEqual([]);
  });

  it('share one refresh between concurrent callers', async () => {
    let refreshes = 0;
    let release: (token: string) => void = () => undefined;
    const channel = createAuthChannel(() => {
      refreshes += 1;
      return new Promise((resolve) => (release = resolve));
    });
    const first = channel.refresh();
    const second = channel.refresh();
    release(FRESH);
    await expect(Promise.all([first, second])).resolves.toEqual([FRESH, FRESH]);
    expect(refreshes).toBe(1);
    void channel.refresh();
    expect(refreshes).toBe(2);
  });
});

describe('authenticated queries (spec section 4)', () => {
  it('retry at most 3 times and never on 401', () => {
    expect([0, 1, 2, 3].map((count) => authenticatedRetry(count, new HttpError(500)))).toEqual([true, true, true, false]);
    expect(authenticatedRetry(0, new HttpError(401))).toBe(false);
  });

  it('run only while signed in, keyed by the member', () => {
    const { channel } = channelWith(async () => FRESH);
    expect(memberProfileQuery({ token: null, channel }).enabled).toBe(false);
    const signedIn = memberProfileQuery({ token: TOKEN, channel });
    expect(signedIn.enabled).toBe(true);
    expect(signedIn.queryKey).toEqual(memberKeys.profile('guid-1'));
  });

  it('make 4 requests at most on failures, and 1 on a 401 (after the refresh attempt) which logs out', async () => {
    const { fetchMock } = fetchSequence({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    const client = new QueryClient();
    const { channel, events } = channelWith(async () => {
      throw new HttpError(401);
    });
    await expect(client.fetchQuery({ ...memberProfileQuery({ token: TOKEN, channel }), retryDelay: 0 })).rejects.toMatchObject({ status: 500 });
    expect(fetchMock).toHaveBeenCalledTimes(4);

    const unauthorized = fetchSequence({ status: 401 }, { status: 401 });
    await expect(client.fetchQuery({ ...memberProfileQuery({ token: TOKEN, channel }), queryKey: memberKeys.profile('other'), retryDelay: 0 })).rejects.toMatchObject({ status: 401 });
    expect(unauthorized.fetchMock).toHaveBeenCalledTimes(1);
    expect(events).toEqual([{ type: 'unauthorized' }]);
  });
});

describe('refreshing across tabs', () => {
  /** A Web Locks stand-in: one holder at a time, in request order. */
  function serialLocks() {
    let tail: Promise<unknown> = Promise.resolve();
    return {
      request: (_name: string, task: () => Promise<unknown>) => {
        const run = tail.then(task);
        tail = run.catch(() => undefined);
        return run;
      },
    };
  }

  it('takes turns, and a tab that waited uses the token the other tab stored', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: serialLocks() });
    localStorage.setItem('token', TOKEN);
    let refreshes = 0;
    const refresh = refreshAcrossTabs(async () => {
      refreshes += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      localStorage.setItem('token', FRESH);
      return FRESH;
    });
    // Two tabs at once: each has its own refresh, sharing storage and the lock.
    const [first, second] = await Promise.all([refresh(), refresh()]);
    expect([first, second]).toEqual([FRESH, FRESH]);
    expect(refreshes).toBe(1);
    localStorage.clear();
  });

  it('refreshes at once without the Web Locks API', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined });
    const refresh = refreshAcrossTabs(async () => FRESH);
    await expect(refresh()).resolves.toBe(FRESH);
  });
});
