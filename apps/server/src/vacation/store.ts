/** One vacation of an account: its clocks stopped from `startedAt` to `untilAt` (planned) or `endedAt` (sooner). */
export interface VacationRow {
  readonly accountId: string;
  readonly startedAt: number;
  readonly untilAt: number;
  readonly endedAt: number | null;
  /** When the opponents were told the player is back (null: not yet). */
  readonly toldAt: number | null;
}

/** When a vacation stopped, or stops: its early end, else its planned end. */
export function endOf(v: VacationRow): number {
  return v.endedAt ?? v.untilAt;
}

/** Vacations beside the matches: SQLite (vacation.db) or PostgreSQL (migration 042). */
export interface VacationStore {
  add(row: VacationRow): Promise<void>;
  /** The account's vacations that started at or after `since`, oldest first. */
  since(accountId: string, since: number): Promise<VacationRow[]>;
  /** The account's vacation that has not ended at `now`, if any. */
  current(accountId: string, now: number): Promise<VacationRow | null>;
  end(accountId: string, startedAt: number, at: number): Promise<void>;
  /** Vacations over at `now` whose opponents were not told yet. */
  untold(now: number, limit: number): Promise<VacationRow[]>;
  /** Marks the vacation told; false if another process did first. */
  told(accountId: string, startedAt: number, at: number): Promise<boolean>;
  close(): Promise<void>;
}
