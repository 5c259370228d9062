import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqlite } from '../storage/open-sqlite.ts';
import type { Seat } from '@roundtable/core';
import type { HoldRow, HoldStore } from './store.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS seat_holds (
  match_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  from_ply INTEGER NOT NULL,
  to_ply INTEGER,
  level TEXT NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (match_id, seat, from_ply)
) WITHOUT ROWID;
`;

export function holdOf(r: {
  match_id: string;
  seat: number;
  from_ply: number;
  to_ply: number | null;
  level: string;
  at: number | string;
}): HoldRow {
  return { matchId: r.match_id, seat: r.seat, fromPly: r.from_ply, toPly: r.to_ply, level: r.level, at: Number(r.at) };
}

/** Holds in `absence.db` beside the matches (two writes per hold, off the moves' path). */
export class SqliteHoldStore implements HoldStore {
  private readonly db: Database.Database;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = openSqlite(join(dataDir, 'absence.db'));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
  }

  async add(h: HoldRow): Promise<void> {
    this.db
      .prepare(
        'INSERT OR IGNORE INTO seat_holds (match_id, seat, from_ply, to_ply, level, at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(h.matchId, h.seat, h.fromPly, h.toPly, h.level, h.at);
  }

  async of(matchId: string): Promise<HoldRow[]> {
    const rows = this.db
      .prepare('SELECT * FROM seat_holds WHERE match_id = ? ORDER BY from_ply, seat')
      .all(matchId) as Parameters<typeof holdOf>[0][];
    return rows.map(holdOf);
  }

  async close(matchId: string, seat: Seat, fromPly: number, toPly: number): Promise<void> {
    this.db
      .prepare('UPDATE seat_holds SET to_ply = ? WHERE match_id = ? AND seat = ? AND from_ply = ? AND to_ply IS NULL')
      .run(toPly, matchId, seat, fromPly);
  }

  async shut(): Promise<void> {
    this.db.close();
  }
}
