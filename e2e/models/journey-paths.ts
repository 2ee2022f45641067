import { getNextSnapshot } from 'xstate';
import type { AnyMachineSnapshot, AnyStateMachine, EventFromLogic, SnapshotFrom } from 'xstate';
import { generatePaths, generateTransitionCover } from '../../test/model-based/graph';
import type { MachinePath } from '../../test/model-based/graph';

/**
 * The journeys a UI model of a flow gives (the check-in, the hotel checkout, the enrolment): the shortest
 * path to every state and the transition cover, each carried on along the model's way on until the person
 * is at an end of the flow (a state none of the model's events leaves), without the ones another journey
 * already walks from its start. A model here has no context, no invoke and no delay, so a state is known
 * by its name.
 */

/** A state of a model by its name ("a.b" inside a compound state), as the drivers know it. */
export function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  const [[parent, child]] = Object.entries(value as Record<string, unknown>) as [[string, unknown]];
  return `${parent}.${stateName(child)}`;
}

/** What the person did along a path, without the machine's own start. */
export const eventTypes = <TMachine extends AnyStateMachine>(path: MachinePath<TMachine>): EventFromLogic<TMachine>['type'][] =>
  path.steps.map((step) => (step.event as { type: string }).type).filter((type) => !type.startsWith('xstate.'));

/** Extends a path along the way on (the event a state accepts, or the one `wayOn` names where it accepts several) until it reaches an end. */
function toEnd<TMachine extends AnyStateMachine>(
  machine: TMachine,
  path: MachinePath<TMachine>,
  events: EventFromLogic<TMachine>[],
  wayOn: Partial<Record<string, EventFromLogic<TMachine>>>,
): MachinePath<TMachine> {
  let current = path;
  const accepted = () => events.filter((event) => (current.state as AnyMachineSnapshot).can(event));
  for (let ways = accepted(); ways.length > 0; ways = accepted()) {
    const name = stateName((current.state as AnyMachineSnapshot).value);
    // A state with one way on needs no word about it.
    const event = ways.length === 1 ? ways[0] : wayOn[name];
    if (!event) throw new Error(`The model ${machine.id} has no way on from ${name}`);
    const next = getNextSnapshot(machine, current.state as never, event as never) as SnapshotFrom<TMachine>;
    current = { state: next, steps: [...current.steps, { event, state: next }], weight: current.weight + 1 };
  }
  return current;
}

export function journeysToTheEnd<TMachine extends AnyStateMachine>(
  machine: TMachine,
  events: EventFromLogic<TMachine>[],
  wayOn: Partial<Record<string, EventFromLogic<TMachine>>>,
): MachinePath<TMachine>[] {
  const options = { input: undefined as never, events };
  const completed = [...generatePaths(machine, options), ...generateTransitionCover(machine, options)].map((path) => toEnd(machine, path, events, wayOn));
  const unique = new Map(completed.map((path) => [eventTypes(path).join(' '), path]));
  const keys = [...unique.keys()];
  // A journey whose events all begin another's is walked by that one.
  return keys.filter((key) => !keys.some((other) => other !== key && other.startsWith(`${key} `))).map((key) => unique.get(key) as MachinePath<TMachine>);
}
