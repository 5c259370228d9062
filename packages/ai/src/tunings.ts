import { joustTuning } from './joust/tuning.ts';
import { lancelotTuning } from './lancelot/tuning.ts';
import { shadowsGreedy } from './shadows.ts';
import { tournamentGreedy } from './tournament.ts';
import { tuningFromHeuristic } from './heuristic-tuning.ts';
import type { GameTuning } from './tuning.ts';

/** Per-game tuning of the generic searchers, by game id (Camelot has its own searcher in camelot/). */
export const tunings: Readonly<Record<string, GameTuning>> = {
  lancelot: lancelotTuning,
  joust: joustTuning,
  // Not tuned yet beyond their heuristics (engines landed during this work): ISMCTS with the greedy score.
  tournament: tuningFromHeuristic(tournamentGreedy, { scale: 6, relative: true }),
  shadows: tuningFromHeuristic(shadowsGreedy, { scale: 30, relative: false }),
};
