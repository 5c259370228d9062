import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqlite } from '../storage/open-sqlite.ts';
import type { Puzzle } from '@roundtable/puzzles';
import { puzzleKey } from '@roundtable/puzzles/mine';
import { puzzleOfRow, type MinedPuzzleStore, type MinedRow } from './mined-store.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS mined_matches (
  match_id TEXT PRIMARY KEY,
  at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS mined_puzzles (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  match_id TEXT NOT NULL,
  game TEXT NOT NULL,
  position_key TEXT NOT NULL,
  body TEXT NOT NULL,
  UNIQUE (game, position_key)
);
`;

/** Mined puzzles in `learn.db` beside the puzzle ratings. */
export class SqliteMinedPuzzles implements MinedPuzzleStore {
  private readonly db: Database.Database;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = openSqlite(join(dataDir, 'learn.db'));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
  }

  async add(matchId: string, puzzles: readonly Omit<Puzzle, 'id' | 'match'>[]): Promise<boolean> {
    return this.db.transaction(() => {
      const marked = this.db
        .prepare('INSERT OR IGNORE INTO mined_matches (match_id, at) VALUES (?, ?)')
        .run(matchId, Date.now());
      if (marked.changes === 0) return false;
      const insert = this.db.prepare(
        'INSERT OR IGNORE INTO mined_puzzles (match_id, game, position_key, body) VALUES (?, ?, ?, ?)',
      );
      for (const p of puzzles) insert.run(matchId, p.game, puzzleKey(p.position), JSON.stringify(p));
      return true;
    })();
  }

  async mined(matchId: string): Promise<boolean> {
    return this.db.prepare('SELECT 1 FROM mined_matches WHERE match_id = ?').get(matchId) !== undefined;
  }

  async byId(id: string): Promise<Puzzle | null> {
    const row = this.db.prepare('SELECT * FROM mined_puzzles WHERE id = ?').get(Number(id.slice(1))) as
      MinedRow | undefined;
    return row ? puzzleOfRow(row) : null;
  }

  async list(game: string, limit: number): Promise<Puzzle[]> {
    const rows = this.db
      .prepare('SELECT * FROM mined_puzzles WHERE game = ? ORDER BY id DESC LIMIT ?')
      .all(game, limit) as MinedRow[];
    return rows.map(puzzleOfRow).filter((p): p is Puzzle => p !== null);
  }

  async positions(game: string): Promise<string[]> {
    return (
      this.db.prepare('SELECT position_key FROM mined_puzzles WHERE game = ?').all(game) as { position_key: string }[]
    ).map((r) => r.position_key);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
