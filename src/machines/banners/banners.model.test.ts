import { describe, expect, it } from 'vitest';
import { CoverageRecorder, describePath, expectFullCoverage, generatePaths, generateTransitionCover, replayPath } from '../../../test/model-based/harness';
import { serviceBannerMachine } from './banners.machine';
import { selectBannerExpanded, selectBannerShown } from './banners.selectors';
import type { BannerEvent, BannerInput } from './banners.types';

const events: BannerEvent[] = [
  { type: 'storage.read', open: true },
  { type: 'storage.read', open: false },
  { type: 'storage.read', open: null },
  { type: 'banner.toggle' },
  { type: 'modal.changed', open: true },
  { type: 'modal.changed', open: false },
  { type: 'viewport.changed', mobile: true },
  { type: 'viewport.changed', mobile: false },
];

/** Every open state the view persisted, in order: the provided action records them. */
let persisted: boolean[] = [];
const machine = serviceBannerMachine.provide({
  actions: { persistOpenState: (_, params) => void persisted.push(params.open) },
});

interface Expected {
  shown: boolean;
  expanded: boolean;
  persisted: boolean[];
}

/** What the visitor must see, from the spec's rules, independently of the machine's guards. */
function oracle(input: BannerInput, steps: readonly { event: { type: string } }[]): Expected {
  let known = false;
  let open = false;
  let modal = false;
  let mobile = false;
  const writes: boolean[] = [];
  for (const { event } of steps) {
    const e = event as BannerEvent;
    if (e.type === 'storage.read' && !known) {
      known = true;
      open = e.open ?? input.isOpenedByDefault;
    }
    if (e.type === 'banner.toggle' && known) {
      open = !open;
      writes.push(open);
    }
    if (e.type === 'modal.changed') modal = e.open;
    if (e.type === 'viewport.changed') mobile = e.mobile;
  }
  return { shown: known && !(modal && mobile), expanded: known && open, persisted: writes };
}

const recorder = new CoverageRecorder(machine);
const inputs: BannerInput[] = [
  { messageId: 1, isOpenedByDefault: true },
  { messageId: 2, isOpenedByDefault: false },
];

describe.each(inputs)('service banner machine, model-based, isOpenedByDefault $isOpenedByDefault', (input) => {
  const shortest = generatePaths(machine, { input, events });
  const transitionCover = generateTransitionCover(machine, { input, events });

  it('generates paths to every combination of disclosure and overlay', () => {
    const ends = new Set(shortest.map((path) => JSON.stringify(path.state.value)));
    for (const disclosure of ['pending', 'expanded', 'collapsed']) {
      for (const overlay of ['visible', 'hidden']) expect(ends).toContain(JSON.stringify({ disclosure, overlay }));
    }
  });

  describe.each([
    ['shortest', shortest],
    ['transition-cover', transitionCover],
  ] as const)('%s paths', (_, paths) => {
    it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) => {
      persisted = [];
      const final = replayPath(machine, path, input, recorder);
      const expected = oracle(input, path.steps as never);
      expect({ shown: selectBannerShown(final), expanded: selectBannerExpanded(final), persisted }).toEqual(expected);
    });
  });
});

describe('service banner machine coverage', () => {
  it('covers every state and transition of the machine', () => {
    expectFullCoverage(recorder, 'banners');
  });
});
