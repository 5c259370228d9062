import type { Seat } from '../seat.ts';

/**
 * Move numbers of the record text, as PGN counts chess moves: a number grows when seat 0 starts a turn (after
 * another seat's move), so Camelot reads `1. F6-F5 G11-G10 2. …`. A seat that moves twice in a row (Lancelot's
 * Excalibur steps) keeps its number. The first move of a record is number 1 whoever makes it, written `1...`
 * when it is not seat 0's.
 */
export interface LineCount {
  readonly number: number;
  /** The seat of the previous move in the line, null before the first move. */
  readonly previous: Seat | null;
}

export const START_COUNT: LineCount = { number: 1, previous: null };

/** Whether a move by `seat` here is written `n.` (seat 0 starting its turn) rather than `n...`. */
export function opensNumber(count: LineCount, seat: Seat): boolean {
  return seat === 0 && count.previous !== 0;
}

/** The count after a move by `seat`; its `number` is that move's number. */
export function advance(count: LineCount, seat: Seat): LineCount {
  const grows = opensNumber(count, seat) && count.previous !== null;
  return { number: grows ? count.number + 1 : count.number, previous: seat };
}
