import type { Lang } from '@roundtable/core';

/** What a puzzle is about (mining tags each one: themes.ts). */
export type Theme = 'castle' | 'charge' | 'multiple' | 'trap' | 'defence' | 'material';

export const THEMES: readonly Theme[] = ['castle', 'charge', 'multiple', 'trap', 'defence', 'material'];

export const THEME_NAMES: Readonly<Record<Theme, { readonly [L in Lang]: string }>> = {
  castle: { en: 'Castle entry', fr: 'Entrée au château' },
  charge: { en: 'Knight’s charge', fr: 'Charge du cavalier' },
  multiple: { en: 'Multiple jump', fr: 'Prise multiple' },
  trap: { en: 'Forced capture trap', fr: 'Piège de la prise obligatoire' },
  defence: { en: 'Defence', fr: 'Défense' },
  material: { en: 'Winning material', fr: 'Gain de matériel' },
};

/**
 * One puzzle: a position, the side to move finds `solution[0]`; the opponent answers `solution[1]`; the solver
 * finds `solution[2]`, and so on (an odd number of moves). Every solver move is the only good one: its winning
 * chances stand at least MARGIN above the next best move's, by the confirming search (mine.ts, verify.ts).
 */
export interface Puzzle {
  readonly id: string;
  readonly game: string;
  /** The position string (the game's NOTATION.md), the solver to move. */
  readonly position: string;
  readonly solution: readonly string[];
  readonly themes: readonly Theme[];
  /** Glicko-2 rating and deviation the puzzle starts with (from how deep the search had to look). */
  readonly rating: number;
  readonly deviation: number;
  /** The smallest gap, over the solver's moves, between the best move's chances and the next best's. */
  readonly margin: number;
  /** Where it was found: a self-play game and ply, or a match and ply. */
  readonly source: string;
  /** The finished rated match it was mined from (the server's mining job); absent for self-play puzzles. */
  readonly match?: string;
}

/** A player's (or a puzzle's) Glicko-2 rating. */
export interface PuzzleRating {
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
  readonly attempts: number;
}
