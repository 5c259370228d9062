import { createRng, nextInt, type RngState } from '@roundtable/core';
import { bestSeating } from './seat-order.ts';

/**
 * Seating players at tables of given sizes by local search (README.md, "Swiss at tables"). Players are indices
 * 0..n−1 given in pairing order; the cost of a table is
 *   REPEAT · (pairs at it that met before, counted per meeting)
 *   + SPREAD · (its highest score − its lowest)
 *   + the cheapest seat order's cost (SEAT · excess² per player, see `seatCost`),
 * and the search swaps players between tables while the total falls.
 */
export interface SeatingProblem {
  readonly n: number;
  /** Score of each player (points so far; 0 everywhere in a round robin). */
  readonly points: readonly number[];
  /** How many times i and j met before: met[i * n + j]. */
  readonly met: Uint16Array;
  /** Per player, its count at each seat position so far. */
  readonly seatCounts: readonly (readonly number[])[];
  /** Per player, the smallest table it sat at so far (Infinity before its first). */
  readonly smallestTable: readonly number[];
  readonly tableSizes: readonly number[];
  readonly seed: string;
  /** Weight of a point of score spread at a table (0 in a round robin). */
  readonly spreadWeight: number;
}

export const REPEAT = 1000;
export const SEAT = 400;
export const SPREAD = 30;

/**
 * What sitting at `position` of a table of `size` costs a player: how far that position's count already stands
 * above the player's least-used position, squared. Positions beyond the smallest table the player sat at (the
 * fifth seat of the one table of five) are free: the balance is measured over the seats every table has.
 */
export function seatCost(counts: readonly number[], smallest: number, size: number, position: number): number {
  const m = Math.min(smallest, size);
  if (position >= m) return 0;
  let min = Infinity;
  for (let j = 0; j < m; j++) min = Math.min(min, counts[j] ?? 0);
  const excess = (counts[position] ?? 0) - min;
  return SEAT * excess * excess;
}

interface Layout {
  tables: number[][];
  costs: number[];
  total: number;
}

function makeCost(p: SeatingProblem): (table: readonly number[]) => number {
  const { n, met, points } = p;
  return (table) => {
    let c = 0;
    let lo = Infinity;
    let hi = -Infinity;
    for (let a = 0; a < table.length; a++) {
      const i = table[a]!;
      lo = Math.min(lo, points[i]!);
      hi = Math.max(hi, points[i]!);
      for (let b = a + 1; b < table.length; b++) c += met[i * n + table[b]!]! * REPEAT;
    }
    c += (hi - lo) * p.spreadWeight;
    c += bestSeating(table, (i, pos) => seatCost(p.seatCounts[i]!, p.smallestTable[i]!, table.length, pos)).cost;
    return c;
  };
}

function layoutOf(p: SeatingProblem, order: readonly number[], cost: (t: readonly number[]) => number): Layout {
  const tables: number[][] = [];
  let at = 0;
  for (const size of p.tableSizes) {
    tables.push(order.slice(at, at + size) as number[]);
    at += size;
  }
  const costs = tables.map(cost);
  return { tables, costs, total: costs.reduce((a, b) => a + b, 0) };
}

/** Swap passes until none helps or the budget of table evaluations is spent; returns the evaluations used. */
function improve(l: Layout, cost: (t: readonly number[]) => number, window: number, budget: number): number {
  let used = 0;
  for (let improved = true; improved && used < budget;) {
    improved = false;
    for (let t = 0; t < l.tables.length; t++) {
      for (let u = t + 1; u < Math.min(l.tables.length, t + 1 + window); u++) {
        const A = l.tables[t]!;
        const B = l.tables[u]!;
        for (let a = 0; a < A.length; a++) {
          for (let b = 0; b < B.length; b++) {
            if (used >= budget) return used;
            const x = A[a]!;
            A[a] = B[b]!;
            B[b] = x;
            const ca = cost(A);
            const cb = cost(B);
            used += 2;
            if (ca + cb < l.costs[t]! + l.costs[u]! - 1e-9) {
              l.total += ca + cb - l.costs[t]! - l.costs[u]!;
              l.costs[t] = ca;
              l.costs[u] = cb;
              improved = true;
            } else {
              B[b] = A[a]!;
              A[a] = x;
            }
          }
        }
      }
    }
  }
  return used;
}

/** Shuffles within runs of equal points: a restart that keeps the score groups. */
function shuffleWithinGroups(order: number[], points: readonly number[], rng: RngState): number[] {
  const out = [...order];
  let s = 0;
  while (s < out.length) {
    let e = s + 1;
    while (e < out.length && points[out[e]!] === points[out[s]!]) e++;
    for (let i = e - 1; i > s; i--) {
      const j = s + nextInt(rng, i - s + 1);
      const tmp = out[i]!;
      out[i] = out[j]!;
      out[j] = tmp;
    }
    s = e;
  }
  return out;
}

/** Tables of players in seat order (seat 0 plays first), the top scores first. */
export function seatTables(p: SeatingProblem): number[][] {
  const cost = makeCost(p);
  const rng = createRng(p.seed);
  const base = Array.from({ length: p.n }, (_, i) => i);
  // Small events afford restarts and a search over every pair of tables; large ones search near tables only.
  const small = p.n <= 64;
  const restarts = small ? 12 : 1;
  const window = small ? p.tableSizes.length : 3;
  const budget = small ? 200_000 : 120 * p.n;
  let best: Layout | null = null;
  for (let r = 0; r < restarts; r++) {
    const order = r === 0 ? base : shuffleWithinGroups(base, p.points, rng);
    const l = layoutOf(p, order, cost);
    improve(l, cost, window, budget);
    if (!best || l.total < best.total - 1e-9) best = l;
    if (best.total === 0) break;
  }
  const tables = best!.tables.map(
    (t) => bestSeating(t, (i, pos) => seatCost(p.seatCounts[i]!, p.smallestTable[i]!, t.length, pos)).order,
  );
  const mean = (t: readonly number[]): number => t.reduce((s, i) => s + p.points[i]!, 0) / t.length;
  return tables
    .map((t) => ({ t, m: mean(t), top: Math.min(...t) }))
    .sort((a, b) => b.m - a.m || a.top - b.top)
    .map((x) => x.t);
}
