import calibration from './calibration.json' with { type: 'json' };

/**
 * A monotone curve from a score to the side to move's expected result, one per seat to move (the first player's
 * edge is in it): blocks [lowest feature, highest feature, chance], the features increasing and the chances never
 * decreasing. A score inside a block has its chance; between two blocks the chance goes straight from one to the
 * next; beyond the ends it stays flat.
 */
export type Block = readonly [number, number, number];

export interface Calibration {
  readonly seats: readonly (readonly Block[])[];
}

/**
 * Fitted by `packages/ai/bench/calibrate.ts` on self-play games (at least 10,000 per game): each position's
 * score from the search that chose its move, against the result of the game for the side to move (a draw ½), by
 * isotonic regression over quantile bins. The bench prints predicted deciles against what happened, each game's
 * positions predicted by a fit that did not see that game.
 */
export const CALIBRATION = calibration as unknown as Readonly<Record<string, Calibration & { readonly scale: number }>>;

/** Whether a game's search scores have a calibrated meaning (data, by game: calibration.json). */
export function hasCalibration(gameId: string): boolean {
  return Object.hasOwn(CALIBRATION, gameId);
}

/**
 * What the curve reads of a score: the score divided by the game's `scale` (calibration.json): Camelot's in men (a
 * man is 100), Lancelot's as the difference of the two seats' chances in [-1, 1] (10,000).
 */
export function feature(gameId: string, score: number): number {
  return score / (CALIBRATION[gameId]?.scale ?? 1);
}

/** Reads a curve at x. */
export function readCurve(blocks: readonly Block[], x: number): number {
  const first = blocks[0];
  const last = blocks[blocks.length - 1];
  if (!first || !last) return 0.5;
  if (x <= first[1]) return first[2];
  if (x >= last[0]) return last[2];
  let lo = 0;
  let hi = blocks.length - 1;
  // The last block starting at or below x.
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((blocks[mid] as Block)[0] <= x) lo = mid;
    else hi = mid;
  }
  const a = blocks[lo] as Block;
  const b = blocks[lo + 1] as Block;
  if (x <= a[1]) return a[2];
  return a[2] + ((b[2] - a[2]) * (x - a[1])) / (b[0] - a[1]);
}

/** The side to move's winning chances (expected result in [0, 1], a draw counting half) for a search score. */
export function chancesOf(gameId: string, seat: number, score: number): number {
  const curve = CALIBRATION[gameId]?.seats[seat === 0 ? 0 : 1] ?? [];
  return readCurve(curve, feature(gameId, score));
}
