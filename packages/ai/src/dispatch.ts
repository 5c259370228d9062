import type { AnyGame, Seat } from '@roundtable/core';
import { searchCamelot } from './camelot/search.ts';
import { searchAlphaBetaGeneric } from './generic.ts';
import { searchIsmcts } from './ismcts.ts';
import { searchMcts } from './mcts.ts';
import type { Searcher } from './search.ts';
import type { GameTuning } from './tuning.ts';
import { tunings } from './tunings.ts';

/**
 * Which searcher plays a game: Camelot's own alpha-beta; alpha-beta over the pure interface for other two-player
 * games of perfect information that have an evaluation; MCTS for three or more players (and for two without an
 * evaluation); information-set MCTS whenever something is hidden.
 */
export function searcherFor(game: AnyGame, players: number): Searcher {
  if (!game.perfectInformation) return (r) => searchIsmcts(r, tuningFor(game, r.view, r.seat));
  if (game.id === 'camelot') return searchCamelot;
  const tuning = tuningOf(game);
  if (players === 2 && tuning.evaluate) return (r) => searchAlphaBetaGeneric(r, tuning);
  return (r) => searchMcts(r, tuning);
}

export function tuningOf(game: AnyGame): GameTuning {
  return Object.hasOwn(tunings, game.id) ? (tunings[game.id] as GameTuning) : {};
}

/** The game's tuning for one decision from `view` (as `annotate` returned it: what the bots remember included). */
export function tuningFor(game: AnyGame, view: unknown, seat: Seat): GameTuning {
  const tuning = tuningOf(game);
  return tuning.remembering ? tuning.remembering(view, seat) : tuning;
}
