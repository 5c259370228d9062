import { replay, type AnyGame, type Result, type Seat } from '@roundtable/core';
import { analyse, canAnalyse, type Evaluation } from '../analysis/search.ts';
import { classify, counts, gameAccuracy, moveAccuracy } from './judgement.ts';
import type { PlyReview, Review, SeatReview } from './types.ts';

/**
 * Nodes per position: an 80-ply Camelot game is two searches a move at most, about 5 million nodes, within a
 * minute on one core (packages/ai/bench/review.ts prints the time).
 */
export const REVIEW_NODES = 30_000;

export interface PerfectReviewOptions {
  readonly nodes?: number;
  /** After each position: how many are done out of how many. */
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * The review of a finished (or unfinished) match of a two-player game of perfect information: every position
 * evaluated, each move's drop in the mover's winning chances against the best move, searched to the same depth
 * (the played move alone at the depth the best move reached, so both scores see as far), its class, the better
 * move and its line, and each player's accuracy over the moves that were choices with something at stake
 * (judgement.ts `counts`). A move the search itself chose is never flagged.
 */
export function reviewPerfect(game: AnyGame, record: unknown, options: PerfectReviewOptions = {}): Result<Review> {
  const replayed = replay(game, record);
  if (!replayed.ok) return replayed;
  const match = replayed.value;
  if (!canAnalyse(game, match.players))
    return { ok: false, error: { code: 'CANNOT_REVIEW', game: game.id, players: match.players } };
  const nodes = options.nodes ?? REVIEW_NODES;
  const moves = match.history;
  const evaluations: Evaluation[] = [];
  const plies: PlyReview[] = [];
  for (let i = 0; i <= moves.length; i++) {
    const state = match.stateAt(i);
    evaluations.push(analyse(game, state, { iterations: nodes }));
    options.onProgress?.(i + 1, moves.length + 1);
  }
  const accuracies: { seat: Seat; ply: number; accuracy: number }[] = [];
  for (let i = 0; i < moves.length; i++) {
    const { seat, move } = moves[i] as { seat: Seat; move: string };
    const e = evaluations[i] as Evaluation;
    const state = match.stateAt(i);
    const choices = game.legalMoves(state, seat).length;
    const forced = choices <= 1;
    let drop = 0;
    let before = e.chances[seat] ?? 0.5;
    let after = before;
    if (!forced && e.best !== null && e.best !== move) {
      const played = analyse(game, state, { iterations: nodes }, { only: [move], maxDepth: Math.max(1, e.depth) });
      after = played.chances[seat] ?? 0.5;
      // The best move's chances at the same depth: the played one cannot be better than the best found.
      before = Math.max(before, after);
      drop = before - after;
    }
    const cls = classify(drop);
    if (counts(before, after, choices)) accuracies.push({ seat, ply: i + 1, accuracy: moveAccuracy(before, after) });
    plies.push({
      ply: i + 1,
      seat,
      move,
      chances: e.chances.map(round),
      score: e.score,
      mate: e.mate,
      drop: round(drop),
      class: cls,
      best: e.best !== move ? e.best : null,
      line: e.line,
    });
  }
  const seatZero = evaluations.map((e) => e.chances[0] ?? 0.5);
  const seats: SeatReview[] = Array.from({ length: match.players }, (_, seat) => {
    const own = plies.filter((p) => p.seat === seat);
    const accuracy = gameAccuracy(
      accuracies.filter((a) => a.seat === seat),
      seatZero,
    );
    return {
      seat,
      moves: own.length,
      ...(accuracy !== undefined ? { accuracy: Math.round(accuracy * 10) / 10 } : {}),
      inaccuracies: own.filter((p) => p.class === 'inaccuracy').length,
      mistakes: own.filter((p) => p.class === 'mistake').length,
      blunders: own.filter((p) => p.class === 'blunder').length,
    };
  });
  const last = evaluations[evaluations.length - 1] as Evaluation;
  return {
    ok: true,
    value: {
      version: 1,
      game: game.id,
      players: match.players,
      kind: 'perfect',
      plies,
      seats,
      final: last.chances.map(round),
      effort: nodes,
    },
  };
}

const round = (x: number): number => Math.round(x * 10_000) / 10_000;
