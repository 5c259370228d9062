import type pg from 'pg';
import type { Review } from '@roundtable/ai';
import { isStatus, readReview, type ReviewRow, type ReviewStore } from './store.ts';

interface Row {
  match_id: string;
  status: string;
  review: string | null;
  error: string | null;
  updated_at: string;
}

/** Reviews in the matches' PostgreSQL (migration 020), shared by every process. */
export class PostgresReviewStore implements ReviewStore {
  constructor(private readonly pool: pg.Pool) {}

  async get(matchId: string): Promise<ReviewRow | null> {
    const r = (await this.pool.query<Row>('SELECT * FROM match_reviews WHERE match_id = $1', [matchId])).rows[0];
    if (!r || !isStatus(r.status)) return null;
    return {
      matchId: r.match_id,
      status: r.status,
      review: readReview(r.review),
      error: r.error,
      updatedAt: Number(r.updated_at),
    };
  }

  async claim(matchId: string, now: number): Promise<boolean> {
    const r = await this.pool.query(
      `INSERT INTO match_reviews (match_id, status, review, error, updated_at) VALUES ($1, 'pending', NULL, NULL, $2)
       ON CONFLICT (match_id) DO UPDATE SET status = 'pending', error = NULL, updated_at = excluded.updated_at
       WHERE match_reviews.status = 'failed'`,
      [matchId, now],
    );
    return r.rowCount === 1;
  }

  async done(matchId: string, review: Review, now: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO match_reviews (match_id, status, review, error, updated_at) VALUES ($1, 'done', $2, NULL, $3)
       ON CONFLICT (match_id) DO UPDATE SET status = 'done', review = excluded.review, error = NULL, updated_at = excluded.updated_at`,
      [matchId, JSON.stringify(review), now],
    );
  }

  async failed(matchId: string, error: string, now: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO match_reviews (match_id, status, review, error, updated_at) VALUES ($1, 'failed', NULL, $2, $3)
       ON CONFLICT (match_id) DO UPDATE SET status = 'failed', error = excluded.error, updated_at = excluded.updated_at
       WHERE match_reviews.status <> 'done'`,
      [matchId, error.slice(0, 500), now],
    );
  }
}
