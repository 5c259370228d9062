import type { Puzzle } from '@roundtable/puzzles';

/**
 * Puzzles mined from finished rated matches (mining.ts): kept beside the puzzle ratings, each with the match it
 * came from. Ids are `g` and a number, so they never meet the shipped ones (`c0001`…).
 */
export interface MinedPuzzleStore {
  /** Adds the match's puzzles (ids given here) and marks the match mined, in one transaction; false if it was. */
  add(matchId: string, puzzles: readonly Omit<Puzzle, 'id' | 'match'>[]): Promise<boolean>;
  mined(matchId: string): Promise<boolean>;
  byId(id: string): Promise<Puzzle | null>;
  /** Newest first. */
  list(game: string, limit: number): Promise<Puzzle[]>;
  /** The position keys already mined (a position is a puzzle once). */
  positions(game: string): Promise<string[]>;
  close(): Promise<void>;
}

export const MINED_ID = /^g\d{1,6}$/;

export interface MinedRow {
  readonly id: number;
  readonly match_id: string;
  readonly game: string;
  readonly body: string;
}

/** A stored row back into a puzzle (the body was written by this server: still read with care). */
export function puzzleOfRow(row: MinedRow): Puzzle | null {
  try {
    const body = JSON.parse(row.body) as Omit<Puzzle, 'id' | 'match'>;
    if (typeof body.position !== 'string' || !Array.isArray(body.solution)) return null;
    return { ...body, id: `g${row.id}`, game: row.game, match: row.match_id };
  } catch {
    return null;
  }
}
