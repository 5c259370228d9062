import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqlite } from '../storage/open-sqlite.ts';
import type { MonthRatingRow } from './ladder.ts';
import { foldMonth, monthQuery, type MonthQueryRow, type SeasonStore } from './store.ts';

/**
 * Reads `accounts.db` (written by accounts/sqlite-store.ts, opened before this) through a read-only connection of
 * its own: WAL lets it read while the accounts store writes.
 */
export class SqliteSeasonStore implements SeasonStore {
  private readonly db: Database.Database;
  private readonly query: Database.Statement;

  constructor(dataDir: string) {
    this.db = openSqlite(join(dataDir, 'accounts.db'), { readonly: true, fileMustExist: true });
    this.db.pragma('busy_timeout = 5000');
    this.query = this.db.prepare(monthQuery('@game', '@from', '@to'));
  }

  async monthRatings(game: string, from: number, to: number): Promise<MonthRatingRow[]> {
    return foldMonth(this.query.all({ game, from, to }) as MonthQueryRow[]);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
