import { monthBounds as pairingBounds, monthOf as pairingMonthOf } from '../events/pairing/index.ts';

/**
 * A season is one calendar month in UTC, named `YYYY-MM` (the pairing code's months, events/pairing/season.ts):
 * the same month for every player whatever their time zone, so that a ladder's winner does not depend on where
 * the server runs.
 */
export type Month = `${number}-${number}`;

/** The month a `YYYY-MM` text names, or null (the route refuses anything else). */
export function parseMonth(text: string): Month | null {
  return pairingBounds(text) ? (text as Month) : null;
}

/** The month an instant falls in. */
export function monthOf(at: number): Month {
  return pairingMonthOf(at) as Month;
}

/** `[from, to)` in milliseconds: the first instant of the month and the first of the next. */
export function monthBounds(month: Month): { from: number; to: number } {
  const b = pairingBounds(month);
  if (!b) throw new Error(`not a month: ${month}`);
  return { from: b.start, to: b.end };
}

/** The `count` months before `month`, the nearest first. */
export function monthsBefore(month: Month, count: number): Month[] {
  const out: Month[] = [];
  let { from } = monthBounds(month);
  for (let i = 0; i < count; i++) {
    const prev = monthOf(from - 1);
    out.push(prev);
    from = monthBounds(prev).from;
  }
  return out;
}
