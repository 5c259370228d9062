import type { Evaluate } from './bot.ts';
import { camelotGreedy } from './camelot.ts';
import { joustGreedy } from './joust.ts';
import { lancelotGreedy } from './lancelot.ts';
import { shadowsGreedy } from './shadows.ts';
import { tournamentGreedy } from './tournament.ts';

/** The greedy bot's per-game scores. */
export const heuristics: Readonly<Record<string, Evaluate>> = {
  camelot: camelotGreedy,
  lancelot: lancelotGreedy,
  joust: joustGreedy,
  tournament: tournamentGreedy,
  shadows: shadowsGreedy,
};
