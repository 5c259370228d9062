import { nextInt } from '@roundtable/core';
import type { Bot, BotInput } from './bot.ts';

/** Plays a uniformly random legal move. */
export const randomBot: Bot = {
  level: 'random',
  choose({ game, view, seat, rng }: BotInput): string | null {
    const state = game.determinize(view, seat, rng);
    const moves = game.legalMoves(state, seat);
    if (moves.length === 0) return null;
    return game.formatMove(state, moves[nextInt(rng, moves.length)]);
  },
};
