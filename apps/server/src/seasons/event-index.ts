import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqlite } from '../storage/open-sqlite.ts';
import type pg from 'pg';

/**
 * The two look-ups seasons and player pages need from the events' own tables (events/: `events.db` in SQLite,
 * migration 030 in PostgreSQL), read-only: which events an account entered, and which events of a game finished
 * within a month. Everything else about an event is asked of the events service, so standings are computed in
 * one place.
 */
export interface EventIndex {
  /** The events an account entered (withdrawn or not), the newest first. */
  entered(accountId: string, limit: number): Promise<string[]>;
  /** The finished events of a game that ended in `[from, to)`. */
  finished(game: string, from: number, to: number): Promise<string[]>;
  close(): Promise<void>;
}

const ENTERED = (p: (i: number) => string): string =>
  `SELECT e.id FROM event_entrants n JOIN events e ON e.id = n.event_id
   WHERE n.account_id = ${p(1)} ORDER BY e.created_at DESC, e.id LIMIT ${p(2)}`;
const FINISHED = (p: (i: number) => string): string =>
  `SELECT id FROM events WHERE game = ${p(1)} AND status = 'finished' AND ends_at >= ${p(2)} AND ends_at < ${p(3)}
   ORDER BY ends_at, id`;

/** Reads `events.db` (written by events/sqlite-store.ts, opened before this) through a read-only connection. */
export class SqliteEventIndex implements EventIndex {
  private readonly db: Database.Database;
  private readonly enteredQuery: Database.Statement;
  private readonly finishedQuery: Database.Statement;

  constructor(dataDir: string) {
    this.db = openSqlite(join(dataDir, 'events.db'), { readonly: true, fileMustExist: true });
    this.db.pragma('busy_timeout = 5000');
    this.enteredQuery = this.db.prepare(ENTERED(() => '?'));
    this.finishedQuery = this.db.prepare(FINISHED(() => '?'));
  }

  async entered(accountId: string, limit: number): Promise<string[]> {
    return (this.enteredQuery.all(accountId, limit) as { id: string }[]).map((r) => r.id);
  }

  async finished(game: string, from: number, to: number): Promise<string[]> {
    return (this.finishedQuery.all(game, from, to) as { id: string }[]).map((r) => r.id);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

export class PostgresEventIndex implements EventIndex {
  constructor(private readonly pool: pg.Pool) {}

  async entered(accountId: string, limit: number): Promise<string[]> {
    const r = await this.pool.query<{ id: string }>(
      ENTERED((i) => `$${i}`),
      [accountId, limit],
    );
    return r.rows.map((x) => x.id);
  }

  async finished(game: string, from: number, to: number): Promise<string[]> {
    const r = await this.pool.query<{ id: string }>(
      FINISHED((i) => `$${i}`),
      [game, from, to],
    );
    return r.rows.map((x) => x.id);
  }

  async close(): Promise<void> {}
}
