import { createActor } from 'xstate';
import type { AnyStateMachine } from 'xstate';
import type { CoverageRecorder } from '../../test/model-based/graph';
import { test } from '../fixtures';
import { stateName } from './journey-paths';

/** How a UI model meets the real site: what the person must see in each state, what the person does for each event. */
export interface JourneyDrivers<TContext> {
  states: Record<string, (context: TContext) => Promise<void>>;
  events: Record<string, (context: TContext) => Promise<void>>;
}

/**
 * Walks a journey's events in the browser, checking what the person sees at the start and after every
 * step. A real actor of the model walks along, so the recorder's coverage is what the journeys took, not
 * what was planned. `afterEachStep` adds checks that hold in every state of one run (a phone's layout).
 */
export async function walkJourney<TContext>(
  machine: AnyStateMachine,
  events: string[],
  context: TContext,
  drivers: JourneyDrivers<TContext>,
  recorder: CoverageRecorder,
  afterEachStep?: (context: TContext) => Promise<void>,
): Promise<void> {
  const actor = createActor(machine, { inspect: recorder.inspect });
  actor.start();
  const expectState = async () => {
    const name = stateName(actor.getSnapshot().value);
    const assertion = drivers.states[name];
    if (!assertion) throw new Error(`No check for the state ${name} of ${machine.id}`);
    await assertion(context);
    await afterEachStep?.(context);
  };
  try {
    await expectState();
    for (const type of events) {
      await test.step(type, async () => {
        const driver = drivers.events[type];
        if (!driver) throw new Error(`No driver for the event ${type} of ${machine.id}`);
        await driver(context);
        actor.send({ type });
        await expectState();
      });
    }
  } finally {
    actor.stop();
  }
}
