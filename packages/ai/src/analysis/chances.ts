import calibration from './calibration.json' with { type: 'json' };

/** The games whose search scores have a calibrated meaning. */
export type ScoreKind = 'camelot' | 'lancelot';

/**
 * A monotone curve from a score to the side to move's expected result, one per seat to move (the first player's
 * edge is in it): points [feature, chance] with the feature increasing and the chance never decreasing, read by
 * straight lines between them and flat beyond the ends.
 */
export interface Calibration {
  readonly seats: readonly (readonly (readonly [number, number])[])[];
}

/**
 * Fitted by `packages/ai/bench/calibrate.ts` on self-play games (at least 10,000 per game): each position's
 * score from the search that chose its move, against the result of the game for the side to move (a draw ½), by
 * isotonic regression over quantile bins. The bench prints predicted deciles against what happened, each game's
 * positions predicted by a fit that did not see that game.
 */
export const CALIBRATION = calibration as unknown as Readonly<Record<ScoreKind, Calibration>>;

/** What the curve reads of a score: Camelot's in men (a man is 100), Lancelot's difference of chances in [-1, 1]. */
export function feature(kind: ScoreKind, score: number): number {
  return kind === 'camelot' ? score / 100 : score / 10_000;
}

/** Reads a curve at x. */
export function readCurve(points: readonly (readonly [number, number])[], x: number): number {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return 0.5;
  if (x <= first[0]) return first[1];
  if (x >= last[0]) return last[1];
  let lo = 0;
  let hi = points.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((points[mid] as readonly [number, number])[0] <= x) lo = mid;
    else hi = mid;
  }
  const [x0, y0] = points[lo] as readonly [number, number];
  const [x1, y1] = points[hi] as readonly [number, number];
  return x1 === x0 ? y1 : y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
}

/** The side to move's winning chances (expected result in [0, 1], a draw counting half) for a search score. */
export function chancesOf(kind: ScoreKind, seat: number, score: number): number {
  const curve = CALIBRATION[kind].seats[seat === 0 ? 0 : 1] ?? [];
  return readCurve(curve, feature(kind, score));
}
