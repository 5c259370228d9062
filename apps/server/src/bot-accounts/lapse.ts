import type { ClockRequest } from '@roundtable/protocol';

/**
 * When a challenge nobody answered lapses (README "Engines online", [decision]): `lapseMs` after it was sent (the
 * server's `--challenge-hours`, 24 by default), seven times that with a correspondence clock (a days-per-move match
 * is not expected at once, and its bot may answer once a day).
 */
export function lapsesAt(createdAt: number, clock: ClockRequest | null, lapseMs: number): number {
  const correspondence = clock !== null && 'days' in clock && clock.days !== undefined;
  return createdAt + (correspondence ? 7 * lapseMs : lapseMs);
}

/** The wait in hours, as the error names it (whole hours from the flag; a test's shorter wait keeps 3 digits). */
export function lapseHours(createdAt: number, at: number): number {
  return Number(((at - createdAt) / 3_600_000).toPrecision(3));
}
