import type { Evaluate } from './bot.ts';
import { camelotGreedy } from './camelot.ts';

/** The greedy bot's per-game scores. */
export const heuristics: Readonly<Record<string, Evaluate>> = {
  camelot: camelotGreedy,
};
