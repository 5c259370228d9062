import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqlite } from '../storage/open-sqlite.ts';
import type { Review } from '@roundtable/ai';
import { isStatus, readReview, type ReviewRow, type ReviewStore } from './store.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS match_reviews (
  match_id TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  review TEXT,
  error TEXT,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
`;

interface Row {
  match_id: string;
  status: string;
  review: string | null;
  error: string | null;
  updated_at: number;
}

/**
 * Reviews in `learn.db` beside the matches: one write when a review is asked for and one when it is done, plain
 * synchronous statements off the moves' path (the match writer has its own file and thread).
 */
export class SqliteReviewStore implements ReviewStore {
  private readonly db: Database.Database;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = openSqlite(join(dataDir, 'learn.db'));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
  }

  async get(matchId: string): Promise<ReviewRow | null> {
    const r = this.db.prepare('SELECT * FROM match_reviews WHERE match_id = ?').get(matchId) as Row | undefined;
    if (!r || !isStatus(r.status)) return null;
    return {
      matchId: r.match_id,
      status: r.status,
      review: readReview(r.review),
      error: r.error,
      updatedAt: r.updated_at,
    };
  }

  async claim(matchId: string, now: number): Promise<boolean> {
    const r = this.db
      .prepare(
        `INSERT INTO match_reviews (match_id, status, review, error, updated_at) VALUES (?, 'pending', NULL, NULL, ?)
         ON CONFLICT(match_id) DO UPDATE SET status = 'pending', error = NULL, updated_at = excluded.updated_at
         WHERE match_reviews.status = 'failed'`,
      )
      .run(matchId, now);
    return r.changes === 1;
  }

  async done(matchId: string, review: Review, now: number): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO match_reviews (match_id, status, review, error, updated_at) VALUES (?, 'done', ?, NULL, ?)
         ON CONFLICT(match_id) DO UPDATE SET status = 'done', review = excluded.review, error = NULL, updated_at = excluded.updated_at`,
      )
      .run(matchId, JSON.stringify(review), now);
  }

  async failed(matchId: string, error: string, now: number): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO match_reviews (match_id, status, review, error, updated_at) VALUES (?, 'failed', NULL, ?, ?)
         ON CONFLICT(match_id) DO UPDATE SET status = 'failed', error = excluded.error, updated_at = excluded.updated_at
         WHERE match_reviews.status <> 'done'`,
      )
      .run(matchId, error.slice(0, 500), now);
  }

  close(): void {
    this.db.close();
  }
}
