import type { AnyGame, Result } from '@roundtable/core';
import { canAnalyse } from '../analysis/search.ts';
import { HIDDEN_ITERATIONS, reviewHidden } from './hidden.ts';
import { reviewPerfect, REVIEW_NODES } from './perfect.ts';
import type { Review } from './types.ts';

export interface ReviewOptions {
  /** Perfect information: nodes per position (REVIEW_NODES by default). */
  readonly nodes?: number;
  /** Card games: search iterations per decision judged. */
  readonly iterations?: number;
  readonly onProgress?: (done: number, total: number) => void;
}

/** Whether a match of this game, at this number of players, can be reviewed: every match of every game. */
export function canReview(_game: AnyGame, _players: number): boolean {
  return true;
}

/**
 * The review of a match record of any game: the searched review, with calibrated chances, of two-player games of
 * perfect information; otherwise each decision judged from its seat's view (all of it in Lancelot at three to
 * five, nothing hidden there), and each seat's luck when the deal hides something. A record the rules refuse is
 * refused (`BAD_RECORD`).
 */
export function reviewMatch(game: AnyGame, record: unknown, options: ReviewOptions = {}): Result<Review> {
  const players = typeof record === 'object' && record !== null ? (record as { players?: unknown }).players : undefined;
  if (typeof players === 'number' && canAnalyse(game, players))
    return reviewPerfect(game, record, {
      nodes: options.nodes ?? REVIEW_NODES,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  return reviewHidden(game, record, {
    iterations: options.iterations ?? HIDDEN_ITERATIONS,
    // The luck of the deal: none to measure where nothing is dealt unseen.
    ...(game.perfectInformation ? { luckGames: 0 } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
}

export type { Review, PlyReview, SeatReview, BeliefStep, MoveClass } from './types.ts';
export { THRESHOLDS, classify } from './judgement.ts';
export { REVIEW_NODES } from './perfect.ts';
export { HIDDEN_ITERATIONS, judgeDecision } from './hidden.ts';
