/**
 * Paths and coverage for model-based tests, free of any test runner so that both the unit tests
 * (test/model-based/harness.ts) and the browser journeys (e2e/models/) use them: generate paths from a
 * machine with XState's graph utilities and measure which states and transitions were covered, from an
 * actor's own inspection events (not from the generated plan).
 */
import { getNextSnapshot } from 'xstate';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventFromLogic, InputFrom, InspectionEvent, SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import type { StatePath } from 'xstate/graph';

export type MachinePath<TMachine extends AnyStateMachine> = StatePath<SnapshotFrom<TMachine>, EventFromLogic<TMachine>>;

export interface PathOptions<TMachine extends AnyStateMachine> {
  input: InputFrom<TMachine>;
  /** Candidate events; a function may offer different ones per state. */
  events: EventFromLogic<TMachine>[] | ((snapshot: SnapshotFrom<TMachine>) => EventFromLogic<TMachine>[]);
  /** `shortest`: one path to each distinct state. `simple`: every path that visits no state twice. */
  kind?: 'shortest' | 'simple';
  /** How to tell states apart; by default their value and context. */
  serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
}

export function generatePaths<TMachine extends AnyStateMachine>(machine: TMachine, options: PathOptions<TMachine>): MachinePath<TMachine>[] {
  const generate = options.kind === 'simple' ? getSimplePaths : getShortestPaths;
  // The graph utilities are typed for the general machine; the paths they return are this machine's.
  return generate(machine, {
    input: options.input,
    events: options.events,
    ...(options.serializeState ? { serializeState: options.serializeState } : {}),
  } as never) as unknown as MachinePath<TMachine>[];
}

/**
 * A transition cover: the shortest path to every distinct state, each extended by every candidate
 * event that state accepts. Replaying these takes every transition reachable with the candidates.
 */
export function generateTransitionCover<TMachine extends AnyStateMachine>(machine: TMachine, options: PathOptions<TMachine>): MachinePath<TMachine>[] {
  const paths = generatePaths(machine, { ...options, kind: 'shortest' });
  const candidates = (snapshot: SnapshotFrom<TMachine>) => (typeof options.events === 'function' ? options.events(snapshot) : options.events);
  return paths.flatMap((path) =>
    candidates(path.state)
      .filter((event) => (path.state as AnyMachineSnapshot).can(event as never))
      .map((event) => {
        const next = getNextSnapshot(machine, path.state as never, event as never) as SnapshotFrom<TMachine>;
        return { state: next, steps: [...path.steps, { event, state: next }], weight: path.weight + 1 };
      }),
  );
}

/** Every state node below the root and every transition the machine declares, by stable ids. */
export function machineGraph(machine: AnyStateMachine): { states: string[]; transitions: string[] } {
  const states: string[] = [];
  const transitions: string[] = [];
  const visit = (node: AnyStateNode) => {
    if (node !== machine.root) states.push(node.id);
    for (const [eventType, definitions] of node.transitions) {
      definitions.forEach((_, index) => transitions.push(`${node.id} on ${eventType} #${index}`));
    }
    (node.always ?? []).forEach((_, index) => transitions.push(`${node.id} always #${index}`));
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return { states, transitions };
}

interface TakenTransition {
  source: AnyStateNode;
  eventType: string;
}

function transitionId(transition: TakenTransition & object): string {
  const { source, eventType } = transition;
  const always = source.always ?? [];
  const alwaysIndex = always.indexOf(transition as never);
  if (alwaysIndex >= 0) return `${source.id} always #${alwaysIndex}`;
  const index = (source.transitions.get(eventType) ?? []).indexOf(transition as never);
  return `${source.id} on ${eventType} #${index}`;
}

function activeStateIds(snapshot: AnyMachineSnapshot, stateNodes: AnyStateNode[]): string[] {
  return stateNodes.filter((node) => node.path.length > 0 && snapshot.matches(node.path.join('.') as never)).map((node) => node.id);
}

export class CoverageRecorder {
  readonly reachedStates = new Set<string>();
  readonly takenTransitions = new Set<string>();
  private readonly stateNodes: AnyStateNode[];

  constructor(private readonly machine: AnyStateMachine) {
    const nodes: AnyStateNode[] = [];
    const collect = (node: AnyStateNode) => {
      nodes.push(node);
      Object.values(node.states).forEach(collect);
    };
    collect(machine.root);
    this.stateNodes = nodes;
  }

  readonly inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.microstep') {
      const microstep = event as InspectionEvent & { _transitions: (TakenTransition & object)[] };
      for (const transition of microstep._transitions) this.takenTransitions.add(transitionId(transition));
    }
    if (event.type === '@xstate.microstep' || event.type === '@xstate.snapshot') {
      const snapshot = event.snapshot as AnyMachineSnapshot;
      if (snapshot.machine === this.machine) activeStateIds(snapshot, this.stateNodes).forEach((id) => this.reachedStates.add(id));
    }
  };

  report(name: string): CoverageReport {
    const graph = machineGraph(this.machine);
    const missingStates = graph.states.filter((id) => !this.reachedStates.has(id));
    const missingTransitions = graph.transitions.filter((id) => !this.takenTransitions.has(id));
    return {
      name,
      states: { covered: graph.states.length - missingStates.length, total: graph.states.length, missing: missingStates },
      transitions: { covered: graph.transitions.length - missingTransitions.length, total: graph.transitions.length, missing: missingTransitions },
    };
  }
}

export interface CoverageReport {
  name: string;
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
}

export function formatCoverage(report: CoverageReport): string {
  const pct = (part: { covered: number; total: number }) => (part.total === 0 ? 100 : Math.round((part.covered / part.total) * 100));
  const lines = [
    `model coverage ${report.name}: states ${report.states.covered}/${report.states.total} (${pct(report.states)}%), transitions ${report.transitions.covered}/${report.transitions.total} (${pct(report.transitions)}%)`,
  ];
  if (report.states.missing.length) lines.push(`  states never reached: ${report.states.missing.join(', ')}`);
  if (report.transitions.missing.length) lines.push(`  transitions never taken: ${report.transitions.missing.join(', ')}`);
  return lines.join('\n');
}

/** A readable name for a path: the events in order, then the state it ends in. */
export function describePath<TMachine extends AnyStateMachine>(path: MachinePath<TMachine>, describeEvent = defaultEventLabel): string {
  const events = path.steps
    .map((step) => step.event as { type: string })
    .filter((event) => !event.type.startsWith('xstate.'))
    .map(describeEvent);
  const end = JSON.stringify((path.state as AnyMachineSnapshot).value);
  return events.length ? `${events.join(' → ')} ⇒ ${end}` : `start ⇒ ${end}`;
}

function defaultEventLabel(event: { type: string }): string {
  const details = Object.entries(event)
    .filter(([key]) => key !== 'type')
    .map(([, value]) => String(value));
  return details.length ? `${event.type}(${details.join(', ')})` : event.type;
}
