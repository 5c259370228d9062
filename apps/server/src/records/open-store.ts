import { join } from 'node:path';
import { openSqlite } from '../storage/open-sqlite.ts';
import { WalSync } from '../storage/wal-sync.ts';
import type pg from 'pg';
import { SqlRecordsStore } from './sql-store.ts';

const SQLITE_SCHEMA = `
CREATE TABLE IF NOT EXISTS record_consents (account_id TEXT PRIMARY KEY, consent INTEGER NOT NULL, at INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS record_seat_consents (
  match_id TEXT NOT NULL, seat INTEGER NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS record_ends (match_id TEXT PRIMARY KEY, game TEXT NOT NULL, ended_at INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS record_ends_day ON record_ends(game, ended_at, match_id);
CREATE TABLE IF NOT EXISTS record_days (
  game TEXT NOT NULL, day TEXT NOT NULL, matches INTEGER NOT NULL, made_at INTEGER NOT NULL, PRIMARY KEY (game, day)
) WITHOUT ROWID;
`;

/**
 * SQLite: the records' own tables in records.db (data folder), with the matches (roundtable.sqlite) and the
 * accounts (accounts.db) attached read-only in spirit, so one query joins them.
 */
export function openSqliteRecords(dataDir: string, matchesPath: string): SqlRecordsStore {
  const path = join(dataDir, 'records.db');
  const db = openSqlite(path);
  db.pragma('journal_mode = WAL');
  // A write is durable when `run` resolves, the WAL fsync'ed off the event loop (a match's end was an fsync on it).
  db.pragma('synchronous = NORMAL');
  const wal = new WalSync(path);
  db.pragma('busy_timeout = 5000');
  db.exec(SQLITE_SCHEMA);
  db.prepare('ATTACH DATABASE ? AS m').run(matchesPath);
  db.prepare('ATTACH DATABASE ? AS a').run(join(dataDir, 'accounts.db'));
  // The export pages through matches in (created_at, id) order: an index in that order makes each page a seek.
  db.exec('CREATE INDEX IF NOT EXISTS m.matches_created_id ON matches(created_at, id)');
  return new SqlRecordsStore(
    {
      all: <T>(sql: string, params: readonly unknown[]) => Promise.resolve(db.prepare(sql).all(...params) as T[]),
      run: async (sql, params) => {
        db.prepare(sql).run(...params);
        await wal.durable();
      },
    },
    {
      matches: 'm.matches',
      matchesInOrder: 'm.matches INDEXED BY matches_created_id',
      seats: 'm.seats',
      moves: 'm.moves',
      accountSeats: 'a.account_seats',
      accounts: 'a.accounts',
    },
    async () => {
      await wal.close();
      db.close();
    },
  );
}

/** PostgreSQL: migration 050's tables beside the matches and the accounts, on the store's pool. */
export function openPostgresRecords(pool: pg.Pool): SqlRecordsStore {
  const numbered = (sql: string): string => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  return new SqlRecordsStore(
    {
      all: async <T>(sql: string, params: readonly unknown[]) =>
        (await pool.query(numbered(sql), [...params])).rows as T[],
      run: async (sql, params) => {
        await pool.query(numbered(sql), [...params]);
      },
    },
    {
      matches: 'matches',
      matchesInOrder: 'matches',
      seats: 'seats',
      moves: 'moves',
      accountSeats: 'account_seats',
      accounts: 'accounts',
    },
    async () => undefined,
  );
}
