import type { History } from './history.ts';
import { pairKey } from './history.ts';
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

// Costs of a pairing, in the units of README.md ("Swiss for two"): a point of score difference outweighs a mild
// colour wish and any distance in the group; a pairing that would put either player two games off balance
// (both +1 or both −1) costs more than two points of score difference.
const SCORE = 100;
const COLOUR_ABSOLUTE = 250;
const COLOUR_MILD = 5;

function colourCost(a: Colour, b: Colour): number {
  if ((a.diff > 0 && b.diff > 0) || (a.diff < 0 && b.diff < 0)) return COLOUR_ABSOLUTE;
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

/** The node budget of the search for a pairing with no rematch, before rematches are allowed (README.md). */
const SEARCH_BUDGET = 200_000;

/**
 * Pairs an even list, already in pairing order, into boards: the top unpaired entrant takes the cheapest partner
 * (same score, half a group down, colours fitting), backtracking when the rest can no longer be paired without a
 * rematch. Returns null when no pairing without rematches exists (or the budget ran out).
 */
function searchPairs(
  order: readonly Entrant[],
  history: History,
  colours: ReadonlyMap<EntrantId, Colour>,
  allowRematch: boolean,
): [number, number][] | null {
  const n = order.length;
  const points = order.map((e) => history.points.get(e.id) ?? 0);
  const metM = (i: number, j: number): boolean => (history.met.get(pairKey(order[i]!.id, order[j]!.id)) ?? 0) > 0;
  // Score groups: where each entrant's group starts and ends, to aim the top half at the bottom half.
  const groupEnd: number[] = new Array<number>(n);
  for (let i = n - 1; i >= 0; i--) groupEnd[i] = i + 1 < n && points[i + 1] === points[i] ? groupEnd[i + 1]! : i + 1;
  const paired = new Uint8Array(n);
  const avail = new Int32Array(n);
  if (!allowRematch) {
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j && !metM(i, j)) avail[i]!++;
  }
  const result: [number, number][] = [];
  let nodes = 0;
  const take = (i: number, sign: 1 | -1): void => {
    paired[i] = sign === 1 ? 1 : 0;
    if (allowRematch) return;
    for (let x = 0; x < n; x++) if (x !== i && !paired[x] && !metM(i, x)) avail[x]! -= sign;
  };
  const step = (): boolean => {
    let p = 0;
    while (p < n && paired[p]) p++;
    if (p >= n) return true;
    if (++nodes > SEARCH_BUDGET) return false;
    const cp = colours.get(order[p]!.id)!;
    let remaining = 0;
    for (let i = p; i < groupEnd[p]!; i++) if (!paired[i]) remaining++;
    const ideal = p + Math.floor(remaining / 2);
    const candidates: { q: number; cost: number }[] = [];
    for (let q = p + 1; q < n; q++) {
      if (paired[q]) continue;
      if (!allowRematch && metM(p, q)) continue;
      const rematch = allowRematch && metM(p, q) ? 10_000 : 0;
      const cost =
        rematch +
        Math.abs(points[p]! - points[q]!) * SCORE +
        colourCost(cp, colours.get(order[q]!.id)!) +
        Math.min(Math.abs(q - ideal), 50);
      candidates.push({ q, cost });
    }
    candidates.sort((a, b) => a.cost - b.cost || a.q - b.q);
    for (const { q } of candidates) {
      take(p, 1);
      take(q, 1);
      let dead = false;
      if (!allowRematch) {
        for (let x = 0; x < n && !dead; x++) if (!paired[x] && avail[x]! <= 0) dead = true;
      }
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
  lotBit: (board: number) => boolean,
): { boards: [Entrant, Entrant][]; bye: Entrant | null } {
  const colours = new Map<EntrantId, Colour>(order.map((e) => [e.id, colourOf(history, e.id)]));
  let byeCandidates: (Entrant | null)[] = [null];
  if (order.length % 2 === 1) {
    const noBye = [...order].reverse().filter((e) => !(history.byes.get(e.id) ?? 0));
    byeCandidates = noBye.length ? noBye : [...order].reverse();
  }
  let chosen: { pairs: [number, number][]; rest: Entrant[]; bye: Entrant | null } | null = null;
  for (const allowRematch of [false, true]) {
    for (const bye of byeCandidates) {
      const rest = order.filter((e) => e !== bye);
      const pairs = searchPairs(rest, history, colours, allowRematch);
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
