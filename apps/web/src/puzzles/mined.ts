import type { Puzzle } from '@roundtable/puzzles';

/** Ids of puzzles mined from people's matches on the server (apps/server/src/puzzles/mined-store.ts). */
export const MINED_ID = /^g\d{1,6}$/;

/** A puzzle as the server sends it, checked field by field (input from outside); null if it is not one. */
function readPuzzle(x: unknown): Puzzle | null {
  if (typeof x !== 'object' || x === null) return null;
  const p = x as Record<string, unknown>;
  if (
    typeof p.id !== 'string' ||
    !MINED_ID.test(p.id) ||
    typeof p.game !== 'string' ||
    typeof p.position !== 'string' ||
    !Array.isArray(p.solution) ||
    !p.solution.every((m) => typeof m === 'string') ||
    !Array.isArray(p.themes) ||
    typeof p.rating !== 'number' ||
    typeof p.deviation !== 'number' ||
    typeof p.match !== 'string'
  )
    return null;
  return x as Puzzle;
}

/**
 * The puzzles the server mined from finished rated matches, newest first; none when the page runs without a
 * server (played offline) or the server cannot answer: the shipped puzzles stand alone then.
 */
export async function fetchMined(game: string): Promise<Puzzle[]> {
  try {
    const res = await fetch(`/api/puzzles/mined?game=${encodeURIComponent(game)}`, { credentials: 'same-origin' });
    if (!res.ok) return [];
    const body = (await res.json()) as { puzzles?: unknown };
    return Array.isArray(body.puzzles) ? body.puzzles.map(readPuzzle).filter((p): p is Puzzle => p !== null) : [];
  } catch {
    return [];
  }
}

/** One mined puzzle by id, or null. */
export async function fetchMinedOne(id: string): Promise<Puzzle | null> {
  try {
    const res = await fetch(`/api/puzzles/mined/${encodeURIComponent(id)}`, { credentials: 'same-origin' });
    if (!res.ok) return null;
    return readPuzzle(((await res.json()) as { puzzle?: unknown }).puzzle);
  } catch {
    return null;
  }
}
