import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqlite } from '../storage/open-sqlite.ts';
import type { VacationRow, VacationStore } from './store.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS vacations (
  account_id TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  until_at INTEGER NOT NULL,
  ended_at INTEGER,
  told_at INTEGER,
  PRIMARY KEY (account_id, started_at)
) WITHOUT ROWID;
`;

interface Row {
  account_id: string;
  started_at: number;
  until_at: number;
  ended_at: number | null;
  told_at: number | null;
}

export function vacationOf(r: {
  account_id: string;
  started_at: number | string;
  until_at: number | string;
  ended_at: number | string | null;
  told_at: number | string | null;
}): VacationRow {
  return {
    accountId: r.account_id,
    startedAt: Number(r.started_at),
    untilAt: Number(r.until_at),
    endedAt: r.ended_at === null ? null : Number(r.ended_at),
    toldAt: r.told_at === null ? null : Number(r.told_at),
  };
}

/** Vacations in `vacation.db` beside the matches (a few writes per vacation, off the moves' path). */
export class SqliteVacationStore implements VacationStore {
  private readonly db: Database.Database;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = openSqlite(join(dataDir, 'vacation.db'));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
  }

  async add(v: VacationRow): Promise<void> {
    this.db
      .prepare('INSERT INTO vacations (account_id, started_at, until_at, ended_at, told_at) VALUES (?, ?, ?, ?, ?)')
      .run(v.accountId, v.startedAt, v.untilAt, v.endedAt, v.toldAt);
  }

  async since(accountId: string, since: number): Promise<VacationRow[]> {
    const rows = this.db
      .prepare('SELECT * FROM vacations WHERE account_id = ? AND started_at >= ? ORDER BY started_at')
      .all(accountId, since) as Row[];
    return rows.map(vacationOf);
  }

  async current(accountId: string, now: number): Promise<VacationRow | null> {
    const r = this.db
      .prepare(
        'SELECT * FROM vacations WHERE account_id = ? AND ended_at IS NULL AND until_at > ? AND started_at <= ? ORDER BY started_at DESC LIMIT 1',
      )
      .get(accountId, now, now) as Row | undefined;
    return r ? vacationOf(r) : null;
  }

  async end(accountId: string, startedAt: number, at: number): Promise<void> {
    this.db
      .prepare('UPDATE vacations SET ended_at = ? WHERE account_id = ? AND started_at = ? AND ended_at IS NULL')
      .run(at, accountId, startedAt);
  }

  async untold(now: number, limit: number): Promise<VacationRow[]> {
    const rows = this.db
      .prepare(
        'SELECT * FROM vacations WHERE told_at IS NULL AND (ended_at IS NOT NULL OR until_at <= ?) ORDER BY until_at LIMIT ?',
      )
      .all(now, limit) as Row[];
    return rows.map(vacationOf);
  }

  async told(accountId: string, startedAt: number, at: number): Promise<boolean> {
    const r = this.db
      .prepare('UPDATE vacations SET told_at = ? WHERE account_id = ? AND started_at = ? AND told_at IS NULL')
      .run(at, accountId, startedAt);
    return r.changes === 1;
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
