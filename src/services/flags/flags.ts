import { DEFAULT_FLAGS, FEATURE_FLAGS, type FeatureFlag, type FlagValues, LAYOUT_VARIANTS, type LayoutVariant } from '../../contract/features';

/**
 * Feature flags of the specification (section 6). Views read them through this service only: from the
 * GrowthBook client in the browser (flag-client.ts), from the defaults while it has not answered and
 * when the server renders a page.
 */
export { DEFAULT_FLAGS, FEATURE_FLAGS, LAYOUT_EXPERIMENT, LAYOUT_VARIANTS } from '../../contract/features';
export type { FeatureFlag, FlagValues, LayoutVariant } from '../../contract/features';

/** What a flag source says at one moment; a new object whenever something changed. */
export interface FlagSnapshot {
  /** Whether the flags have loaded (from the feature cache or the network). */
  ready: boolean;
  flags: Readonly<Record<FeatureFlag, boolean>>;
  /** The layout experiment's variant for this visitor; A_CONTROL without A/B-testing consent. */
  layout: LayoutVariant;
}

export interface FlagSource {
  getSnapshot(): FlagSnapshot;
  /** Calls `listener` after each new snapshot; answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function flagRecord(values: FlagValues): Readonly<Record<FeatureFlag, boolean>> {
  return Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, values[flag] === true])) as Record<FeatureFlag, boolean>;
}

/** The snapshot of the defaults: what the server renders and the browser's first render repeats. */
export const DEFAULT_SNAPSHOT: FlagSnapshot = Object.freeze({ ready: false, flags: flagRecord(DEFAULT_FLAGS), layout: LAYOUT_VARIANTS.A_CONTROL });

/** Flags from fixed values that never change; also the test double. */
export function staticFlags(values: FlagValues = DEFAULT_FLAGS, options: { ready?: boolean; layout?: LayoutVariant } = {}): FlagSource {
  const snapshot: FlagSnapshot =
    values === DEFAULT_FLAGS && options.ready === undefined && options.layout === undefined
      ? DEFAULT_SNAPSHOT
      : { ready: options.ready ?? false, flags: flagRecord(values), layout: options.layout ?? LAYOUT_VARIANTS.A_CONTROL };
  return { getSnapshot: () => snapshot, subscribe: () => () => undefined };
}
