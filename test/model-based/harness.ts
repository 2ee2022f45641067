/**
 * Model-based testing of XState machines: generate paths from the real machine with XState's graph
 * utilities, replay each path on a real actor, and measure which states and transitions the replays
 * covered, from the actor's own inspection events (not from the generated plan).
 */
import { createActor } from 'xstate';
import type { SimulatedClock } from 'xstate';
import type { AnyMachineSnapshot, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';
import { expect } from 'vitest';
import { formatCoverage } from './graph';
import type { CoverageRecorder, MachinePath } from './graph';

export * from './graph';

/** Prints a machine's coverage and fails unless every state was reached and every transition taken. */
export function expectFullCoverage(recorder: CoverageRecorder, name: string): void {
  const report = recorder.report(name);
  console.info(formatCoverage(report));
  expect(report.states.missing).toEqual([]);
  expect(report.transitions.missing).toEqual([]);
}

/**
 * Replays a generated path on a real actor and checks, after every event, that the actor is in the
 * state the path predicted. Returns the final snapshot for further assertions. Machines with delayed
 * transitions replay on a simulated clock, so no timer runs by itself: the path sends the delayed events.
 */
export function replayPath<TMachine extends AnyStateMachine>(
  machine: TMachine,
  path: MachinePath<TMachine>,
  input: InputFrom<TMachine>,
  recorder: CoverageRecorder,
  options: { clock?: SimulatedClock } = {},
): SnapshotFrom<TMachine> {
  const actor = createActor(machine, { input, inspect: recorder.inspect, ...(options.clock ? { clock: options.clock } : {}) } as never);
  actor.start();
  for (const step of path.steps) {
    if ((step.event as { type: string }).type === 'xstate.init') continue;
    actor.send(step.event as never);
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    const expected = step.state as AnyMachineSnapshot;
    if (JSON.stringify(snapshot.value) !== JSON.stringify(expected.value)) {
      throw new Error(`After ${JSON.stringify(step.event)} the actor is in ${JSON.stringify(snapshot.value)}, the model expected ${JSON.stringify(expected.value)}`);
    }
  }
  const final = actor.getSnapshot() as SnapshotFrom<TMachine>;
  actor.stop();
  return final;
}

/**
 * Lets promises that have already settled run their callbacks (actors answering, subscribers hearing):
 * one turn of the event loop, not a wait for time to pass.
 */
export const flushPromises = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
