import { metMatrix as readMetMatrix, type History } from './history.ts';
import type { Entrant, EntrantId } from './types.ts';

/** Firsts minus seconds so far, and the seat of the last game (null before the first). */
interface Colour {
  readonly diff: number;
  readonly last: number | null;
}

function colourOf(history: History, id: EntrantId): Colour {
  const order = history.seatOrder.get(id) ?? [];
  let diff = 0;
  for (const s of order) diff += s === 0 ? 1 : -1;
  return { diff, last: order.length ? order[order.length - 1]! : null };
}

// Costs of a pairing among those the phase allows (README.md, "Swiss for two"): a point of score difference
// outweighs a mild colour wish (both played first last time, both even) and any distance in the score group.
const SCORE = 100;
const COLOUR_MILD = 5;
const FLOAT_AGAIN = 30;

/** Whether an entrant met a lower score last round (floated down) or a higher one (floated up). */
export type Float = 'down' | 'up';

/** Both would end two games off balance (both ahead on firsts, or both behind): one of them must be. */
function colourClash(a: Colour, b: Colour): boolean {
  return (a.diff > 0 && b.diff > 0) || (a.diff < 0 && b.diff < 0);
}

function colourCost(a: Colour, b: Colour): number {
  if (a.diff === 0 && b.diff === 0 && a.last !== null && a.last === b.last) return COLOUR_MILD;
  return 0;
}

/** Who plays first at a board: the one further behind on firsts, else the one who played second last time. */
function firstOf(a: Entrant, b: Entrant, ca: Colour, cb: Colour, lot: boolean): [Entrant, Entrant] {
  if (ca.diff !== cb.diff) return ca.diff < cb.diff ? [a, b] : [b, a];
  if (ca.last !== cb.last) {
    if (ca.last === 1 || cb.last === 0) return [a, b];
    if (cb.last === 1 || ca.last === 0) return [b, a];
  }
  return lot ? [a, b] : [b, a];
}

/** What a phase of the search allows: the first forbids rematches and colour clashes, the last allows both. */
interface Phase {
  readonly rematch: boolean;
  readonly clash: boolean;
}
const PHASES: readonly Phase[] = [
  { rematch: false, clash: false },
  { rematch: false, clash: true },
  { rematch: true, clash: true },
];

/** Up to this many entrants the cheapest pairing is found exactly (a search over subsets); beyond, greedily. */
const EXACT_MAX = 18;
/** The node budget of the greedy search before a phase gives up (README.md). */
const SEARCH_BUDGET = 20_000;

/**
 * Pairs an even list, already in pairing order, into boards, or null when the phase allows no pairing. The cost
 * of a board: score difference, a mild colour wish, the distance from the partner the Dutch system would give
 * (the top half of a score group facing its bottom half), and in the last phase 10,000 per rematch.
 */
function searchPairs(
  order: readonly Entrant[],
  history: History,
  colours: ReadonlyMap<EntrantId, Colour>,
  lastFloats: ReadonlyMap<EntrantId, Float>,
  phase: Phase,
): [number, number][] | null {
  const n = order.length;
  if (n === 0) return [];
  const points = order.map((e) => history.points.get(e.id) ?? 0);
  const col = order.map((e) => colours.get(e.id)!);
  const metMatrix = readMetMatrix(
    history,
    order.map((e) => e.id),
  );
  const metM = (i: number, j: number): boolean => metMatrix[i * n + j]! > 0;
  const allowed = (i: number, j: number): boolean =>
    (phase.rematch || !metM(i, j)) && (phase.clash || !colourClash(col[i]!, col[j]!));
  const groupStart: number[] = new Array<number>(n);
  const groupEnd: number[] = new Array<number>(n);
  for (let i = 0; i < n; i++) groupStart[i] = i > 0 && points[i - 1] === points[i] ? groupStart[i - 1]! : i;
  for (let i = n - 1; i >= 0; i--) groupEnd[i] = i + 1 < n && points[i + 1] === points[i] ? groupEnd[i + 1]! : i + 1;
  const floats = order.map((e) => lastFloats.get(e.id) ?? null);
  // The one who floated down last round is not the one to float down again where another can, nor up twice.
  const floatCost = (i: number, j: number): number => {
    if (points[i] === points[j]) return 0;
    const [hi, lo] = points[i]! > points[j]! ? [i, j] : [j, i];
    return (floats[hi] === 'down' ? FLOAT_AGAIN : 0) + (floats[lo] === 'up' ? FLOAT_AGAIN : 0);
  };
  const cost = (i: number, j: number): number => {
    const half = Math.floor((groupEnd[i]! - groupStart[i]!) / 2);
    const ideal = i - groupStart[i]! < half ? i + half : i;
    return (
      (phase.rematch && metM(i, j) ? 10_000 : 0) +
      Math.abs(points[i]! - points[j]!) * SCORE +
      (phase.clash && colourClash(col[i]!, col[j]!) ? SCORE / 2 : 0) +
      colourCost(col[i]!, col[j]!) +
      floatCost(i, j) +
      Math.min(Math.abs(j - ideal), 50)
    );
  };
  if (!phase.clash) {
    // More entrants ahead on firsts than partners for them: no pairing without a clash, no need to search.
    let plus = 0;
    let minus = 0;
    for (const c of col) {
      if (c.diff > 0) plus++;
      else if (c.diff < 0) minus++;
    }
    if (plus > n - plus || minus > n - minus) return null;
  }
  return n <= EXACT_MAX ? exactPairs(n, allowed, cost) : greedyPairs(n, allowed, cost);
}

/** The cheapest perfect matching over allowed boards, by a search over the subsets still to pair (n ≤ 18). */
function exactPairs(
  n: number,
  allowed: (i: number, j: number) => boolean,
  cost: (i: number, j: number) => number,
): [number, number][] | null {
  const full = (1 << n) - 1;
  const best = new Float64Array(1 << n).fill(-1);
  const choice = new Int8Array(1 << n);
  const solve = (mask: number): number => {
    if (mask === full) return 0;
    if (best[mask]! >= 0) return best[mask]!;
    let i = 0;
    while (mask & (1 << i)) i++;
    let b = Infinity;
    let bj = -1;
    for (let j = i + 1; j < n; j++) {
      if (mask & (1 << j) || !allowed(i, j)) continue;
      const c = cost(i, j) + solve(mask | (1 << i) | (1 << j));
      if (c < b) {
        b = c;
        bj = j;
      }
    }
    best[mask] = b;
    choice[mask] = bj;
    return b;
  };
  if (!Number.isFinite(solve(0))) return null;
  const pairs: [number, number][] = [];
  for (let mask = 0; mask !== full;) {
    let i = 0;
    while (mask & (1 << i)) i++;
    const j = choice[mask]!;
    pairs.push([i, j]);
    mask |= (1 << i) | (1 << j);
  }
  return pairs;
}

/**
 * The top unpaired entrant takes its cheapest allowed partner, backtracking when someone left has no allowed
 * partner any more; null when the budget runs out first.
 */
function greedyPairs(
  n: number,
  allowed: (i: number, j: number) => boolean,
  cost: (i: number, j: number) => number,
): [number, number][] | null {
  const paired = new Uint8Array(n);
  const avail = new Int32Array(n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j && allowed(i, j)) avail[i]!++;
  const result: [number, number][] = [];
  let nodes = 0;
  const take = (i: number, sign: 1 | -1): void => {
    paired[i] = sign === 1 ? 1 : 0;
    for (let x = 0; x < n; x++) if (x !== i && !paired[x] && allowed(i, x)) avail[x]! -= sign;
  };
  const step = (): boolean => {
    let p = 0;
    while (p < n && paired[p]) p++;
    if (p >= n) return true;
    if (++nodes > SEARCH_BUDGET) return false;
    const candidates: { q: number; c: number }[] = [];
    for (let q = p + 1; q < n; q++) if (!paired[q] && allowed(p, q)) candidates.push({ q, c: cost(p, q) });
    candidates.sort((a, b) => a.c - b.c || a.q - b.q);
    for (const { q } of candidates) {
      take(p, 1);
      take(q, 1);
      let dead = false;
      for (let x = 0; x < n && !dead; x++) if (!paired[x] && avail[x]! <= 0) dead = true;
      if (!dead) {
        result.push([p, q]);
        if (step()) return true;
        result.pop();
      }
      take(q, -1);
      take(p, -1);
      if (nodes > SEARCH_BUDGET) return false;
    }
    return false;
  };
  return step() ? result : null;
}

/**
 * A Swiss round for two-player games (README.md, "Swiss for two"): `order` is the pairing order, `byeOrder` the
 * entrants eligible for the bye, lowest-ranked first. Returns the boards (first player first) and the bye.
 */
export function pairDuelRound(
  order: readonly Entrant[],
  history: History,
  lastFloats: ReadonlyMap<EntrantId, Float>,
  lotBit: (board: number) => boolean,
): { boards: [Entrant, Entrant][]; bye: Entrant | null } {
  const colours = new Map<EntrantId, Colour>(order.map((e) => [e.id, colourOf(history, e.id)]));
  let byeCandidates: (Entrant | null)[] = [null];
  if (order.length % 2 === 1) {
    const noBye = [...order].reverse().filter((e) => !(history.byes.get(e.id) ?? 0));
    byeCandidates = noBye.length ? noBye : [...order].reverse();
  }
  let chosen: { pairs: [number, number][]; rest: Entrant[]; bye: Entrant | null } | null = null;
  for (const phase of PHASES) {
    for (const bye of byeCandidates) {
      const rest = order.filter((e) => e !== bye);
      const pairs = searchPairs(rest, history, colours, lastFloats, phase);
      if (pairs) {
        chosen = { pairs, rest, bye };
        break;
      }
    }
    if (chosen) break;
  }
  // With rematches allowed the search cannot fail; this only satisfies the types.
  if (!chosen) throw new Error('pairDuelRound: no pairing');
  const { pairs, rest, bye } = chosen;
  const boards = pairs.map(([i, j], k): [Entrant, Entrant] => {
    const a = rest[i]!;
    const b = rest[j]!;
    return firstOf(a, b, colours.get(a.id)!, colours.get(b.id)!, lotBit(k));
  });
  return { boards, bye };
}
