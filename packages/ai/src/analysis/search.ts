import type { AnyGame, Outcome, Seat } from '@roundtable/core';
import { WIN, alphaBeta, principalLine } from '../alphabeta.ts';
import type { Budget, SearchInfo } from '../bot.ts';
import { Deadline } from '../budget.ts';
import { GamePosition } from '../generic.ts';
import { tuningOf } from '../dispatch.ts';
import { profileOf } from '../profile.ts';
import { chancesOf, hasCalibration } from './chances.ts';
import type { AnalysisPosition } from './position.ts';

/** How long the best line may grow. */
const LINE = 16;
/** Scores this close to a win are forced results: WIN minus the plies to the end. */
const FORCED = WIN - 1000;

/** One evaluation of a position by the analysis search. */
export interface Evaluation {
  /** The seat to move, whose point of view `score` takes. */
  readonly seat: Seat;
  /** The search's score for the side to move (centi-units: a Camelot man is 100; see chances.ts for Lancelot). */
  readonly score: number;
  /** A forced end found: plies to it, positive when the side to move wins, negative when it loses. */
  readonly mate: number | null;
  /** Each seat's winning chances (expected result, a draw counting half), calibrated (chances.ts). */
  readonly chances: readonly number[];
  readonly depth: number;
  readonly nodes: number;
  /** The best move and the line the search expects, in notation (empty when the game is over). */
  readonly best: string | null;
  readonly line: readonly string[];
  /** The position is decided already: its outcome (no search). */
  readonly outcome: Outcome | null;
}

export interface AnalysisOptions {
  readonly maxDepth?: number;
  /** Root moves to leave out (notation): the second best move is the best once the first is excluded. */
  readonly exclude?: readonly string[];
  /** Root moves to search alone (notation): the score of the move played, at the depth the best one had. */
  readonly only?: readonly string[];
  /** Moves of the best line to give (16 by default; 1 for the best move alone, as self-play wants). */
  readonly lineLength?: number;
  /** After each completed depth, the evaluation so far (the analysis board shows it while deepening). */
  readonly onDepth?: (evaluation: Evaluation) => void;
}

/** Whether the analysis search can read this game at this number of players: two, nothing hidden, an evaluation and calibrated chances. */
export function canAnalyse(game: AnyGame, players: number): boolean {
  return (
    game.perfectInformation &&
    players === 2 &&
    hasCalibration(game.id) &&
    (profileOf(game.id).analysisPosition !== undefined || tuningOf(game).evaluate !== undefined)
  );
}

function genericPosition(game: AnyGame, state: unknown): AnalysisPosition {
  const pos = new GamePosition(game, state, tuningOf(game));
  return {
    pos,
    rootName: (i) => game.formatMove(state, pos.movesAt(0)[i]),
    namer() {
      let s = state;
      return (ply, i) => {
        const move = pos.movesAt(ply)[i];
        const seat = game.toMove(s)[0] as Seat;
        const text = game.formatMove(s, move);
        const next = game.play(s, seat, move);
        if (next.ok) s = next.value;
        return text;
      };
    },
  };
}

/** The chances of both seats from a score for the side to move (a forced result is certain). */
export function chancesFrom(gameId: string, seat: Seat, score: number): number[] {
  const mine = score >= FORCED ? 1 : score <= -FORCED ? 0 : chancesOf(gameId, seat, score);
  return seat === 0 ? [mine, 1 - mine] : [1 - mine, mine];
}

function decided(outcome: Outcome, seat: Seat): Evaluation {
  const chances = [0, 1].map((s) => (outcome.draw ? 0.5 : outcome.winners.includes(s) ? 1 : 0));
  return { seat, score: 0, mate: 0, chances, depth: 0, nodes: 0, best: null, line: [], outcome };
}

/**
 * Evaluates a position of a two-player game of perfect information (Camelot, Lancelot at two) with the bots'
 * alpha-beta, deepening until the budget runs out: the score, each seat's calibrated winning chances and the best
 * line. With an iteration budget (nodes) the answer depends on the position alone.
 */
export function analyse(game: AnyGame, state: unknown, budget: Budget, options: AnalysisOptions = {}): Evaluation {
  if (!canAnalyse(game, game.players(state))) throw new Error(`analysis: ${game.id} cannot be analysed`);
  const over = game.outcome(state);
  const seat = (game.toMove(state)[0] ?? 0) as Seat;
  if (over) return decided(over, seat);
  const searchable = (profileOf(game.id).analysisPosition ?? genericPosition)(game, state);
  const { pos } = searchable;
  const rootCount = pos.generate(0);
  // Root moves are named when asked (a self-play search at a few hundred nodes must not write a hundred names).
  const rootNames: (string | undefined)[] = new Array(rootCount);
  const rootName = (i: number): string => (rootNames[i] ??= searchable.rootName(i));
  const length = options.lineLength ?? LINE;
  const excluded = new Set(options.exclude ?? []);
  const only = options.only ? new Set(options.only) : null;
  const keep = (i: number): boolean => !excluded.has(rootName(i)) && (!only || only.has(rootName(i)));
  const evaluation = (depth: number, score: number, nodes: number, line: readonly string[]): Evaluation => {
    const mate = Math.abs(score) >= FORCED ? Math.sign(score) * (WIN - Math.abs(score)) : null;
    return {
      seat,
      score,
      mate,
      chances: chancesFrom(game.id, seat, score),
      depth,
      nodes,
      best: line[0] ?? null,
      line,
      outcome: null,
    };
  };
  const onDepth = options.onDepth;
  const deadline = new Deadline({
    ...budget,
    ...(onDepth
      ? {
          onInfo: (info: SearchInfo) => {
            // Depth reports carry the whole line (AbOptions.line); the timed ones in between are left out.
            if (info.depth !== undefined && info.score !== undefined && info.pv)
              onDepth(evaluation(info.depth, info.score, info.iterations, info.pv));
          },
        }
      : {}),
  });
  const lineFrom = (best: number): string[] =>
    length <= 1 ? [rootName(best)] : principalLine(pos, best, length, searchable.namer());
  const common = {
    searchForced: true,
    // The bots' own quiescence for games searched through the pure interface (generic.ts).
    ...(profileOf(game.id).analysisPosition ? {} : { quiescenceDepth: 2 }),
    line: lineFrom,
    ...(excluded.size > 0 || only ? { rootFilter: keep } : {}),
  };
  let result = alphaBeta(pos, deadline, {
    ...common,
    ...(options.maxDepth !== undefined ? { maxDepth: options.maxDepth } : {}),
  });
  let done = result.depths[result.depths.length - 1];
  if (!done && result.rootCount > 0 && !(budget.stop && Atomics.load(budget.stop, 0) !== 0)) {
    // A budget too small for the first depth (quiescence through a run of compulsory jumps): an evaluation needs
    // one, so depth 1 is searched to its end, whatever it costs.
    const nodes = result.nodes;
    result = alphaBeta(pos, new Deadline({}), { ...common, maxDepth: 1 });
    result = { ...result, nodes: result.nodes + nodes };
    done = result.depths[result.depths.length - 1];
  }
  // Nothing searched (every root move excluded, or the search was stopped at once): no evaluation to give.
  if (!done) return { ...evaluation(0, 0, result.nodes, []), chances: [0.5, 0.5] };
  return evaluation(done.depth, done.score, result.nodes, lineFrom(done.move));
}
