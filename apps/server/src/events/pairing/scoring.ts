import type { MatchResult, SeatResult, TableSizes } from './types.ts';

/** Whether a seat's entrant was there (a forfeit and a bot replacement are scored alike). */
export function present(seat: SeatResult): boolean {
  return (seat.status ?? 'played') === 'played';
}

/**
 * What seat `a` scored against seat `b` of the same match: 1 beaten, 0.5 a tie, 0 lost. An absent seat loses to
 * every present one and scores nothing, even against another absent seat (a double forfeit is no draw).
 */
export function pairwiseScore(a: SeatResult, b: SeatResult): number {
  if (!present(a)) return 0;
  if (!present(b)) return 1;
  return a.place < b.place ? 1 : a.place === b.place ? 0.5 : 0;
}

/**
 * The table score of each seat of a match, in seat order: the share of its table-mates it beat, a tie counting
 * half. Two players: win 1, draw 0.5, loss 0; a table of n: the sole winner 1, the last 0, the others between.
 */
export function tableScores(match: MatchResult): number[] {
  const n = match.seats.length;
  if (n < 2) return match.seats.map(() => 0);
  return match.seats.map((a, i) => {
    let sum = 0;
    match.seats.forEach((b, j) => {
      if (i !== j) sum += pairwiseScore(a, b);
    });
    return sum / (n - 1);
  });
}

/** The points a bye is worth unless the organiser says otherwise: a win for two players, half at tables. */
export function defaultByePoints(sizes: TableSizes): number {
  return sizes.max <= 2 ? 1 : 0.5;
}

/** Whether a table-size range can seat anyone: integers, 2 ≤ min ≤ preferred ≤ max. */
export function validSizes(sizes: TableSizes): boolean {
  return (
    Number.isInteger(sizes.min) &&
    Number.isInteger(sizes.max) &&
    Number.isInteger(sizes.preferred) &&
    sizes.min >= 2 &&
    sizes.min <= sizes.preferred &&
    sizes.preferred <= sizes.max
  );
}
