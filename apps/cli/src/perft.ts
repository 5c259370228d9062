import { lineById } from '@roundtable/catalog/lines';
import type { AnyGame } from '@roundtable/core';
import { err, ok, type Result } from '@roundtable/core';

/** The deepest perft of a game whose descriptor sets no limit (small test games); refused beyond. */
export const MAX_PERFT_DEPTH = 12;

/**
 * The deepest perft that ends within hours on a laptop, from the game's descriptor (`perftDepth`: Camelot, about
 * 100 moves a ply, stops at 6). Deeper is refused rather than left to run for years.
 */
export function maxPerftDepth(game: AnyGame): number {
  return lineById(game.id)?.descriptor.perftDepth ?? MAX_PERFT_DEPTH;
}

/**
 * Counts the leaves of the move tree to `depth` (perft, the contract of move generation). Uses the game's own
 * fast path when it has one; otherwise walks `legalMoves`/`play`, counting the moves of the last level without
 * playing them. Defined only for games of perfect information: elsewhere a move tree depends on hidden cards.
 */
export function perft(game: AnyGame, state: unknown, depth: number): Result<number> {
  if (!game.perfectInformation) return err({ code: 'NOT_PERFECT_INFORMATION', game: game.id });
  const max = maxPerftDepth(game);
  if (!Number.isInteger(depth) || depth < 0 || depth > max) return err({ code: 'BAD_DEPTH', depth, max });
  return ok(game.perft ? game.perft(state, depth) : genericPerft(game, state, depth));
}

export function genericPerft(game: AnyGame, state: unknown, depth: number): number {
  if (depth === 0) return 1;
  let count = 0;
  // Several seats may act in a response window: each of their moves is a branch.
  for (const seat of game.toMove(state)) {
    const moves = game.legalMoves(state, seat);
    if (depth === 1) {
      count += moves.length;
      continue;
    }
    for (const move of moves) {
      const next = game.play(state, seat, move);
      if (next.ok) count += genericPerft(game, next.value, depth - 1);
    }
  }
  return count;
}
