import { nextInt } from '@roundtable/core';
import type { Bot, BotInput, Evaluate } from './bot.ts';
import { profileOf } from './profile.ts';

/**
 * One move deep: plays the legal move whose resulting position the game's heuristic scores best for the bot's
 * seat, ties broken at random. Without a heuristic for the game it plays at random.
 */
export const greedyBot: Bot = {
  level: 'greedy',
  choose({ game, view, seat, rng }: BotInput): string | null {
    const state = game.determinize(view, seat, rng);
    const moves = game.legalMoves(state, seat);
    if (moves.length === 0) return null;
    const evaluate: Evaluate | undefined = profileOf(game.id).greedy;
    let best: unknown[] = [];
    let bestScore = -Infinity;
    for (const move of moves) {
      let score = 0;
      if (evaluate) {
        const after = game.play(state, seat, move);
        score = after.ok ? evaluate(game, state, after.value, seat) : -Infinity;
      }
      if (score > bestScore) {
        bestScore = score;
        best = [move];
      } else if (score === bestScore) {
        best.push(move);
      }
    }
    return game.formatMove(state, best[nextInt(rng, best.length)]);
  },
};
