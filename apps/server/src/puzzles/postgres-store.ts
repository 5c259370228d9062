import type pg from 'pg';
import { readRating, type PuzzleRating } from '@roundtable/puzzles';
import type { PuzzleStore, Rate } from './store.ts';

/** Puzzle ratings in the matches' PostgreSQL (migration 021): an attempt locks the two rows it changes. */
export class PostgresPuzzleStore implements PuzzleStore {
  constructor(private readonly pool: pg.Pool) {}

  async player(accountId: string): Promise<{ rating: PuzzleRating | null; tried: string[] }> {
    const [p, t] = await Promise.all([
      this.pool.query('SELECT * FROM puzzle_players WHERE account_id = $1', [accountId]),
      this.pool.query<{ puzzle_id: string }>(
        'SELECT puzzle_id FROM puzzle_attempts WHERE account_id = $1 ORDER BY at',
        [accountId],
      ),
    ]);
    return { rating: p.rows[0] ? readRating(p.rows[0]) : null, tried: t.rows.map((r) => r.puzzle_id) };
  }

  async puzzle(puzzleId: string): Promise<PuzzleRating | null> {
    const r = await this.pool.query('SELECT * FROM puzzle_ratings WHERE puzzle_id = $1', [puzzleId]);
    return r.rows[0] ? readRating(r.rows[0]) : null;
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
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const added = await client.query(
        'INSERT INTO puzzle_attempts (account_id, puzzle_id, solved, at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
        [accountId, puzzleId, solved, now],
      );
      if (added.rowCount !== 1) {
        await client.query('ROLLBACK');
        return null;
      }
      const row = (x: PuzzleRating) => [x.rating, x.deviation, x.volatility, x.attempts];
      await client.query(
        'INSERT INTO puzzle_players (account_id, rating, deviation, volatility, attempts) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
        [accountId, ...row(firstPlayer)],
      );
      await client.query(
        'INSERT INTO puzzle_ratings (puzzle_id, rating, deviation, volatility, attempts) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
        [puzzleId, ...row(firstPuzzle)],
      );
      const p = await client.query('SELECT * FROM puzzle_players WHERE account_id = $1 FOR UPDATE', [accountId]);
      const q = await client.query('SELECT * FROM puzzle_ratings WHERE puzzle_id = $1 FOR UPDATE', [puzzleId]);
      const rated = rate(readRating(p.rows[0]), readRating(q.rows[0]));
      await client.query(
        'UPDATE puzzle_players SET rating = $2, deviation = $3, volatility = $4, attempts = $5 WHERE account_id = $1',
        [accountId, ...row(rated.player)],
      );
      await client.query(
        'UPDATE puzzle_ratings SET rating = $2, deviation = $3, volatility = $4, attempts = $5 WHERE puzzle_id = $1',
        [puzzleId, ...row(rated.puzzle)],
      );
      await client.query('COMMIT');
      return rated;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }
}
