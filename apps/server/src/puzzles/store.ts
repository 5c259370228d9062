import type { PuzzleRating } from '@roundtable/puzzles';

export type Rate = (
  player: PuzzleRating,
  puzzle: PuzzleRating,
) => { readonly player: PuzzleRating; readonly puzzle: PuzzleRating };

/** Accounts' puzzle ratings, the puzzles' own and the first attempts: `learn.db`, or the matches' PostgreSQL. */
export interface PuzzleStore {
  /** The account's rating (null: no attempt yet) and the puzzles it tried. */
  player(accountId: string): Promise<{ rating: PuzzleRating | null; tried: string[] }>;
  /** The puzzle's rating as attempts moved it (null: none yet, the shipped one stands). */
  puzzle(puzzleId: string): Promise<PuzzleRating | null>;
  /**
   * Records the account's first attempt at the puzzle and both new ratings, in one transaction (`rate` computes
   * them from the stored ones, `first*` standing in for ratings not stored yet); null when the account had tried
   * this puzzle before (nothing changes).
   */
  attempt(
    accountId: string,
    puzzleId: string,
    solved: boolean,
    firstPlayer: PuzzleRating,
    firstPuzzle: PuzzleRating,
    rate: Rate,
    now: number,
  ): Promise<{ player: PuzzleRating; puzzle: PuzzleRating } | null>;
}
