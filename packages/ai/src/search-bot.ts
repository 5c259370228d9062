import { nextInt, type Seat } from '@roundtable/core';
import type { Bot, BotInput, Budget } from './bot.ts';
import { budgetOr } from './budget.ts';
import { searcherFor, tuningOf } from './dispatch.ts';
import { searchInParallel } from './parallel/pool.ts';
import { overrule, pickMove, type RootReport, type SearchRequest } from './search.ts';

export interface LevelSpec {
  readonly level: string;
  /** Default think time per move. */
  readonly ms: number;
  readonly maxDepth?: number;
  /** Root parallelism over worker threads. */
  readonly parallel?: boolean;
}

/**
 * A searching bot: the searcher its game calls for (dispatch.ts) under the level's budget. A position with one
 * legal move is answered at once. The move is returned in notation, as every bot does.
 */
export function searchBot(spec: LevelSpec): Bot {
  return {
    level: spec.level,
    choose(input: BotInput): string | null {
      const { game, view, seat, rng } = input;
      // One sample to learn the legal moves (the bot's own moves are known in every sample).
      const sample = game.determinize(view, seat, [...rng] as typeof rng);
      if (game.outcome(sample)) return null;
      const moves = game.legalMoves(sample, seat);
      if (moves.length === 0) return null;
      if (moves.length === 1) return game.formatMove(sample, moves[0]);
      const budget: Budget = budgetOr(input.budget, { ms: spec.ms });
      const request: SearchRequest = {
        game,
        view,
        seat: seat as Seat,
        rng,
        budget,
        ...(spec.maxDepth !== undefined ? { maxDepth: spec.maxDepth } : {}),
      };
      const reports: RootReport[] = spec.parallel
        ? searchInParallel(request, spec.level)
        : [searcherFor(game, game.players(sample))(request)];
      const move = pickMove(reports);
      // A game whose rule of thumb is the better judge of small differences keeps it unless the search clearly
      // disagrees (GameTuning.priorMargin).
      const tuning = tuningOf(game);
      if (move !== null && tuning.prior && tuning.priorMargin !== undefined) {
        const scores = tuning.prior(game, sample, seat as Seat, moves, 0);
        let best = 0;
        for (let i = 1; i < moves.length; i++) if ((scores[i] as number) > (scores[best] as number)) best = i;
        return overrule(reports, move, game.formatMove(sample, moves[best]), tuning.priorMargin);
      }
      if (move !== null) return move;
      return game.formatMove(sample, moves[nextInt(rng, moves.length)]);
    },
  };
}
