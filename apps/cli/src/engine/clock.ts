/** A chess-like clock as `bot` receives it: each seat's remaining time and increment, in milliseconds. */
export interface Clock {
  readonly remaining: readonly number[];
  readonly increment?: number | readonly number[];
  readonly movesToGo?: number;
}

/** Moves still to play when the clock does not say (a long game; the bot then spends about 1/30 of its time). */
const DEFAULT_MOVES_TO_GO = 30;
/** Kept back for the answer to travel and be played: the bot never plans to flag. */
const SAFETY_MS = 50;
export const MIN_MOVE_MS = 10;

/**
 * The think time a bot gives itself from the clock: its share of the remaining time over the moves to go, plus
 * most of its increment, never more than half of what is left minus a safety margin (a sudden long search must not
 * lose on time). Null when the clock has no entry for the seat.
 */
export function moveTime(clock: Clock, seat: number): number | null {
  const left = clock.remaining[seat];
  if (left === undefined) return null;
  const inc = typeof clock.increment === 'number' ? clock.increment : (clock.increment?.[seat] ?? 0);
  const share = left / (clock.movesToGo ?? DEFAULT_MOVES_TO_GO) + 0.75 * inc;
  const ceiling = Math.max(MIN_MOVE_MS, left / 2 - SAFETY_MS + inc / 2);
  return Math.round(Math.max(MIN_MOVE_MS, Math.min(share, ceiling, 600_000)));
}
