import { joustTuning } from './joust/tuning.ts';
import { lancelotTuning } from './lancelot/tuning.ts';
import { shadowsTuning } from './shadows.ts';
import { tournamentTuning } from './tournament.ts';
import type { GameTuning } from './tuning.ts';

/** Per-game tuning of the generic searchers, by game id (Camelot has its own searcher in camelot/). */
export const tunings: Readonly<Record<string, GameTuning>> = {
  lancelot: lancelotTuning,
  joust: joustTuning,
  tournament: tournamentTuning,
  shadows: shadowsTuning,
};
