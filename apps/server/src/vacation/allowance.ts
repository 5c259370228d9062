import { endOf, type VacationRow } from './store.ts';

/** A day as the allowance counts it (ms); tests pass a shorter one. */
export const DAY_MS = 86_400_000;

/**
 * The allowance's year is the calendar year in UTC: it starts on 1 January at 00:00 UTC. A vacation counts against
 * the year it began in, in whole days: a running one its planned days, one ended early the days it began.
 */
export function yearStart(now: number): number {
  return Date.UTC(new Date(now).getUTCFullYear(), 0, 1);
}

/** Days used by these vacations (all begun this year). */
export function usedDays(vacations: readonly VacationRow[], dayMs: number): number {
  let used = 0;
  for (const v of vacations) used += Math.max(1, Math.ceil((endOf(v) - v.startedAt) / dayMs));
  return used;
}
