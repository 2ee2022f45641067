import { type FeatureDefinition, GrowthBook } from '@growthbook/growthbook';
import { DEFAULT_FLAGS, type FeatureFlag } from '../../src/contract/features';
import type { FeatureStore } from './store';

/**
 * A flag as the BFF itself reads it, for rules it enforces (an invite refused while `lock-invites` is on).
 * Evaluated without visitor attributes: such flags are switches for everyone, not experiments.
 */
export type ServerFlags = (flag: FeatureFlag) => boolean;

/** Without a flags file (tests, tools): the values the site starts from (DEFAULT_FLAGS). */
export const defaultServerFlags: ServerFlags = (flag) => DEFAULT_FLAGS[flag] ?? false;

/** The flags file's current values; a change of the file counts from the next request on. */
export function serverFlags(store: Pick<FeatureStore, 'current'>): ServerFlags {
  return (flag) => {
    const gb = new GrowthBook({ features: store.current().features as Record<string, FeatureDefinition> });
    try {
      return gb.isOn(flag);
    } finally {
      gb.destroy();
    }
  };
}
