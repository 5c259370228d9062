import type { Puzzle } from './types.ts';
import camelotPuzzles from './camelot.json' with { type: 'json' };

export * from './types.ts';
export * from './rating.ts';
export * from './select.ts';

/** The puzzles shipped, by game (mined by bench/mine.ts, every one re-searched by bench/verify.ts). */
export const PUZZLES: Readonly<Record<string, readonly Puzzle[]>> = {
  camelot: camelotPuzzles as unknown as readonly Puzzle[],
};

export function puzzleById(id: string): Puzzle | undefined {
  for (const list of Object.values(PUZZLES)) {
    const p = list.find((x) => x.id === id);
    if (p) return p;
  }
  return undefined;
}
