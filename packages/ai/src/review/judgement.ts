import type { MoveClass } from './types.ts';

/**
 * A move is judged by how much of the mover's winning chances it gives away against the best move, as lichess
 * judges chess moves (its thresholds of 0.1, 0.2 and 0.3 on a [-1, 1] scale are 5, 10 and 15 points of expected
 * result): 5 points or more an inaccuracy, 10 a mistake, 15 a blunder. The chances are calibrated (chances.ts),
 * so a move that leaves a won game won, or a lost one lost, costs little and is not flagged.
 */
export const THRESHOLDS: readonly (readonly [MoveClass, number])[] = [
  ['blunder', 0.15],
  ['mistake', 0.1],
  ['inaccuracy', 0.05],
];

export function classify(drop: number): MoveClass | null {
  for (const [name, at] of THRESHOLDS) if (drop >= at) return name;
  return null;
}

/**
 * How near certain a result must be for a move to be left out of accuracy: 5 points of expected result, the
 * inaccuracy threshold. A move that keeps a lost game within 5 points of lost (or a won one within 5 points of
 * won) gives nothing away by the chances, whatever it does: a random mover whose game is lost after a few moves
 * would otherwise score 100 on every later move (packages/ai/bench/accuracy.ts measures it; README).
 */
export const DECIDED = 0.05;

/**
 * Whether a move counts in its player's accuracy: it was a choice (more than one legal move) and something was at
 * stake (the mover's chances before and after it are not both within `DECIDED` of the same certain result).
 * Its drop still classes it either way.
 */
export function counts(before: number, after: number, choices: number): boolean {
  if (choices <= 1) return false;
  const lost = before <= DECIDED && after <= DECIDED;
  const won = before >= 1 - DECIDED && after >= 1 - DECIDED;
  return !lost && !won;
}

/** lichess's accuracy of one move from the mover's winning chances before and after it, in percent. */
export function moveAccuracy(before: number, after: number): number {
  if (after >= before) return 100;
  const drop = 100 * (before - after);
  const raw = 103.1668100711649 * Math.exp(-0.04354415386753951 * drop) - 3.166924740191411;
  // lichess adds one point for the engine's own uncertainty.
  return Math.max(0, Math.min(100, raw + 1));
}

/**
 * lichess's accuracy of a player over the moves that count (`counts`): the mean of a volatility-weighted mean and a harmonic mean of the
 * moves' accuracies. A move's weight is the standard deviation of the winning chances (seat 0's, in percent) over a
 * window around it (clamped to 0.5–12), so accuracy in sharp phases counts more than in quiet ones; the harmonic
 * mean lets a single blunder weigh. `chances` are seat 0's before each move and after the last. No move counted:
 * no accuracy.
 */
export function gameAccuracy(
  moves: readonly { readonly ply: number; readonly accuracy: number }[],
  chances: readonly number[],
): number | undefined {
  if (moves.length === 0) return undefined;
  const percent = chances.map((c) => 100 * c);
  const window = Math.max(2, Math.min(8, Math.floor(percent.length / 10)));
  const weightOf = (ply: number): number => {
    const from = Math.max(0, Math.min(ply - 1, percent.length - window));
    const part = percent.slice(from, from + window);
    const mean = part.reduce((t, x) => t + x, 0) / part.length;
    const sd = Math.sqrt(part.reduce((t, x) => t + (x - mean) ** 2, 0) / part.length);
    return Math.max(0.5, Math.min(12, sd));
  };
  let weighted = 0;
  let weights = 0;
  let inverse = 0;
  for (const m of moves) {
    const w = weightOf(m.ply);
    weighted += w * m.accuracy;
    weights += w;
    inverse += 1 / Math.max(m.accuracy, 0.01);
  }
  const harmonic = moves.length / inverse;
  return (weighted / weights + harmonic) / 2;
}
