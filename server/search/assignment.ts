/**
 * Which room type each room of a search gets. Several rooms may share a room type only as long as the
 * type has rooms free on every night, and a room may only get a type that takes its guests; among the
 * assignments that book every room, the cheapest is wanted. Greedy choices can fail here (the one room
 * that fits only the deluxe takes it last, after a room that fits anything took it first), so this is
 * solved exactly as a minimum-cost flow: source → search room (1) → room type (free rooms) → sink.
 * A search has at most 9 rooms and a hotel a handful of types, so the graph stays tiny.
 */

export interface AssignmentProblem {
  /** Rooms of the search. */
  rooms: number;
  /** Rooms free on every night, per option (room type). */
  capacity: readonly number[];
  /** What giving `option` to `room` costs, or null when it may not (does not fit, no price). */
  cost(room: number, option: number): number | null;
}

export interface Assignment {
  /** The option of each room, in room order. */
  options: number[];
  cost: number;
}

interface Edge {
  to: number;
  capacity: number;
  cost: number;
  /** Index of the reverse edge in `edges[to]`. */
  reverse: number;
}

/** The cheapest assignment that books every room, or null when there is none. */
export function cheapestAssignment(problem: AssignmentProblem): Assignment | null {
  // Common case first: when no room type can run out (one room, or enough free of every type), each room
  // simply takes its cheapest option.
  if (problem.capacity.every((free) => free >= problem.rooms || free === 0)) return eachCheapest(problem);
  return cheapestFlow(problem);
}

function eachCheapest(problem: AssignmentProblem): Assignment | null {
  const options: number[] = [];
  let total = 0;
  for (let room = 0; room < problem.rooms; room += 1) {
    let best: { option: number; cost: number } | undefined;
    problem.capacity.forEach((free, option) => {
      const cost = free > 0 ? problem.cost(room, option) : null;
      if (cost !== null && (!best || cost < best.cost)) best = { option, cost };
    });
    if (!best) return null;
    options.push(best.option);
    total += best.cost;
  }
  return { options, cost: total };
}

function cheapestFlow(problem: AssignmentProblem): Assignment | null {
  const { rooms, capacity } = problem;
  const options = capacity.length;
  const source = 0;
  const sink = rooms + options + 1;
  // Nodes: the source, one per room (1 + room), one per option (1 + rooms + option), the sink. (Plain
  // functions rather than closures: this runs for every hotel of a list, and closures cost here.)
  const edges: Edge[][] = Array.from({ length: sink + 1 }, () => []);

  for (let room = 0; room < rooms; room += 1) {
    addEdge(edges, source, 1 + room, 1, 0);
    for (let option = 0; option < options; option += 1) {
      const cost = problem.cost(room, option);
      if (cost !== null && (capacity[option] ?? 0) > 0) addEdge(edges, 1 + room, 1 + rooms + option, 1, cost);
    }
  }
  for (let option = 0; option < options; option += 1) {
    const free = Math.min(capacity[option] ?? 0, rooms);
    if (free > 0) addEdge(edges, 1 + rooms + option, sink, free, 0);
  }

  let total = 0;
  for (let booked = 0; booked < rooms; booked += 1) {
    // Shortest path by cost in the residual graph (Bellman-Ford: residual edges may cost less than 0).
    const distance = new Array<number>(sink + 1).fill(Number.POSITIVE_INFINITY);
    const via: ({ node: number; edge: number } | undefined)[] = new Array(sink + 1).fill(undefined);
    distance[source] = 0;
    for (let round = 0; round <= sink; round += 1) {
      let changed = false;
      for (let node = 0; node <= sink; node += 1) {
        const from = distance[node] ?? Number.POSITIVE_INFINITY;
        if (from === Number.POSITIVE_INFINITY) continue;
        (edges[node] as Edge[]).forEach((edge, index) => {
          if (edge.capacity > 0 && from + edge.cost < (distance[edge.to] ?? Number.POSITIVE_INFINITY)) {
            distance[edge.to] = from + edge.cost;
            via[edge.to] = { node, edge: index };
            changed = true;
          }
        });
      }
      if (!changed) break;
    }
    if (distance[sink] === Number.POSITIVE_INFINITY) return null;
    for (let node = sink; node !== source; ) {
      const step = via[node] as { node: number; edge: number };
      const edge = (edges[step.node] as Edge[])[step.edge] as Edge;
      edge.capacity -= 1;
      ((edges[node] as Edge[])[edge.reverse] as Edge).capacity += 1;
      node = step.node;
    }
    total += distance[sink] ?? 0;
  }

  const chosen: number[] = [];
  for (let room = 0; room < rooms; room += 1) {
    const used = (edges[1 + room] as Edge[]).find((edge) => edge.to > rooms && edge.to < sink && edge.capacity === 0);
    if (!used) return null;
    chosen.push(used.to - rooms - 1);
  }
  return { options: chosen, cost: total };
}

function addEdge(edges: Edge[][], from: number, to: number, capacity: number, cost: number): void {
  const forward = edges[from] as Edge[];
  const backward = edges[to] as Edge[];
  forward.push({ to, capacity, cost, reverse: backward.length });
  backward.push({ to: from, capacity: 0, cost: -cost, reverse: forward.length - 1 });
}

/** Whether every room can be booked when `room` must get `option` (the other rooms choose freely). */
export function canBookWith(problem: AssignmentProblem, room: number, option: number): boolean {
  return (
    cheapestAssignment({
      rooms: problem.rooms,
      capacity: problem.capacity,
      cost: (candidateRoom, candidateOption) => {
        if (candidateRoom === room && candidateOption !== option) return null;
        return problem.cost(candidateRoom, candidateOption) === null ? null : 0;
      },
    }) !== null
  );
}
