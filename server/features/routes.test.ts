import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_FLAGS, FEATURE_FLAGS, LAYOUT_EXPERIMENT, LAYOUT_VARIANTS } from '../../src/contract/features';
import type { Logger, LogLevel } from '../logger';
import { featureRoutes } from './routes';
import { createFeatureStore, type FeatureStore, FeaturesFileError } from './store';

const SHIPPED_FILE = new URL('./flags.json', import.meta.url);
const KEY = 'sdk-test';

interface Logged {
  level: LogLevel;
  message: string;
}

function memoryLogger(lines: Logged[] = []): Logger {
  return { log: (level, message) => void lines.push({ level, message }) };
}

let dir: string;
let file: string;
let tick: () => void;
let store: FeatureStore;
let logged: Logged[];
let clock: Date;

function writeFlags(features: Record<string, unknown>) {
  writeFileSync(file, JSON.stringify({ features }));
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'features-'));
  file = join(dir, 'flags.json');
  writeFileSync(file, readFileSync(SHIPPED_FILE));
  logged = [];
  clock = new Date('2026-03-01T10:00:00.000Z');
  store = createFeatureStore({
    file,
    logger: memoryLogger(logged),
    now: () => clock,
    // The test decides when the watcher notices a change: no waiting on the file system.
    watch: (_file, onChange) => {
      tick = onChange;
      return () => undefined;
    },
  });
});

afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const app = () => featureRoutes({ store, clientKeys: [KEY], logger: memoryLogger() });

interface Payload {
  features: Record<string, { defaultValue: unknown; rules?: { force?: unknown; tracks?: unknown[] }[] }>;
  dateUpdated: string;
}

describe('the shipped flags file', () => {
  it('holds every flag of the specification with the defaults the site renders with', async () => {
    const response = await app().request(`/api/features/${KEY}`);
    const body = (await response.json()) as Payload;
    for (const flag of FEATURE_FLAGS) expect(body.features[flag], flag).toEqual({ defaultValue: DEFAULT_FLAGS[flag] === true });
  });

  it('holds the layout experiment with its four variants, A_CONTROL by default', async () => {
    const body = (await (await app().request(`/api/features/${KEY}`)).json()) as Payload;
    const layout = body.features[LAYOUT_EXPERIMENT];
    expect(layout?.defaultValue).toBe(LAYOUT_VARIANTS.A_CONTROL);
    expect(layout?.rules).toEqual([
      expect.objectContaining({
        key: LAYOUT_EXPERIMENT,
        variations: [0, 1, 2, 3],
        meta: ['A_CONTROL', 'B_HIDDEN', 'C_SHORTEN', 'D_SCROLL'].map((key) => ({ key, name: key })),
      }),
    ]);
  });
});

describe('GET /api/features/{clientKey}', () => {
  it('answers the GrowthBook payload with the stream announced and revalidation asked for', async () => {
    const response = await app().request(`/api/features/${KEY}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-sse-support')).toBe('enabled');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const body = (await response.json()) as Payload;
    expect(body.dateUpdated).toBe('2026-03-01T10:00:00.000Z');
    expect(Object.keys(body.features)).toHaveLength(FEATURE_FLAGS.length + 1);
  });

  it('answers 304 to a request that already has this payload', async () => {
    const first = await app().request(`/api/features/${KEY}`);
    const again = await app().request(`/api/features/${KEY}`, { headers: { 'If-None-Match': first.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
  });

  it('answers 404 in JSON for an unknown client key, on every route', async () => {
    for (const [path, init] of [
      ['/api/features/other', undefined],
      ['/api/eval/other', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } }],
      ['/sub/other', undefined],
    ] as const) {
      const response = await app().request(path, init);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Unknown client key' } });
    }
  });
});

describe('POST /api/eval/{clientKey}', () => {
  const evaluate = (body: unknown) =>
    app().request(`/api/eval/${KEY}`, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

  it('evaluates conditions against the attributes sent', async () => {
    writeFlags({ paypal: { defaultValue: false, rules: [{ condition: { country: 'NL' }, force: true }] } });
    tick();
    await store.reload();
    const dutch = (await (await evaluate({ attributes: { country: 'NL' } })).json()) as Payload;
    const german = (await (await evaluate({ attributes: { country: 'DE' } })).json()) as Payload;
    expect(dutch.features.paypal).toEqual({ defaultValue: true });
    expect(german.features.paypal).toEqual({ defaultValue: false });
  });

  it('applies forced variations and forced features, and reports the experiment for tracking', async () => {
    const response = await evaluate({ attributes: { id: 'visitor-1' }, forcedVariations: { [LAYOUT_EXPERIMENT]: 2 }, forcedFeatures: [['paypal', false]] });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Payload;
    expect(body.features.paypal).toEqual({ defaultValue: false });
    expect(body.features[LAYOUT_EXPERIMENT]?.defaultValue).toBe(LAYOUT_VARIANTS.C_SHORTEN);
  });

  it('puts a visitor in a variant by their id and hands the SDK the exposure to track', async () => {
    const body = (await (await evaluate({ attributes: { id: 'visitor-1' } })).json()) as Payload;
    const layout = body.features[LAYOUT_EXPERIMENT];
    expect([0, 1, 2, 3]).toContain(layout?.defaultValue);
    expect(layout?.rules?.[0]?.force).toBe(layout?.defaultValue);
    expect(layout?.rules?.[0]?.tracks).toHaveLength(1);
    // Without an id nobody is bucketed: the control, nothing to track.
    const anonymous = (await (await evaluate({})).json()) as Payload;
    expect(anonymous.features[LAYOUT_EXPERIMENT]).toEqual({ defaultValue: LAYOUT_VARIANTS.A_CONTROL });
  });

  it.each([
    ['an unknown field', { attributes: {}, extra: 1 }, 'extra'],
    ['attributes that are not an object', { attributes: 'x' }, 'attributes'],
    ['a negative forced variation', { forcedVariations: { [LAYOUT_EXPERIMENT]: -1 } }, `forcedVariations.${LAYOUT_EXPERIMENT}`],
    ['forced features that are not pairs', { forcedFeatures: [['paypal']] }, 'forcedFeatures.0'],
  ])('refuses %s with 400 and the issue', async (_name, body, path) => {
    const response = await evaluate(body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { error: { code: string; issues: { path: string }[] } };
    expect(answer.error.code).toBe('bad_request');
    expect(answer.error.issues.map((issue) => issue.path)).toContain(path);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const response = await app().request(`/api/eval/${KEY}`, { method: 'POST', body: '{', headers: { 'Content-Type': 'application/json' } });
    expect(response.status).toBe(400);
  });
});

/** Reads server-sent events from a response body, one complete event at a time. */
function eventReader(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(): Promise<{ event?: string; data: string }> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) continue;
          const lines = block.split('\n');
          return {
            event: lines.find((line) => line.startsWith('event: '))?.slice(7),
            data: lines.filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n'),
          };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe('GET /sub/{clientKey}', () => {
  it('streams the current payload, then every change of the flags file', async () => {
    const response = await app().request(`/sub/${KEY}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = eventReader(response);

    const first = await events.next();
    expect(first.event).toBe('features');
    expect((JSON.parse(first.data) as Payload).features.paypal).toEqual({ defaultValue: true });

    clock = new Date('2026-03-01T10:05:00.000Z');
    writeFlags({ paypal: { defaultValue: false } });
    tick();
    const changed = await events.next();
    expect(changed.event).toBe('features');
    expect(JSON.parse(changed.data)).toEqual({ features: { paypal: { defaultValue: false } }, dateUpdated: '2026-03-01T10:05:00.000Z' });
    await events.cancel();
  });

  it('stops listening for changes once the page closes the stream', async () => {
    const events = eventReader(await app().request(`/sub/${KEY}`));
    await events.next();
    expect(store.subscribers()).toBe(1);
    await events.cancel();
    await store.reload();
    expect(store.subscribers()).toBe(0);
  });
});

describe('the flags file', () => {
  it('keeps the last good flags when an edit makes it invalid, and says so in the log', async () => {
    writeFileSync(file, '{"features": {"paypal": {"rules": []}}');
    tick();
    await store.reload();
    expect(store.current().features.paypal).toEqual({ defaultValue: true });
    expect(logged.map((line) => line.message)).toContain('features file is invalid; the previous flags stay served');
  });

  it('does not announce a file written again with the same content', async () => {
    let announced = 0;
    store.subscribe(() => announced++);
    writeFileSync(file, readFileSync(SHIPPED_FILE));
    tick();
    await store.reload();
    expect(announced).toBe(0);
  });

  it.each([
    ['text that is not JSON', 'nope', 'not JSON'],
    ['a feature without a default value', JSON.stringify({ features: { paypal: { rules: [] } } }), 'features.paypal.defaultValue'],
    [
      'an experiment whose weights do not add up to 1',
      JSON.stringify({ features: { x: { defaultValue: 0, rules: [{ key: 'x', variations: [0, 1], weights: [0.5, 0.6] }] } } }),
      'weights must add up to 1',
    ],
    [
      'a coverage above 1',
      JSON.stringify({ features: { x: { defaultValue: 0, rules: [{ key: 'x', variations: [0, 1], coverage: 2 }] } } }),
      'must be at most 1',
    ],
  ])('refuses to start with %s, naming the problem', (_name, text, problem) => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, text);
    const start = () => createFeatureStore({ file: bad, logger: memoryLogger(), watch: () => () => undefined });
    expect(start).toThrow(FeaturesFileError);
    expect(start).toThrow(problem);
  });

  it('refuses to start without the file', () => {
    expect(() => createFeatureStore({ file: join(dir, 'missing.json'), logger: memoryLogger(), watch: () => () => undefined })).toThrow(/cannot be read/);
  });
});
