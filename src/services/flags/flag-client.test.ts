import { clearCache, setPolyfills } from '@growthbook/growthbook';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FLAGS, FEATURE_PATHS, LAYOUT_EXPERIMENT, LAYOUT_VARIANTS } from '../../contract/features';
import { type ConsentGate, createFlagClient, FEATURE_CACHE_SETTINGS, type FlagClient, featureClientError } from './flag-client';
import { DEFAULT_SNAPSHOT } from './flags';

const HOST = 'https://www.example.com';
const KEY = 'sdk-test';

/** A stand-in for the browser's EventSource: the test sends the events a server would. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onerror: (() => void) | null = null;
  onopen: (() => void) | null = null;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = 2;
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

function payload(features: Record<string, unknown>, dateUpdated = '2026-03-01T10:00:00.000Z') {
  return { features, dateUpdated };
}

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'x-sse-support': 'enabled' } });

/** A consent the test grants and withdraws. */
function fakeConsent(initially: boolean): ConsentGate & { set(granted: boolean): void } {
  let granted = initially;
  const listeners = new Set<() => void>();
  return {
    granted: () => granted,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      granted = next;
      for (const listener of listeners) listener();
    },
  };
}

/** Resolves at the client's next new snapshot. */
const nextChange = (client: FlagClient) =>
  new Promise<void>((resolve) => {
    const stop = client.subscribe(() => {
      stop();
      resolve();
    });
  });

let fetchMock: ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;
const clients: FlagClient[] = [];

function client(options: Partial<Parameters<typeof createFlagClient>[0]> = {}) {
  const made = createFlagClient({ apiHost: HOST, clientKey: KEY, report: vi.fn(), consent: fakeConsent(false), ...options });
  clients.push(made);
  return made;
}

beforeEach(async () => {
  localStorage.clear();
  await clearCache();
  FakeEventSource.opened = [];
  // The SDK warns on the console when a failed first load leaves it without a stream: expected here.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  fetchMock = vi.fn();
  setPolyfills({ fetch: fetchMock as unknown as typeof fetch, EventSource: FakeEventSource as unknown as typeof EventSource, localStorage });
});

afterEach(async () => {
  for (const made of clients.splice(0)) made.destroy();
  vi.useRealTimers();
  vi.restoreAllMocks();
  await clearCache();
});

describe('the flag client', () => {
  it('answers the defaults before the flags have loaded', () => {
    expect(client().getSnapshot()).toBe(DEFAULT_SNAPSHOT);
    expect(DEFAULT_SNAPSHOT.flags.paypal).toBe(DEFAULT_FLAGS.paypal);
    expect(DEFAULT_SNAPSHOT.ready).toBe(false);
  });

  it('loads the flags from the flag routes and is ready then', async () => {
    fetchMock.mockResolvedValue(answer(payload({ paypal: { defaultValue: false }, 'brand-page-search-bar-v2': { defaultValue: true } })));
    const flags = client();
    await flags.start();
    expect(fetchMock).toHaveBeenCalledWith(`${HOST}${FEATURE_PATHS.features(KEY)}`, expect.anything());
    const snapshot = flags.getSnapshot();
    expect(snapshot.ready).toBe(true);
    expect(snapshot.flags.paypal).toBe(false);
    expect(snapshot.flags['brand-page-search-bar-v2']).toBe(true);
    // A flag the payload does not have keeps the site's default.
    expect(snapshot.flags['Google Sign-In']).toBe(true);
  });

  it('applies a payload the stream brings, without reloading the page', async () => {
    fetchMock.mockResolvedValue(answer(payload({ paypal: { defaultValue: true } })));
    const flags = client();
    await flags.start();
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual([`${HOST}${FEATURE_PATHS.sub(KEY)}`]);

    const changed = nextChange(flags);
    FakeEventSource.opened[0]?.emit('features', payload({ paypal: { defaultValue: false } }, '2026-03-01T10:05:00.000Z'));
    await changed;
    expect(flags.getSnapshot().flags.paypal).toBe(false);
  });

  it('keeps the flags in the feature cache of section 9 and starts from it on the next page', async () => {
    fetchMock.mockResolvedValue(answer(payload({ paypal: { defaultValue: false } })));
    await client().start();
    const cached = JSON.parse(localStorage.getItem(FEATURE_CACHE_SETTINGS.cacheKey) ?? '[]') as [string, { staleAt: string }][];
    expect(cached).toHaveLength(1);
    expect(cached[0]?.[0]).toBe(`${HOST}||${KEY}`);
    expect(FEATURE_CACHE_SETTINGS).toEqual({ cacheKey: 'gbFeaturesCache', staleTTL: 60_000, maxAge: 14_400_000, maxEntries: 10, idleStreamInterval: 20_000 });

    const second = client();
    await second.start();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(second.getSnapshot().flags.paypal).toBe(false);
  });
});

describe('A/B testing', () => {
  // Everybody with an id lands in B_HIDDEN while experiments run, so the assertions need no hashing.
  const experiment = payload({
    [LAYOUT_EXPERIMENT]: {
      defaultValue: LAYOUT_VARIANTS.A_CONTROL,
      rules: [{ key: LAYOUT_EXPERIMENT, variations: [0, 1, 2, 3], weights: [0, 1, 0, 0], hashAttribute: 'id' }],
    },
  });

  it('answers the control and tracks nothing without consent', async () => {
    fetchMock.mockResolvedValue(answer(experiment));
    const viewed = vi.fn();
    const flags = client({ attributes: { id: 'visitor-1' }, onExperimentViewed: viewed });
    await flags.start();
    expect(flags.getSnapshot().layout).toBe(LAYOUT_VARIANTS.A_CONTROL);
    expect(viewed).not.toHaveBeenCalled();
  });

  it('runs the experiment once consent is given, and stops when it is withdrawn', async () => {
    fetchMock.mockResolvedValue(answer(experiment));
    const consent = fakeConsent(false);
    const viewed = vi.fn();
    const flags = client({ attributes: { id: 'visitor-1' }, onExperimentViewed: viewed, consent });
    await flags.start();

    let changed = nextChange(flags);
    consent.set(true);
    await changed;
    expect(flags.getSnapshot().layout).toBe(LAYOUT_VARIANTS.B_HIDDEN);
    expect(viewed).toHaveBeenCalledWith(LAYOUT_EXPERIMENT, '1');
    // Evaluated from the cache: the consent change asked the server nothing.
    expect(fetchMock).toHaveBeenCalledTimes(1);

    viewed.mockClear();
    changed = nextChange(flags);
    consent.set(false);
    await changed;
    expect(flags.getSnapshot().layout).toBe(LAYOUT_VARIANTS.A_CONTROL);
    expect(viewed).not.toHaveBeenCalled();
  });
});

describe('the visitor id of the layout experiment', () => {
  const experiment = payload({
    [LAYOUT_EXPERIMENT]: {
      defaultValue: LAYOUT_VARIANTS.A_CONTROL,
      rules: [{ key: LAYOUT_EXPERIMENT, variations: [0, 1, 2, 3], weights: [0, 0, 1, 0], hashAttribute: 'id' }],
    },
  });

  it('keeps a consenting visitor without an id in the control, and buckets them once the id is set', async () => {
    fetchMock.mockResolvedValue(answer(experiment));
    const viewed = vi.fn();
    const flags = client({ onExperimentViewed: viewed, consent: fakeConsent(true) });
    await flags.start();
    expect(flags.getSnapshot().layout).toBe(LAYOUT_VARIANTS.A_CONTROL);
    expect(viewed).not.toHaveBeenCalled();

    await flags.setAttributes({ id: 'visitor-1' });
    expect(flags.getSnapshot().layout).toBe(LAYOUT_VARIANTS.C_SHORTEN);
    expect(viewed).toHaveBeenCalledWith(LAYOUT_EXPERIMENT, '2');

    await flags.setAttributes({});
    expect(flags.getSnapshot().layout).toBe(LAYOUT_VARIANTS.A_CONTROL);
  });

  it('keeps the id across a consent change', async () => {
    fetchMock.mockResolvedValue(answer(experiment));
    const consent = fakeConsent(false);
    const flags = client({ consent });
    await flags.start();
    await flags.setAttributes({ id: 'visitor-1' });
    expect(flags.getSnapshot().layout).toBe(LAYOUT_VARIANTS.A_CONTROL);

    const changed = nextChange(flags);
    consent.set(true);
    await changed;
    expect(flags.getSnapshot().layout).toBe(LAYOUT_VARIANTS.C_SHORTEN);
  });
});

describe('feature-client errors (spec section 8)', () => {
  it("reports a failed answer as 'HTTP error: {status}' and stays on the defaults", async () => {
    fetchMock.mockResolvedValue(answer({ error: { code: 'internal' } }, 500));
    const report = vi.fn();
    const flags = client({ report });
    await flags.start();
    expect(report).toHaveBeenCalledWith(new Error('HTTP error: 500'));
    expect(flags.getSnapshot()).toEqual(DEFAULT_SNAPSHOT);
  });

  it("reports 'Missing clientKey' without asking anything", async () => {
    const report = vi.fn();
    await client({ clientKey: '', report }).start();
    expect(report).toHaveBeenCalledWith(new Error('Missing clientKey'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reports 'Timeout' when the first load is slow, and applies the flags when they come", async () => {
    vi.useFakeTimers();
    let respond: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise((resolve) => (respond = resolve)));
    const report = vi.fn();
    const flags = client({ report, timeoutMs: 1000 });
    const started = flags.start();
    await vi.advanceTimersByTimeAsync(1000);
    await started;
    expect(report).toHaveBeenCalledWith(new Error('Timeout'));
    expect(flags.getSnapshot().ready).toBe(false);

    const changed = nextChange(flags);
    respond(answer(payload({ paypal: { defaultValue: false } })));
    await changed;
    expect(flags.getSnapshot()).toMatchObject({ ready: true, flags: { paypal: false } });
  });

  it('words the streaming error as the spec does, whatever the SDK version adds', () => {
    expect(featureClientError(new Error('Must specify clientKey to enable streaming or polling')).message).toBe('Must specify clientKey to enable streaming');
    expect(featureClientError('Timeout')).toEqual(new Error('Timeout'));
  });
});
