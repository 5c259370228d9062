import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqlite } from '../storage/open-sqlite.ts';
import { readRating, type PuzzleRating } from '@roundtable/puzzles';
import type { PuzzleStore, Rate } from './store.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS puzzle_players (
  account_id TEXT PRIMARY KEY,
  rating REAL NOT NULL,
  deviation REAL NOT NULL,
  volatility REAL NOT NULL,
  attempts INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS puzzle_ratings (
  puzzle_id TEXT PRIMARY KEY,
  rating REAL NOT NULL,
  deviation REAL NOT NULL,
  volatility REAL NOT NULL,
  attempts INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS puzzle_attempts (
  account_id TEXT NOT NULL,
  puzzle_id TEXT NOT NULL,
  solved INTEGER NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (account_id, puzzle_id)
) WITHOUT ROWID;
`;

/** Puzzle ratings in `learn.db` beside the matches (the reviews' file); an attempt is one transaction. */
export class SqlitePuzzleStore implements PuzzleStore {
  private readonly db: Database.Database;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = openSqlite(join(dataDir, 'learn.db'));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
  }

  async player(accountId: string): Promise<{ rating: PuzzleRating | null; tried: string[] }> {
    const row = this.db.prepare('SELECT * FROM puzzle_players WHERE account_id = ?').get(accountId);
    const tried = (
      this.db.prepare('SELECT puzzle_id FROM puzzle_attempts WHERE account_id = ? ORDER BY at').all(accountId) as {
        puzzle_id: string;
      }[]
    ).map((r) => r.puzzle_id);
    return { rating: row ? readRating(row) : null, tried };
  }

  async puzzle(puzzleId: string): Promise<PuzzleRating | null> {
    const row = this.db.prepare('SELECT * FROM puzzle_ratings WHERE puzzle_id = ?').get(puzzleId);
    return row ? readRating(row) : null;
  }

  async attempt(
    accountId: string,
    puzzleId: string,
    solved: boolean,
    firstPlayer: PuzzleRating,
    firstPuzzle: PuzzleRating,
    rate: Rate,
    now: number,
  ): Promise<{ player: PuzzleRating; puzzle: PuzzleRating } | null> {
    const run = this.db.transaction(() => {
      const added = this.db
        .prepare('INSERT OR IGNORE INTO puzzle_attempts (account_id, puzzle_id, solved, at) VALUES (?, ?, ?, ?)')
        .run(accountId, puzzleId, solved ? 1 : 0, now);
      if (added.changes === 0) return null;
      const p = this.db.prepare('SELECT * FROM puzzle_players WHERE account_id = ?').get(accountId);
      const q = this.db.prepare('SELECT * FROM puzzle_ratings WHERE puzzle_id = ?').get(puzzleId);
      const rated = rate(p ? readRating(p) : firstPlayer, q ? readRating(q) : firstPuzzle);
      const upsert = (table: string, key: string) =>
        this.db.prepare(
          `INSERT INTO ${table} (${key}, rating, deviation, volatility, attempts) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT(${key}) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
           volatility = excluded.volatility, attempts = excluded.attempts`,
        );
      const r = (x: PuzzleRating) => [x.rating, x.deviation, x.volatility, x.attempts] as const;
      upsert('puzzle_players', 'account_id').run(accountId, ...r(rated.player));
      upsert('puzzle_ratings', 'puzzle_id').run(puzzleId, ...r(rated.puzzle));
      return rated;
    });
    return run.immediate();
  }

  close(): void {
    this.db.close();
  }
}
