import { nextInt, type AnyGame, type RngState, type Seat } from '@roundtable/core';
import type { Budget } from './bot.ts';

/** One search request: what a bot was given, with its budget settled. */
export interface SearchRequest {
  readonly game: AnyGame;
  readonly view: unknown;
  readonly seat: Seat;
  readonly rng: RngState;
  readonly budget: Budget;
  /** Root parallelism: this searcher is share `index` of `of` (each worker takes one). */
  readonly share?: { readonly index: number; readonly of: number };
  /** Alpha-beta: stop deepening here (the easy level plays shallow). */
  readonly maxDepth?: number;
}

/**
 * What a search says about the root, in notation so that reports from several workers can be merged:
 * visit counts (MCTS, ISMCTS) or the best move per completed depth (alpha-beta over a share of the root moves).
 */
export type RootReport =
  | {
      readonly kind: 'visits';
      readonly moves: readonly { readonly move: string; readonly visits: number; readonly value: number }[];
      readonly iterations: number;
    }
  | {
      readonly kind: 'depths';
      readonly depths: readonly { readonly depth: number; readonly move: string; readonly score: number }[];
      readonly iterations: number;
    }
  | { readonly kind: 'none'; readonly iterations: number };

export type Searcher = (request: SearchRequest) => RootReport;

/** Chooses among merged reports: most visits (ties: best value, then notation), or best score at the deepest depth every share completed. */
/** The index of the highest score, ties broken at random by `rng`. */
export function bestIndex(scores: readonly number[], rng: RngState): number {
  let best = -Infinity;
  let pick = 0;
  let ties = 0;
  for (let i = 0; i < scores.length; i++) {
    const v = scores[i] as number;
    if (v > best) {
      best = v;
      pick = i;
      ties = 1;
    } else if (v === best && nextInt(rng, ++ties) === 0) pick = i;
  }
  return pick;
}

/**
 * The searched move when its mean reward beats `ruleOfThumb`'s by more than `margin` (the rule of thumb's move
 * must have been tried), else the rule of thumb's. See `GameTuning.priorMargin`.
 */
export function overrule(
  reports: readonly RootReport[],
  searched: string,
  ruleOfThumb: string,
  margin: number,
): string {
  if (searched === ruleOfThumb) return searched;
  let a = { visits: 0, value: 0 };
  let b = { visits: 0, value: 0 };
  for (const r of reports) {
    if (r.kind !== 'visits') return searched;
    for (const m of r.moves) {
      if (m.move === searched) a = { visits: a.visits + m.visits, value: a.value + m.value };
      if (m.move === ruleOfThumb) b = { visits: b.visits + m.visits, value: b.value + m.value };
    }
  }
  if (a.visits === 0 || b.visits === 0) return searched;
  return a.value / a.visits > b.value / b.visits + margin ? searched : ruleOfThumb;
}

export function pickMove(reports: readonly RootReport[]): string | null {
  const visits = new Map<string, { visits: number; value: number }>();
  const depthReports: { depth: number; move: string; score: number }[][] = [];
  for (const r of reports) {
    if (r.kind === 'visits') {
      for (const m of r.moves) {
        const v = visits.get(m.move) ?? { visits: 0, value: 0 };
        v.visits += m.visits;
        v.value += m.value;
        visits.set(m.move, v);
      }
    } else if (r.kind === 'depths' && r.depths.length > 0) depthReports.push([...r.depths]);
  }
  if (visits.size > 0) {
    let best: string | null = null;
    let bv = -1;
    let bq = -Infinity;
    for (const [move, v] of [...visits].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
      const q = v.visits > 0 ? v.value / v.visits : 0;
      if (v.visits > bv || (v.visits === bv && q > bq)) {
        best = move;
        bv = v.visits;
        bq = q;
      }
    }
    return best;
  }
  if (depthReports.length === 0) return null;
  // Scores are comparable only at the same depth: take the deepest depth all shares reached.
  const common = Math.min(...depthReports.map((d) => (d[d.length - 1] as { depth: number }).depth));
  let best: { move: string; score: number } | null = null;
  for (const d of depthReports) {
    let at: { depth: number; move: string; score: number } | undefined;
    for (const e of d) if (e.depth <= common) at = e;
    at ??= d[0];
    if (at && (!best || at.score > best.score)) best = at;
  }
  return best?.move ?? null;
}
