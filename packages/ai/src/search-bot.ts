import { nextFloat, nextInt, type AnyGame, type RngState, type Seat } from '@roundtable/core';
import type { Bot, BotInput, Budget } from './bot.ts';
import { budgetOr } from './budget.ts';
import { searcherFor, tuningFor, tuningOf } from './dispatch.ts';
import { profileOf } from './profile.ts';
// Worker threads in Node, the calling thread in a page (package.json `imports`).
import { searchInParallel } from '#pool';
import { bestIndex, overrule, pickMove, type RootReport, type SearchRequest } from './search.ts';

export interface LevelSpec {
  readonly level: string;
  /** Default think time per move. */
  readonly ms: number;
  readonly maxDepth?: number;
  /** Root parallelism over worker threads. */
  readonly parallel?: boolean;
  /**
   * How often (0–1) the level plays a uniformly random legal move instead of searching, so that the levels
   * are told apart in every game (where a short search and a long one both mostly follow the game's rule of
   * thumb, as in Chevaliers and the Tournament, a budget alone does not). Never when a move wins at once.
   */
  readonly blunder?: number;
  /**
   * The share of an iteration budget given in the input (the arena's `--iterations`) that this level searches,
   * at least one iteration: what its own time budget buys next to the strongest level's, so that a reproducible
   * run measures the levels as people meet them. Absent: the given iterations. A time budget is never scaled.
   * Set per game by its bot profile (`BotProfile.levels`).
   */
  readonly effort?: number;
  /** The game's bot profile may change this level for its game (`BotProfile.levels`): the levels of levels.ts. */
  readonly perGame?: boolean;
}

/**
 * A searching bot: the searcher its game calls for (dispatch.ts) under the level's budget. A position with one
 * legal move is answered at once. The move is returned in notation, as every bot does.
 */
export function searchBot(common: LevelSpec): Bot {
  return {
    level: common.level,
    choose(input: BotInput): string | null {
      const { game, seat, rng } = input;
      // The level as the game's bot profile sets it (Lancelot's and the Tournament's own rates and times).
      const own = common.perGame ? profileOf(game.id).levels?.[common.level as 'easy' | 'medium' | 'strong'] : null;
      const spec: LevelSpec = own ? { ...common, ...own } : common;
      // What the match's bots remember of the table travels with the view (GameTuning.annotate); without a
      // memory from the caller, this decision remembers nothing.
      const annotate = tuningOf(game).annotate;
      const view = annotate ? annotate(game, input.view, seat as Seat, input.memory ?? {}) : input.view;
      // The rule of thumb's ties are broken from the RNG as given, before the search advances it.
      const tieRng = [...rng] as typeof rng;
      // One sample to learn the legal moves (the bot's own moves are known in every sample).
      const sample = game.determinize(view, seat, [...rng] as typeof rng);
      if (game.outcome(sample)) return null;
      const moves = game.legalMoves(sample, seat);
      if (moves.length === 0) return null;
      if (moves.length === 1) return game.formatMove(sample, moves[0]);
      if (spec.blunder !== undefined && spec.blunder > 0) {
        // Drawn from a copy of the RNG: the rest of the decision is the same whether it blunders or not.
        const dice = [...rng] as RngState;
        if (nextFloat(dice) < spec.blunder && !winsAtOnce(game, sample, seat as Seat, moves))
          return game.formatMove(sample, moves[nextInt(dice, moves.length)]);
      }
      let budget: Budget = budgetOr(input.budget, { ms: spec.ms });
      if (spec.effort !== undefined && budget.iterations !== undefined)
        budget = { ...budget, iterations: Math.max(1, Math.round(budget.iterations * spec.effort)) };
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
      const tuning = tuningFor(game, view, seat as Seat);
      if (move !== null && tuning.prior && tuning.priorMargin !== undefined) {
        const best = bestIndex(tuning.prior(game, sample, seat as Seat, moves, 0), tieRng);
        return overrule(reports, move, game.formatMove(sample, moves[best]), tuning.priorMargin);
      }
      if (move !== null) return move;
      return game.formatMove(sample, moves[nextInt(rng, moves.length)]);
    },
  };
}

/** Does one of `moves` end the game at once with `seat` among the winners? (Checked only for up to 200 moves.) */
export function winsAtOnce(game: AnyGame, state: unknown, seat: Seat, moves: readonly unknown[]): boolean {
  if (moves.length > 200) return false;
  for (const m of moves) {
    const next = game.play(state, seat, m);
    if (!next.ok) continue;
    const outcome = game.outcome(next.value);
    if (outcome && !outcome.draw && outcome.winners.includes(seat)) return true;
  }
  return false;
}

/**
 * A searching bot with a fixed iteration budget on the calling thread: reproducible move for move, for benches
 * and tests (the levels think for a time, over worker threads).
 */
export function fixedBudgetBot(iterations: number): Bot {
  const bot = searchBot({ level: 'ismcts', ms: 0 });
  return { level: bot.level, choose: (input: BotInput) => bot.choose({ ...input, budget: { iterations } }) };
}
