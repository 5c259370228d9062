import type { Seat } from '@roundtable/core';

/** How a move is judged by its drop in winning chances (judgement.ts). */
export type MoveClass = 'inaccuracy' | 'mistake' | 'blunder';

/**
 * One move of a reviewed match. Two-player games of perfect information (Camelot, Lancelot at two) fill the
 * evaluation fields; the card games fill `preferred` and `loss`, judged from the mover's own view alone.
 */
export interface PlyReview {
  /** The move's number in the match, from 1. */
  readonly ply: number;
  readonly seat: Seat;
  readonly move: string;
  /** Each seat's winning chances in the position before the move (the evaluation graph). */
  readonly chances?: readonly number[];
  /** The search's score there for the side to move, and a forced end if it found one (plies, + for the mover). */
  readonly score?: number;
  readonly mate?: number | null;
  /** The mover's winning chances lost by this move against the best one (0 to 1), at the same depth. */
  readonly drop?: number;
  readonly class?: MoveClass | null;
  /** The search's best move when it is not the one played, and its line. */
  readonly best?: string | null;
  readonly line?: readonly string[];
  /**
   * Card games: the moves the strong bot preferred from the mover's view, other than the one played, best first by
   * their values (0 to 1: the expected result, a sole win counting 1).
   */
  readonly preferred?: readonly { readonly move: string; readonly value: number }[];
  /** Card games: the estimated value of the move played, and its loss against the best preferred one (0 to 1). */
  readonly value?: number;
  readonly loss?: number;
}

/** What the review says of one seat. */
export interface SeatReview {
  readonly seat: Seat;
  readonly moves: number;
  /** Perfect information: lichess's accuracy (0–100) from the drops in winning chances. */
  readonly accuracy?: number;
  readonly inaccuracies: number;
  readonly mistakes: number;
  readonly blunders: number;
  /** Card games: the mean estimated loss per decision judged (0 to 1). */
  readonly meanLoss?: number;
  /**
   * Card games: how the deal and the draws favoured this seat: equal bots' mean result from this match's seed less
   * their mean result from fresh seeds, in the seat's place (positive: lucky).
   */
  readonly luck?: number;
}

/** Chevaliers: one seat's belief about the traitor after a move, as the loyal bots read the table. */
export interface BeliefStep {
  readonly ply: number;
  /** Per seat doing the reading: the chance it gives each seat of being the traitor (its own is 0). */
  readonly beliefs: readonly (readonly number[] | null)[];
}

export interface Review {
  readonly version: 1;
  readonly game: string;
  readonly players: number;
  readonly kind: 'perfect' | 'hidden';
  readonly plies: readonly PlyReview[];
  readonly seats: readonly SeatReview[];
  /** Perfect information: each seat's winning chances after the last move (the graph's last point). */
  readonly final?: readonly number[];
  /** Chevaliers only. */
  readonly beliefs?: readonly BeliefStep[];
  /** The search effort: nodes per position (perfect information) or iterations per decision (card games). */
  readonly effort: number;
}
