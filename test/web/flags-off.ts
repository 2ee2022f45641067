import type { FeatureFlag } from '../../src/services/flags/flags';
import type * as FlagsContext from '../../src/views/shell/flags-context';

/** Flags a test turns off for the views, as a flag source would; every other flag keeps the site's default. Clear it after each test. */
export const flagsOff = new Set<FeatureFlag>();

/**
 * flags-context with `flagsOff` applied, for a test's mock (vi.mock is hoisted above imports, so the
 * factory loads this module itself):
 * `vi.mock('<path to>/views/shell/flags-context', async (original) => (await import('<path to>/test/web/flags-off')).withFlagsOff(await original()))`.
 */
export function withFlagsOff(actual: typeof FlagsContext): typeof FlagsContext {
  return { ...actual, useFlag: (flag: FeatureFlag) => !flagsOff.has(flag) && actual.useFlag(flag) };
}
