/**
 * A season is one calendar month in UTC, named `YYYY-MM`: the same month for every player whatever their time zone,
 * so that a ladder's winner does not depend on where the server runs.
 */
export type Month = `${number}-${number}`;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month a `YYYY-MM` text names, or null (the route refuses anything else). */
export function parseMonth(text: string): Month | null {
  return MONTH.test(text) ? (text as Month) : null;
}

/** The month an instant falls in. */
export function monthOf(at: number): Month {
  const d = new Date(at);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}` as Month;
}

/** `[from, to)` in milliseconds: the first instant of the month and the first of the next. */
export function monthBounds(month: Month): { from: number; to: number } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: Date.UTC(y, m - 1, 1), to: Date.UTC(y, m, 1) };
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
