import type pg from 'pg';
import type { Puzzle } from '@roundtable/puzzles';
import { puzzleKey } from '@roundtable/puzzles/mine';
import { puzzleOfRow, type MinedPuzzleStore, type MinedRow } from './mined-store.ts';

// No migration number was given to this work: the tables are made on first use (IF NOT EXISTS, as SQLite's).
const SCHEMA = `
CREATE TABLE IF NOT EXISTS mined_matches (match_id TEXT PRIMARY KEY, at BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS mined_puzzles (
  id BIGSERIAL PRIMARY KEY,
  match_id TEXT NOT NULL,
  game TEXT NOT NULL,
  position_key TEXT NOT NULL,
  body TEXT NOT NULL,
  UNIQUE (game, position_key)
);
`;

/** Mined puzzles in the matches' PostgreSQL. */
export class PostgresMinedPuzzles implements MinedPuzzleStore {
  private ready: Promise<unknown> | null = null;

  constructor(private readonly pool: pg.Pool) {}

  private schema(): Promise<unknown> {
    this.ready ??= this.pool.query(SCHEMA).catch((e: unknown) => {
      this.ready = null;
      throw e;
    });
    return this.ready;
  }

  async add(matchId: string, puzzles: readonly Omit<Puzzle, 'id' | 'match'>[]): Promise<boolean> {
    await this.schema();
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const marked = await client.query(
        'INSERT INTO mined_matches (match_id, at) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [matchId, Date.now()],
      );
      if (marked.rowCount === 0) {
        await client.query('ROLLBACK');
        return false;
      }
      for (const p of puzzles)
        await client.query(
          'INSERT INTO mined_puzzles (match_id, game, position_key, body) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
          [matchId, p.game, puzzleKey(p.position), JSON.stringify(p)],
        );
      await client.query('COMMIT');
      return true;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  async mined(matchId: string): Promise<boolean> {
    await this.schema();
    return (await this.pool.query('SELECT 1 FROM mined_matches WHERE match_id = $1', [matchId])).rowCount !== 0;
  }

  async byId(id: string): Promise<Puzzle | null> {
    await this.schema();
    const r = await this.pool.query<MinedRow>('SELECT * FROM mined_puzzles WHERE id = $1', [Number(id.slice(1))]);
    return r.rows[0] ? puzzleOfRow({ ...r.rows[0], id: Number(r.rows[0].id) }) : null;
  }

  async list(game: string, limit: number): Promise<Puzzle[]> {
    await this.schema();
    const r = await this.pool.query<MinedRow>('SELECT * FROM mined_puzzles WHERE game = $1 ORDER BY id DESC LIMIT $2', [
      game,
      limit,
    ]);
    return r.rows.map((row) => puzzleOfRow({ ...row, id: Number(row.id) })).filter((p): p is Puzzle => p !== null);
  }

  async positions(game: string): Promise<string[]> {
    await this.schema();
    const r = await this.pool.query<{ position_key: string }>(
      'SELECT position_key FROM mined_puzzles WHERE game = $1',
      [game],
    );
    return r.rows.map((x) => x.position_key);
  }

  async close(): Promise<void> {}
}
