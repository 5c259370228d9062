import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqlite } from '../storage/open-sqlite.ts';
import type { Seat } from '@roundtable/core';
import { readTree, type ConditionalRow, type ConditionalStore } from './store.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS conditional_moves (
  match_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  ply INTEGER NOT NULL,
  answered TEXT,
  tree TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;
`;

interface Row {
  match_id: string;
  seat: number;
  ply: number;
  answered: string | null;
  tree: string;
}

/** Conditional moves in `conditional.db` beside the matches: one row per seat that left a tree. */
export class SqliteConditionalStore implements ConditionalStore {
  private readonly db: Database.Database;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = openSqlite(join(dataDir, 'conditional.db'));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
  }

  async forMatch(matchId: string): Promise<ConditionalRow[]> {
    const rows = this.db.prepare('SELECT * FROM conditional_moves WHERE match_id = ?').all(matchId) as Row[];
    return rows.flatMap((r) => {
      const tree = readTree(r.tree);
      return tree ? [{ matchId: r.match_id, seat: r.seat, ply: r.ply, answered: r.answered, tree }] : [];
    });
  }

  async put(row: ConditionalRow, now: number): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO conditional_moves (match_id, seat, ply, answered, tree, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(match_id, seat) DO UPDATE SET ply = excluded.ply, answered = excluded.answered,
           tree = excluded.tree, updated_at = excluded.updated_at`,
      )
      .run(row.matchId, row.seat, row.ply, row.answered, JSON.stringify(row.tree), now);
  }

  async remove(matchId: string, seat: Seat): Promise<void> {
    this.db.prepare('DELETE FROM conditional_moves WHERE match_id = ? AND seat = ?').run(matchId, seat);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
