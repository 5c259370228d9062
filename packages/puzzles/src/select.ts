import type { Puzzle, Theme } from './types.ts';

/**
 * The next puzzle for a player: among those of the chosen themes (all when none is chosen) not solved or tried
 * lately, the one whose rating is nearest the player's, a little above (as lichess serves them), ties by id. Null
 * when every puzzle of those themes has been tried.
 */
export function nextPuzzle(
  puzzles: readonly Puzzle[],
  rating: number,
  themes: readonly Theme[],
  done: ReadonlySet<string>,
): Puzzle | null {
  const aim = rating + 50;
  let best: Puzzle | null = null;
  let gap = Infinity;
  for (const p of puzzles) {
    if (done.has(p.id)) continue;
    if (themes.length > 0 && !p.themes.some((t) => themes.includes(t))) continue;
    const g = Math.abs(p.rating - aim);
    if (g < gap || (g === gap && best !== null && p.id < best.id)) {
      best = p;
      gap = g;
    }
  }
  return best;
}

/** Where a solver stands in a puzzle after the moves played so far. */
export type Progress =
  | { readonly kind: 'move'; readonly reply: string }
  | { readonly kind: 'solved' }
  | { readonly kind: 'wrong'; readonly expected: string };

/**
 * Judges the solver's move `move` (canonical notation) after the `played` moves of the solution: the right move
 * brings the opponent's answer (or the end), any other is wrong. The solution is unique by construction.
 */
export function judgeMove(puzzle: Puzzle, played: number, move: string): Progress {
  const expected = puzzle.solution[played];
  if (expected === undefined) return { kind: 'solved' };
  if (move !== expected) return { kind: 'wrong', expected };
  // A solution ends with the solver's move: a reply means another move of the solver's follows.
  const reply = puzzle.solution[played + 1];
  return reply === undefined ? { kind: 'solved' } : { kind: 'move', reply };
}
