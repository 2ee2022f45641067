import { configureCache, GrowthBook } from '@growthbook/growthbook';
import { hasConsent, onConsentChange } from '../consent/consent';
import { reportError } from '../errors/report';
import {
  DEFAULT_FLAGS,
  DEFAULT_SNAPSHOT,
  FEATURE_FLAGS,
  type FeatureFlag,
  type FlagSnapshot,
  type FlagSource,
  LAYOUT_EXPERIMENT,
  LAYOUT_VARIANTS,
  type LayoutVariant,
} from './flags';

/**
 * The GrowthBook client of the browser (architecture, "Feature flags"). It loads the flags from the
 * feature cache or the site's flag routes, keeps the stream open so a flag changed on the server
 * changes the page, and turns what it knows into snapshots the views read (flags-context.tsx).
 *
 * A/B testing needs consent (spec section 6): without `abTesting` the SDK runs disabled, so every
 * experiment answers its control and nothing is tracked; a change of consent evaluates everything again.
 */

/** Spec section 9: the feature cache and the stream's idle interval (retry back-off is the SDK's, capped at 300 s). */
export const FEATURE_CACHE_SETTINGS = {
  cacheKey: 'gbFeaturesCache',
  staleTTL: 60 * 1000,
  maxAge: 4 * 60 * 60 * 1000,
  maxEntries: 10,
  idleStreamInterval: 20 * 1000,
} as const;

/** How long the first load may take before it counts as failed ('Timeout'); a late answer still applies. */
export const FEATURES_LOAD_TIMEOUT_MS = 5000;

export interface ConsentGate {
  granted(): boolean;
  onChange(listener: () => void): () => void;
}

/** The consent service's `abTesting` category. */
export const abTestingConsent: ConsentGate = {
  granted: () => hasConsent('abTesting'),
  onChange: (listener) => onConsentChange(() => listener()),
};

export interface FlagClientOptions {
  /** Where the flag routes are: the site's origin, or a GrowthBook server. */
  apiHost: string;
  clientKey: string;
  /** Targeting attributes, e.g. `{ id }` that puts a visitor in an experiment's variant. */
  attributes?: Record<string, unknown>;
  consent?: ConsentGate;
  /** Called once per experiment a visitor is put in, only with consent (for analytics). */
  onExperimentViewed?: (experimentKey: string, variationKey: string) => void;
  /** Where feature-client errors go; default the shared error handler. */
  report?: (error: Error) => void;
  timeoutMs?: number;
}

export interface FlagClient extends FlagSource {
  /** Loads the flags and opens the stream; resolves when the first load has ended (in any way). */
  start(): Promise<void>;
  setAttributes(attributes: Record<string, unknown>): Promise<void>;
  destroy(): void;
}

/**
 * Feature-client errors in the words of spec section 8: 'HTTP error: {status}', 'Timeout',
 * 'Missing clientKey', 'Must specify clientKey to enable streaming' (newer SDKs add "or polling").
 */
export function featureClientError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (message.startsWith('Must specify clientKey to enable streaming')) return new Error('Must specify clientKey to enable streaming');
  return error instanceof Error ? error : new Error(message);
}

export function createFlagClient(options: FlagClientOptions): FlagClient {
  const consent = options.consent ?? abTestingConsent;
  const report = options.report ?? ((error: Error) => reportError(error));
  let attributes = options.attributes ?? {};
  let snapshot: FlagSnapshot = DEFAULT_SNAPSHOT;
  let ready = false;
  const listeners = new Set<() => void>();
  let stopConsent: (() => void) | undefined;
  let destroyed = false;

  const build = (): GrowthBook => {
    const instance = new GrowthBook({
      apiHost: options.apiHost,
      clientKey: options.clientKey,
      attributes,
      // Disabled: experiments answer their control and call no tracking callback (the SDK's own rule).
      enabled: consent.granted(),
      trackingCallback: (experiment, result) => {
        if (consent.granted()) options.onExperimentViewed?.(experiment.key, result.key);
      },
    });
    // New payloads (the stream, a late answer, a background refresh) arrive through the renderer.
    instance.setRenderer(() => {
      if (instance !== active) return;
      if (instance.getPayload().features !== undefined) ready = true;
      publish();
    });
    return instance;
  };

  let active = build();

  const publish = () => {
    const next: FlagSnapshot = { ready, flags: evaluateFlags(active), layout: evaluateLayout(active) };
    if (sameSnapshot(snapshot, next)) return;
    snapshot = next;
    for (const listener of listeners) listener();
  };

  const load = async (instance: GrowthBook) => {
    try {
      const result = await instance.init({ timeout: options.timeoutMs ?? FEATURES_LOAD_TIMEOUT_MS, streaming: true });
      if (result.error) report(featureClientError(result.error));
      if (result.success && instance === active) ready = true;
    } catch (error) {
      report(featureClientError(error));
    }
  };

  /** Consent changed: a new instance with experiments on or off replaces the old one once it has the flags. */
  const onConsent = async () => {
    if (destroyed) return;
    const previous = active;
    const next = build();
    // Evaluated from the cache the SDK shares between instances: no new request when the flags are fresh.
    active = next;
    previous.destroy();
    await load(next);
    if (active === next) publish();
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      configureCache(FEATURE_CACHE_SETTINGS);
      stopConsent = consent.onChange(() => void onConsent());
      await load(active);
      publish();
    },
    async setAttributes(next) {
      attributes = next;
      await active.setAttributes(next);
      publish();
    },
    destroy() {
      destroyed = true;
      stopConsent?.();
      active.destroy();
      listeners.clear();
    },
  };
}

function evaluateFlags(gb: GrowthBook): Record<FeatureFlag, boolean> {
  const flags = {} as Record<FeatureFlag, boolean>;
  for (const flag of FEATURE_FLAGS) {
    const result = gb.evalFeature(flag);
    // A flag the source does not know keeps the site's default (a GrowthBook project may lack some).
    flags[flag] = result.source === 'unknownFeature' ? DEFAULT_FLAGS[flag] === true : result.on;
  }
  return flags;
}

const LAYOUT_VALUES = new Set<number>(Object.values(LAYOUT_VARIANTS));

function evaluateLayout(gb: GrowthBook): LayoutVariant {
  const value: unknown = gb.getFeatureValue(LAYOUT_EXPERIMENT, LAYOUT_VARIANTS.A_CONTROL);
  return typeof value === 'number' && LAYOUT_VALUES.has(value) ? (value as LayoutVariant) : LAYOUT_VARIANTS.A_CONTROL;
}

function sameSnapshot(a: FlagSnapshot, b: FlagSnapshot): boolean {
  return a.ready === b.ready && a.layout === b.layout && FEATURE_FLAGS.every((flag) => a.flags[flag] === b.flags[flag]);
}
