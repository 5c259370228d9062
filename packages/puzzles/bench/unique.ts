import type { AnyGame, Seat } from '@roundtable/core';
import { camelot } from '@roundtable/camelot';
import { analyse } from '@roundtable/ai';
// The games and their bots, registered with packages/ai as every front door has them.
import '@roundtable/catalog';

const game = camelot as AnyGame;
/**
 * The documented margin: a solver's move must have winning chances (calibrated, packages/ai/src/analysis/
 * chances.ts) at least 25 points above the next best move's, by the confirming search.
 */
export const MARGIN = 0.25;
/** Nodes of the quick look that picks candidate positions, and of the search that confirms them. */
export const QUICK_NODES = 1_500;
export const CONFIRM_NODES = 80_000;

/**
 * The best move of the side to move and its margin over the next best at `nodes` (the same search with the best
 * move left out), or null when the gap is short of MARGIN, the position has one legal move, or it is decided
 * whatever is played (both at 90 % or more, or both at 10 % or less).
 */
export function uniqueBest(
  state: unknown,
  nodes: number,
): { best: string; margin: number; depth: number; chances: number; second: number } | null {
  const seat = game.toMove(state)[0] as Seat;
  if (game.legalMoves(state, seat).length < 2) return null;
  let settled = 0;
  let last: string | null = null;
  const best = analyse(
    game,
    state,
    { iterations: nodes },
    {
      lineLength: 1,
      onDepth: (e) => {
        if (e.best !== last) settled = e.depth;
        last = e.best;
      },
    },
  );
  if (!best.best) return null;
  const second = analyse(game, state, { iterations: nodes }, { exclude: [best.best], lineLength: 1 });
  const a = best.chances[seat] ?? 0;
  const b = second.chances[seat] ?? 0;
  if (a - b < MARGIN) return null;
  if ((a >= 0.9 && b >= 0.9) || (a <= 0.1 && b <= 0.1)) return null;
  return { best: best.best, margin: a - b, depth: settled || best.depth, chances: a, second: b };
}
