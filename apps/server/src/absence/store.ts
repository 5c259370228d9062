import type { Seat } from '@roundtable/core';

/** A span of a match during which a bot held a seat for its person: from `fromPly` to `toPly` (null: still held). */
export interface HoldRow {
  readonly matchId: string;
  readonly seat: Seat;
  readonly fromPly: number;
  readonly toPly: number | null;
  readonly level: string;
  readonly at: number;
}

/** Holds beside the matches: SQLite (absence.db) or PostgreSQL (migration 043). */
export interface HoldStore {
  add(row: HoldRow): Promise<void>;
  /** Every hold of the match, in the order they began. */
  of(matchId: string): Promise<HoldRow[]>;
  /** The hold that ends when its person takes the seat back at `toPly`. */
  close(matchId: string, seat: Seat, fromPly: number, toPly: number): Promise<void>;
  shut(): Promise<void>;
}
