import type { ServerConfig } from '../config.ts';
import type { AbsenceOptions } from '../absence/service.ts';
import { DAY_MS } from './allowance.ts';
import type { VacationOptions } from './service.ts';

/** The times of vacations and held seats that are not flags: tests pass shorter ones. */
export interface SlowPlayTimes {
  /** A day as the vacation allowance counts it (default 24 h). */
  readonly dayMs?: number;
  /** The least per-move clock a vacation stops (default one day: correspondence clocks only). */
  readonly minMoveSeconds?: number;
  /** How often ended vacations are looked for, to tell the opponents (default 1 min). */
  readonly checkMs?: number;
  /** How often matches without a clock are looked at for seats gone (default 5 s). */
  readonly absenceCheckMs?: number;
  /** Overrides `--absence-wait-minutes` (ms). */
  readonly absenceWaitMs?: number;
}

export function vacationOptions(config: ServerConfig, t: SlowPlayTimes = {}): VacationOptions {
  return {
    allowanceDays: config.vacationDays,
    dayMs: t.dayMs ?? DAY_MS,
    minMoveSeconds: t.minMoveSeconds ?? 86_400,
    checkMs: t.checkMs ?? 60_000,
  };
}

export function absenceOptions(config: ServerConfig, t: SlowPlayTimes = {}): AbsenceOptions {
  return { waitMs: t.absenceWaitMs ?? config.absenceWaitMs, checkMs: t.absenceCheckMs ?? 5_000 };
}
