import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { CoverageRecorder, describePath, expectFullCoverage, generatePaths, replayPath } from '../../../test/model-based/harness';
import { featuresWaitMachine, selectWaitOver } from './features-wait.machine';

const input = { timeoutMs: 1000 };
const recorder = new CoverageRecorder(featuresWaitMachine);

describe('features wait machine, model-based', () => {
  const paths = generatePaths(featuresWaitMachine, { input, events: [{ type: 'xstate.after.timeout.featuresWait.waiting' } as never] });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) => {
    const final = replayPath(featuresWaitMachine, path, input, recorder, { clock: new SimulatedClock() });
    expect(selectWaitOver(final)).toBe(path.steps.length > 1);
  });

  it('is over after the timeout, not before, on the clock it is given', () => {
    const clock = new SimulatedClock();
    const actor = createWaitActor(clock);
    clock.increment(999);
    expect(selectWaitOver(actor.getSnapshot())).toBe(false);
    clock.increment(1);
    expect(selectWaitOver(actor.getSnapshot())).toBe(true);
  });

  it('covers every state and transition of the machine', () => {
    expectFullCoverage(recorder, 'features-wait');
  });
});

function createWaitActor(clock: SimulatedClock) {
  const actor = createActor(featuresWaitMachine, { input, clock, inspect: recorder.inspect });
  return actor.start();
}
