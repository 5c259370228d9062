import { FIRST_RATING, rateAttempt, readRating, type Puzzle, type PuzzleRating } from '@roundtable/puzzles';

/**
 * Where a player's puzzle rating lives: an account's on the server (its attempts also move the puzzles'
 * ratings there), a guest's in this browser (its attempts move only its own rating).
 */
export interface PuzzleStore {
  readonly kind: 'guest' | 'account';
  rating(): Promise<PuzzleRating>;
  /** The puzzles tried (solved or not), so the next one is new. */
  tried(): Promise<ReadonlySet<string>>;
  /** Records the first attempt at a puzzle; the player's and the puzzle's ratings after it. */
  attempt(puzzle: Puzzle, solved: boolean): Promise<{ player: PuzzleRating; puzzle: PuzzleRating }>;
}

const KEY = 'rt.puzzles';

interface Saved {
  rating: PuzzleRating;
  tried: string[];
}

function load(): Saved {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { rating?: unknown; tried?: unknown } | null;
    const tried = Array.isArray(raw?.tried) ? raw.tried.filter((x): x is string => typeof x === 'string') : [];
    return { rating: readRating(raw?.rating), tried: tried.slice(-5000) };
  } catch {
    return { rating: FIRST_RATING, tried: [] };
  }
}

export const guestStore: PuzzleStore = {
  kind: 'guest',
  rating: () => Promise.resolve(load().rating),
  tried: () => Promise.resolve(new Set(load().tried)),
  attempt(puzzle, solved) {
    const saved = load();
    const rated = rateAttempt(
      saved.rating,
      { rating: puzzle.rating, deviation: puzzle.deviation, volatility: 0.06, attempts: 0 },
      solved,
    );
    localStorage.setItem(KEY, JSON.stringify({ rating: rated.player, tried: [...saved.tried, puzzle.id] }));
    return Promise.resolve(rated);
  },
};

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const data = (await res.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
  if (!res.ok || !data) throw new Error(data?.error?.message ?? `${res.status}`);
  return data;
}

export const accountStore: PuzzleStore = {
  kind: 'account',
  rating: async () => readRating((await call<{ rating: unknown }>('GET', '/api/puzzles/me')).rating),
  tried: async () => new Set((await call<{ tried: string[] }>('GET', '/api/puzzles/me')).tried),
  attempt: async (puzzle, solved) => {
    const r = await call<{ player: unknown; puzzle: unknown }>(
      'POST',
      `/api/puzzles/${encodeURIComponent(puzzle.id)}/attempt`,
      {
        solved,
      },
    );
    return { player: readRating(r.player), puzzle: readRating(r.puzzle) };
  },
};
