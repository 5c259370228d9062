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

/** Whether a match of this game, at this number of players, can be reviewed. */
export function canReview(game: AnyGame, players: number): boolean {
  return canAnalyse(game, players) || !game.perfectInformation;
}

/**
 * The review of a match record of any game: the searched review of two-player games of perfect information;
 * the card games judged from each seat's own view. A record the rules refuse is refused (`BAD_RECORD`).
 */
export function reviewMatch(game: AnyGame, record: unknown, options: ReviewOptions = {}): Result<Review> {
  const players = typeof record === 'object' && record !== null ? (record as { players?: unknown }).players : undefined;
  if (typeof players === 'number' && canAnalyse(game, players))
    return reviewPerfect(game, record, {
      nodes: options.nodes ?? REVIEW_NODES,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  if (!game.perfectInformation)
    return reviewHidden(game, record, {
      iterations: options.iterations ?? HIDDEN_ITERATIONS,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  return { ok: false, error: { code: 'CANNOT_REVIEW', game: game.id, players } };
}

export type { Review, PlyReview, SeatReview, BeliefStep, MoveClass } from './types.ts';
export { THRESHOLDS, classify } from './judgement.ts';
export { REVIEW_NODES } from './perfect.ts';
export { HIDDEN_ITERATIONS, judgeDecision } from './hidden.ts';
