// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the web's type check reaches this file from its own folder, which does not include this package's declarations
/// <reference path="./glicko2.d.ts" />
import { Glicko2 } from 'glicko2/glicko2.js';
import type { PuzzleRating } from './types.ts';

/**
 * Puzzles and players rated as lichess rates them: each attempt is a Glicko-2 game between the player and the
 * puzzle, won by the player who solves it without a mistake. Guests keep their rating in their browser, accounts
 * on the server (whose attempts also move the puzzles' ratings): both through `rateAttempt`.
 */
export const FIRST_RATING: PuzzleRating = { rating: 1500, deviation: 350, volatility: 0.06, attempts: 0 };
const TAU = 0.5;

/**
 * The most a rating moves in one attempt, either way. A newcomer's deviation (350) lets bare Glicko-2 take 300
 * points for one missed puzzle (1500 to 1198), which says more about the formula than about the player; lichess
 * tempers a puzzle's weight in the same spirit. The deviation still shrinks as Glicko-2 says, so the cap binds
 * only on the first attempts or against a far-off puzzle.
 */
export const MAX_STEP = 100;

/** `after`'s rating, moved from `before`'s by at most MAX_STEP (its deviation and volatility as computed). */
function capped(before: PuzzleRating, after: PuzzleRating): PuzzleRating {
  const step = Math.max(-MAX_STEP, Math.min(MAX_STEP, after.rating - before.rating));
  return { ...after, rating: before.rating + step };
}

const round = (r: PuzzleRating): PuzzleRating => ({
  rating: Math.round(r.rating * 10) / 10,
  deviation: Math.round(r.deviation * 10) / 10,
  volatility: Math.round(r.volatility * 1e6) / 1e6,
  attempts: r.attempts,
});

/** The player's and the puzzle's ratings after one attempt (`solved`: solved at the first try). */
export function rateAttempt(
  player: PuzzleRating,
  puzzle: PuzzleRating,
  solved: boolean,
): { player: PuzzleRating; puzzle: PuzzleRating } {
  const ranking = new Glicko2({ tau: TAU });
  const p = ranking.makePlayer(player.rating, player.deviation, player.volatility);
  const q = ranking.makePlayer(puzzle.rating, puzzle.deviation, puzzle.volatility);
  ranking.updateRatings([[p, q, solved ? 1 : 0]]);
  return {
    player: round(
      capped(player, {
        rating: p.getRating(),
        deviation: p.getRd(),
        volatility: p.getVol(),
        attempts: player.attempts + 1,
      }),
    ),
    puzzle: round(
      capped(puzzle, {
        rating: q.getRating(),
        deviation: q.getRd(),
        volatility: q.getVol(),
        attempts: puzzle.attempts + 1,
      }),
    ),
  };
}

/** Reads a stored rating (a browser's localStorage, a database row): anything malformed is a first rating. */
export function readRating(value: unknown): PuzzleRating {
  if (typeof value !== 'object' || value === null) return FIRST_RATING;
  const r = value as Record<string, unknown>;
  const num = (v: unknown, lo: number, hi: number): number | null =>
    typeof v === 'number' && Number.isFinite(v) && v >= lo && v <= hi ? v : null;
  const rating = num(r.rating, 0, 5000);
  const deviation = num(r.deviation, 0, 500);
  const volatility = num(r.volatility, 0, 1);
  const attempts = num(r.attempts, 0, 1e9);
  if (rating === null || deviation === null || volatility === null || attempts === null) return FIRST_RATING;
  return { rating, deviation, volatility, attempts: Math.floor(attempts) };
}
