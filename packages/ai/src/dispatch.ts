import type { AnyGame, Seat } from '@roundtable/core';
import { searchAlphaBetaGeneric } from './generic.ts';
import { searchIsmcts } from './ismcts.ts';
import { searchMcts } from './mcts.ts';
import type { Searcher } from './search.ts';
import type { GameTuning } from './tuning.ts';
import { profileOf } from './profile.ts';

/**
 * Which searcher plays a game: information-set MCTS whenever something is hidden; else its own when its bot
 * profile brings one (Camelot's alpha-beta); alpha-beta over the pure interface for other two-player games that
 * have an evaluation; MCTS for three or more players (and for two without an evaluation).
 */
export function searcherFor(game: AnyGame, players: number): Searcher {
  if (!game.perfectInformation) return (r) => searchIsmcts(r, tuningFor(game, r.view, r.seat));
  const own = profileOf(game.id).searcher;
  if (own) return own;
  const tuning = tuningOf(game);
  if (players === 2 && tuning.evaluate) return (r) => searchAlphaBetaGeneric(r, tuning);
  return (r) => searchMcts(r, tuning);
}

export function tuningOf(game: AnyGame): GameTuning {
  return profileOf(game.id).tuning ?? {};
}

/** The game's tuning for one decision from `view` (as `annotate` returned it: what the bots remember included). */
export function tuningFor(game: AnyGame, view: unknown, seat: Seat): GameTuning {
  const tuning = tuningOf(game);
  return tuning.remembering ? tuning.remembering(view, seat) : tuning;
}
