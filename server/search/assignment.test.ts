import { describe, expect, it } from 'vitest';
import { createRandom } from '../lib/random';
import { type AssignmentProblem, canBookWith, cheapestAssignment } from './assignment';

/** Every assignment tried: the reference the flow must agree with on small problems. */
function bruteForce(problem: AssignmentProblem): number | null {
  let best: number | null = null;
  const used = problem.capacity.map(() => 0);
  const visit = (room: number, cost: number) => {
    if (room === problem.rooms) {
      if (best === null || cost < best) best = cost;
      return;
    }
    problem.capacity.forEach((free, option) => {
      const price = problem.cost(room, option);
      if (price === null || (used[option] ?? 0) >= free) return;
      used[option] = (used[option] ?? 0) + 1;
      visit(room + 1, cost + price);
      used[option] = (used[option] ?? 0) - 1;
    });
  };
  visit(0, 0);
  return best;
}

function table(rows: (number | null)[][], capacity: number[]): AssignmentProblem {
  return { rooms: rows.length, capacity, cost: (room, option) => rows[room]?.[option] ?? null };
}

describe('cheapestAssignment', () => {
  it('gives each room its cheapest room type when none runs out', () => {
    expect(cheapestAssignment(table([[5, 3], [5, 3]], [2, 2]))).toEqual({ options: [1, 1], cost: 6 });
  });

  it('finds the assignment a greedy choice misses', () => {
    // Room 0 fits both types and prefers type 1; room 1 fits only type 1; one of each is free.
    const problem = table([[9, 5], [null, 5]], [1, 1]);
    expect(cheapestAssignment(problem)).toEqual({ options: [0, 1], cost: 14 });
  });

  it('counts several rooms of one type against the rooms free', () => {
    expect(cheapestAssignment(table([[1], [1], [1]], [2]))).toBeNull();
    expect(cheapestAssignment(table([[1], [1]], [2]))).toEqual({ options: [0, 0], cost: 2 });
    expect(cheapestAssignment(table([[null, null]], [3, 3]))).toBeNull();
    expect(cheapestAssignment(table([[4, 2]], [1, 0]))).toEqual({ options: [0], cost: 4 });
  });

  it('agrees with trying every assignment on many random problems', () => {
    const random = createRandom(42);
    for (let trial = 0; trial < 400; trial += 1) {
      const rooms = random.int(1, 5);
      const options = random.int(1, 4);
      const rows = Array.from({ length: rooms }, () =>
        Array.from({ length: options }, () => (random.chance(0.25) ? null : random.int(1, 50))),
      );
      const problem = table(rows, Array.from({ length: options }, () => random.int(0, 3)));
      const found = cheapestAssignment(problem);
      expect(found?.cost ?? null, JSON.stringify({ rows, capacity: problem.capacity })).toBe(bruteForce(problem));
      if (found) {
        // The answer is itself valid: allowed options, within capacity, and its cost adds up.
        expect(found.options.reduce((sum, option, room) => sum + (problem.cost(room, option) ?? Number.NaN), 0)).toBe(found.cost);
        problem.capacity.forEach((free, option) => expect(found.options.filter((chosen) => chosen === option).length).toBeLessThanOrEqual(free));
      }
    }
  });
});

describe('canBookWith', () => {
  it('says whether a room can take an option while the others still get one', () => {
    const problem = table([[1, 1], [null, 1]], [1, 1]);
    expect(canBookWith(problem, 0, 0)).toBe(true);
    expect(canBookWith(problem, 0, 1)).toBe(false);
    expect(canBookWith(problem, 1, 1)).toBe(true);
    expect(canBookWith(problem, 1, 0)).toBe(false);
  });
});
