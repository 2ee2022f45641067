import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthChannel } from '../account/auth-channel';
import type { AuthChannel, AuthChannelEvent } from '../account/auth-channel';
import { HttpError } from './client';
import { authenticated, bffRequest } from './request';

const OkSchema = v.object({ ok: v.boolean() });

type Answer = { status: number; body?: unknown };

/** A fetch that answers from a queue (in request order) and records each request's path and token. */
function stubFetch(...answers: Answer[]) {
  const requests: { path: string; authorization: string | null; signal: AbortSignal | null }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ path: String(input), authorization: new Headers(init?.headers).get('authorization'), signal: init?.signal ?? null });
    const answer = answers.shift() ?? { status: 500 };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}

/**
 * A channel whose refresh the test settles. `asked(n)` resolves once calls have asked the channel for a
 * token n times (shared or not); `refreshes()` counts the refresh requests actually made.
 */
function controlledChannel() {
  let refreshes = 0;
  let askedCount = 0;
  const pending: { resolve: (token: string) => void; reject: (error: unknown) => void }[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const shared = createAuthChannel(() => {
    refreshes += 1;
    return new Promise<string>((resolve, reject) => pending.push({ resolve, reject }));
  });
  const channel: AuthChannel = {
    emit: shared.emit,
    subscribe: shared.subscribe,
    refresh: () => {
      askedCount += 1;
      for (const waiter of waiters.filter((candidate) => candidate.count <= askedCount)) waiter.resolve();
      return shared.refresh();
    },
  };
  const events: AuthChannelEvent[] = [];
  channel.subscribe((event) => events.push(event));
  return {
    channel,
    events,
    refreshes: () => refreshes,
    asked: (count: number) => new Promise<void>((resolve) => (askedCount >= count ? resolve() : waiters.push({ count, resolve }))),
    settle: (token: string) => pending.shift()?.resolve(token),
    fail: () => pending.shift()?.reject(new HttpError(401)),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('bffRequest, the one client', () => {
  it('sends the member token and reads the answer through the schema', async () => {
    const { requests } = stubFetch({ status: 200, body: { ok: true } });
    const { channel } = controlledChannel();
    await expect(bffRequest('/members/profile', OkSchema, { token: 'old', channel })).resolves.toEqual({ ok: true });
    expect(requests).toMatchObject([{ path: '/bff/members/profile', authorization: 'Bearer old' }]);
  });

  it('refreshes once on a 401 and repeats once with the new token', async () => {
    const { requests } = stubFetch({ status: 401 }, { status: 200, body: { ok: true } });
    const auth = controlledChannel();
    const call = bffRequest('/members/profile', OkSchema, { token: 'old', channel: auth.channel });
    await auth.asked(1);
    auth.settle('fresh');
    await expect(call).resolves.toEqual({ ok: true });
    expect(requests.map((request) => request.authorization)).toEqual(['Bearer old', 'Bearer fresh']);
    expect(auth.refreshes()).toBe(1);
    expect(auth.events).toEqual([{ type: 'token.refreshed', token: 'fresh' }]);
  });

  it('shares one refresh between concurrent calls answered 401', async () => {
    const { requests } = stubFetch({ status: 401 }, { status: 401 }, { status: 200, body: { ok: true } }, { status: 200, body: { ok: false } });
    const auth = controlledChannel();
    const access = { token: 'old', channel: auth.channel };
    const calls = Promise.all([bffRequest('/a', OkSchema, access), bffRequest('/b', OkSchema, access)]);
    await auth.asked(2);
    auth.settle('fresh');
    await expect(calls).resolves.toEqual([{ ok: true }, { ok: false }]);
    expect(auth.refreshes()).toBe(1);
    expect(requests.map((request) => request.authorization)).toEqual(['Bearer old', 'Bearer old', 'Bearer fresh', 'Bearer fresh']);
  });

  it('reports unauthorized when the repeat is answered 401 too, and repeats no more', async () => {
    const { fetchMock } = stubFetch({ status: 401 }, { status: 401 }, { status: 200, body: { ok: true } });
    const auth = controlledChannel();
    const call = bffRequest('/members/profile', OkSchema, { token: 'old', channel: auth.channel }).catch((error: unknown) => error);
    await auth.asked(1);
    auth.settle('fresh');
    expect(await call).toEqual(new HttpError(401));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(auth.events).toEqual([{ type: 'token.refreshed', token: 'fresh' }, { type: 'unauthorized' }]);
  });

  it('reports unauthorized without repeating when the refresh fails', async () => {
    const { fetchMock } = stubFetch({ status: 401 });
    const auth = controlledChannel();
    const call = bffRequest('/members/profile', OkSchema, { token: 'old', channel: auth.channel }).catch((error: unknown) => error);
    await auth.asked(1);
    auth.fail();
    expect(await call).toEqual(new HttpError(401));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(auth.events).toEqual([{ type: 'unauthorized' }]);
  });

  it('never refreshes a call without a token (a guest, or a plain token outside the session)', async () => {
    const { fetchMock, requests } = stubFetch({ status: 401 }, { status: 401 }, { status: 401 });
    const auth = controlledChannel();
    await expect(bffRequest('/ecommerce/cart/1', OkSchema, null)).rejects.toEqual(new HttpError(401));
    await expect(bffRequest('/ecommerce/cart/1', OkSchema, { token: null, channel: auth.channel })).rejects.toEqual(new HttpError(401));
    await expect(bffRequest('/auth/logout', OkSchema, null, { token: 'plain' })).rejects.toEqual(new HttpError(401));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(requests.map((request) => request.authorization)).toEqual([null, null, 'Bearer plain']);
    expect(auth.refreshes()).toBe(0);
    expect(auth.events).toEqual([]);
  });

  it('honours the abort signal: on both requests, and no repeat once the caller gave up', async () => {
    const { fetchMock, requests } = stubFetch({ status: 401 }, { status: 200, body: { ok: true } });
    const auth = controlledChannel();
    const controller = new AbortController();
    const call = bffRequest('/members/profile', OkSchema, { token: 'old', channel: auth.channel }, { signal: controller.signal }).catch((error: unknown) => error);
    await auth.asked(1);
    expect(requests[0]?.signal).toBe(controller.signal);
    controller.abort();
    auth.settle('fresh');
    expect(await call).toMatchObject({ name: 'AbortError' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The refreshed token still reaches the session: the refresh itself succeeded.
    expect(auth.events).toEqual([{ type: 'token.refreshed', token: 'fresh' }]);

    const repeated = stubFetch({ status: 401 }, { status: 200, body: { ok: true } });
    const kept = new AbortController();
    const second = bffRequest('/members/profile', OkSchema, { token: 'old', channel: auth.channel }, { signal: kept.signal });
    await auth.asked(2);
    auth.settle('fresh');
    await expect(second).resolves.toEqual({ ok: true });
    expect(repeated.requests.map((request) => request.signal)).toEqual([kept.signal, kept.signal]);
  });

  it('reads a failed answer with the caller\'s reader, else as an HttpError with the status', async () => {
    stubFetch({ status: 409, body: { error: { code: 'x' } } }, { status: 503 });
    class Refused extends Error {}
    await expect(bffRequest('/a', OkSchema, null, { readFailure: async () => new Refused('refused') })).rejects.toBeInstanceOf(Refused);
    await expect(bffRequest('/a', OkSchema, null)).rejects.toEqual(new HttpError(503));
  });

  it('reads an empty answer as null', async () => {
    stubFetch({ status: 204 });
    await expect(bffRequest('/a', v.null(), null)).resolves.toBeNull();
  });
});

describe('authenticated', () => {
  it('fails with a 401 without a request and without telling the session when no member is signed in', async () => {
    const { fetchMock } = stubFetch({ status: 200, body: { ok: true } });
    const auth = controlledChannel();
    await expect(authenticated('/members/profile', OkSchema, { token: null, channel: auth.channel })).rejects.toEqual(new HttpError(401));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(auth.events).toEqual([]);
  });
});
