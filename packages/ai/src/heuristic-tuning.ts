import type { AnyGame } from '@roundtable/core';
import type { Evaluate } from './bot.ts';
import type { GameTuning } from './tuning.ts';

/**
 * A tuning for a game whose only knowledge is its greedy heuristic: the heuristic scores the position for every
 * seat, and a logistic turns the scores into chances, of the lead over the best other seat (`relative`, for
 * games every seat plays for itself) or of the score itself (cooperative games, where a seat's score is its
 * side's). `scale` is what the heuristic counts as a clear advantage.
 */
export function tuningFromHeuristic(
  evaluate: Evaluate,
  options: { readonly scale: number; readonly relative: boolean; readonly playoutDepth?: number },
): GameTuning {
  const { scale, relative } = options;
  return {
    evaluate: (game: AnyGame, state: unknown) => {
      const n = game.players(state);
      const raw = Array.from({ length: n }, (_, i) => evaluate(game, state, state, i));
      return raw.map((r, i) => {
        let ref = 0;
        if (relative) {
          ref = -Infinity;
          for (let o = 0; o < n; o++) if (o !== i && (raw[o] as number) > ref) ref = raw[o] as number;
        }
        return 1 / (1 + Math.exp(-(r - ref) / scale));
      });
    },
    playoutDepth: options.playoutDepth ?? 4,
    exploration: 0.6,
  };
}
