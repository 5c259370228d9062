import type { AnyGame, Seat } from '@roundtable/core';
import type { BotMemory } from './bot.ts';
import { tuningFromHeuristic } from './heuristic-tuning.ts';
import type { IsmctsTuning } from './ismcts.ts';
import type { SearchRequest } from './search.ts';
import { annotate } from './tournament/knowledge.ts';
import { searchTournament } from './tournament/pimc.ts';
import type { TournamentState, TournamentView } from '@roundtable/tournament';
import { tournamentGreedy } from './tournament/greedy.ts';

export { tournamentGreedy };

/**
 * How the Tournament is searched (tournament/pimc.ts): perfect-information Monte Carlo over hidden hands sampled
 * consistently with what the table has shown (voids, every card seen, the seat's own hand), rollouts of the
 * round by a rule of thumb for every seat, the round's end scored by the rules. The bot remembers the facts of
 * the round between its moves (`annotate`). The other fields are what ISMCTS would search with without `search`.
 */
export const tournamentTuning: IsmctsTuning = {
  ...tuningFromHeuristic(tournamentGreedy, { scale: 40, relative: true, playoutDepth: 0 }),
  prior: (game: AnyGame, state: TournamentState, seat: Seat, moves: readonly unknown[]) =>
    moves.map((m) => {
      const next = game.play(state, seat, m);
      return next.ok ? tournamentGreedy(game, state, next.value, seat) : -Infinity;
    }),
  widening: true,
  priorWeight: 1,
  search: (request: SearchRequest) => searchTournament(request),
  annotate: (_game: AnyGame, view: unknown, seat: Seat, memory: BotMemory) =>
    annotate(view as TournamentView, seat, memory),
};
