import { describe, expect, it } from 'vitest';
import { CoverageRecorder, describePath, formatCoverage, generatePaths, generateTransitionCover, replayPath } from '../../../test/model-based/harness';
import type { AppearanceEvent } from './appearance.types';
import { appearanceMachine } from './appearance.machine';

const HOME = '/en/';
const BRAND_PAGE = '/en/brands/jaz';
const CHECKIN = '/en/checkin/personal-details';
const CHECKOUT = '/de/checkout/redirect';

const events: AppearanceEvent[] = [
  { type: 'path.changed', pathname: HOME },
  { type: 'path.changed', pathname: BRAND_PAGE },
  { type: 'path.changed', pathname: CHECKIN },
  { type: 'path.changed', pathname: CHECKOUT },
  { type: 'brand.shown', pathname: BRAND_PAGE, theme: 'jaz' },
  { type: 'brand.shown', pathname: CHECKIN, theme: 'zleep' },
  { type: 'brand.cleared', pathname: BRAND_PAGE },
];

/** What a visitor must see, stated independently of the machine's guards. */
function expectedTheme(pathname: string, brand: { pathname: string; theme: string } | null): string {
  if (pathname.includes('/checkin') || pathname.includes('/checkout')) return 'product';
  if (brand && brand.pathname === pathname) return brand.theme;
  return 'hworld';
}

/** Replays the events on the oracle above. */
function oracle(steps: readonly { event: AppearanceEvent | { type: string } }[]): string {
  let pathname = HOME;
  let brand: { pathname: string; theme: string } | null = null;
  for (const { event } of steps) {
    if (event.type === 'path.changed' && 'pathname' in event) pathname = event.pathname;
    if (event.type === 'brand.shown' && 'theme' in event) brand = { pathname: event.pathname, theme: event.theme };
    if (event.type === 'brand.cleared' && 'pathname' in event && brand?.pathname === event.pathname) brand = null;
  }
  return expectedTheme(pathname, brand);
}

const input = { pathname: HOME };
const recorder = new CoverageRecorder(appearanceMachine);
const shortest = generatePaths(appearanceMachine, { input, events });
const transitionCover = generateTransitionCover(appearanceMachine, { input, events });
const simple = generatePaths(appearanceMachine, {
  input,
  events,
  kind: 'simple',
  // Tell states apart by what is shown, so simple paths stay few.
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.pathname, snapshot.context.brandPathname === snapshot.context.pathname]),
});

describe('appearance machine, model-based', () => {
  it('generates paths to every state', () => {
    const ends = new Set(shortest.map((path) => JSON.stringify(path.state.value)));
    expect([...ends].sort()).toEqual(['"brand"', '"group"', '"inHouse"']);
  });

  describe.each([
    ['shortest', shortest],
    ['simple', simple],
    ['transition-cover', transitionCover],
  ] as const)('%s paths', (_, paths) => {
    it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) => {
      const final = replayPath(appearanceMachine, path, input, recorder);
      expect(final.context.theme).toBe(oracle(path.steps as never));
      expect(final.hasTag('themed')).toBe(true);
    });
  });

  it('covers every state and transition of the machine', () => {
    const report = recorder.report('appearance');
    console.info(formatCoverage(report));
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
